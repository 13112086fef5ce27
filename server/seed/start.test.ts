import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv } from '../../tests/support/app'
import { createTestDatabase, testDbKind } from '../../tests/support/db'
import type { Database } from '../db/client'
import { customers, products, staff } from '../db/schema'
import { resetRefusal, seedDemoAtStart } from './start'

let database: Database
let dataDir: string
beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-start-'))
})
afterAll(async () => {
  await database?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe(`what a start seeds (${testDbKind})`, () => {
  it('a live start with SEED_DEMO=true seeds nothing: no catalog, no demo customer, no demo staff', async () => {
    const seeded = await seedDemoAtStart(
      database.db,
      { ...testEnv, STORE_MODE: 'live', SEED_DEMO: 'true', dataDir, CATALOG_SIZE: 20 },
      pino({ level: 'silent' }),
    )
    expect(seeded).toBe(false)
    const counts = await Promise.all([products, customers, staff].map((t) => database.db.select({ n: sql<number>`count(*)::int` }).from(t)))
    expect(counts.map(([row]) => row.n)).toEqual([0, 0, 0])
  })

  it('npm run seed:reset refuses a live store with a pt-BR reason', () => {
    expect(resetRefusal({ STORE_MODE: 'live' })).toMatch(/não roda com STORE_MODE=live/)
    expect(resetRefusal({ STORE_MODE: 'demo' })).toBeNull()
  })
})
