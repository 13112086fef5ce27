import { MAX_PRICE_CENTS, MAX_STOCK, STOCK_MESSAGES, VARIATION_MESSAGES } from '../../../../contract/admin/stock-messages'

/** A typed count of units: the number, or the pt-BR reason it is not one (the server says the same). */
export function parseUnits(text: string, { min = 0 }: { min?: number } = {}): { ok: true; value: number } | { ok: false; msg: string } {
  const t = text.trim().replace(/\s+/g, '')
  const receiving = min > 0
  if (t === '') return { ok: false, msg: receiving ? STOCK_MESSAGES.receber : STOCK_MESSAGES.tipo }
  if (/^-/.test(t)) return { ok: false, msg: receiving ? STOCK_MESSAGES.receber : STOCK_MESSAGES.negativo }
  if (/^\d+[.,]\d*$/.test(t) && !/^\d+[.,]0*$/.test(t)) return { ok: false, msg: receiving ? STOCK_MESSAGES.receber : STOCK_MESSAGES.fracionado }
  const digits = t.replace(/[.,]0*$/, '')
  if (!/^\d+$/.test(digits)) return { ok: false, msg: receiving ? STOCK_MESSAGES.receber : STOCK_MESSAGES.tipo }
  const value = Number(digits)
  if (value < min) return { ok: false, msg: STOCK_MESSAGES.receber }
  if (value > MAX_STOCK) return { ok: false, msg: receiving ? STOCK_MESSAGES.receberMaximo : STOCK_MESSAGES.maximo }
  return { ok: true, value }
}

/**
 * A typed price in reais ("1.234,56", "1234,5", "R$ 99", "99.90") as centavos; empty is null (the
 * product's price); anything else is the pt-BR reason.
 */
export function parsePrice(text: string): { ok: true; cents: number | null } | { ok: false; msg: string } {
  let t = text.replace(/R\$/i, '').replace(/\s+/g, '')
  if (t === '') return { ok: true, cents: null }
  if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.')
  else if (/^\d{1,3}(\.\d{3})+$/.test(t)) t = t.replace(/\./g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return { ok: false, msg: 'Preço inválido: use reais e centavos, como 1.299,90.' }
  const cents = Math.round(Number(t) * 100)
  if (cents < 1) return { ok: false, msg: 'Preço inválido: informe um valor maior que zero.' }
  if (cents > MAX_PRICE_CENTS) return { ok: false, msg: VARIATION_MESSAGES.precoMaximo }
  return { ok: true, cents }
}

/** Centavos as the price field shows them ("1.299,90", no symbol). */
export const priceText = (cents: number) => (cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
