import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'

/**
 * Multi-row insert through one JSON parameter (`jsonb_to_recordset`): much cheaper than a VALUES list
 * with thousands of bind parameters, and the same on PGlite and postgres-js. `types` maps column names
 * to SQL types; row objects use the same (snake_case) keys.
 */
export async function insertRecords<R = Record<string, unknown>>(
  db: Db,
  table: string,
  types: Record<string, string>,
  rows: object[],
  returning?: string,
): Promise<R[]> {
  if (rows.length === 0) return []
  const columns = Object.keys(types)
    .map((c) => `"${c}"`)
    .join(', ')
  const definitions = Object.entries(types)
    .map(([c, t]) => `"${c}" ${t}`)
    .join(', ')
  const result = await db.execute(
    sql`insert into ${sql.identifier(table)} (${sql.raw(columns)}) select ${sql.raw(columns)} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${sql.raw(definitions)})${sql.raw(returning ? ` returning ${returning}` : '')}`,
  )
  // PGlite answers { rows }, postgres-js an array of rows.
  return (Array.isArray(result) ? result : (result as { rows: R[] }).rows) as R[]
}
