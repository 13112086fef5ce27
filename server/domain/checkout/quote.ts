import type { PaymentMethod } from '../../integrations/payments/provider'
import type { StoreProfile } from '../../store-profile'
import type { Offers } from '../promotions/offers'
import { priceCart, type PricedCart, type PricingLine } from '../promotions/price'
import type { ChosenShipping } from '../../db/schema'
import { PICKUP_INDEX, type Station } from '../shipping/options'
import { homeDeliveries, type ShippingOption, type ShippingQuote } from '../shipping/quotes'
import type { CheckoutLine } from './lines'

/** What a purchase costs now: the items, the shipping chosen, every discount and the total (centavos). */
export type Quote = {
  lines: CheckoutLine[]
  subtotalCents: number
  shipping: ShippingQuote | null
  chosen: ShippingOption | null
  station: Station | null
  shippingCents: number
  discountCents: number
  totalCents: number
  /** Each line's discounts, the coupon's state and the discount lines (promotions/price.ts). */
  priced: PricedCart
}

export type QuoteChoices = {
  /** The options for the delivery CEP and these lines (quoteShipping), or null without an address or for a CEP that does not exist. */
  shipping: ShippingQuote | null
  shippingIndex: number | null
  /** The price the shopper chose, as quoted then (checkouts.shipping_quote). */
  chosenQuote: ChosenShipping | null
  stationId: string | null
  method: PaymentMethod | null
  now: Date
}

/**
 * The option the shopper chose, priced: as quoted when chosen while that quote holds (same CEP and
 * parcel, within the store's validity), else as quoted now (decision 0128). An option that does not
 * carry this parcel any more is no choice.
 */
export function chosenOption(
  shipping: ShippingQuote | null,
  index: number | null,
  kept: ChosenShipping | null,
  validityMs: number,
  now: Date,
): ShippingOption | null {
  const live = shipping && index != null ? (shipping.options[index] ?? null) : null
  if (!live?.disponivel) return null
  if (kept && isValidFor(kept, live, shipping!, validityMs, now)) return { ...live, valorCents: kept.valorCents, prazo: kept.prazo, previsao: kept.previsao }
  return live
}

/** Whether a kept choice still prices this option: the same quote key and service, not older than the validity. */
export const isValidFor = (kept: ChosenShipping, option: ShippingOption, shipping: ShippingQuote, validityMs: number, now: Date): boolean =>
  kept.key === shipping.key && kept.servico === option.servico && now.getTime() - kept.at < validityMs

/**
 * Prices a purchase: Σ line totals (list or wholesale price), the chosen shipping option (quoted by
 * quoteShipping for the CEP and package), and every discount through priceCart — automatic
 * promotions, the cart's coupon, with Pix the store's discount on what is left, never on shipping
 * (docs/decisions/0127-promotions.md). Only the lines that can be bought (`disponivel`, the cart's
 * rule) count, as in listar-carrinho's total and frete/estimar; checkout refuses a cart holding any
 * other (unbuyableReason), so `lines` keeps them only to say which.
 */
export function quote(store: Pick<StoreProfile, 'frete'>, pixPercent: number, lines: CheckoutLine[], choices: QuoteChoices, offers: Offers): Quote {
  const { frete } = store
  const buyable = lines.filter((l) => l.disponivel)
  const subtotalCents = buyable.reduce((sum, l) => sum + l.totalCents, 0)
  const shipping = choices.shipping
  const chosen = chosenOption(shipping, choices.shippingIndex, choices.chosenQuote, frete.transportadoras.validadeMinutos * 60_000, choices.now)
  const station = chosen?.index === PICKUP_INDEX ? (frete.estacoes.find((s) => s.id === choices.stationId) ?? null) : null
  // The cheapest home delivery as this purchase prices it: the chosen one at its kept price.
  const cheapestCents = shipping
    ? Math.min(...homeDeliveries(shipping).map((o) => (chosen && o.index === chosen.index ? chosen.valorCents : o.valorCents)))
    : Infinity
  const priced = priceCart({
    lines: pricingLines(lines, offers),
    promotions: offers.promotions,
    couponCode: offers.couponCode,
    coupon: offers.coupon,
    pixPercent,
    method: choices.method,
    shipping: chosen ? { chosenCents: chosen.valorCents, cheapestCents: Math.min(cheapestCents, chosen.valorCents) } : null,
    now: choices.now,
  })
  return {
    lines,
    subtotalCents,
    shipping,
    chosen,
    station,
    shippingCents: priced.shippingCents,
    discountCents: priced.discountCents,
    totalCents: priced.totalCents,
    priced,
  }
}

/** The lines as priceCart reads them. */
function pricingLines(lines: readonly CheckoutLine[], offers: Offers): PricingLine[] {
  return lines.map((l) => ({
    ...pricingFacts(offers, l.productId),
    productId: l.productId,
    quantity: l.quantity,
    unitCents: l.unitCents,
    buyable: l.disponivel,
  }))
}

/**
 * The lines with each unit at what the shopper pays for it after its automatic promotion: the value a
 * carrier insures (decision 0128). A coupon is no per-unit price, so it is left out.
 */
export function insuredLines(lines: CheckoutLine[], offers: Offers, now: Date): CheckoutLine[] {
  const priced = priceCart({
    lines: pricingLines(lines, offers),
    promotions: offers.promotions,
    couponCode: null,
    coupon: null,
    pixPercent: 0,
    method: null,
    shipping: null,
    now,
  })
  return lines.map((l, i) => ({ ...l, unitCents: priced.lines[i].unitAfterPromotionCents }))
}

/** Where a product sits for promotions (none known: no category, no brand). */
export function pricingFacts(offers: Offers, productId: number) {
  return offers.facts.get(productId) ?? { categoryIds: [], brandId: null }
}
