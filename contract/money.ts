/**
 * The one place money is written and read (docs/decisions/0119-reasons-with-codes.md): every page,
 * e-mail, CSV and import uses these. Amounts are whole centavos everywhere but on the spec's wire,
 * which speaks reais (contract/pricing.ts toCents/toReais convert at that edge).
 */
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })

/** Reais (number) → "R$ 1.234,56" (the wire's reais; prefer formatCents). */
export function formatBRL(reais: number): string {
  return brl.format(reais)
}

/** Centavos → "R$ 1.234,56"; no amount → "—". */
export function formatCents(cents: number | null | undefined): string {
  return cents == null ? '—' : brl.format(cents / 100)
}

/** Centavos → "1234,56": a spreadsheet cell (Excel in Brazil reads it as a number), no symbol, no thousands dots. */
export function decimalCents(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`
}

const field = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** Centavos → "1.234,56": a price field's text (no symbol); no amount → "". */
export function centsField(cents: number | null | undefined): string {
  return cents == null ? '' : field.format(cents / 100)
}

/**
 * Reais as people type them — "1.234,56", "1234,5", "R$ 99", "99.90", "1.299" — → centavos, counted
 * in whole numbers (no float rounding); null for anything else (empty, negative, letters, three
 * decimals). Callers say in their own words why null or an amount out of their range is refused.
 */
export function parseReais(text: string): number | null {
  const s = text.replace(/^\s*R\$/i, '').replace(/[\s\u00a0]/g, '')
  let m: RegExpExecArray | null
  let whole: string
  let fraction = ''
  if ((m = /^(\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/.exec(s))) [whole, fraction] = [m[1].replace(/\./g, ''), m[2] ?? '']
  else if ((m = /^(\d+)(?:,(\d{1,2}))?$/.exec(s))) [whole, fraction] = [m[1], m[2] ?? '']
  else if ((m = /^(\d+)\.(\d{1,2})$/.exec(s))) [whole, fraction] = [m[1], m[2]]
  else return null
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return Number.isSafeInteger(cents) ? cents : null
}

const count = new Intl.NumberFormat('pt-BR')

/** The one count formatter: 1234 → "1.234". */
export function formatCount(n: number): string {
  return count.format(n)
}
