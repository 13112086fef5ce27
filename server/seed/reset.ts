import { getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { rm } from 'node:fs/promises'
import type { Db } from '../db/client'
import * as schema from '../db/schema'
import { mediaDir } from './media'

/** Empties every table of the schema (ids restart at 1) and deletes the generated media. */
export async function clearStore(db: Db, dataDir: string): Promise<void> {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable))
  const names = tables.map((t) => `"${getTableName(t)}"`).join(', ')
  await db.execute(sql.raw(`TRUNCATE TABLE ${names} RESTART IDENTITY CASCADE`))
  await rm(mediaDir(dataDir), { recursive: true, force: true })
}
