import { Worker } from 'node:worker_threads'

/**
 * PGlite on a thread of its own (pglite-worker.mjs), seen from the main thread as the few PGlite
 * methods drizzle's PGlite driver calls: query, exec and transaction. PGlite runs a statement to its
 * end without yielding; in the main thread a broad never-seen search (100 ms at 100k products) would
 * hold every other request — kept pages included — for that long. Here the event loop keeps serving
 * while the statement runs, and the two use both cores.
 *
 * Statements still run one at a time, in the order they arrive (PGlite has one connection); an open
 * transaction holds the others until it ends, as it does in one thread.
 */

type Results = { rows: unknown[]; fields: Array<{ name: string; dataTypeID: number }>; affectedRows?: number }
type QueryOptions = { rowMode?: 'array' | 'object' }
type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void }

/** What drizzle's PGlite session and transaction use of a PGlite instance or transaction. */
export type PgliteLike = {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results>
  exec(text: string): Promise<Results[]>
}

export type PgliteWorkerOptions = {
  /** Data folder; in memory when undefined. */
  dataDir?: string
  /** A PGlite dump (.tar.gz) to start from (client.ts). */
  fromDump?: string
  sharedBuffersMb: number
  /** PGlite's own default (no start parameter is passed for it). */
  defaultSharedBuffersMb: number
}

export class PgliteWorker implements PgliteLike {
  readonly waitReady: Promise<void>
  /** Settles if the database thread stops without being closed (the store cannot go on without it). */
  readonly failed: Promise<Error>
  private fail: (err: Error) => void = () => {}
  private closing = false
  private readonly worker: Worker
  private readonly pending = new Map<number, Pending>()
  private next = 1
  private stopped: Error | null = null
  private readonly listeners = new Map<string, Array<(payload: string) => void>>()

  constructor(options: PgliteWorkerOptions) {
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: options })
    this.worker.on('message', (m: { id: number; value?: unknown; error?: Record<string, unknown>; notify?: string; payload?: string }) => {
      if (m.notify !== undefined) {
        for (const fn of this.listeners.get(m.notify) ?? []) fn(m.payload ?? '')
        return
      }
      const waiting = this.pending.get(m.id)
      if (!waiting) return
      this.pending.delete(m.id)
      if (m.error) waiting.reject(toError(m.error))
      else waiting.resolve(m.value)
    })
    this.failed = new Promise((resolve) => (this.fail = resolve))
    const stop = (err: Error) => {
      if (!this.closing && !this.stopped) this.fail(err)
      this.stopped ??= err
      for (const waiting of this.pending.values()) waiting.reject(err)
      this.pending.clear()
    }
    this.worker.on('error', stop)
    this.worker.on('exit', (code) => stop(new Error(`o banco embutido parou (código ${code})`)))
    this.waitReady = this.call('ready', {}).then(() => undefined)
  }

  private call<T>(op: string, message: Record<string, unknown>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped)
    const id = this.next++
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      this.worker.postMessage({ ...message, id, op })
    })
  }

  query(text: string, params: unknown[] = [], options: QueryOptions = {}, tx?: number): Promise<Results> {
    return this.call('query', { text, params, rowMode: options.rowMode ?? 'object', tx })
  }

  exec(text: string, tx?: number): Promise<Results[]> {
    return this.call('exec', { text, tx })
  }

  /** Runs `fn` inside BEGIN … COMMIT on the database thread; a throw rolls back and is rethrown. */
  async transaction<T>(fn: (tx: PgliteLike) => Promise<T>): Promise<T> {
    const id = this.next++
    if (this.stopped) throw this.stopped
    await new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve: () => resolve(), reject })
      this.worker.postMessage({ id, op: 'begin' })
    })
    const tx: PgliteLike = {
      query: (text, params, options) => this.query(text, params, options, id),
      exec: (text) => this.exec(text, id),
    }
    let result: T
    try {
      result = await fn(tx)
    } catch (err) {
      await this.call('end', { tx: id, commit: false }).catch(() => {})
      throw err
    }
    await this.call('end', { tx: id, commit: true })
    return result
  }

  /**
   * LISTEN on the database thread: `fn` gets each NOTIFY payload of `channel`. A notification is
   * posted before the reply of the statement that committed it, so the writer's await returns after
   * this process has heard it.
   */
  async listen(channel: string, fn: (payload: string) => void): Promise<void> {
    const known = this.listeners.get(channel)
    if (known) return void known.push(fn)
    this.listeners.set(channel, [fn])
    await this.call('listen', { channel })
  }

  async close(): Promise<void> {
    this.closing = true
    if (!this.stopped) await this.call('close', {}).catch(() => {})
    await this.worker.terminate()
  }
}

/** The database thread's error as an Error again, with PostgreSQL's fields (code, detail, constraint…). */
function toError(fields: Record<string, unknown>): Error {
  const err = new Error(String(fields.message ?? 'erro no banco embutido'))
  Object.assign(err, fields)
  return err
}
