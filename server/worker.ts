import { openDatabase } from './db/client'
import { sharedBuffersFor } from './db/buffers'
import { createPaymentProvider, setPaymentProvider } from './domain/payment/gateway'
import { createFiscalProvider, setFiscalProvider } from './domain/fiscal/gateway'
import { loadEnv } from './env'
import { watchQueues } from './jobs/metrics'
import { serveWorkerMetrics } from './jobs/metrics-server'
import { startJobs } from './jobs/runner'
import { createLogger } from './log'
import { storeProfile } from './store-profile'
import path from 'node:path'

/**
 * `npm run worker`: the job queue without the HTTP server — e-mails, order expiry, payment
 * reconciliation, maintenance (docs/decisions/0125-durable-jobs.md). Several may run at once on one
 * PostgreSQL; each job runs once. It runs the migrations too (a worker may start before any instance).
 */
async function main(): Promise<void> {
  const env = loadEnv()
  const log = createLogger(env.LOG_LEVEL)
  const dbDir = path.join(env.dataDir, 'db')
  const database = env.DATABASE_URL
    ? await openDatabase({ url: env.DATABASE_URL })
    : await openDatabase({ dir: dbDir, sharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB ?? sharedBuffersFor(dbDir) })
  if (database.kind === 'pglite') log.warn('worker no banco embutido: pare a loja antes (o PGlite aceita um processo só); `npm start` já roda as tarefas')
  await database.migrate()
  setPaymentProvider(database.db, createPaymentProvider(env, database.db, log))
  setFiscalProvider(database.db, createFiscalProvider(env, log))
  const jobs = await startJobs({ database, env, store: storeProfile, log })
  watchQueues(database.raw)
  const metricsServer = env.WORKER_METRICS_PORT ? await serveWorkerMetrics(env.WORKER_METRICS_PORT, env.METRICS_TOKEN, log) : null
  log.info({ db: database.kind, metricas: env.WORKER_METRICS_PORT ?? null }, 'worker: tarefas em execução')
  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    log.info({ signal }, 'worker: encerrando')
    const force = setTimeout(() => process.exit(1), 15_000)
    force.unref()
    metricsServer?.close()
    void jobs
      .stop()
      .then(() => database.close())
      .then(() => process.exit(0))
  }
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
