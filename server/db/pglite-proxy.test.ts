import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from './client'
import { rows } from './sql'

// The embedded engine on its own thread (pglite-proxy.ts), as the store opens it.
let database: Database
beforeAll(async () => {
  database = await openDatabase({})
  await database.db.execute(sql`CREATE TABLE t (id int PRIMARY KEY, note text NOT NULL)`)
})
afterAll(() => database?.close())

describe('PGlite on its own thread', () => {
  it('commits a transaction that ends well and rolls back one that throws, rethrowing its error', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO t VALUES (1, 'um')`)
      await tx.execute(sql`INSERT INTO t VALUES (2, 'dois')`)
    })
    const boom = new Error('desistiu')
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t VALUES (3, 'três')`)
        throw boom
      }),
    ).rejects.toBe(boom)
    expect(await rows<{ id: number }>(database.db, sql`SELECT id FROM t ORDER BY id`)).toEqual([{ id: 1 }, { id: 2 }])
  })

  it("hands PostgreSQL's error fields back (code, constraint) and keeps working after a failed transaction", async () => {
    const failed = database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO t VALUES (1, 'de novo')`)
    })
    await expect(failed).rejects.toMatchObject({ cause: { code: '23505', constraint: 't_pkey' } })
    expect(await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM t`)).toEqual([{ n: 2 }])
  })

  it('keeps dates, timestamps, intervals and numeric arrays as text, as drizzle asks (set once on the instance)', async () => {
    const [row] = await rows<Record<string, unknown>>(
      database.db,
      sql`SELECT timestamptz '2026-11-25 01:02:03+00' AS at, date '2026-11-25' AS d, interval '1 day' AS i,
            ARRAY[1.5, 2]::numeric[] AS n, ARRAY[timestamptz '2026-11-25 00:00+00'] AS ats, ARRAY[1, 2]::int[] AS ints`,
    )
    expect(row).toMatchObject({ d: '2026-11-25', i: '1 day', n: '{1.5,2}', ints: [1, 2] })
    expect(row.at).toMatch(/^2026-11-25 01:02:03\+00/)
    expect(typeof row.ats).toBe('string')
  })

  it('runs a statement seen again as a prepared one: same rows, types and errors; NOTIFY still heard', async () => {
    const db = database.db
    await db.execute(sql`CREATE TABLE prep (id int PRIMARY KEY, note text, at timestamptz, tags jsonb)`)
    const heard: string[] = []
    await database.listen('prep_channel', { notify: (p) => heard.push(p), lost: () => {}, restored: () => {} })
    for (let i = 1; i <= 4; i++) {
      await db.execute(sql`INSERT INTO prep VALUES (${i}, ${i % 2 ? null : `nota ${i}`}, ${'2026-11-25T0' + i + ':00:00Z'}, ${JSON.stringify({ i })}::jsonb)`)
      const [row] = await rows<Record<string, unknown>>(db, sql`SELECT id, note, at, tags FROM prep WHERE id = ${i}`)
      expect(row).toMatchObject({ id: i, note: i % 2 ? null : `nota ${i}`, tags: { i } })
      expect(row.at).toMatch(new RegExp(`^2026-11-25 0${i}:00:00\\+00`))
      await db.execute(sql`SELECT pg_notify('prep_channel', ${String(i)})`)
    }
    expect(heard).toEqual(['1', '2', '3', '4'])
    // A prepared statement's error is PostgreSQL's own, and the engine goes on.
    const again = () => db.execute(sql`INSERT INTO prep (id) VALUES (${1})`)
    await expect(again()).rejects.toMatchObject({ cause: { code: '23505', constraint: 'prep_pkey' } })
    await expect(again()).rejects.toMatchObject({ cause: { code: '23505', constraint: 'prep_pkey' } })
    expect(await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM prep`)).toEqual([{ n: 4 }])
    // A table changed under a kept plan: the statement runs again, with the new columns.
    const first = () => rows<Record<string, unknown>>(db, sql.raw('SELECT * FROM prep ORDER BY id LIMIT 1'))
    expect((await first())[0]).not.toHaveProperty('extra')
    expect((await first())[0]).not.toHaveProperty('extra')
    await db.execute(sql`ALTER TABLE prep ADD COLUMN extra int DEFAULT 7`)
    expect((await first())[0]).toHaveProperty('extra', 7)
    expect((await first())[0]).toHaveProperty('extra', 7)
  })

  it('a long statement does not hold the event loop', async () => {
    let ticks = 0
    const timer = setInterval(() => ticks++, 5)
    const started = performance.now()
    await database.db.execute(sql`SELECT count(*) FROM generate_series(1, 1000000) g WHERE g % 7 = 0`)
    const ms = performance.now() - started
    clearInterval(timer)
    // Run on this thread, the statement would leave no room for a single tick.
    expect(ms).toBeGreaterThan(50)
    expect(ticks).toBeGreaterThan(ms / 5 / 4)
  })
})
