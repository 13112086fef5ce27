import { sql, type SQL } from 'drizzle-orm'
import type { Db } from './client'

/** Rows of a raw query, whichever driver is behind `db` (postgres-js answers an array, PGlite `{ rows }`). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown
  if (Array.isArray(result)) return result as T[]
  return ((result as { rows?: T[] }).rows ?? []) as T[]
}

/** A json/json_agg column: drivers parse it, but be tolerant of a string. */
export function fromJson<T>(value: unknown, fallback: T): T {
  if (value == null) return fallback
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T
    } catch {
      return fallback
    }
  }
  return value as T
}

/** An int[] literal for `= ANY(…::int[])`: one parameter, whatever the number of ids. */
export function intArrayLiteral(ids: readonly number[]): string {
  return `{${ids.filter((id) => Number.isSafeInteger(id)).join(',')}}`
}

/** A text[] literal for a parameter: every element quoted, `"` and `\` escaped (no NUL, see cleanText). */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`
}

/**
 * Text that is safe to send to PostgreSQL as a parameter: no NUL (refused by text columns), no other
 * control characters, no lone surrogates.
 */
export function cleanText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
}

/**
 * What `make` builds for a database, made on its first use and kept with it: a drizzle prepared
 * query belongs to one database (tests open several in one process).
 */
export function perDb<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>()
  return (db) => {
    let found = made.get(db)
    if (found === undefined) made.set(db, (found = make(db)))
    return found
  }
}

/**
 * A statement written as text with `$1`, `$2`… as drizzle SQL, each value one parameter (an array
 * as one array literal, where drizzle would spread it into a list).
 */
export function sqlFromText(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = []
  let at = 0
  for (const m of text.matchAll(/\$(\d+)/g)) {
    const value = values[Number(m[1]) - 1]
    chunks.push(sql.raw(text.slice(at, m.index)), sql`${Array.isArray(value) ? textArrayLiteral(value.map(String)) : value}`)
    at = m.index + m[0].length
  }
  chunks.push(sql.raw(text.slice(at)))
  return sql.join(chunks)
}

/** postgres.js behind a drizzle handle (database or transaction) on PostgreSQL; none on PGlite. */
type PostgresClient = { unsafe(query: string, params: unknown[], options: { prepare: boolean }): Promise<unknown[]> }
function postgresClientOf(db: Db): PostgresClient | undefined {
  const client = (db as unknown as { session?: { client?: Partial<PostgresClient> } }).session?.client
  return typeof client?.unsafe === 'function' ? (client as PostgresClient) : undefined
}

/**
 * rows() for a statement a writer runs on every call (a job's insert, an event's), written as text
 * with `$n` parameters: on PostgreSQL prepared (postgres.js names it and keeps it per connection),
 * so it is parsed and planned once per connection rather than on every call — drizzle's `execute`
 * never prepares. In `db`'s transaction when `db` is one. On PGlite, as rows() runs it.
 * Measured by `npm run bench -- --only fila`: a job's insert went from 1.39 ms to 0.43–0.61 ms
 * added to its transaction (median, PostgreSQL).
 */
export async function preparedRows<T>(db: Db, text: string, values: readonly unknown[]): Promise<T[]> {
  const client = postgresClientOf(db)
  if (!client) return rows<T>(db, sqlFromText(text, values))
  const params = values.map((v) => (Array.isArray(v) ? textArrayLiteral(v.map(String)) : v))
  return [...(await client.unsafe(text, params, { prepare: true }))] as T[]
}
