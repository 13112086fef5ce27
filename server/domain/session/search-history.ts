import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { searchHistory } from '../../db/schema'
import { cleanText } from '../../db/sql'
import { batcher } from '../../lib/batch'

/** How many recent searches a visitor keeps (DataMenu histBusca). */
export const SEARCH_HISTORY_SIZE = 8
/** Longest term kept in the visitor's search history. */
export const HISTORY_TERM_MAX = 80
/** Searches are written in batches at most this long after they were made. */
export const HISTORY_FLUSH_MS = 1_000
const MAX_PENDING = 1_000

type Pending = { sessionId: string; term: string; at: number }
/** Keyed by session and term: a term repeated within a batch is one row. */
const searches = batcher<string, Pending>({ flushMs: HISTORY_FLUSH_MS, max: MAX_PENDING, write: (db, items) => writeSearches(db, items) })

/** The term as the history keeps it: control characters out, trimmed, cut at HISTORY_TERM_MAX. */
export function historyTerm(term: string): string {
  return Array.from(cleanText(term).trim()).slice(0, HISTORY_TERM_MAX).join('').trim()
}

/**
 * Queues a search for the visitor's history; resolves true once written (false when writing
 * failed). A shopper paging through results repeats the same term: within one batch it is one row,
 * and in the table the same term only moves to the top. Call flushSearchHistory before reading the
 * history (recentSearches does) and before closing the database.
 */
export function rememberSearch(db: Db, sessionId: string, term: string): Promise<boolean> {
  return rememberHistoryTerm(db, sessionId, historyTerm(term))
}

/** rememberSearch for a term already in its history form (historyTerm), as a kept answer holds it. */
export function rememberHistoryTerm(db: Db, sessionId: string, stored: string): Promise<boolean> {
  if (!stored) return Promise.resolve(true)
  const at = Date.now()
  return searches.add(db, `${sessionId}\u0000${stored}`, (queued) => {
    if (!queued) return { sessionId, term: stored, at }
    queued.at = at
    return queued
  })
}

/** True when searches of this session wait to be written. */
function hasPendingSearches(db: Db, sessionId: string): boolean {
  for (const item of searches.pending(db)) if (item.sessionId === sessionId) return true
  return false
}

/** The session's most recent searches, newest first (searches still queued are written first). */
export async function recentSearches(db: Db, sessionId: string | null): Promise<string[]> {
  if (!sessionId) return []
  if (hasPendingSearches(db, sessionId)) await flushSearchHistory(db)
  const found = await db
    .select({ term: searchHistory.term })
    .from(searchHistory)
    .where(eq(searchHistory.sessionId, sessionId))
    .orderBy(desc(searchHistory.searchedAt))
    .limit(SEARCH_HISTORY_SIZE)
  return found.map((r) => r.term)
}

/** Writes every queued search now (before reading a history, at shutdown, in tests). */
export function flushSearchHistory(db?: Db): Promise<void> {
  return searches.flush(db)
}

/**
 * One statement per batch: upsert the terms (sessions that ended meanwhile are skipped), then keep
 * only the SEARCH_HISTORY_SIZE most recent per session touched.
 */
async function writeSearches(db: Db, items: ReadonlyMap<string, Pending>): Promise<void> {
  const payload = JSON.stringify([...items.values()].map((i) => ({ session_id: i.sessionId, term: i.term, at: new Date(i.at).toISOString() })))
  await db.execute(
    sql`WITH v AS (
          SELECT x.session_id, x.term, x.at FROM jsonb_to_recordset(${payload}::jsonb) AS x(session_id text, term text, at timestamptz)
          WHERE EXISTS (SELECT 1 FROM sessions s WHERE s.id = x.session_id)
        ), up AS (
          INSERT INTO search_history (session_id, term, searched_at) SELECT session_id, term, at FROM v
          ON CONFLICT (session_id, term) DO UPDATE SET searched_at = GREATEST(search_history.searched_at, excluded.searched_at)
          RETURNING session_id
        )
        SELECT count(*) FROM up`,
  )
  await db.execute(
    sql`DELETE FROM search_history h USING (
          SELECT id, row_number() OVER (PARTITION BY session_id ORDER BY searched_at DESC, id DESC) AS n
          FROM search_history
          WHERE session_id IN (SELECT x.session_id FROM jsonb_to_recordset(${payload}::jsonb) AS x(session_id text))
        ) r
        WHERE h.id = r.id AND r.n > ${SEARCH_HISTORY_SIZE}`,
  )
}
