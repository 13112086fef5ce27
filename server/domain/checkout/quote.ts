import type { PaymentMethod } from '../../integrations/payments/provider'
import type { StoreProfile } from '../../store-profile'
import { PICKUP_INDEX, shippingOptions, type ShippingOption, type ShippingQuote, type Station } from '../shipping/options'
import type { CheckoutLine } from './lines'

/** What a purchase costs now: the items, the shipping chosen, the Pix discount and the total (centavos). */
export type Quote = {
  lines: CheckoutLine[]
  subtotalCents: number
  shipping: ShippingQuote | null
  chosen: ShippingOption | null
  station: Station | null
  shippingCents: number
  discountCents: number
  totalCents: number
}

export type QuoteChoices = {
  cep: string | null
  shippingIndex: number | null
  stationId: string | null
  method: PaymentMethod | null
  /** Brasília calendar date, YYYY-MM-DD: delivery dates count from it. */
  today: string
}

/**
 * Prices a purchase: Σ line totals (list or wholesale price), the chosen shipping option for the
 * CEP and package, and with Pix the store's discount on every unit (the cart panel's
 * discountedPricePix), never on shipping. Only the lines that can be bought (`disponivel`, the
 * cart's rule) count, as in listar-carrinho's total and frete/estimar; checkout refuses a cart
 * holding any other (unbuyableReason), so `lines` keeps them only to say which.
 */
export function quote(frete: StoreProfile['frete'], lines: CheckoutLine[], choices: QuoteChoices): Quote {
  const buyable = lines.filter((l) => l.disponivel)
  const subtotalCents = buyable.reduce((sum, l) => sum + l.totalCents, 0)
  const shipping = choices.cep ? shippingOptions(frete, { cep: choices.cep, lines: buyable, subtotalCents, today: choices.today }) : null
  const chosen = shipping && choices.shippingIndex != null ? (shipping.options[choices.shippingIndex] ?? null) : null
  const station = chosen?.index === PICKUP_INDEX ? (frete.estacoes.find((s) => s.id === choices.stationId) ?? null) : null
  const shippingCents = chosen?.valorCents ?? 0
  const discountCents = choices.method === 'pix' ? buyable.reduce((sum, l) => sum + (l.unitCents - l.pixCents) * l.quantity, 0) : 0
  return { lines, subtotalCents, shipping, chosen, station, shippingCents, discountCents, totalCents: subtotalCents - discountCents + shippingCents }
}

/** The cheapest home delivery (options 0 and 1): what the summary shows before an option is chosen. */
export function cheapestDelivery(shipping: ShippingQuote): ShippingOption {
  const [padrao, expressa] = shipping.options
  return expressa.valorCents < padrao.valorCents ? expressa : padrao
}
