import type { PricingRules } from '../../../contract/pricing'
import type { Db } from '../../db/client'
import type { StoreProfile } from '../../store-profile'

/** What catalog reads need: the database and the store's price settings (a RequestContext fits). */
export type CatalogDeps = { db: Db; store: Pick<StoreProfile, 'pix' | 'parcelamento'> }

export function pricingRules(store: CatalogDeps['store']): PricingRules {
  return {
    pixDescontoPercentual: store.pix.descontoPercentual,
    maxParcelasSemJuros: store.parcelamento.maxParcelasSemJuros,
    parcelaMinimaCentavos: store.parcelamento.parcelaMinimaCentavos,
  }
}
