import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, testDbKind } from '../../tests/support/db'
import type { Database } from './client'
import { inArray, sql } from 'drizzle-orm'
import { SESSION_TTL_MS, createSession } from '../domain/session/session'
import { rows } from './sql'
import { gatherStatistics, maintenanceRound, vacuumHotTables } from './maintenance'
import { brands, carts, sessions } from './schema'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database?.close())

describe(`database maintenance (${testDbKind})`, () => {
  it('gathers statistics at start on PGlite, and only then', async () => {
    await expect(gatherStatistics(database, pino({ level: 'silent' }))).resolves.toBeUndefined()
  })

  it('gathers planner statistics right after a seed, on every engine', async () => {
    await database.db.insert(brands).values([
      { titulo: 'Marca A', link: 'marca-a' },
      { titulo: 'Marca B', link: 'marca-b' },
    ])
    const gathered = async () => Number((await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'brands'`))[0].n)
    await gatherStatistics(database, pino({ level: 'silent' }), { justSeeded: true })
    expect(await gathered()).toBeGreaterThan(0)
  })

  it('vacuums the hot tables, which all exist', async () => {
    expect(await vacuumHotTables(database)).toBeGreaterThanOrEqual(0)
  })

  it('deletes sessions idle for more than 30 days and keeps recent ones', async () => {
    const day = 86_400_000
    const began = Date.now() - SESSION_TTL_MS - 2 * day
    await database.db.insert(sessions).values({
      id: 'sessao-abandonada',
      createdAt: new Date(began),
      lastSeenAt: new Date(began),
      expiresAt: new Date(began + SESSION_TTL_MS),
    })
    const { session: recent } = await createSession(database.db)
    await maintenanceRound(database)
    const left = await database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, ['sessao-abandonada', recent.id]))
    expect(left.map((s) => s.id)).toEqual([recent.id])
  })

  it('deletes anonymous carts idle for 30 days, and keeps the others', async () => {
    const { session: idle } = await createSession(database.db)
    const { session: active } = await createSession(database.db)
    const old = new Date(Date.now() - 31 * 86_400_000)
    await database.db.insert(carts).values([{ sessionId: idle.id, updatedAt: old }, { sessionId: active.id }])
    await maintenanceRound(database)
    const left = await database.db
      .select({ sessionId: carts.sessionId })
      .from(carts)
      .where(inArray(carts.sessionId, [idle.id, active.id]))
    expect(left.map((c) => c.sessionId)).toEqual([active.id])
  })
})
