import { toReais } from '../../../contract/pricing'
import { SHIPPING } from '../../../contract/messages/cart-reasons'
import { brazilDate } from '../../integrations/payments/dates'
import type { StoreProfile } from '../../store-profile'
import { refuse } from '../refusal'
import { shippingOptions } from './options'

/**
 * The cart panel's estimate for a CEP (8 digits): checkout's 'Padrão' option for the same CEP and
 * subtotal (decisions 0015, 0025, 0031) — the store's standard rate, free from the store profile's
 * threshold, with the delivery time of the destination's region. `subtotalCents` is what the cart's
 * buyable lines cost at list or wholesale price, as checkout counts it. A CEP in no municipality's
 * range does not exist.
 */
export function estimateShipping(store: Pick<StoreProfile, 'frete'>, cep: string, subtotalCents: number, now = new Date()) {
  const quote = shippingOptions(store.frete, { cep, lines: [], subtotalCents, today: brazilDate(now) })
  if (!quote) return refuse(SHIPPING.cepInexistente)
  const [padrao] = quote.options
  return { estado: 'sucesso' as const, valor: toReais(padrao.valorCents), prazo: padrao.prazo, cidade: quote.cidade, uf: quote.uf }
}
