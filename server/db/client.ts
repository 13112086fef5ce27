import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import { mkdirSync } from 'node:fs'
import { MIN_SHARED_BUFFERS_MB, sharedBuffersFor } from './buffers'
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
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

export type DatabaseOptions =
  /** PostgreSQL server. */
  | { url: string; max?: number }
  /** PGlite with files in dir; in memory when dir is undefined. Buffer cache: see buffers.ts. */
  | { dir?: string; sharedBuffersMb?: number }

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const client = postgres(options.url, { max: options.max ?? 10, onnotice: () => {} })
    const db = drizzlePostgres(client, { schema })
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(db, { migrationsFolder }),
      close: () => client.end({ timeout: 5 }),
    }
  }
  if (options.dir) mkdirSync(options.dir, { recursive: true })
  // On Node the files are written as queries run; relaxed durability only skips awaiting PGlite's
  // extra file-system sync after every query (≈1 ms each, reads included).
  const sharedBuffers = options.sharedBuffersMb ?? sharedBuffersFor(options.dir)
  const client = new PGlite({
    dataDir: options.dir,
    extensions: { pg_trgm, unaccent },
    relaxedDurability: true,
    ...(sharedBuffers !== MIN_SHARED_BUFFERS_MB
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}MB`] }
      : {}),
  })
  await client.waitReady
  const db = drizzlePglite(client, { schema })
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  }
}
