import { MAX_PRICE_CENTS, MAX_STOCK } from '../../../../contract/admin/stock-limits'
import { parseReais } from '../../../../contract/money'
import { STOCK, VARIATIONS } from '../../../../contract/messages/products'

/** A typed count of units: the number, or the pt-BR reason it is not one (the server says the same). */
export function parseUnits(text: string, { min = 0 }: { min?: number } = {}): { ok: true; value: number } | { ok: false; msg: string } {
  const t = text.trim().replace(/\s+/g, '')
  const receiving = min > 0
  if (t === '') return { ok: false, msg: receiving ? STOCK.receive.message : STOCK.type.message }
  if (/^-/.test(t)) return { ok: false, msg: receiving ? STOCK.receive.message : STOCK.negative.message }
  if (/^\d+[.,]\d*$/.test(t) && !/^\d+[.,]0*$/.test(t)) return { ok: false, msg: receiving ? STOCK.receive.message : STOCK.fraction.message }
  const digits = t.replace(/[.,]0*$/, '')
  if (!/^\d+$/.test(digits)) return { ok: false, msg: receiving ? STOCK.receive.message : STOCK.type.message }
  const value = Number(digits)
  if (value < min) return { ok: false, msg: STOCK.receive.message }
  if (value > MAX_STOCK) return { ok: false, msg: receiving ? STOCK.receiveMax.message : STOCK.max.message }
  return { ok: true, value }
}

/** A typed price in reais as centavos (contract/money.ts parseReais); empty is null (the product's price); else the pt-BR reason. */
export function parsePrice(text: string): { ok: true; cents: number | null } | { ok: false; msg: string } {
  if (text.trim() === '') return { ok: true, cents: null }
  const cents = parseReais(text)
  if (cents === null) return { ok: false, msg: 'Preço inválido: use reais e centavos, como 1.299,90.' }
  if (cents < 1) return { ok: false, msg: 'Preço inválido: informe um valor maior que zero.' }
  if (cents > MAX_PRICE_CENTS) return { ok: false, msg: VARIATIONS.priceMax.message }
  return { ok: true, cents }
}
