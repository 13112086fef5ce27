import postgres from 'postgres'
import pino from 'pino'
import { expect, inject, vi } from 'vitest'
import { openDatabase, type Database, type Db } from '../../server/db/client'
import { followCatalogChanges } from '../../server/domain/catalog/changes'
import { randomAlnum } from '../../server/lib/tokens'
import { runsOnPostgres } from './database-files'

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a throw-away
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped on close). Like a store
 * instance, the test process follows the catalog's change notifications (decision 0033).
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  // The PostgreSQL run takes only the files that open a database, picked by their imports: one the
  // pick misses (it reaches this harness some other way) fails here, in every run, instead of
  // silently never running on PostgreSQL.
  const file = expect.getState().testPath
  if (file && !runsOnPostgres(file)) throw new Error(`${file} opens a test database that tests/support/database-files.ts does not see`)
  const database = await openTestDatabase()
  const listening = await followCatalogChanges(database, pino({ level: 'silent' }))
  return {
    ...database,
    close: async () => {
      await listening.close()
      await database.close()
    },
  }
}

async function openTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) {
    // From the suite's migrated template (tests/support/pglite-template.ts); migrate() then finds
    // nothing to do, and would still apply a migration the template lacked.
    const database = await openDatabase({ fromDump: inject('pgliteTemplate') })
    await database.migrate()
    return database
  }
  const name = `vitrine_t_${randomAlnum(10).toLowerCase()}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  // A copy of the suite's migrated template (tests/support/pglite-template.ts); migrate() then finds
  // nothing to do. Two copies made at the same moment may meet the template in use: try again.
  const template = inject('postgresTemplate')
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.unsafe(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`)
      break
    } catch (err) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(err))) throw err
      await new Promise((r) => setTimeout(r, 100 * attempt))
    }
  }
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString(), max: 4 })
  await database.migrate()
  return {
    ...database,
    /** The throw-away database's URL, for a second process on it. */
    url: url.toString(),
    close: async () => {
      await database.close()
      const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} })
      await cleanup.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await cleanup.end()
    },
  }
}

/** Which engine the suite runs on, for test names. */
export const testDbKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'

/**
 * How many statements `db` sends to its engine while `run` runs, whichever way they are made (the
 * query builder, db.execute, a prepared query): counted at the driver, postgres.js's `unsafe` or
 * the PGlite thread's `query`.
 */
export async function statementsDuring(db: Db, run: () => Promise<unknown>): Promise<number> {
  const client = (db as unknown as { $client: { unsafe?: unknown; query?: unknown } }).$client
  const spy =
    typeof client.unsafe === 'function' ? vi.spyOn(client as { unsafe: () => unknown }, 'unsafe') : vi.spyOn(client as { query: () => unknown }, 'query')
  try {
    await run()
    return spy.mock.calls.length
  } finally {
    spy.mockRestore()
  }
}
