import type { SQL } from 'drizzle-orm'
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
