import type { Db } from '../../db/client'
import { clearPageCache } from './page-cache'
import { invalidateVocabulary } from './vocabulary'

/**
 * After writing to the catalog (seed, import, tests): forget remembered listing pages and the search
 * vocabulary of this process, so the next reads see the change at once.
 */
export function invalidateCatalogCaches(db: Db): void {
  clearPageCache(db)
  invalidateVocabulary(db)
}
