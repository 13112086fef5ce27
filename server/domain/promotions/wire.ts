import { toReais } from '../../../contract/pricing'
import type { Cupom, Desconto, PromocaoOferta } from '../../../contract/promotions'
import type { PricedCart, RunningPromotion } from './price'

/** The discount lines as the wire carries them (reais). */
export const discountsOut = (priced: PricedCart): Desconto[] => priced.discounts.map((d) => ({ tipo: d.source, nome: d.label, valor: toReais(d.cents) }))

/** The cart's coupon as the wire carries it: applied with its value, or kept with why not. */
export function couponOut(priced: PricedCart): Cupom | null {
  const c = priced.coupon
  if (!c) return null
  return c.applied
    ? { codigo: c.code, aplicado: true, valor: toReais(c.cents) }
    : { codigo: c.code, aplicado: false, valor: 0, msg: c.reason.message, motivo: c.reason.code }
}

/** Running promotions as a product page carries them (a fixed amount in reais). */
export const promotionOffersOut = (promotions: readonly RunningPromotion[]): PromocaoOferta[] =>
  promotions.map((p) => ({ nome: p.name, tipo: p.kind, valor: p.kind === 'fixo' ? toReais(p.value) : p.value, minimo: p.minQuantity }))
