import { getBoletoInfo } from '@brazilian-utils/brazilian-utils/get-boleto-info'
import { isValidBoleto } from '@brazilian-utils/brazilian-utils/is-valid-boleto'
import { describe, expect, it } from 'vitest'
import { brazilDate } from './dates'
import { barcodeFromLinha, boletoDueDate, campoLivre, dueFactor, encodeBoleto, linhaFromBarcode, mod10, mod11, nossoNumero, type BoletoAccount } from './boleto'

// shared/reference/brazil.md: bank 001, R$ 1.026,56, fator 7586 = 2018-07-15.
const LINHA = '00190000090114971860168524522114675860000102656'
const BARCODE = '00196758600001026560000001149718606852452211'

const account: BoletoAccount = { banco: '001', agencia: '1234-3', conta: '99999-7', carteira: '17', convenio: '1234567' }

describe('boleto reference vector', () => {
  it('turns the barcode into the linha digitável and back', () => {
    expect(linhaFromBarcode(BARCODE)).toBe(LINHA)
    expect(barcodeFromLinha(LINHA)).toBe(BARCODE)
    expect(barcodeFromLinha('00190.00009 01149.718601 68524.522114 6 75860000102656')).toBe(BARCODE)
  })

  it('is built from its parts by the Banco do Brasil layout (convênio of 7 digits)', () => {
    // campo livre 000000 · nosso número 1149718 6068524522 · carteira 11
    const slip = encodeBoleto({
      account: { ...account, convenio: '1149718', carteira: '11' },
      amountCents: 102656,
      dueDate: '2018-07-15',
      orderCode: '6068524522',
    })
    expect(slip).toEqual({
      barcode: BARCODE,
      linhaDigitavel: LINHA,
      nossoNumero: '11497186068524522',
      dueDate: '2018-07-15',
      fator: 7586,
      amountCents: 102656,
    })
  })

  it('has the check digits of its fields', () => {
    expect(mod10('001900000')).toBe(9)
    expect(mod10('0114971860')).toBe(1)
    expect(mod10('6852452211')).toBe(4)
    expect(mod11(BARCODE.slice(0, 4) + BARCODE.slice(5))).toBe(6)
  })
})

describe('check digits', () => {
  it('maps a mod-11 result of 0, 10 or 11 to 1', () => {
    expect(mod11('0'.repeat(43))).toBe(1) // sum 0 → 11
    expect(mod11('0'.repeat(42) + '6')).toBe(1) // 12 mod 11 = 1 → 10
    expect(mod11('0'.repeat(42) + '5')).toBe(1) // 10 mod 11 = 10 → 1, a genuine 1
    expect(mod11('0'.repeat(42) + '4')).toBe(3) // 8 → 3
    expect(mod11('0'.repeat(34) + '100000000')).toBe(9) // weight 2 again after 9: 2 → 9
  })

  it('refuses a linha digitável with any digit changed', () => {
    for (let i = 0; i < LINHA.length; i++) {
      const changed = LINHA.slice(0, i) + String((Number(LINHA[i]) + 1) % 10) + LINHA.slice(i + 1)
      expect(barcodeFromLinha(changed), `dígito ${i + 1}`).toBeNull()
    }
    expect(barcodeFromLinha(LINHA.slice(1))).toBeNull()
  })
})

describe('fator de vencimento', () => {
  it('counts days since 1997-10-07 and restarted at 1000 on 2025-02-22', () => {
    expect(dueFactor('2000-07-03')).toBe(1000)
    expect(dueFactor('2018-07-15')).toBe(7586)
    expect(dueFactor('2025-02-20')).toBe(9998)
    expect(dueFactor('2025-02-21')).toBe(9999)
    expect(dueFactor('2025-02-22')).toBe(1000)
    expect(dueFactor('2025-02-23')).toBe(1001)
  })

  it('gives the 2026 factors', () => {
    expect(dueFactor('2026-01-01')).toBe(1313)
    expect(dueFactor('2026-02-28')).toBe(1371)
    expect(dueFactor('2026-03-01')).toBe(1372)
    expect(dueFactor('2026-11-24')).toBe(1640)
    expect(dueFactor('2026-12-31')).toBe(1677)
  })

  it('refuses dates before the scheme and malformed dates', () => {
    expect(() => dueFactor('2000-07-02')).toThrow(RangeError)
    expect(() => dueFactor('2026-02-30')).toThrow(RangeError)
    expect(() => dueFactor('24/11/2026')).toThrow(RangeError)
  })
})

describe('a slip for an order', () => {
  const slip = encodeBoleto({ account, amountCents: 129990, dueDate: '2026-11-27', orderCode: 'VT-2026-000124' })

  it('passes the library validator and reads back through it', () => {
    expect(slip.linhaDigitavel).toMatch(/^\d{47}$/)
    expect(slip.barcode).toMatch(/^\d{44}$/)
    expect(isValidBoleto(slip.linhaDigitavel)).toBe(true)
    expect(getBoletoInfo(slip.linhaDigitavel, { referenceDate: new Date(2026, 10, 24) })).toEqual({
      amount: 129990,
      expirationDate: new Date(2026, 10, 27),
      bankCode: '001',
    })
    expect(barcodeFromLinha(slip.linhaDigitavel)).toBe(slip.barcode)
  })

  it('carries the store account in its campo livre', () => {
    expect(slip.nossoNumero).toBe('12345672026000124')
    expect(slip.barcode.slice(19)).toBe('000000' + '12345672026000124' + '17')
    expect(slip.fator).toBe(1643)
    expect(slip.barcode.slice(9, 19)).toBe('0000129990')
  })

  it('refuses what cannot be encoded', () => {
    expect(() => encodeBoleto({ account, amountCents: 0, dueDate: '2026-11-27', orderCode: 'VT-1' })).toThrow(RangeError)
    expect(() => encodeBoleto({ account, amountCents: 10_000_000_000, dueDate: '2026-11-27', orderCode: 'VT-1' })).toThrow(RangeError)
    expect(() => nossoNumero(account, 'VT-sem-numero')).toThrow(RangeError)
    expect(() => nossoNumero(account, 'VT-2026-12345678')).toThrow(RangeError)
    expect(() => campoLivre({ ...account, convenio: '123456' }, '12345672026000124')).toThrow(RangeError)
  })
})

describe('due date', () => {
  it('counts business days, skipping weekends', () => {
    expect(boletoDueDate('2026-11-24', 3)).toBe('2026-11-27') // Tue → Fri
    expect(boletoDueDate('2026-11-27', 3)).toBe('2026-12-02') // Fri → Wed
    expect(boletoDueDate('2026-11-28', 1)).toBe('2026-11-30') // Sat → Mon
  })

  it('skips national holidays and both days of Carnaval', () => {
    expect(boletoDueDate('2026-11-19', 3)).toBe('2026-11-25') // Fri 20 is Consciência Negra
    expect(boletoDueDate('2026-02-13', 1)).toBe('2026-02-18') // Carnaval: Mon 16 and Tue 17
    expect(boletoDueDate('2026-12-23', 3)).toBe('2026-12-29') // Natal
    expect(boletoDueDate('2026-06-03', 1)).toBe('2026-06-05') // Corpus Christi
  })

  it('takes the issue day in Brasília time', () => {
    expect(brazilDate(new Date('2026-11-25T02:30:00Z'))).toBe('2026-11-24')
    expect(brazilDate(new Date('2026-11-25T03:30:00Z'))).toBe('2026-11-25')
  })
})
