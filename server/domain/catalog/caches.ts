import { clearCatalogCaches, forgetTags, matchSetTag, productTag } from '../../cache'
import type { Db } from '../../db/client'
import { matchSetsHolding } from './listing'

/**
 * After a write that changes some products (a price, stock or sales count, by an order or an
 * admin): drops, in this process, exactly what holds them — their cards and details (and the
 * details showing them as similar), the match sets holding them, and every answer built from those
 * (home blocks, listing and search answers, micro-cached pages: their entries carry the tags). Other
 * answers stay cached. Another instance sees the change within CATALOG_CACHE_TTL_MS.
 *
 * A change of which products a listing matches (a new product, a title, a category, active) is a
 * catalog-wide change: invalidateCatalogCaches.
 */
export function forgetProducts(db: Db, productIds: Iterable<number>): void {
  const ids = new Set(productIds)
  if (!ids.size) return
  const tags = [...ids].map(productTag)
  for (const key of matchSetsHolding(db, ids)) tags.push(matchSetTag(key))
  forgetTags(db, tags)
}

/**
 * After a catalog-wide write (seed, import, reseed, tests): empties every catalog cache of this
 * process — cards, details, match sets, facet names, menu, home lists, the search vocabulary and the
 * micro-cache — so the next reads see the change at once.
 */
export function invalidateCatalogCaches(db: Db): void {
  clearCatalogCaches(db)
}
