import { getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { rm } from 'node:fs/promises'
import type { Db } from '../db/client'
import * as schema from '../db/schema'
import { mediaDir } from './media'

/**
 * Empties every table of the schema (ids restart at 1) and deletes the generated media. The audit
 * log refuses TRUNCATE (migration audit_log_no_truncate); emptying the whole demo store is the
 * owner's deliberate act, so its guard is lifted inside this one transaction only (ALTER TABLE
 * locks the table: no other connection sees it lifted).
 */
export async function clearStore(db: Db, dataDir: string): Promise<void> {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable))
  const names = tables.map((t) => `"${getTableName(t)}"`).join(', ')
  await db.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_truncate`)
    await tx.execute(sql.raw(`TRUNCATE TABLE ${names} RESTART IDENTITY CASCADE`))
    await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_truncate`)
  })
  await rm(mediaDir(dataDir), { recursive: true, force: true })
}
