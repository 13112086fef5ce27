import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import postgres from 'postgres'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../server/db/client'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite cluster every test database starts from (tests/support/db.ts). */
    pgliteTemplate: string
    /** On PostgreSQL: the migrated database every test file's database is copied from. */
    postgresTemplate: string
  }
}

const migrations = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../server/db/migrations')

/** The hash of every migration: a template made from other migrations is never used. */
function migrationsHash(): string {
  const hash = createHash('sha256')
  for (const file of readdirSync(migrations, { recursive: true }).map(String).sort()) {
    const full = path.join(migrations, file)
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full))
  }
  return hash.digest('hex').slice(0, 16)
}

/**
 * Vitest's global setup: one PGlite cluster migrated once and dumped, which each test file's
 * database loads instead of running initdb and every migration again (about 10 s a file on a
 * loaded 2-core machine, 1–2 s loaded). Kept in the system's temporary folder under the hash of the
 * migrations, so a run after a new migration makes a new one. On PostgreSQL, the same idea with
 * the server's own templates (postgresTemplate).
 */
export default async function setup(project: TestProject): Promise<void> {
  const hash = migrationsHash()
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresTemplate', await postgresTemplate(process.env.TEST_DATABASE_URL, hash))
    return
  }
  const file = path.join(os.tmpdir(), `vitrine-pglite-${hash}.tar.gz`)
  if (!existsSync(file)) {
    // The same engine and extensions as the store's database thread (server/db/pglite-worker.mjs).
    const pg = new PGlite({ extensions: { pg_trgm, unaccent } })
    await migrate(drizzle({ client: pg }), { migrationsFolder: migrations })
    const dump = Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer())
    await pg.close()
    // Written whole, then renamed: a run started at the same moment never reads half a file.
    const partial = `${file}.${process.pid}`
    writeFileSync(partial, dump)
    renameSync(partial, file)
  }
  project.provide('pgliteTemplate', file)
}

/**
 * A database on the PostgreSQL server migrated once, named by the migrations' hash, that each test
 * file's database is copied from (`CREATE DATABASE … TEMPLATE`, a file copy: ~0.2 s against ~6 s of
 * 35 migrations, which was about half of the PostgreSQL run). Templates of other migrations are
 * dropped beyond the newest TEMPLATES_KEPT. Made under a temporary name and renamed, so a run stopped half-way leaves none half made.
 */
const TEMPLATES_KEPT = 6

async function postgresTemplate(serverUrl: string, hash: string): Promise<string> {
  const name = `vitrine_tpl_${hash}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  try {
    // Newest first. Other checkouts on this server (worktrees, a branch's other migrations) may be
    // copying from theirs right now: only templates beyond the newest few are dropped.
    const existing = await admin<{ datname: string }[]>`SELECT datname FROM pg_database WHERE datname ~ '^vitrine_tpl_[0-9a-f]+$' ORDER BY oid DESC`
    const others = existing.filter((d) => d.datname !== name)
    for (const { datname } of others.slice(TEMPLATES_KEPT)) await admin.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)
    if (existing.some((d) => d.datname === name)) return name
    const partial = `${name}_${process.pid}`
    await admin.unsafe(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`)
    await admin.unsafe(`CREATE DATABASE ${partial}`)
    const url = new URL(serverUrl)
    url.pathname = `/${partial}`
    const database = await openDatabase({ url: url.toString(), max: 1 })
    await database.migrate()
    await database.close()
    await admin.unsafe(`ALTER DATABASE ${partial} RENAME TO ${name}`)
    return name
  } finally {
    await admin.end()
  }
}
