import type { PaymentMethod } from '../../integrations/payments/provider'
import type { StoreProfile } from '../../store-profile'
import type { Offers } from '../promotions/offers'
import { priceCart, type PricedCart } from '../promotions/price'
import { PICKUP_INDEX, shippingOptions, type ShippingOption, type ShippingQuote, type Station } from '../shipping/options'
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
  cep: string | null
  shippingIndex: number | null
  stationId: string | null
  method: PaymentMethod | null
  /** Brasília calendar date, YYYY-MM-DD: delivery dates count from it. */
  today: string
  now: Date
}

/**
 * Prices a purchase: Σ line totals (list or wholesale price), the chosen shipping option for the
 * CEP and package, and every discount through priceCart — automatic promotions, the cart's coupon,
 * with Pix the store's discount on what is left, never on shipping (docs/decisions/0127-promotions.md).
 * Only the lines that can be bought (`disponivel`, the cart's rule) count, as in listar-carrinho's
 * total and frete/estimar; checkout refuses a cart holding any other (unbuyableReason), so `lines`
 * keeps them only to say which.
 */
export function quote(frete: StoreProfile['frete'], pixPercent: number, lines: CheckoutLine[], choices: QuoteChoices, offers: Offers): Quote {
  const buyable = lines.filter((l) => l.disponivel)
  const subtotalCents = buyable.reduce((sum, l) => sum + l.totalCents, 0)
  const shipping = choices.cep ? shippingOptions(frete, { cep: choices.cep, lines: buyable, subtotalCents, today: choices.today }) : null
  const chosen = shipping && choices.shippingIndex != null ? (shipping.options[choices.shippingIndex] ?? null) : null
  const station = chosen?.index === PICKUP_INDEX ? (frete.estacoes.find((s) => s.id === choices.stationId) ?? null) : null
  const priced = priceCart({
    lines: lines.map((l) => ({
      ...pricingFacts(offers, l.productId),
      productId: l.productId,
      quantity: l.quantity,
      unitCents: l.unitCents,
      buyable: l.disponivel,
    })),
    promotions: offers.promotions,
    couponCode: offers.couponCode,
    coupon: offers.coupon,
    pixPercent,
    method: choices.method,
    shipping: chosen && shipping ? { chosenCents: chosen.valorCents, cheapestCents: cheapestDelivery(shipping).valorCents } : null,
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

/** Where a product sits for promotions (none known: no category, no brand). */
export function pricingFacts(offers: Offers, productId: number) {
  return offers.facts.get(productId) ?? { categoryIds: [], brandId: null }
}

/** The cheapest home delivery (options 0 and 1): what the summary shows before an option is chosen. */
export function cheapestDelivery(shipping: ShippingQuote): ShippingOption {
  const [padrao, expressa] = shipping.options
  return expressa.valorCents < padrao.valorCents ? expressa : padrao
}
