// Card checks before a charge: Luhn, brand by prefix, validade, CVV, and the interest-free
// instalment plan. No Node APIs. The number and the CVV never leave this module: callers get the
// brand and the last four digits only.
import { isValidCreditCard } from '@brazilian-utils/brazilian-utils/is-valid-credit-card'
import { instalmentCount, type PricingRules } from '../../../contract/pricing'
import { onlyDigits } from '../../../contract/validators'
import { brazilDate } from './dates'

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'elo', 'hipercard'] as const
export type CardBrand = (typeof CARD_BRANDS)[number]

export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  elo: 'Elo',
  hipercard: 'Hipercard',
}

type BinRange = readonly [number, number]

/**
 * Elo's 6-digit BINs, as published in braintree/credit-card-type (lib/card-types.ts, the list
 * gateways' front-end SDKs use). Some sit inside Visa's 4 and Mastercard's 5 ranges, so Elo is tested first.
 */
const ELO_BINS: readonly BinRange[] = [
  [401178, 401179],
  [431274, 431274],
  [438935, 438935],
  [451416, 451416],
  [457393, 457393],
  [457631, 457632],
  [504175, 504175],
  [506699, 506778],
  [509000, 509999],
  [627780, 627780],
  [636297, 636297],
  [636368, 636368],
  [650031, 650033],
  [650035, 650051],
  [650405, 650439],
  [650485, 650538],
  [650541, 650598],
  [650700, 650718],
  [650720, 650727],
  [650901, 650978],
  [651652, 651679],
  [655000, 655019],
  [655021, 655058],
]

/**
 * Hipercard's BINs: 606282 and the 19-digit 3841-00/40/60 (Hipercard), plus Itaú's Hiper cards
 * (637095, 637568, 637599, 637609, 637612), which are processed on the Hipercard network. Same source.
 */
const HIPERCARD_BINS: readonly BinRange[] = [
  [606282, 606282],
  [384100, 384100],
  [384140, 384140],
  [384160, 384160],
  [637095, 637095],
  [637568, 637568],
  [637599, 637599],
  [637609, 637609],
  [637612, 637612],
]

const LENGTHS: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  elo: [16],
  hipercard: [16, 19],
}

const inBins = (bin: number, bins: readonly BinRange[]) => bins.some(([from, to]) => bin >= from && bin <= to)

/** The brand of a card number (digits; 6 are needed for Elo and Hipercard), or null. */
export function cardBrand(number: string): CardBrand | null {
  const digits = onlyDigits(number)
  if (digits.length >= 6) {
    const bin = Number(digits.slice(0, 6))
    if (inBins(bin, ELO_BINS)) return 'elo'
    if (inBins(bin, HIPERCARD_BINS)) return 'hipercard'
  }
  if (digits.startsWith('4')) return 'visa'
  const two = Number(digits.slice(0, 2))
  const four = Number(digits.slice(0, 4))
  if ((two >= 51 && two <= 55) || (digits.length >= 4 && four >= 2221 && four <= 2720)) return 'mastercard'
  if (two === 34 || two === 37) return 'amex'
  return null
}

/** Luhn check (12 to 19 digits, not all the same), from @brazilian-utils/brazilian-utils. */
export const isLuhnValid = (number: string): boolean => isValidCreditCard(onlyDigits(number))

/** A validade "MM/AA" as month and year, or null when it is not one. */
function parseValidade(validade: string): { month: number; year: number } | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(validade)
  if (!match || Number(match[1]) < 1 || Number(match[1]) > 12) return null
  return { month: Number(match[1]), year: 2000 + Number(match[2]) }
}

/** Months from now (Brasília time) to a validade: a card is good through the last day of its month. */
function monthsAhead({ month, year }: { month: number; year: number }, now: Date): number {
  const [thisYear, thisMonth] = brazilDate(now).split('-').map(Number)
  return (year - thisYear) * 12 + (month - thisMonth)
}

const MAX_MONTHS_AHEAD = 20 * 12

/** A validade "MM/AA" that is not past and at most 20 years ahead. */
export function isExpiryValid(validade: string, now: Date): boolean {
  const expiry = parseValidade(validade)
  if (!expiry) return false
  const ahead = monthsAhead(expiry, now)
  return ahead >= 0 && ahead <= MAX_MONTHS_AHEAD
}

/** CVV: 4 digits on American Express, 3 on the others. */
export function isCvvValid(cvv: string, brand: CardBrand): boolean {
  return (brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(cvv.trim())
}

/** What the shopper types. Transient: never stored, logged or sent back. */
export type CardInput = { numero: string; nome: string; validade: string; cvv: string }

export type CardField = keyof CardInput

export const CARD_MESSAGES = {
  numero: 'Número do cartão inválido.',
  bandeira: 'Bandeira não aceita. Use Visa, Mastercard, Elo, American Express ou Hipercard.',
  nome: 'Informe o nome impresso no cartão.',
  validade: 'Validade inválida. Use MM/AA.',
  vencido: 'Cartão vencido.',
  cvv: 'CVV inválido.',
} as const

/** The safe description of a card: what may be stored, logged and shown. */
export type CardSummary = { brand: CardBrand; last4: string }

export type CardCheck = { ok: true; card: CardSummary } | { ok: false; errors: Partial<Record<CardField, string>> }

/** Checks every field of a card; on success only the brand and the last four digits come back. */
export function checkCard(input: CardInput, now: Date): CardCheck {
  const errors: Partial<Record<CardField, string>> = {}
  const digits = onlyDigits(input.numero)
  const brand = cardBrand(digits)
  if (!/^[\d\s.-]+$/.test(input.numero) || !isLuhnValid(digits)) errors.numero = CARD_MESSAGES.numero
  else if (!brand) errors.numero = CARD_MESSAGES.bandeira
  else if (!LENGTHS[brand].includes(digits.length)) errors.numero = CARD_MESSAGES.numero
  const nome = input.nome.trim()
  if (nome.length < 2 || nome.length > 26 || !/^[\p{L} '.-]+$/u.test(nome)) errors.nome = CARD_MESSAGES.nome
  const expiry = parseValidade(input.validade)
  const ahead = expiry ? monthsAhead(expiry, now) : Number.NaN
  if (!expiry || ahead > MAX_MONTHS_AHEAD) errors.validade = CARD_MESSAGES.validade
  else if (ahead < 0) errors.validade = CARD_MESSAGES.vencido
  if (!isCvvValid(input.cvv, brand ?? 'visa')) errors.cvv = CARD_MESSAGES.cvv
  if (brand && Object.keys(errors).length === 0) return { ok: true, card: { brand, last4: digits.slice(-4) } }
  return { ok: false, errors }
}

/** "Visa final 1111": how a card is shown on an order. */
export const cardLabel = ({ brand, last4 }: CardSummary): string => `${CARD_BRAND_NAMES[brand]} final ${last4}`

/** One choice of 'parcelas': the count and each instalment in centavos (they add up to the total). */
export type InstalmentOption = { parcelas: number; valoresCents: number[] }

/** A total split in `count` instalments: the leftover centavos go one each to the first ones. */
export function splitInstalments(totalCents: number, count: number): number[] {
  const base = Math.floor(totalCents / count)
  const extra = totalCents - base * count
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0))
}

/**
 * The 'parcelas' offered for a total: 1 up to the store's maximum without interest, as many as keep
 * every instalment at or above the minimum (contract/pricing instalmentCount).
 */
export function instalmentPlan(totalCents: number, rules: PricingRules): InstalmentOption[] {
  if (!Number.isSafeInteger(totalCents) || totalCents <= 0) throw new RangeError(`Parcelas: total inválido (${totalCents} centavos)`)
  const max = instalmentCount(totalCents, rules)
  return Array.from({ length: max }, (_, i) => ({ parcelas: i + 1, valoresCents: splitInstalments(totalCents, i + 1) }))
}
