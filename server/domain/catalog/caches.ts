import type { Db } from '../../db/client'
import { clearCardCache } from './cards'
import { clearMatchSets } from './listing'
import { clearPageCache } from './page-cache'
import { invalidateVocabulary } from './vocabulary'

const listeners = new Set<() => void>()

/** Lets a cache outside the domain (the HTTP micro-cache) forget along with the catalog's. */
export function onCatalogInvalidated(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * After writing to the catalog (seed, import, tests): forget remembered listing pages and the search
 * vocabulary of this process, so the next reads see the change at once.
 */
export function invalidateCatalogCaches(db: Db): void {
  clearPageCache(db)
  clearMatchSets(db)
  clearCardCache(db)
  invalidateVocabulary(db)
  for (const listener of listeners) listener()
}
