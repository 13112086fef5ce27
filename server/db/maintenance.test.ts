import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, testDbKind } from '../../tests/support/db'
import type { Database } from './client'
import { startMaintenance, vacuumHotTables } from './maintenance'

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

  it('vacuums the hot tables, which all exist', async () => {
    expect(await vacuumHotTables(database)).toBeGreaterThanOrEqual(0)
  })
})
