import { Counter, Gauge } from 'prom-client'
import type { RawSql } from '../db/client'
import { metrics } from '../metrics'
import { QUEUE_NAMES } from './queues'

/**
 * The job queue on GET /metrics (server/metrics.ts): per queue, the jobs waiting, how long the
 * oldest due one has waited, the jobs waiting for a retry after a failure, the jobs out of retries
 * (database figures: every instance reports the same), and the failed attempts of this process
 * (a worker shows its own on WORKER_METRICS_PORT, server/jobs/metrics-server.ts).
 */
type QueueFigures = { name: string; waiting: number; oldest: number; retrying: number; failed: number }

let raw: RawSql | undefined
let reading: { at: number; figures: Promise<QueueFigures[]> } | undefined

/** The database whose queues /metrics reports (set by server/main.ts). */
export function watchQueues(sql: RawSql): void {
  raw = sql
}

/** One read per scrape, shared by the three gauges. */
function figures(): Promise<QueueFigures[]> {
  if (!raw) return Promise.resolve([])
  if (reading && Date.now() - reading.at < 1000) return reading.figures
  const query = raw.query(
    `SELECT name, count(*) FILTER (WHERE state < 'active')::int AS waiting,
            COALESCE(EXTRACT(EPOCH FROM now() - min(created_on) FILTER (WHERE state < 'active' AND start_after <= now())), 0)::float8 AS oldest,
            count(*) FILTER (WHERE state = 'retry')::int AS retrying,
            count(*) FILTER (WHERE state = 'failed')::int AS failed
       FROM pgboss.job WHERE state NOT IN ('completed', 'cancelled') GROUP BY name`,
    [],
  ) as Promise<QueueFigures[]>
  reading = { at: Date.now(), figures: query.catch(() => []) }
  return reading.figures
}

function queueGauge(name: string, help: string, pick: (f: QueueFigures) => number): void {
  new Gauge({
    name,
    help,
    labelNames: ['queue'],
    registers: [metrics],
    async collect() {
      const found = new Map((await figures()).map((f) => [f.name, f]))
      for (const queue of QUEUE_NAMES) {
        const f = found.get(queue)
        this.set({ queue }, f ? Number(pick(f)) : 0)
      }
    },
  })
}

queueGauge('vitrine_jobs_waiting', 'Tarefas na fila esperando um processo de tarefas.', (f) => f.waiting)
queueGauge('vitrine_jobs_oldest_waiting_seconds', 'Há quanto tempo espera a tarefa mais antiga já na hora de rodar.', (f) => f.oldest)
queueGauge('vitrine_jobs_retrying', 'Tarefas que falharam e esperam nova tentativa.', (f) => f.retrying)
queueGauge('vitrine_jobs_failed', 'Tarefas que falharam em todas as tentativas (Tarefas com falha).', (f) => f.failed)

const failures = new Counter({
  name: 'vitrine_job_failures_total',
  help: 'Tentativas de tarefa que falharam neste processo (cada uma é tentada de novo até o limite).',
  labelNames: ['queue'],
  registers: [metrics],
})

/** Counts one failed attempt of a job of `queue`. */
export function countJobFailure(queue: string): void {
  failures.inc({ queue })
}
