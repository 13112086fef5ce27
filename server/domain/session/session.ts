import { eq, lt, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { sessions } from '../../db/schema'
import { fromJson, perDb, textArrayLiteral } from '../../db/sql'
import { READ_BATCH_MAX, readBatcher, type ReadBatcher } from '../../lib/batch'
import { randomToken, sha256 } from '../../lib/tokens'

/** A session ends after 30 days without use: each day it is used, its 30 days start again. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
/**
 * A logged-in session ends 30 days after the login however much it is used (a stolen cookie does
 * not live for ever); the shopper logs in again. docs/decisions/0123-limits-that-hold.md.
 */
export const CUSTOMER_SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000
/** How often a session in use has its expiry moved (and its cookie sent again). */
export const SESSION_RENEW_MS = 24 * 60 * 60 * 1000
export type SessionRecord = {
  id: string
  customerId: number | null
  data: Record<string, unknown>
  /** Set by findSession on the read that moved the expiry: the answer sends the cookie again. */
  renewed?: boolean
  /** What a SessionRead brought along in the same statement (see findSession). */
  along?: unknown
}

/**
 * A route's own read of what the session owns (the badge, the recent searches…), made in the
 * session's statement: one round trip instead of two (decision 0037). `along` is a scalar SQL
 * expression of the session id; `before` runs first (e.g. writing the session's queued searches).
 */
export type SessionRead = {
  /**
   * Given the session id's SQL and its customer's (a batched read passes the columns `s.id` and
   * `s.customer_id`: sessionCartId then needs no look-up of the session again).
   */
  along: (sessionId: SQL, customerId: SQL) => SQL
  before?: (db: Db, sessionId: string) => Promise<void>
}

/** The session id a cookie token names (we store only the token's SHA-256); null for no usable token. */
export function sessionIdOf(token: string | undefined): string | null {
  return token && token.length <= 128 ? sha256(token) : null
}

/**
 * Finds the live session for a cookie token (we store only the token's SHA-256), read from the
 * database on every request — by primary key — so a logout or a login on any instance is seen by
 * every other at once (docs/decisions/0034-nothing-personal-in-process.md).
 */
export async function findSession(db: Db, token: string | undefined, now = Date.now(), read?: SessionRead): Promise<SessionRecord | null> {
  const id = sessionIdOf(token)
  if (!id) return null
  await read?.before?.(db, id)
  let found: StoredSession | undefined
  if (read) {
    found = await readsAlong(read).get(db, id)
  } else {
    const [row] = await db
      .select({ customerId: sessions.customerId, data: sessions.data, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.id, id))
      .limit(1)
    found = row && { ...row, expiresAt: row.expiresAt.getTime() }
  }
  if (!found || found.expiresAt <= now) return null
  const record: SessionRecord = { id, customerId: found.customerId, data: found.data }
  if (read) record.along = found.along
  // Idle expiry: a session read a day or more after its last renewal gets 30 days again.
  if (found.expiresAt - now >= SESSION_TTL_MS - SESSION_RENEW_MS) return record
  // A customer's session slides, but never past CUSTOMER_SESSION_MAX_MS from its login (its row's creation).
  const slid = sql.param(new Date(now + SESSION_TTL_MS), sessions.expiresAt)
  await db
    .update(sessions)
    .set({
      expiresAt: sql`CASE WHEN ${sessions.customerId} IS NULL THEN ${slid} ELSE least(${slid}, ${sessions.createdAt} + ${`${CUSTOMER_SESSION_MAX_MS} milliseconds`}::interval) END`,
      lastSeenAt: new Date(now),
    })
    .where(eq(sessions.id, id))
  return { ...record, renewed: true }
}

/** A session row as findSession judges it (expiry in ms), with what its route read along. */
type StoredSession = { customerId: number | null; data: Record<string, unknown>; expiresAt: number; along?: unknown }

/**
 * Per SessionRead, its reads of sessions asked meanwhile go in one statement (readBatcher, decision
 * 0114): DataMenu or listar-carrinho under load costs one statement per batch, not per visitor. The
 * statement is prepared once per database connection (its text never changes: the ids go as one
 * array): on PostgreSQL an unprepared statement with parameters costs a second round trip (parse and
 * describe, then bind and execute) and is planned again every time.
 */
const alongBatchers = new WeakMap<SessionRead, ReadBatcher<string, StoredSession | undefined>>()
let statements = 0

function readsAlong(read: SessionRead) {
  let found = alongBatchers.get(read)
  if (!found) {
    const name = `sessao_junto_${++statements}`
    const s = alias(sessions, 's')
    const alongStatement = perDb((db) =>
      db
        .select({
          id: s.id,
          customerId: s.customerId,
          data: s.data,
          expiresMs: sql<string>`extract(epoch FROM ${s.expiresAt}) * 1000`,
          along: sql<unknown>`(${read.along(sql`${s.id}`, sql`${s.customerId}`)})`,
        })
        .from(s)
        .where(sql`${s.id} = ANY(${sql.placeholder('ids')}::text[])`)
        .prepare(name),
    )
    found = readBatcher({
      max: READ_BATCH_MAX,
      read: async (db, ids) => {
        const got = await alongStatement(db).execute({ ids: textArrayLiteral(ids) })
        const byId = new Map(got.map((r) => [r.id, r]))
        return ids.map((id) => {
          const r = byId.get(id)
          return r && { customerId: r.customerId, data: fromJson<Record<string, unknown>>(r.data, {}), expiresAt: Number(r.expiresMs), along: r.along }
        })
      },
    })
    alongBatchers.set(read, found)
  }
  return found
}

/** Creates a session and returns its cookie token (shown once) with the record. */
export async function createSession(db: Db, customerId: number | null = null): Promise<{ token: string; session: SessionRecord }> {
  const token = randomToken(32)
  const id = sha256(token)
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS)
  await db.insert(sessions).values({ id, customerId, expiresAt })
  return { token, session: { id, customerId, data: {} } }
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()))
}
