import type { PricingRules } from '../../../contract/pricing'
import type { Db } from '../../db/client'
import type { StoreProfile } from '../../store-profile'

/**
 * How long a cached catalog answer (card, detail, listing set, home block, menu) may lag a change made
 * by another instance. Writes in this process forget what they change at once (caches.ts).
 */
export const CATALOG_CACHE_TTL_MS = 30_000

/** What catalog reads need: the database and the store's price settings (a RequestContext fits). */
export type CatalogDeps = {
  db: Db
  store: Pick<StoreProfile, 'pix' | 'parcelamento'>
  /** The answer's tags, when it may be cached (the micro-cache gives each request one). */
  tags?: Set<string>
}

export function pricingRules(store: CatalogDeps['store']): PricingRules {
  return {
    pixDescontoPercentual: store.pix.descontoPercentual,
    maxParcelasSemJuros: store.parcelamento.maxParcelasSemJuros,
    parcelaMinimaCentavos: store.parcelamento.parcelaMinimaCentavos,
  }
}
