import { describe, expect, it } from 'vitest'
import { centsField, decimalCents, formatCents, parseReais } from './money'

describe('money', () => {
  it('writes centavos for people, fields and spreadsheets', () => {
    expect(formatCents(123456).replace(/\s/g, ' ')).toBe('R$ 1.234,56')
    expect(formatCents(null)).toBe('—')
    expect(centsField(129990)).toBe('1.299,90')
    expect(centsField(null)).toBe('')
    expect(decimalCents(123456)).toBe('1234,56')
    expect(decimalCents(5)).toBe('0,05')
    expect(decimalCents(-150)).toBe('-1,50')
  })

  it('reads reais as people type them, in whole centavos', () => {
    expect(parseReais('1.234,56')).toBe(123456)
    expect(parseReais('R$ 1.299,9')).toBe(129990)
    expect(parseReais('1234,5')).toBe(123450)
    expect(parseReais('99.90')).toBe(9990)
    expect(parseReais('1.299')).toBe(129900)
    expect(parseReais('99')).toBe(9900)
    expect(parseReais('0,07')).toBe(7)
    expect(parseReais('19,99')).toBe(1999) // no float drift (19.99 * 100 = 1998.9999…)
  })

  it('refuses what is not an amount', () => {
    for (const text of ['', '  ', '-5', 'abc', '1,234', '12,345', '1.23.4', '1e3', 'R$']) expect(parseReais(text)).toBeNull()
  })
})
