import PgBoss from 'pg-boss'
import type { Tx } from '../db/tx'
import type { QueueName } from './queues'
import { transactionAdapter } from './sql'

/**
 * pg-boss's statements run in a caller's transaction only (transactionAdapter): this instance never
 * opens a connection of its own. The queues' retry and expiry settings are the queue rows'
 * (queues.ts), read by the insert itself.
 */
const inTransaction = new PgBoss({ db: { executeSql: () => Promise.reject(new Error('enqueue only through a transaction')) } })

/**
 * Enqueues a job in `tx`: it exists if and only if the transaction commits
 * (docs/decisions/0125-durable-jobs.md); `startAfterSeconds` holds it back that long (a retry of its
 * own, a poll).
 */
export async function enqueue(tx: Tx, queue: QueueName, data: object, options: { startAfterSeconds?: number } = {}): Promise<string> {
  // A moment, not a number of seconds: pg-boss's insert casts the value to a timestamp before it looks.
  const later = options.startAfterSeconds ? { startAfter: new Date(Date.now() + options.startAfterSeconds * 1000) } : {}
  const id = await inTransaction.send(queue, data, { db: transactionAdapter(tx), ...later })
  // A queue row missing (a database not migrated) must not lose the job silently.
  if (!id) throw new Error(`fila de tarefas ${queue} não existe`)
  return id
}

/** A failed job back to its queue for one more try, in `tx`; whether it was still failed. */
export async function retryFailed(tx: Tx, queue: string, id: string): Promise<boolean> {
  // pg-boss answers the count of jobs moved (its typings say void).
  const moved = (await inTransaction.retry(queue, id, { db: transactionAdapter(tx) })) as unknown as { affected: number }
  return moved.affected === 1
}
