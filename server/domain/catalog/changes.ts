import type { Logger } from 'pino'
import { clearCatalogCaches } from '../../cache'
import type { Database, Db } from '../../db/client'
import type { Listening } from '../../db/listen'
import { forgetProducts } from './caches'

/**
 * The channel the catalog triggers announce on (migration 0010_catalog_change_notify.sql,
 * docs/decisions/0033-cache-invalidation-from-the-database.md): 'p:1,2,3' for products whose cards
 * and details changed, '*' for everything.
 */
export const CATALOG_CHANNEL = 'vitrine_catalog'

/** Drops what a notification makes wrong in this process's catalog caches. */
export function applyCatalogChange(db: Db, payload: string): void {
  if (payload.startsWith('p:')) {
    const ids = payload.slice(2).split(',').map(Number).filter(Number.isInteger)
    if (ids.length) return forgetProducts(db, ids)
  }
  clearCatalogCaches(db)
}

/**
 * Every instance follows the catalog's changes, whoever wrote them (checkout, the back office, an
 * import, psql): no writer calls forgetProducts. Lost connection: the catalog caches are emptied at
 * once and on every failed try to listen again (so nothing stale is served meanwhile), and once more
 * when listening again — what changed in between was never heard.
 */
export function followCatalogChanges(database: Database, log: Logger): Promise<Listening> {
  const { db } = database
  return database.listen(CATALOG_CHANNEL, {
    notify: (payload) => applyCatalogChange(db, payload),
    lost: (err, again) => {
      clearCatalogCaches(db)
      if (!again) log.warn({ err }, 'escuta de mudanças do catálogo perdida: caches do catálogo esvaziados; reconectando')
    },
    restored: () => {
      clearCatalogCaches(db)
      log.warn('escuta de mudanças do catálogo restabelecida: caches do catálogo esvaziados')
    },
  })
}
