import pino from 'pino'
import type { Database } from '../../server/db/client'
import type { Env } from '../../server/env'
import { startJobs, type Jobs } from '../../server/jobs/runner'
import { storeProfile } from '../../server/store-profile'
import { testEnv } from './app'

/**
 * The job queue's e-mails running in the test process over `database`, as `npm start` runs them:
 * they land in env.dataDir's outbox. The scheduled rounds stay off (tests run them by hand), unless
 * `rounds`. Stop it (afterAll) before the database closes.
 */
export function runJobs(database: Database, env: Partial<Env> = {}, options: { rounds?: boolean } = {}): Promise<Jobs> {
  return startJobs({ database, env: { ...testEnv, ...env }, store: storeProfile, log: pino({ level: 'silent' }) }, { rounds: options.rounds ?? false })
}

/** How many jobs of `queue` are in each state (pg-boss's table). */
export async function jobStates(database: Database, queue: string): Promise<Record<string, number>> {
  const rows = await database.raw.query(`SELECT state::text AS state, count(*)::int AS n FROM pgboss.job WHERE name = $1 GROUP BY state`, [queue])
  return Object.fromEntries((rows as Array<{ state: string; n: number }>).map((r) => [r.state, r.n]))
}

/** Waits until no job of `queue` is waiting or running (up to `ms`). */
export async function drained(database: Database, queue = 'email', ms = 20_000): Promise<void> {
  const until = Date.now() + ms
  for (;;) {
    const s = await jobStates(database, queue)
    if (!s.created && !s.retry && !s.active) return
    if (Date.now() > until) throw new Error(`fila ${queue} não esvaziou: ${JSON.stringify(s)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The written e-mails queued for `to`, oldest first (the job's data, before any delivery). */
export async function queuedMails(
  database: Database,
  to: string,
): Promise<Array<{ subject: string; text: string; html: string; headers?: Record<string, string> }>> {
  const rows = await database.raw.query(
    `SELECT data->'mail' AS mail FROM pgboss.job WHERE name = 'email' AND data->'mail'->>'to' = $1 ORDER BY created_on, id`,
    [to],
  )
  return (rows as Array<{ mail: { subject: string; text: string; html: string; headers?: Record<string, string> } }>).map((r) => r.mail)
}
