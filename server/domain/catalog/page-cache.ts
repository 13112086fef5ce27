import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'

/**
 * A short-lived, per-process memory of listing and search pages (ids, totals, facets — never the
 * cards, which are always read fresh with their stock and prices). Popular searches repeat within
 * seconds; a page may lag a catalog change by at most the TTL, like a CDN-cached listing would.
 */
export const PAGE_CACHE_TTL_MS = 30_000
const MAX_ENTRIES = 1_000

type Entry = { at: number; value: Promise<unknown> }
const caches = new WeakMap<Db, Map<string, Entry>>()
const dialect = new PgDialect()

/** The query's text and parameters: the cache key. */
export function queryKey(query: SQL): string {
  const { sql, params } = dialect.sqlToQuery(query)
  return `${sql}\u0000${JSON.stringify(params)}`
}

/** Answers from memory when the same key was computed less than the TTL ago; failures are not kept. */
export function cached<T>(db: Db, key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  let cache = caches.get(db)
  if (!cache) {
    cache = new Map()
    caches.set(db, cache)
  }
  const hit = cache.get(key)
  if (hit && now - hit.at < PAGE_CACHE_TTL_MS) return hit.value as Promise<T>
  const value = compute()
  cache.delete(key)
  cache.set(key, { at: now, value })
  value.catch(() => {
    if (cache.get(key)?.value === value) cache.delete(key)
  })
  // Oldest first in a Map: drop from the front when full.
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string)
  return value
}

/** Forget every remembered page of this database (after writing to the catalog, and in tests). */
export function clearPageCache(db: Db): void {
  caches.delete(db)
}
