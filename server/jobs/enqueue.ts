import PgBoss from 'pg-boss'
import type { Tx } from '../db/tx'
import type { QueueName } from './queues'
import { preparedRows } from '../db/sql'
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

/** Queues whose row was seen (they come with the migrations and are never removed while the store runs). */
const queuesSeen = new Set<string>()

/**
 * Several jobs of one queue in `tx` in one statement (a change that fills several lanes at once):
 * each exists if and only if the transaction commits, as with enqueue. pg-boss's batch insert
 * answers nothing, so the queue's row is looked for once, lest the jobs be lost silently.
 */
export async function enqueueAll(tx: Tx, queue: QueueName, data: readonly object[]): Promise<void> {
  if (data.length <= 1) {
    if (data[0]) await enqueue(tx, queue, data[0])
    return
  }
  if (!queuesSeen.has(queue)) {
    if (!(await preparedRows(tx, 'SELECT 1 FROM pgboss.queue WHERE name = $1', [queue])).length) throw new Error(`fila de tarefas ${queue} não existe`)
    queuesSeen.add(queue)
  }
  await inTransaction.insert(
    data.map((d) => ({ name: queue, data: d })),
    { db: transactionAdapter(tx) },
  )
}

/** A failed job back to its queue for one more try, in `tx`; whether it was still failed. */
export async function retryFailed(tx: Tx, queue: string, id: string): Promise<boolean> {
  // pg-boss answers the count of jobs moved (its typings say void).
  const moved = (await inTransaction.retry(queue, id, { db: transactionAdapter(tx) })) as unknown as { affected: number }
  return moved.affected === 1
}
