import { sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import { deleteOldLookups } from '../domain/address/lookups'
import { deleteExpiredAccountRows } from '../domain/account/upkeep'
import { deleteIdleCarts } from '../domain/cart/upkeep'
import { deleteExpiredSessions } from '../domain/session/session'
import { deleteExpiredStaffSessions } from '../domain/staff/sessions'
import { deleteOldApiCalls } from '../domain/integrations/calls'
import { deleteOldIdempotencyKeys } from '../domain/integrations/keys'
import { dropExpiredWebhookSecrets } from '../domain/integrations/webhooks'
import type { Database } from './client'

/**
 * Tables rewritten all day (counters, sessions, histories, carts): dead row versions pile up in them
 * and their indexes. PostgreSQL's autovacuum takes care of that on a server; embedded PGlite runs
 * no background workers, so the store does it itself.
 */
export const HOT_TABLES = [
  'product_stats',
  'product_views_daily',
  'search_history',
  'sessions',
  'carts',
  'cart_items',
  'rate_limits',
  'auth_tokens',
  'captcha_uses',
  'api_calls',
] as const

/**
 * At start, on PGlite: planner statistics for every table (PGlite never gathers them by itself, and
 * without them it misjudges joins on a large catalog). On PostgreSQL autovacuum does it; only right
 * after this process seeded the catalog are statistics gathered at once (a server may run without
 * autovacuum, and even with it the first minutes of a fresh 100k catalog ran on guesses: 8
 * never-seen searches a second instead of 36). The rounds themselves are the 'manutencao' job
 * (server/jobs/queues.ts, every 10 minutes).
 */
export async function gatherStatistics(database: Database, log: Logger, options: { justSeeded?: boolean } = {}): Promise<void> {
  if (database.kind === 'pglite' || options.justSeeded) await analyze(database, log)
}

/**
 * One round of the maintenance job, on every engine: expired sessions (shoppers' and staff's), anonymous carts idle
 * for 30 days, expired CEP look-ups, day-old API idempotency answers and month-old API calls deleted, webhook secrets
 * past their rotation's grace period dropped, then (PGlite) the vacuum; the time it took in ms.
 */
export async function maintenanceRound(database: Database): Promise<number> {
  const started = Date.now()
  await deleteExpiredSessions(database.db)
  await deleteIdleCarts(database.db)
  await deleteExpiredAccountRows(database.db)
  await deleteExpiredStaffSessions(database.db)
  await deleteOldLookups(database.db)
  await deleteOldIdempotencyKeys(database.db)
  await deleteOldApiCalls(database.db)
  await dropExpiredWebhookSecrets(database.db)
  if (database.kind === 'pglite') await vacuumHotTables(database)
  return Date.now() - started
}

async function analyze(database: Database, log: Logger): Promise<void> {
  const started = Date.now()
  await database.db.execute(sql`ANALYZE`)
  log.info({ ms: Date.now() - started }, 'estatísticas do banco atualizadas')
}

/** VACUUM (ANALYZE) of the hot tables; the time it took in ms. */
export async function vacuumHotTables(database: Database): Promise<number> {
  const started = Date.now()
  await database.db.execute(sql.raw(`VACUUM (ANALYZE) ${HOT_TABLES.join(', ')}`))
  return Date.now() - started
}
