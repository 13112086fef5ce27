import { describe, expect, it } from 'vitest'
import type { PricingRules } from '../../../contract/pricing'
import { CARD_MESSAGES, cardBrand, cardLabel, checkCard, instalmentPlan, isCvvValid, isExpiryValid, isLuhnValid, splitInstalments } from './card'

const NOW = new Date('2026-11-24T15:00:00Z')
const rules: PricingRules = { pixDescontoPercentual: 5, maxParcelasSemJuros: 10, parcelaMinimaCentavos: 5000 }
const visa = { numero: '4111 1111 1111 1111', nome: 'Maria da Silva', validade: '12/28', cvv: '123' }

describe('card number', () => {
  it('checks the Luhn digit', () => {
    expect(isLuhnValid('4111 1111 1111 1111')).toBe(true)
    expect(isLuhnValid('4111111111111112')).toBe(false)
    expect(isLuhnValid('378282246310005')).toBe(true)
    expect(isLuhnValid('0000000000000000')).toBe(false)
    expect(isLuhnValid('4111')).toBe(false)
  })

  it('tells the brand by prefix', () => {
    expect(cardBrand('4111111111111111')).toBe('visa')
    for (const mc of ['5100000000000000', '5555555555554444', '2221000000000000', '2720990000000000']) expect(cardBrand(mc)).toBe('mastercard')
    for (const other of ['5000000000000000', '5600000000000000', '2220990000000000', '2721000000000000']) expect(cardBrand(other)).not.toBe('mastercard')
    expect(cardBrand('340000000000000')).toBe('amex')
    expect(cardBrand('378282246310005')).toBe('amex')
    expect(cardBrand('6011000000000000')).toBeNull()
    expect(cardBrand('')).toBeNull()
  })

  it('finds Elo and Hipercard by BIN, ahead of the Visa and Mastercard ranges they sit in', () => {
    expect(cardBrand('4011780000000000')).toBe('elo')
    expect(cardBrand('4389350000000000')).toBe('elo')
    expect(cardBrand('5066991111111118')).toBe('elo')
    expect(cardBrand('5090000000000000')).toBe('elo')
    expect(cardBrand('6362970000457013')).toBe('elo')
    expect(cardBrand('6550580000000000')).toBe('elo')
    expect(cardBrand('6550200000000000')).toBeNull() // the gap between Elo's last two ranges
    expect(cardBrand('4011770000000000')).toBe('visa')
    expect(cardBrand('6062828888666688')).toBe('hipercard')
    expect(cardBrand('3841400000000000000')).toBe('hipercard')
    expect(cardBrand('6375680000000000')).toBe('hipercard')
  })
})

describe('validade and CVV', () => {
  it('takes a validade through the end of its month, in Brasília time', () => {
    expect(isExpiryValid('11/26', NOW)).toBe(true)
    expect(isExpiryValid('10/26', NOW)).toBe(false)
    expect(isExpiryValid('01/27', NOW)).toBe(true)
    // 2026-12-01 01:00 UTC is still November 30 in Brasília.
    expect(isExpiryValid('11/26', new Date('2026-12-01T01:00:00Z'))).toBe(true)
    expect(isExpiryValid('11/26', new Date('2026-12-01T04:00:00Z'))).toBe(false)
    expect(isExpiryValid('13/27', NOW)).toBe(false)
    expect(isExpiryValid('00/27', NOW)).toBe(false)
    expect(isExpiryValid('1/27', NOW)).toBe(false)
    expect(isExpiryValid('12/99', NOW)).toBe(false)
  })

  it('wants 4 digits on Amex and 3 on the others', () => {
    expect(isCvvValid('123', 'visa')).toBe(true)
    expect(isCvvValid('1234', 'visa')).toBe(false)
    expect(isCvvValid('1234', 'amex')).toBe(true)
    expect(isCvvValid('123', 'amex')).toBe(false)
    expect(isCvvValid('12a', 'elo')).toBe(false)
  })
})

describe('checkCard', () => {
  it('gives back only the brand and the last four digits', () => {
    const result = checkCard(visa, NOW)
    expect(result).toEqual({ ok: true, card: { brand: 'visa', last4: '1111' } })
    expect(JSON.stringify(result)).not.toContain('4111 1111')
    expect(JSON.stringify(result)).not.toContain('123')
    expect(cardLabel({ brand: 'visa', last4: '1111' })).toBe('Visa final 1111')
    expect(checkCard({ numero: '3782 822463 10005', nome: 'Jo', validade: '01/30', cvv: '1234' }, NOW)).toEqual({
      ok: true,
      card: { brand: 'amex', last4: '0005' },
    })
  })

  it('names every field in error, with the message for people', () => {
    expect(checkCard({ numero: '4111 1111 1111 1112', nome: ' ', validade: '10/26', cvv: '12' }, NOW)).toEqual({
      ok: false,
      errors: { numero: CARD_MESSAGES.numero, nome: CARD_MESSAGES.nome, validade: CARD_MESSAGES.vencido, cvv: CARD_MESSAGES.cvv },
    })
    expect(checkCard({ ...visa, validade: '1228' }, NOW)).toEqual({ ok: false, errors: { validade: CARD_MESSAGES.validade } })
    expect(checkCard({ ...visa, validade: '12/60' }, NOW)).toEqual({ ok: false, errors: { validade: CARD_MESSAGES.validade } })
    expect(checkCard({ ...visa, numero: '6011 0000 0000 0004' }, NOW)).toEqual({ ok: false, errors: { numero: CARD_MESSAGES.bandeira } })
    expect(checkCard({ ...visa, numero: '4111x1111y1111z1111' }, NOW)).toEqual({ ok: false, errors: { numero: CARD_MESSAGES.numero } })
    // Amex length with a Visa prefix: Luhn passes, the brand's length does not.
    expect(checkCard({ ...visa, numero: '422222222222226' }, NOW)).toEqual({ ok: false, errors: { numero: CARD_MESSAGES.numero } })
    expect(checkCard({ ...visa, cvv: '1234' }, NOW)).toEqual({ ok: false, errors: { cvv: CARD_MESSAGES.cvv } })
    expect(checkCard({ ...visa, nome: 'Maria 123' }, NOW)).toEqual({ ok: false, errors: { nome: CARD_MESSAGES.nome } })
  })
})

describe('instalments', () => {
  it('spreads the centavos so the instalments add up to the total', () => {
    expect(splitInstalments(10000, 3)).toEqual([3334, 3333, 3333])
    expect(splitInstalments(10001, 3)).toEqual([3334, 3334, 3333])
    expect(splitInstalments(9999, 3)).toEqual([3333, 3333, 3333])
    for (const total of [5000, 12345, 99999, 129990, 1_000_001]) {
      for (let n = 1; n <= 12; n++) {
        const parts = splitInstalments(total, n)
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total)
        expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1)
      }
    }
  })

  it('offers 1 up to the maximum, each instalment at or above the minimum', () => {
    const plan = instalmentPlan(129990, rules)
    expect(plan.map((o) => o.parcelas)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(plan[9].valoresCents).toEqual(Array(10).fill(12999))
    expect(plan[2].valoresCents).toEqual([43330, 43330, 43330])
    // R$ 120,00 with a minimum of R$ 50,00: 2× of R$ 60,00, not 3× of R$ 40,00.
    expect(instalmentPlan(12000, rules).map((o) => o.valoresCents)).toEqual([[12000], [6000, 6000]])
    // Under the minimum: one payment.
    expect(instalmentPlan(3000, rules)).toEqual([{ parcelas: 1, valoresCents: [3000] }])
    for (const total of [5000, 9999, 10000, 14999, 50001, 2_000_000]) {
      const options = instalmentPlan(total, rules)
      for (const o of options.slice(1)) expect(Math.min(...o.valoresCents)).toBeGreaterThanOrEqual(rules.parcelaMinimaCentavos)
      expect(options.length).toBeLessThanOrEqual(rules.maxParcelasSemJuros)
    }
  })

  it('refuses a total that is not positive whole centavos', () => {
    expect(() => instalmentPlan(0, rules)).toThrow(RangeError)
    expect(() => instalmentPlan(10.5, rules)).toThrow(RangeError)
  })
})
