import { and, eq, gt, lt, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sessions } from '../../db/schema'
import { randomToken, sha256 } from '../../lib/tokens'

/** A session ends after 30 days without use: each day it is used, its 30 days start again. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
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
  along: (sessionId: string) => SQL
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
  const [row] = await db
    .select({
      id: sessions.id,
      customerId: sessions.customerId,
      data: sessions.data,
      expiresAt: sessions.expiresAt,
      along: read ? sql<unknown>`(${read.along(id)})` : sql<unknown>`NULL`,
    })
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date(now))))
    .limit(1)
  const record: SessionRecord | null = row ? { id: row.id, customerId: row.customerId, data: row.data } : null
  if (record && read) record.along = row.along
  let expiresAt = row ? row.expiresAt.getTime() : 0
  // Idle expiry: a session read a day or more after its last renewal gets 30 days again.
  const renew = row !== undefined && expiresAt - now < SESSION_TTL_MS - SESSION_RENEW_MS
  if (renew) {
    expiresAt = now + SESSION_TTL_MS
    await db.update(sessions).set({ expiresAt: new Date(expiresAt), lastSeenAt: new Date(now) }).where(eq(sessions.id, id))
  }
  return record && renew ? { ...record, renewed: true } : record
}

/** Creates a session and returns its cookie token (shown once) with the record. */
export async function createSession(
  db: Db,
  customerId: number | null = null,
): Promise<{ token: string; session: SessionRecord }> {
  const token = randomToken(32)
  const id = sha256(token)
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS)
  await db.insert(sessions).values({ id, customerId, expiresAt })
  return { token, session: { id, customerId, data: {} } }
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()))
}
