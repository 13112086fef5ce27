import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { Database } from '../../server/db/client'
import type { Tx } from '../../server/db/tx'
import { products } from '../../server/db/schema'
import { placeOrder } from '../../server/domain/order/place'
import { storeProfile } from '../../server/store-profile'
import { testEnv } from '../support/app'
import { insertCatalogFixture } from '../support/catalog-fixtures'
import { completeCheckout, createShopper, fillCart, installTestSandbox, type Shopper } from '../support/checkout'
import { createTestDatabase } from '../support/db'
import { jobStates } from '../support/jobs'

/**
 * The job queue across processes on one PostgreSQL database (docs/decisions/0125-durable-jobs.md):
 * this test process places orders as a store instance with JOBS=off would (it runs no jobs), and
 * `server/worker.ts` — what `npm run worker` starts — runs them, killed with SIGKILL mid-way. The
 * embedded database takes one process only; its jobs are tested in server/jobs/jobs.test.ts.
 */
const url = process.env.TEST_DATABASE_URL
let database: Database & { url?: string }
let dataDir: string
const workers = new Set<ChildProcess>()

beforeAll(async () => {
  if (!url) return
  database = await createTestDatabase()
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-jobs-'))
})
afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL')
  await database?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** A worker process (`npm run worker`) on the test database, writing e-mails to dataDir's outbox. */
async function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: 'false', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  workers.add(child)
  child.on('exit', () => workers.delete(child))
  await new Promise<void>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('tarefas em execução')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`worker saiu com ${code}: ${out}`)))
  })
  return child
}

type Killed = { at: number; ids: string[] }

/** SIGKILL as soon as the worker holds e-mail jobs in flight (state 'active'): when, and which jobs it held. */
async function killInFlight(child: ChildProcess): Promise<Killed> {
  const end = Date.now() + 30_000
  while (!(await jobStates(database, 'email')).active && Date.now() < end) await new Promise((r) => setTimeout(r, 5))
  await killHard(child)
  const at = Date.now()
  const held = (await database.raw.query(`SELECT id::text AS id FROM pgboss.job WHERE name = 'email' AND state = 'active'`, [])) as Array<{ id: string }>
  return { at, ids: held.map((h) => h.id) }
}

/** Seconds from the kill to the completion of the slowest job the killed worker held. */
async function secondsToRecover(killed: Killed): Promise<number> {
  const [{ last }] = (await database.raw.query(
    `SELECT extract(epoch FROM max(completed_on)) * 1000 AS last, count(*) FILTER (WHERE state <> 'completed')::int AS open FROM pgboss.job WHERE id = ANY($1::uuid[])`,
    [killed.ids],
  )) as Array<{ last: number }>
  return (Number(last) - killed.at) / 1000
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}

/** The order e-mails in the outbox: how many files per "Pedido X recebido" subject. */
function receivedMails(): Map<string, number> {
  const dir = path.join(dataDir, 'outbox')
  const count = new Map<string, number>()
  let files: string[] = []
  try {
    files = readdirSync(dir)
  } catch {
    return count
  }
  for (const f of files) {
    const code = /Subject: Pedido (\S+) recebido/.exec(readFileSync(path.join(dir, f), 'utf8'))?.[1]
    if (code) count.set(code, (count.get(code) ?? 0) + 1)
  }
  return count
}

async function until(what: string, ok: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`esperou demais: ${what}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

describe.skipIf(!url)('durable jobs across processes (PostgreSQL)', () => {
  it(
    '200 orders while the worker is killed twice: each confirmation e-mail sent exactly once; a rolled-back one none; selling goes on without a worker',
    { timeout: 240_000 },
    async () => {
      const db = database.db
      const fx = await insertCatalogFixture(db)
      const payments = installTestSandbox(db)
      const [p] = await db
        .insert(products)
        .values({
          hash: 'fila-dur',
          linkReal: 'produto-fila',
          titulo: 'Produto da Fila',
          priceCents: 1000,
          stock: 1000,
          categoryId: fx.cat.audio.id,
          sku: 'FILA-1',
        })
        .returning()
      const shoppers: Shopper[] = []
      for (let i = 0; i < 201; i++) {
        const s = await createShopper(db, `fila${i}`)
        await fillCart(db, s, p.id, 1)
        await completeCheckout(db, s, 'pix')
        shoppers.push(s)
      }
      const deps = { db, env: { ...testEnv, dataDir }, store: storeProfile, log: pino({ level: 'silent' }), payments, origin: 'http://loja.test' }
      const codes: string[] = []
      const place = async (batch: Shopper[]) => {
        for (const r of await Promise.all(batch.map((s) => placeOrder(deps, s, {})))) {
          if (!('pedido' in r)) throw new Error(`pedido recusado: ${JSON.stringify(r)}`)
          codes.push(r.pedido)
        }
      }

      // Rolled back after its e-mail was enqueued (the job row was written in the transaction): no
      // order, no job, no e-mail.
      let enqueued = 0
      const failing = {
        ...deps,
        beforeCommit: async (tx: Tx) => {
          const found = await tx.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'email'`)
          enqueued = Number((found as unknown as Array<{ n: number }>)[0]?.n)
          throw new Error('falha no fim')
        },
      }
      await expect(placeOrder(failing, shoppers[200]!, {})).rejects.toThrow('falha no fim')
      expect(enqueued).toBe(1)
      expect(await jobStates(database, 'email')).toEqual({})

      let worker = await startWorker()
      await place(shoppers.slice(0, 70))
      await until('algum e-mail enviado', async () => receivedMails().size > 0, 30_000)
      const killed = await killInFlight(worker)
      expect(killed.ids.length).toBeGreaterThan(0)
      await place(shoppers.slice(70, 100))
      worker = await startWorker()
      // What the dead worker held runs again within a minute of the kill (docs/decisions/0125).
      await until(
        'e-mails do processo morto enviados',
        async () =>
          Number(
            (
              (await database.raw.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE id = ANY($1::uuid[]) AND state = 'completed'`, [
                killed.ids,
              ])) as Array<{
                n: number
              }>
            )[0]!.n,
          ) === killed.ids.length,
        90_000,
      )
      expect(await secondsToRecover(killed)).toBeLessThan(60)
      await place(shoppers.slice(100, 140))
      await killInFlight(worker)

      // No worker: the store keeps selling, the e-mails wait in the queue.
      await place(shoppers.slice(140, 200))
      const waiting = await jobStates(database, 'email')
      expect((waiting.created ?? 0) + (waiting.retry ?? 0) + (waiting.active ?? 0)).toBeGreaterThan(0)
      expect(codes).toHaveLength(200)

      // Back: the queue drains, jobs left active by the killed worker included (expiry 25 s + maintenance every 10 s).
      worker = await startWorker()
      await until(
        'fila de e-mails vazia',
        async () => {
          const s = await jobStates(database, 'email')
          return !s.created && !s.retry && !s.active
        },
        120_000,
      )
      // Jobs the killed workers held were run again (after their expiry) — and still sent once.
      const [{ again }] = (await database.raw.query(`SELECT count(*)::int AS again FROM pgboss.job WHERE name = 'email' AND retry_count > 0`, [])) as Array<{
        again: number
      }>
      expect(again).toBeGreaterThan(0)
      const mails = receivedMails()
      expect([...mails.keys()].sort()).toEqual([...codes].sort())
      expect([...mails.values()].every((n) => n === 1)).toBe(true)
      const [{ n }] = (await database.raw.query(`SELECT count(*)::int AS n FROM sent_mail WHERE subject LIKE 'Pedido % recebido'`, [])) as Array<{ n: number }>
      expect(n).toBe(200)
      const events = (await database.raw.query(`SELECT order_id, count(*)::int AS n FROM order_events WHERE kind = 'email' GROUP BY order_id`, [])) as Array<{
        n: number
      }>
      expect(events).toHaveLength(200)
      expect(events.every((e) => e.n === 1)).toBe(true)
      await killHard(worker)
    },
  )

  it('a scheduled job runs once per schedule with three processes up', { timeout: 140_000 }, async () => {
    const started = new Date()
    await Promise.all([startWorker(), startWorker(), startWorker()])
    // pg-boss makes each minute's job through its own queue, one row per queue and minute (singleton_on).
    const q = async <T>(text: string) => (await database.raw.query(text, [started.toISOString()])) as T[]
    const counts = async () => ({
      slots: await q<{ queue: string; slot: string; n: number; done: number }>(
        `SELECT singleton_key AS queue, singleton_on::text AS slot, count(*)::int AS n, count(*) FILTER (WHERE state = 'completed')::int AS done
           FROM pgboss.job WHERE name = '__pgboss__send-it' AND created_on >= $1 GROUP BY singleton_key, singleton_on`,
      ),
      runs: await q<{ queue: string; n: number; done: number }>(
        `SELECT name AS queue, count(*)::int AS n, count(*) FILTER (WHERE state = 'completed')::int AS done
           FROM pgboss.job WHERE name IN ('pedidos-vencidos', 'conciliacao-pagamentos') AND created_on >= $1 GROUP BY name`,
      ),
    })
    // One minute's schedule of each queue, run (three clocks raced to make it: one job came of it).
    await until('uma rodada de cada fila', async () => (await counts()).runs.filter((r) => r.done >= 1).length === 2, 110_000)
    const { slots, runs } = await counts()
    for (const queue of ['pedidos-vencidos', 'conciliacao-pagamentos']) {
      const mine = slots.filter((s) => s.queue === queue)
      // Three processes each watch the clock: still one job per minute…
      expect(mine.every((s) => s.n === 1)).toBe(true)
      // …and one run per minute's job.
      const run = runs.find((r) => r.queue === queue)!
      expect(run.n).toBeGreaterThanOrEqual(mine.filter((s) => s.done === 1).length)
      expect(run.n).toBeLessThanOrEqual(mine.length)
    }
  })
})
