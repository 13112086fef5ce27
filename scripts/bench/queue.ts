/**
 * `npm run bench -- --only fila [--runs 2000]`: what enqueueing an order's e-mail adds to the
 * transaction that places the order (docs/decisions/0125-durable-jobs.md; target ≤ 2 ms at p99).
 * The same small writing transaction — an order-sized row inserted and its product's stock taken —
 * with and without `enqueueMail` (pg-boss's insert in the caller's transaction), interleaved one by
 * one so both see the same machine, on PostgreSQL (a fresh database beside TEST_DATABASE_URL's, or
 * BENCH_DATABASE_URL's server; dropped after) and on the embedded PGlite in memory.
 */
import { performance } from 'node:perf_hooks'
import postgres from 'postgres'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../../server/db/client'
import { transaction } from '../../server/db/tx'
import { enqueueMail } from '../../server/jobs/mail'

export type QueueTarget = { alvo: string; valor: string; ok: boolean }
type Figures = { p50: number; p99: number }

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
const figures = (times: number[]): Figures => {
  const sorted = [...times].sort((a, b) => a - b)
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) }
}

/** A database of its own on the PostgreSQL server, migrated; dropped by `drop`. */
async function freshPostgres(): Promise<{ database: Database; drop(): Promise<void> }> {
  const base = new URL(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test')
  const name = `vitrine_bench_fila_${process.pid}`
  base.pathname = '/postgres'
  const admin = postgres(base.toString(), { max: 1, onnotice: () => {} })
  await admin.unsafe(`CREATE DATABASE ${name}`)
  const url = new URL(base)
  url.pathname = `/${name}`
  const database = await openDatabase({ url: url.toString(), max: 4 })
  await database.migrate()
  return {
    database,
    async drop() {
      await database.close()
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    },
  }
}

/** Each transaction's time, with (`mail`) and without the e-mail job, interleaved. */
async function measure(database: Database, runs: number): Promise<{ without: Figures; with: Figures }> {
  await database.db.execute(
    sql`CREATE TABLE IF NOT EXISTS bench_fila (id bigserial PRIMARY KEY, code text NOT NULL, total integer NOT NULL, at timestamptz NOT NULL DEFAULT now())`,
  )
  await database.db.execute(sql`CREATE TABLE IF NOT EXISTS bench_fila_estoque (id integer PRIMARY KEY, stock integer NOT NULL)`)
  await database.db.execute(sql`INSERT INTO bench_fila_estoque VALUES (1, 1000000000) ON CONFLICT DO NOTHING`)
  const one = async (n: number, mail: boolean) => {
    const started = performance.now()
    await transaction(database.db, async (tx) => {
      const code = `B${n}`
      await tx.execute(sql`INSERT INTO bench_fila (code, total) VALUES (${code}, ${19_990 + n})`)
      await tx.execute(sql`UPDATE bench_fila_estoque SET stock = stock - 1 WHERE id = 1`)
      if (mail) await enqueueMail(tx, { pedido: { code, kind: 'recebido' } })
    })
    return performance.now() - started
  }
  // Warm-up: the statements prepared, the job table's pages read.
  for (let i = 0; i < 200; i++) await one(i, i % 2 === 0)
  const without: number[] = []
  const withMail: number[] = []
  for (let i = 0; i < runs; i++) {
    without.push(await one(2 * i, false))
    withMail.push(await one(2 * i + 1, true))
  }
  await database.db.execute(sql`DROP TABLE bench_fila, bench_fila_estoque`)
  return { without: figures(without), with: figures(withMail) }
}

const ms = (n: number) => `${n.toFixed(2)} ms`

export async function benchQueue(options: { runs: number }): Promise<QueueTarget[]> {
  const targets: QueueTarget[] = []
  const engines: Array<[string, () => Promise<{ database: Database; drop(): Promise<void> }>]> = [
    ['PostgreSQL', freshPostgres],
    [
      'PGlite',
      async () => {
        const database = await openDatabase({})
        await database.migrate()
        return { database, drop: () => database.close() }
      },
    ],
  ]
  for (const [engine, open] of engines) {
    const { database, drop } = await open()
    try {
      const r = await measure(database, options.runs)
      const added = r.with.p99 - r.without.p99
      console.log(
        `${engine.padEnd(11)} sem e-mail p50 ${ms(r.without.p50)} p99 ${ms(r.without.p99)} · com e-mail p50 ${ms(r.with.p50)} p99 ${ms(r.with.p99)} · acrescido p50 ${ms(r.with.p50 - r.without.p50)} p99 ${ms(added)}`,
      )
      // The target is held on PostgreSQL, where instances share the queue; PGlite's figure is reported.
      const held = engine === 'PostgreSQL'
      targets.push({
        alvo: `enfileirar o e-mail acrescenta ≤ 2 ms (p99) à transação do pedido, ${engine}${held ? '' : ' (informativo)'}`,
        valor: ms(added),
        ok: !held || added <= 2,
      })
    } finally {
      await drop()
    }
  }
  return targets
}
