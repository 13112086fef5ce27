import { cachePerDb } from '../../cache'
import type { PricingRules } from '../../../contract/pricing'
import type { Db } from '../../db/client'
import type { StoreProfile } from '../../store-profile'

/**
 * How long a cached catalog answer (card, detail, match set, names, micro-cached page) is kept at
 * most. It is no longer what bounds staleness: every instance drops what a write changed as soon as
 * the database announces it (decision 0033); the TTL bounds memory and is the last resort.
 */
export const CATALOG_CACHE_TTL_MS = 30_000

/**
 * The names the whole store shows around its listings: the menu (category tree, suggested
 * categories: menu/menu.ts), the sidebar facets' category and brand names (listing.ts) and each
 * category's parent (listing-prices.ts). Three entries, all dropped by any change to categories or
 * brands (decision 0033).
 */
export const catalogNames = cachePerDb<Promise<unknown>>({ name: 'catalog-names', ttlMs: CATALOG_CACHE_TTL_MS, maxEntries: 3, scope: 'catalog' })

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
