import type { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import { mkdirSync } from 'node:fs'
import { MIN_SHARED_BUFFERS_MB, sharedBuffersFor } from './buffers'
import { listenPostgres, type ListenEvents, type Listening } from './listen'
import { PgliteWorker } from './pglite-proxy'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import postgres from 'postgres'
import * as schema from './schema'

/** The one database handle type that domain code receives, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  close(): Promise<void>
  /** Embedded engine only: settles if its thread stops without close() (pglite-proxy.ts). */
  failed?: Promise<Error>
  /** LISTENs on `channel` (listen.ts); the embedded engine never loses its connection. */
  listen(channel: string, events: ListenEvents): Promise<Listening>
  /** Statements and transactions under way (holding or waiting for a connection), and the pool's size: GET /metrics. */
  poolUse(): { busy: number; size: number }
  /** Plain SQL for a library that writes its own (the job queue, server/jobs/sql.ts). */
  raw: RawSql
}

export type RawSql = {
  /** One statement with $n parameters; its rows. */
  query(text: string, values: unknown[]): Promise<unknown[]>
  /** Several statements without parameters, in one transaction; the last one's rows. */
  script(text: string): Promise<unknown[]>
}

/**
 * `client` whose `methods` count while their promise is pending. A postgres.js query is a lazy
 * promise that runs when first awaited: the count attaches through Promise.prototype.then, which
 * does not start it, and it ends when the caller's await has it settled.
 */
function counted<T extends object>(client: T, methods: string[], use: { busy: number }): T {
  const done = () => void use.busy--
  return new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop)
      if (typeof prop !== 'string' || !methods.includes(prop) || typeof value !== 'function') return value
      return (...args: unknown[]) => {
        const pending = (value as (...a: unknown[]) => unknown).apply(target, args)
        use.busy++
        Promise.prototype.then.call(pending, done, done)
        return pending
      }
    },
  })
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export type DatabaseOptions =
  /** PostgreSQL server. */
  | { url: string; max?: number }
  /**
   * PGlite with files in dir; in memory when dir is undefined. Buffer cache: see buffers.ts.
   * `fromDump`: a data folder dumped by PGlite (`dumpDataDir`, a .tar.gz) to start from instead of
   * an empty cluster — the test suite's already-migrated template (tests/support/pglite-template.ts).
   */
  | { dir?: string; sharedBuffersMb?: number; fromDump?: string }

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const max = options.max ?? 10
    const client = postgres(options.url, { max, onnotice: () => {} })
    const use = { busy: 0 }
    // drizzle runs every statement through unsafe() and every transaction through begin().
    const pool = counted(client, ['unsafe', 'begin'], use)
    const db = drizzlePostgres(pool, { schema })
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(db, { migrationsFolder }),
      close: () => client.end({ timeout: 5 }),
      listen: (channel, events) => listenPostgres(options.url, channel, events),
      poolUse: () => ({ busy: use.busy, size: max }),
      raw: {
        query: async (text, values) => [...(await pool.unsafe(text, values as never[]))],
        script: (text) => pool.begin(async (tx) => lastRows(await tx.unsafe(text).simple())),
      },
    }
  }
  if (options.dir) mkdirSync(options.dir, { recursive: true })
  // PGlite runs on a thread of its own (pglite-proxy.ts): its statements never hold the event loop.
  const client = new PgliteWorker({
    dataDir: options.dir,
    fromDump: options.fromDump,
    sharedBuffersMb: options.sharedBuffersMb ?? sharedBuffersFor(options.dir),
    defaultSharedBuffersMb: MIN_SHARED_BUFFERS_MB,
  })
  await client.waitReady
  // drizzle's PGlite driver calls only query and transaction, which the worker's proxy answers.
  const use = { busy: 0 }
  const thread = counted(client, ['query', 'transaction'], use)
  const db = drizzlePglite({ client: thread as unknown as PGlite, schema })
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
    failed: client.failed,
    poolUse: () => ({ busy: use.busy, size: 1 }),
    listen: async (channel, events) => {
      await client.listen(channel, events.notify)
      return { close: async () => {} }
    },
    raw: {
      query: async (text, values) => (await thread.query(text, values)).rows,
      script: (text) => thread.transaction(async (tx) => (await tx.exec(text)).at(-1)?.rows ?? []),
    },
  }
}

/** A simple-protocol answer is one row list, or one per statement when there were several. */
function lastRows(answer: unknown[]): unknown[] {
  const last: unknown = answer.at(-1)
  return Array.isArray(last) ? [...(last as unknown[])] : [...answer]
}
