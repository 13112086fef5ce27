import { clearCatalogCaches, forgetTags, matchSetTag, productTag } from '../../cache'
import type { Db } from '../../db/client'
import { matchSetsHolding } from './listing'

/**
 * What the database's announcement that some products changed (a price, stock, sales count,
 * options, images: changes.ts applyCatalogChange, whoever wrote it) makes wrong in this process:
 * drops exactly what holds them — their cards and details (and the details showing them as
 * similar), the match sets holding them, and every answer built from those (home blocks, listing
 * and search answers, micro-cached pages: their entries carry the tags). Other answers stay cached.
 * No writer calls this: every instance hears the change (decision 0033).
 *
 * A change of which products a listing matches (a new product, a title, a category, active) is
 * announced as a catalog-wide change, which empties every catalog cache.
 */
export function forgetProducts(db: Db, productIds: Iterable<number>): void {
  const ids = new Set(productIds)
  if (!ids.size) return
  const tags = [...ids].map(productTag)
  for (const key of matchSetsHolding(db, ids)) tags.push(matchSetTag(key))
  forgetTags(db, tags)
}

/**
 * Empties every catalog cache of this process — cards, details, match sets, facet names, menu, home
 * lists, the search vocabulary and the micro-cache — so the next reads see the database as it is:
 * for tests that write behind the announcements' back or must not wait for them.
 */
export function invalidateCatalogCaches(db: Db): void {
  clearCatalogCaches(db)
}
