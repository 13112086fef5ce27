// Keyset pages for the back office's lists, so a page never skips or repeats a row while others
// change. The after-sale queues (Avaliações, Mensagens, Devoluções) order by one whole number per
// row — the row's group first (what needs someone), then newest first — which is the cursor; the
// orders and products lists order by a sort column and the id, and their cursor is that pair.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm'
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

/** A page's position as the list's links give it: after the cursor `apos`, or before `antes`. */
export type KeysetQuery = { apos?: string; antes?: string }

/** A page reads backwards (then turns round) when it is asked for what comes before `antes`. */
export const readsBackwards = (page: KeysetQuery): boolean => !page.apos && Boolean(page.antes)

/**
 * The page out of the `size + 1` rows read in the walking order: at most `size` rows in the list's
 * order, and whether more rows lay beyond them in the walking direction.
 */
export function takePage<T>(found: T[], size: number, backwards: boolean): { rows: T[]; more: boolean } {
  const list = found.slice(0, size)
  if (backwards) list.reverse()
  return { rows: list, more: found.length > size }
}

/**
 * The cursors of the pages beside this one: a next page when more rows follow (or whenever it
 * walked backwards), a previous one when it came from a cursor (or walked backwards past more rows).
 */
export function pageCursors<T>(list: T[], more: boolean, page: KeysetQuery, cursorOf: (row: T) => string): { next: string | null; prev: string | null } {
  const backwards = readsBackwards(page)
  const first = list[0]
  const last = list[list.length - 1]
  return {
    next: last !== undefined && (backwards || more) ? cursorOf(last) : null,
    prev: first !== undefined && (backwards ? more : Boolean(page.apos)) ? cursorOf(first) : null,
  }
}

/**
 * One page of `select` (a SELECT whose columns include the key as `k`), after `apos` or before
 * `antes` (cursors a previous page gave), `size` rows.
 */
export async function keysetPage<T extends { k: string | number }>(
  db: Db,
  select: SQL,
  page: KeysetQuery & { por?: number },
  defaultSize = 20,
): Promise<KeysetPage<Omit<T, 'k'>>> {
  const size = page.por ?? defaultSize
  const backwards = readsBackwards(page)
  const cursor = backwards ? page.antes : page.apos
  const where = !cursor ? sql`TRUE` : backwards ? sql`s.k < ${cursor}::bigint` : sql`s.k > ${cursor}::bigint`
  const found = await rows<T>(db, sql`SELECT * FROM (${select}) s WHERE ${where} ORDER BY s.k ${backwards ? sql`DESC` : sql`ASC`} LIMIT ${size + 1}`)
  const { rows: list, more } = takePage(found, size, backwards)
  return { rows: list.map(({ k: _k, ...rest }) => rest), ...pageCursors(list, more, page, (row) => String(row.k)) }
}

/**
 * Lists newest first by id alone that only walk forwards (Auditoria, Clientes): the cursor is the last
 * id a page showed, and the next page is the rows below it; ids are never reused, so none is skipped.
 */
export const belowId = (id: SQL | AnyColumn, cursor: number): SQL => sql`${id} < ${cursor}`

/** Such a page out of the `size + 1` rows read newest first: `size` rows, and the next page's cursor when more are left. */
export function newestFirstPage<T extends { id: number }>(found: T[], size: number): { rows: T[]; next: number | null } {
  const { rows: list, more } = takePage(found, size, false)
  return { rows: list, next: more ? list[list.length - 1].id : null }
}

/**
 * Lists sorted by a column of their own (a date, a price, a title) page by the pair (value, id), so
 * each sort walks its `(value, id)` index: the cursor is that pair, as base64url JSON.
 */
export type TuplePosition = { value: string; id: number }

export const tupleCursor = (row: { sortKey: string; id: number }): string => Buffer.from(JSON.stringify([row.sortKey, row.id])).toString('base64url')

/** A tuple cursor back into its pair; null when it is not one of ours (or its value does not `fit` the sort). */
export function readTupleCursor(cursor: string, fits: (value: string) => boolean): TuplePosition | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && fits(parsed[0]) && Number.isSafeInteger(parsed[1])) {
      return { value: parsed[0], id: parsed[1] as number }
    }
  } catch {
    // not base64 JSON: not ours
  }
  return null
}

/** The rows past a tuple position in the walking direction: `(column, id) < (value, id)` walking down. */
export const pastTuple = (column: SQL, id: SQL, at: TuplePosition, cast: SQL, descending: boolean): SQL =>
  descending ? sql`(${column}, ${id}) < (${sql`${at.value}::${cast}`}, ${at.id})` : sql`(${column}, ${id}) > (${sql`${at.value}::${cast}`}, ${at.id})`

/** How many rows each status has (a filter's chips), from a `SELECT status, count(*)` over one table. */
export async function countByStatus(db: Db, table: SQL): Promise<Record<string, number>> {
  const counted = await rows<{ status: string; n: number }>(db, sql`SELECT status, count(*)::int AS n FROM ${table} GROUP BY status`)
  return Object.fromEntries(counted.map((r) => [r.status, Number(r.n)]))
}
