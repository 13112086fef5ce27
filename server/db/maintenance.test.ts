import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, testDbKind } from '../../tests/support/db'
import type { Database } from './client'
import { sql } from 'drizzle-orm'
import { rows } from '../domain/catalog/sql'
import { startMaintenance, vacuumHotTables } from './maintenance'
import { brands } from './schema'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database?.close())

describe(`database maintenance (${testDbKind})`, () => {
  it('starts (statistics on PGlite, nothing to do on PostgreSQL) and stops', async () => {
    const stop = await startMaintenance(database, pino({ level: 'silent' }))
    expect(typeof stop).toBe('function')
    stop()
  })

  it('gathers planner statistics right after a seed, on every engine', async () => {
    await database.db.insert(brands).values([
      { titulo: 'Marca A', link: 'marca-a' },
      { titulo: 'Marca B', link: 'marca-b' },
    ])
    const gathered = async () =>
      Number(((await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'brands'`))[0]).n)
    const stop = await startMaintenance(database, pino({ level: 'silent' }), { justSeeded: true })
    stop()
    expect(await gathered()).toBeGreaterThan(0)
  })

  it('vacuums the hot tables, which all exist', async () => {
    expect(await vacuumHotTables(database)).toBeGreaterThanOrEqual(0)
  })
})
