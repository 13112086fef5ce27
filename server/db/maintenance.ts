import { sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Database } from './client'

/**
 * Tables rewritten all day (counters, sessions, histories, carts): dead row versions pile up in them
 * and their indexes. PostgreSQL's autovacuum takes care of that on a server; embedded PGlite runs
 * no background workers, so the store does it itself.
 */
export const HOT_TABLES = ['product_stats', 'product_views_daily', 'search_history', 'sessions', 'carts', 'cart_items', 'rate_limits'] as const
export const MAINTENANCE_INTERVAL_MS = 10 * 60_000

/**
 * On PGlite: planner statistics for every table now (PGlite never gathers them by itself, and
 * without them it misjudges joins on a large catalog), then VACUUM (ANALYZE) of the hot tables
 * every MAINTENANCE_INTERVAL_MS. On PostgreSQL: nothing (autovacuum). Returns a stop function.
 */
export async function startMaintenance(database: Database, log: Logger): Promise<() => void> {
  if (database.kind !== 'pglite') return () => {}
  const started = Date.now()
  await database.db.execute(sql`ANALYZE`)
  log.info({ ms: Date.now() - started }, 'estatísticas do banco atualizadas')
  const timer = setInterval(() => {
    void vacuumHotTables(database)
      .then((ms) => log.debug({ ms }, 'manutenção do banco'))
      .catch((err: unknown) => log.warn({ err }, 'manutenção do banco falhou'))
  }, MAINTENANCE_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}

/** VACUUM (ANALYZE) of the hot tables; the time it took in ms. */
export async function vacuumHotTables(database: Database): Promise<number> {
  const started = Date.now()
  await database.db.execute(sql.raw(`VACUUM (ANALYZE) ${HOT_TABLES.join(', ')}`))
  return Date.now() - started
}
