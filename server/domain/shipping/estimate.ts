import { toReais } from '../../../contract/pricing'
import { SHIPPING_MESSAGES, type FreteEstimarResponse } from '../../../contract/shipping'
import { findCepPlace } from '../../integrations/cep/ranges'
import type { StoreProfile } from '../../store-profile'
import { regionOf } from './regions'

/**
 * The cart panel's estimate for a CEP (8 digits): the store's standard rate, with the delivery time
 * of the destination's region (decision 0015). A CEP in no municipality's range does not exist.
 * The first piece of the shipping module: the checkout's options (weight, cubic weight, pickup
 * stations, free-shipping threshold) build on the same destination look-up.
 */
export function estimateShipping(store: { frete: Pick<StoreProfile['frete'], 'padraoCentavos' | 'prazosDiasUteis'> }, cep: string): FreteEstimarResponse {
  const place = findCepPlace(cep)
  const region = place ? regionOf(place.uf) : null
  if (!place || !region) return { estado: 'erro', msg: SHIPPING_MESSAGES.cepInexistente }
  return {
    estado: 'sucesso',
    valor: toReais(store.frete.padraoCentavos),
    prazo: store.frete.prazosDiasUteis[region],
    cidade: place.cidade,
    uf: place.uf,
  }
}
