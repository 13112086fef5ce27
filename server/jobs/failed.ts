import { sql } from 'drizzle-orm'
import { JOBS } from '../../contract/messages/jobs'
import type { Db } from '../db/client'
import { rows } from '../db/sql'
import { transaction } from '../db/tx'
import type { Actor } from '../domain/actor'
import { recordAudit } from '../domain/audit/record'
import { refuse, type Refusal } from '../domain/refusal'
import type { MailJob } from './mail'
import { retryFailed } from './enqueue'

/** A job out of retries, as "Tarefas com falha" lists it. */
export type FailedJob = { id: string; fila: string; resumo: string; erro: string; tentativas: number; criadaEm: Date; falhouEm: Date }

const LIST_MAX = 200

/** What the job was about, in a line a person reads. */
function summary(queue: string, data: unknown): string {
  if (queue !== 'email' || !data || typeof data !== 'object') return 'Rodada agendada'
  const job = data as Partial<MailJob>
  if (job.pedido) return `E-mail "${job.pedido.kind}" do pedido ${job.pedido.code}`
  if (job.mail) return `E-mail para ${job.mail.to}: ${job.mail.subject}`
  return 'E-mail'
}

function errorText(output: unknown): string {
  const value = typeof output === 'string' ? (JSON.parse(output) as unknown) : output
  const message = value && typeof value === 'object' && 'message' in value ? String((value as { message: unknown }).message) : null
  return message ?? 'erro sem mensagem'
}

/** The failed jobs (kept 30 days: server/jobs/runner.ts), the latest failure first. */
export async function listFailedJobs(db: Db): Promise<FailedJob[]> {
  const found = await rows<{
    id: string
    name: string
    data: unknown
    output: unknown
    retry_count: number
    created_on: string | Date
    completed_on: string | Date
  }>(
    db,
    sql`SELECT id, name, data, output, retry_count, created_on, completed_on FROM pgboss.job
        WHERE state = 'failed' ORDER BY completed_on DESC, id LIMIT ${LIST_MAX}`,
  )
  return found.map((r) => ({
    id: r.id,
    fila: r.name,
    resumo: summary(r.name, typeof r.data === 'string' ? JSON.parse(r.data) : r.data),
    erro: errorText(r.output),
    tentativas: Number(r.retry_count) + 1,
    criadaEm: new Date(r.created_on),
    falhouEm: new Date(r.completed_on),
  }))
}

/**
 * "Tentar de novo": the failed job goes back to the queue (one more try, run as soon as a worker
 * polls), with its audit line in the same transaction. A job retried meanwhile by someone else is
 * a conflict.
 */
export async function retryFailedJob(db: Db, input: { queue: string; id: string; actor: Actor }): Promise<{ id: string } | Refusal> {
  return transaction(db, async (tx) => {
    if (!(await retryFailed(tx, input.queue, input.id))) return refuse(JOBS.notFailed)
    await recordAudit(tx, {
      actor: input.actor,
      action: 'tarefa.tentar_de_novo',
      entity: 'job',
      entityId: `${input.queue}/${input.id}`,
      after: { fila: input.queue },
    })
    return { id: input.id }
  })
}
