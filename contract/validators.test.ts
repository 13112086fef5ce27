import { describe, expect, it } from 'vitest'
import {
  applyMask,
  formatCep,
  isFullName,
  isValidCelular,
  isValidCnpj,
  isValidCpf,
  maskCep,
  maskCnpj,
  maskCpf,
  maskCpfCnpj,
  maskPhone,
  onlyDigits,
  parseCep,
} from './validators'

describe('CPF', () => {
  // Check digits computed by hand with brazil.md's rule (weights 10..2, then 11..2).
  it.each(['529.982.247-25', '52998224725', '111.444.777-35', '123.456.789-09', '935.411.347-80', '000.000.001-91'])('accepts %s', (cpf) =>
    expect(isValidCpf(cpf)).toBe(true),
  )

  it.each([
    ['a wrong first check digit', '529.982.247-35'],
    ['a wrong second check digit', '529.982.247-26'],
    ['all digits the same', '111.111.111-11'],
    ['all zeros', '00000000000'],
    ['10 digits', '5299822472'],
    ['12 digits', '529982247250'],
    ['letters', '529.982.247-2A'],
    ['nothing', ''],
  ])('refuses %s', (_why, cpf) => expect(isValidCpf(cpf)).toBe(false))

  it('refuses every all-same-digit string, even those whose check digits would match', () => {
    for (let d = 0; d <= 9; d += 1) expect(isValidCpf(String(d).repeat(11))).toBe(false)
  })
})

describe('CNPJ', () => {
  it('accepts the classic numeric example 11.222.333/0001-81, with or without punctuation', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true)
    expect(isValidCnpj('11222333000181')).toBe(true)
  })

  it('accepts alphanumeric CNPJs (IN RFB 2.229/2024: value = ASCII − 48)', () => {
    // 12ABC34501DE: DV1 = 3, DV2 = 5 by the mod-11 weights 5..2,9..2 and 6..2,9..2 — the Receita's own example.
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true)
    expect(isValidCnpj('12abc34501de35')).toBe(true)
    // AB12CD34EF56 → DV 0 then 2, computed the same way.
    expect(isValidCnpj('AB.12C.D34/EF56-02')).toBe(true)
  })

  it.each([
    ['a wrong check digit', '11.222.333/0001-82'],
    ['an alphanumeric one with a wrong check digit', '12.ABC.345/01DE-36'],
    ['letters in the check digits', '12.ABC.345/01DE-3A'],
    ['all the same', '00.000.000/0000-00'],
    ['13 characters', '1122233300018'],
    ['symbols', '11.222.333/0001-8!'],
  ])('refuses %s', (_why, cnpj) => expect(isValidCnpj(cnpj)).toBe(false))
})

describe('masks', () => {
  it('onlyDigits keeps 0–9', () => expect(onlyDigits('(11) 9 8765-4321')).toBe('11987654321'))

  it('masks a CPF as it is typed', () => {
    expect(maskCpf('529')).toBe('529')
    expect(maskCpf('5299')).toBe('529.9')
    expect(maskCpf('52998224725')).toBe('529.982.247-25')
    expect(maskCpf('529.982.247-2599')).toBe('529.982.247-25')
  })

  it('masks numeric and alphanumeric CNPJs', () => {
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81')
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35')
    // check digits are numeric: a letter there stops the mask
    expect(maskCnpj('12ABC34501DEX')).toBe('12.ABC.345/01DE-')
  })

  it('CPF-or-CNPJ switches to CNPJ once the value is longer than 14 characters', () => {
    expect(maskCpfCnpj('529.982.247-25')).toBe('529.982.247-25')
    expect(maskCpfCnpj('529.982.247-251')).toBe('52.998.224/7251')
    expect(maskCpfCnpj('11222333000181')).toBe('11.222.333/0001-81')
    expect(maskCpfCnpj('12ABC')).toBe('12.ABC')
    expect(maskCpfCnpj('12.998.224/725')).toBe('129.982.247-25')
  })

  it('masks a mobile number as (99) 9 9999-9999', () => {
    expect(maskPhone('1')).toBe('(1')
    expect(maskPhone('11')).toBe('(11')
    expect(maskPhone('119')).toBe('(11) 9')
    expect(maskPhone('1198765')).toBe('(11) 9 8765')
    expect(maskPhone('11987654321')).toBe('(11) 9 8765-4321')
    expect(maskPhone('11987654321000')).toBe('(11) 9 8765-4321')
  })

  it('masks a CEP as 99.999-999 on the entry screen and 999.99-999 at checkout', () => {
    expect(maskCep('01001000')).toBe('01.001-000')
    expect(maskCep('01001-000')).toBe('01.001-000')
    expect(maskCep('010')).toBe('01.0')
    expect(maskCep('01001000', 'checkout')).toBe('010.01-000')
    expect(maskCep('0100', 'checkout')).toBe('010.0')
  })

  it('applyMask writes literals only before a typed character', () => {
    expect(applyMask('12', '99-99')).toBe('12')
    expect(applyMask('123', '99-99')).toBe('12-3')
    expect(applyMask('', '99-99')).toBe('')
  })
})

describe('CEP', () => {
  it.each(['01001000', '01001-000', '01.001-000', '010.01-000', ' 01.001-000 '])('reads %s as 01001000', (cep) => expect(parseCep(cep)).toBe('01001000'))
  it.each(['0100100', '010010000', '01001_000', '0100-1000', '01.0010-00', 'abcdefgh', ''])('refuses %s', (cep) => expect(parseCep(cep)).toBeNull())
  it('formats 8 digits as 99999-999', () => expect(formatCep('01001000')).toBe('01001-000'))
})

describe('celular', () => {
  it.each(['(11) 9 8765-4321', '11987654321', '(21) 98765-4321', ' (85) 9 9999-0000 '])('accepts %s', (n) => expect(isValidCelular(n)).toBe(true))
  it.each([
    ['a landline (no 9 after the DDD)', '(11) 3 8765-4321'],
    ['a DDD that does not exist', '(20) 9 8765-4321'],
    ['a DDD starting with 0', '(01) 9 8765-4321'],
    ['10 digits', '(11) 9 8765-432'],
    ['12 digits', '(11) 9 8765-43210'],
    ['letters', '(11) 9 8765-432a'],
    ['nothing', ''],
  ])('refuses %s', (_why, n) => expect(isValidCelular(n)).toBe(false))
})

describe('full name', () => {
  it.each(['Maria Silva', '  Ana   Souza ', 'João da Silva', 'José A. Pereira', "Joana D'Arc", 'Ana-Maria Öz', 'Lu Li'])('accepts %s', (name) =>
    expect(isFullName(name)).toBe(true),
  )
  it.each([
    ['one word', 'Maria'],
    ['a one-letter second word', 'Maria S'],
    ['initials only', 'M. S.'],
    ['digits', 'Maria Silva2'],
    ['symbols', 'Maria @Silva'],
    ['blank', '   '],
  ])('refuses %s', (_why, name) => expect(isFullName(name)).toBe(false))
})
