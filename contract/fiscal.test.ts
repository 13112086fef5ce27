import { describe, expect, it } from 'vitest'
import { accessKeyCheckDigit, accessKeyParts, formatAccessKey, isAccessKey, isCest, isGtin, isNcm, normalizeNcm } from './fiscal'

// Published keys: an NF-e of Rio Grande do Sul (cDV 6, "Dígito Verificador da Chave de Acesso – saiba
// como calcular", MOC 6.00 p. 143) and an NFC-e of Amazonas (cDV 0, Invoisys, "Como é formada a chave
// de acesso").
const RS = '43171207364617000135550000000120141000120146'
const AM = '13181017921427000125650010000000309887251170'

describe('chave de acesso', () => {
  it('computes the published check digits', () => {
    expect(accessKeyCheckDigit(RS.slice(0, 43))).toBe(6)
    expect(accessKeyCheckDigit(AM.slice(0, 43))).toBe(0)
  })
  it('accepts the published keys and refuses a changed digit, a short key or letters', () => {
    expect(isAccessKey(RS)).toBe(true)
    expect(isAccessKey(AM)).toBe(true)
    expect(isAccessKey(`${RS.slice(0, 43)}7`)).toBe(false)
    expect(isAccessKey(`${RS.slice(0, 10)}9${RS.slice(11)}`)).toBe(false)
    expect(isAccessKey(RS.slice(1))).toBe(false)
    expect(isAccessKey(`${RS.slice(0, 43)}X`)).toBe(false)
  })
  it('prints it in groups of four and reads its parts', () => {
    expect(formatAccessKey(RS)).toBe('4317 1207 3646 1700 0135 5500 0000 0120 1410 0012 0146')
    expect(accessKeyParts(AM)).toEqual({ uf: '13', anoMes: '1810', cnpj: '17921427000125', modelo: '65', serie: 1, numero: 30 })
  })
})

describe('product fiscal data', () => {
  it('accepts GTINs whose check digit is right and refuses one digit off', () => {
    expect(isGtin('7891000315507')).toBe(true)
    expect(isGtin('7891000315508')).toBe(false)
    expect(isGtin('17891000315504')).toBe(true)
    expect(isGtin('96385074')).toBe(true)
    expect(isGtin('SEM GTIN')).toBe(false)
  })
  it('takes an NCM of 8 digits, dots or not', () => {
    expect(isNcm(normalizeNcm('8517.13.00'))).toBe(true)
    expect(isNcm('851713')).toBe(false)
    expect(isCest('2105300')).toBe(true)
  })
})
