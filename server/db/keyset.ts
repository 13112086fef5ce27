// Keyset pages for the back office's after-sale queues (Avaliações, Mensagens, Devoluções): one
// whole number per row orders the list — the row's group first (what needs someone), then newest
// first — and is the cursor, so a page never skips or repeats a row while others are answered.
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from './client'
import { rows } from './sql'

const GROUP = 4_294_967_296 // 2^32: room for every serial id inside one group

/**
 * The ordering key over a row with `id`: `needsSomeone` (SQL boolean) rows come first, and within a
 * group the higher id (the newer row) first. Ascending order of the key is the list's order.
 */
export const queueKey = (needsSomeone: SQL, id: SQL): SQL =>
  sql`((CASE WHEN ${needsSomeone} THEN 0 ELSE 1 END)::bigint * ${GROUP}::bigint + (2147483647 - ${id})::bigint)`

export type KeysetPage<T> = { rows: T[]; next: string | null; prev: string | null }

/**
 * One page of `select` (a SELECT whose columns include the key as `k`), after `apos` or before
 * `antes` (cursors a previous page gave), `size` rows.
 */
export async function keysetPage<T extends { k: string | number }>(
  db: Db,
  select: SQL,
  page: { apos?: string; antes?: string; por?: number },
  defaultSize = 20,
): Promise<KeysetPage<Omit<T, 'k'>>> {
  const size = page.por ?? defaultSize
  const backwards = page.antes !== undefined && page.apos === undefined
  const cursor = backwards ? page.antes : page.apos
  const where = cursor === undefined ? sql`TRUE` : backwards ? sql`s.k < ${cursor}::bigint` : sql`s.k > ${cursor}::bigint`
  const found = await rows<T>(db, sql`SELECT * FROM (${select}) s WHERE ${where} ORDER BY s.k ${backwards ? sql`DESC` : sql`ASC`} LIMIT ${size + 1}`)
  const more = found.length > size
  const list = found.slice(0, size)
  if (backwards) list.reverse()
  const first = list[0]
  const last = list[list.length - 1]
  const next = backwards ? (last ? String(last.k) : null) : more && last ? String(last.k) : null
  const prev = backwards ? (more && first ? String(first.k) : null) : cursor !== undefined && first ? String(first.k) : null
  return { rows: list.map(({ k: _k, ...rest }) => rest), next, prev }
}

/** How many rows each status has (a filter's chips), from a `SELECT status, count(*)` over one table. */
export async function countByStatus(db: Db, table: SQL): Promise<Record<string, number>> {
  const counted = await rows<{ status: string; n: number }>(db, sql`SELECT status, count(*)::int AS n FROM ${table} GROUP BY status`)
  return Object.fromEntries(counted.map((r) => [r.status, Number(r.n)]))
}
