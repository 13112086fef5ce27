import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv } from '../../tests/support/app'
import { createTestDatabase, testDbKind } from '../../tests/support/db'
import { drained, jobStates, runJobs } from '../../tests/support/jobs'
import type { Database } from '../db/client'
import { JOBS } from '../../contract/messages/jobs'
import { auditLog, sentMail } from '../db/schema'
import { storeProfile } from '../store-profile'
import { enqueue, enqueueAll } from './enqueue'
import { listFailedJobs, retryFailedJob } from './failed'
import { enqueueMail, type MailJob } from './mail'
import { metrics } from '../metrics'
import { watchQueues } from './metrics'
import { serveWorkerMetrics } from './metrics-server'
import { bearerMatches } from '../lib/bearer'
import { deliverMail, type Jobs } from './runner'

let database: Database
let jobs: Jobs
// Its own outbox.
const env = { ...testEnv, dataDir: `${testEnv.dataDir}-jobs-${process.pid}` }
const outbox = () => {
  try {
    return readdirSync(path.join(env.dataDir, 'outbox')).map((f) => readFileSync(path.join(env.dataDir, 'outbox', f), 'utf8'))
  } catch {
    return []
  }
}
const mail = (to: string) => ({ to, subject: `Olá ${to}`, text: 'Olá', html: '<p>Olá</p>' })

beforeAll(async () => {
  rmSync(env.dataDir, { recursive: true, force: true })
  database = await createTestDatabase()
  jobs = await runJobs(database, env)
})
afterAll(async () => {
  await jobs?.stop()
  await database?.close()
})

describe(`the job queue (${testDbKind})`, () => {
  it('an e-mail enqueued in a transaction that rolls back is never sent; a committed one is, once', async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueueMail(tx, { mail: mail('desfeito@example.com') })
        throw new Error('rollback')
      })
      .catch(() => {})
    await database.db.transaction((tx) => enqueueMail(tx, { mail: mail('feito@example.com') }))
    await drained(database)
    expect(outbox().filter((m) => m.includes('To: feito@example.com'))).toHaveLength(1)
    expect(outbox().filter((m) => m.includes('desfeito@example.com'))).toHaveLength(0)
    expect(await database.db.select().from(sentMail).where(eq(sentMail.to, 'feito@example.com'))).toHaveLength(1)
  })

  it('enqueueAll puts several jobs of one queue in one transaction, or none when it rolls back', async () => {
    const lanes = [1, 2, 3].map((n) => ({ endpoint: 900 + n, resource: `pedido:lote-${n}` }))
    await database.db.transaction((tx) => enqueueAll(tx, 'webhooks', lanes))
    await database.db
      .transaction(async (tx) => {
        await enqueueAll(tx, 'webhooks', [
          { endpoint: 999, resource: 'pedido:desfeito' },
          { endpoint: 998, resource: 'pedido:desfeito' },
        ])
        throw new Error('rollback')
      })
      .catch(() => {})
    const found = (await database.raw.query(
      `SELECT data->>'resource' AS resource FROM pgboss.job WHERE name = 'webhooks' AND data->>'resource' LIKE 'pedido:%' ORDER BY 1`,
      [],
    )) as Array<{ resource: string }>
    expect(found.map((f) => f.resource)).toEqual(['pedido:lote-1', 'pedido:lote-2', 'pedido:lote-3'])
  })

  it('a job run again under the same key delivers nothing more (outbox file and sent_mail)', async () => {
    const job: MailJob = { key: 'chave-repetida-1', mail: mail('repetido@example.com') }
    const deps = { database, env, store: storeProfile, log: pino({ level: 'silent' }) }
    await deliverMail(deps, job)
    await deliverMail(deps, job)
    // A crash after the file was written but before sent_mail: the retry finds the file.
    await database.db.delete(sentMail).where(eq(sentMail.key, job.key))
    await deliverMail(deps, job)
    expect(outbox().filter((m) => m.includes('To: repetido@example.com'))).toHaveLength(1)
    expect(outbox().find((m) => m.includes('To: repetido@example.com'))).toContain('Message-ID: <chave-repetida-1@')
  })

  it('an e-mail left in flight by a dead process runs again once the jobs are back (expiry, then a retry)', async () => {
    // The process that took it is gone: jobs stopped, its job marked active as that process left it.
    await jobs.stop()
    await database.db.transaction((tx) => enqueue(tx, 'email', { key: 'orfao-1', mail: mail('orfao@example.com') }))
    await database.raw.query(
      `UPDATE pgboss.job SET state = 'active', started_on = now() - interval '1 minute', retry_count = 0 WHERE name = 'email' AND data->>'key' = 'orfao-1'`,
      [],
    )
    expect(await jobStates(database, 'email')).toMatchObject({ active: 1 })
    const back = Date.now()
    jobs = await runJobs(database, env)
    await drained(database, 'email', 45_000)
    expect((Date.now() - back) / 1000).toBeLessThan(45)
    expect(outbox().filter((m) => m.includes('To: orfao@example.com'))).toHaveLength(1)
    const [job] = (await database.raw.query(`SELECT state::text AS state, retry_count FROM pgboss.job WHERE data->>'key' = 'orfao-1'`, [])) as Array<{
      state: string
      retry_count: number
    }>
    expect(job).toEqual({ state: 'completed', retry_count: 1 })
  }, 60_000)

  it('a failing e-mail is retried, and one out of retries is kept as failed with its error', async () => {
    await jobs.boss.updateQueue('email', { name: 'email', retryLimit: 1, retryDelay: 1, retryBackoff: false })
    // A key naming a folder the outbox lacks: every attempt fails to write.
    await database.db.transaction((tx) => enqueue(tx, 'email', { key: 'sem/pasta', mail: mail('falha@example.com') }))
    const until = Date.now() + 20_000
    while (!(await jobStates(database, 'email')).failed && Date.now() < until) await new Promise((r) => setTimeout(r, 200))
    const [failed] = (await database.raw.query(`SELECT retry_count, output FROM pgboss.job WHERE name = 'email' AND state = 'failed'`, [])) as Array<{
      retry_count: number
      output: { message: string }
    }>
    expect(failed.retry_count).toBe(1)
    expect(failed.output.message).toContain('ENOENT')
    expect(outbox().filter((m) => m.includes('falha@example.com'))).toHaveLength(0)

    // "Tarefas com falha" lists it with its error; "Tentar de novo" puts it back once, audited.
    const [listed] = await listFailedJobs(database.db)
    expect(listed).toMatchObject({ fila: 'email', resumo: 'E-mail para falha@example.com: Olá falha@example.com', tentativas: 2 })
    expect(listed!.erro).toContain('ENOENT')
    const actor = { kind: 'staff' as const, staffId: 1, name: 'Dona', ip: '203.0.113.9' }
    await jobs.boss.updateQueue('email', { name: 'email', retryLimit: 0 })
    expect(await retryFailedJob(database.db, { queue: 'email', id: listed!.id, actor })).toEqual({ id: listed!.id })
    expect(await retryFailedJob(database.db, { queue: 'email', id: listed!.id, actor })).toMatchObject({ code: JOBS.notFailed.code })
    expect(await database.db.select().from(auditLog).where(eq(auditLog.action, 'tarefa.tentar_de_novo'))).toMatchObject([
      { entity: 'job', entityId: `email/${listed!.id}`, actorId: 1 },
    ])
    // It runs again (and fails again: the folder is still missing).
    const again = Date.now() + 20_000
    while ((await listFailedJobs(database.db)).length === 0 && Date.now() < again) await new Promise((r) => setTimeout(r, 200))
    expect((await listFailedJobs(database.db))[0]).toMatchObject({ id: listed!.id, tentativas: 3 })
  })

  it('reports each queue on /metrics: waiting, the oldest wait, out of retries, failed attempts', async () => {
    watchQueues(database.raw)
    const text = await metrics.metrics()
    const value = (series: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(`${series} `))
          ?.split(' ')[1],
      )
    expect(value('vitrine_jobs_failed{queue="email"}')).toBe(1)
    expect(value('vitrine_jobs_waiting{queue="manutencao"}')).toBe(0)
    expect(value('vitrine_jobs_oldest_waiting_seconds{queue="email"}')).toBe(0)
    // The failing e-mail above: two attempts, then one more after "Tentar de novo".
    expect(value('vitrine_job_failures_total{queue="email"}')).toBe(3)
    expect(value('vitrine_jobs_retrying{queue="email"}')).toBe(0)
  })

  it("serves a worker's own /metrics on WORKER_METRICS_PORT: loopback or the token, else 404", async () => {
    const token = 'x'.repeat(24)
    const server = await serveWorkerMetrics(0, token, pino({ level: 'silent' }))
    try {
      const { port } = server.address() as AddressInfo
      const scrape = await fetch(`http://127.0.0.1:${port}/metrics`)
      expect(scrape.status).toBe(200)
      expect(await scrape.text()).toContain('vitrine_job_failures_total{queue="email"} 3')
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404)
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404)
    } finally {
      server.close()
    }
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true)
    expect(bearerMatches(`bearer  ${token} `, token)).toBe(true)
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false)
    expect(bearerMatches(`Bearer ${token}`, undefined)).toBe(false)
    expect(bearerMatches(undefined, token)).toBe(false)
  })
})
