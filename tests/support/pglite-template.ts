import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite cluster every test database starts from (tests/support/db.ts). */
    pgliteTemplate: string
  }
}

const migrations = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../server/db/migrations')

/**
 * Vitest's global setup: one PGlite cluster migrated once and dumped, which each test file's
 * database loads instead of running initdb and every migration again (about 10 s a file on a
 * loaded 2-core machine, 1–2 s loaded). Kept in the system's temporary folder under the hash of the
 * migrations, so a run after a new migration makes a new one. Nothing to do on PostgreSQL.
 */
export default async function setup(project: TestProject): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return
  const hash = createHash('sha256')
  for (const file of readdirSync(migrations, { recursive: true }).map(String).sort()) {
    const full = path.join(migrations, file)
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full))
  }
  const file = path.join(os.tmpdir(), `vitrine-pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`)
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
