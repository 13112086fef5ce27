import type { PaymentMethod } from '../../integrations/payments/provider'
import type { Offers } from '../promotions/offers'
import { priceCart, type PricedCart, type PricingLine } from '../promotions/price'
import type { ChosenShipping } from '../../db/schema'
import { freeDeliveries, offeredOptions } from '../shipping/free'
import { PICKUP_INDEX, type Station } from '../shipping/options'
import { homeDeliveries, type ShippingOption, type ShippingQuote } from '../shipping/quotes'
import type { Frete } from '../shipping/settings'
import type { CheckoutLine } from './lines'

/** What a purchase costs now: the items, the shipping chosen, every discount and the total (centavos). */
export type Quote = {
  lines: CheckoutLine[]
  subtotalCents: number
  /** The options as the provider quoted them (what a choice keeps, decision 0128). */
  shipping: ShippingQuote | null
  /** The options as the shopper is offered them: the store's free-shipping rules applied (decision 0133). */
  offered: ShippingOption[]
  /** The option chosen, at its quoted (or kept) price; `shippingCents` is what the shopper pays for it. */
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

/** What the items cost after automatic promotions and the coupon, before Pix: what a free-shipping minimum is measured on (decision 0133). */
export const discountedItemsCents = (p: Pick<PricedCart, 'itemsCents' | 'promotionCents' | 'couponCents' | 'shippingDiscountCents'>) =>
  p.itemsCents - p.promotionCents - (p.couponCents - p.shippingDiscountCents)

/**
 * Prices a purchase: Σ line totals (list or wholesale price), the chosen shipping option (quoted by
 * quoteShipping for the CEP and package), and every discount through priceCart — automatic
 * promotions, the cart's coupon, with Pix the store's discount on what is left, never on shipping
 * (docs/decisions/0127-promotions.md). The store's free-shipping rules make options free from the
 * items' value after promotions and the coupon (decision 0133): the items are priced first, then the
 * shipping. Only the lines that can be bought (`disponivel`, the cart's rule) count, as in
 * listar-carrinho's total and frete/estimar; checkout refuses a cart holding any other
 * (unbuyableReason), so `lines` keeps them only to say which.
 */
export function quote(
  frete: Pick<Frete, 'transportadoras' | 'estacoes' | 'freteGratis'>,
  pixPercent: number,
  lines: CheckoutLine[],
  choices: QuoteChoices,
  offers: Offers,
): Quote {
  const buyable = lines.filter((l) => l.disponivel)
  const subtotalCents = buyable.reduce((sum, l) => sum + l.totalCents, 0)
  const shipping = choices.shipping
  const chosenQuoted = chosenOption(shipping, choices.shippingIndex, choices.chosenQuote, frete.transportadoras.validadeMinutos * 60_000, choices.now)
  const station = chosenQuoted?.index === PICKUP_INDEX ? (frete.estacoes.find((s) => s.id === choices.stationId) ?? null) : null
  const base = {
    lines: pricingLines(lines, offers),
    promotions: offers.promotions,
    couponCode: offers.couponCode,
    coupon: offers.coupon,
    pixPercent,
    method: choices.method,
    now: choices.now,
  }
  // The options as priced for this purchase: the chosen one at its kept price, then the free-shipping rules.
  const quoted = shipping ? shipping.options.map((o) => (chosenQuoted && o.index === chosenQuoted.index ? chosenQuoted : o)) : []
  const free = shipping
    ? freeDeliveries(frete.freteGratis, { ...shipping, options: quoted }, discountedItemsCents(priceCart({ ...base, shipping: null })))
    : new Map()
  const offered = offeredOptions(quoted, free)
  const chosen = chosenQuoted ? offered[chosenQuoted.index] : null
  const cheapestCents = shipping ? Math.min(...homeDeliveries({ ...shipping, options: offered }).map((o) => o.valorCents)) : Infinity
  const priced = priceCart({
    ...base,
    shipping: chosen ? { chosenCents: chosen.valorCents, cheapestCents: Math.min(cheapestCents, chosen.valorCents) } : null,
  })
  return {
    lines,
    subtotalCents,
    shipping,
    offered,
    chosen: chosenQuoted,
    station,
    shippingCents: priced.shippingCents,
    discountCents: priced.discountCents,
    totalCents: priced.totalCents,
    priced,
  }
}

/** The lines as priceCart reads them. */
export function pricingLines(lines: readonly CheckoutLine[], offers: Offers): PricingLine[] {
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
