import type { Atacado } from '../../../contract/catalog'
import { pixPriceCents, toReais, wholesaleApplies, type PricingRules } from '../../../contract/pricing'

/** A line's prices for its quantity, in centavos. */
export type LinePrice = { unitCents: number; totalCents: number; pixCents: number }

/**
 * Prices a cart line from what the database says now: the list price (the option's own when the line
 * has one), the product's lowest wholesale tier once the quantity reaches its minimum (never above
 * the list price), and the Pix price of that unit.
 */
export function priceLine(listCents: number, quantity: number, wholesale: { min: number; cents: number } | null, rules: PricingRules): LinePrice {
  const atacado: Atacado = wholesale ? { min: wholesale.min, valor: toReais(wholesale.cents) } : 0
  const unitCents = wholesale && wholesaleApplies(quantity, atacado) ? Math.min(wholesale.cents, listCents) : listCents
  return { unitCents, totalCents: unitCents * quantity, pixCents: pixPriceCents(unitCents, rules.pixDescontoPercentual) }
}
