import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sessions } from '../../db/schema'
import { cachePerDb, createCache } from '../../cache'
import { randomToken, sha256 } from '../../lib/tokens'

/** A session ends after 30 days without use: each day it is used, its 30 days start again. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** How often a session in use has its expiry moved (and its cookie sent again). */
export const SESSION_RENEW_MS = 24 * 60 * 60 * 1000
/**
 * How long this process trusts what it last read of a session. Every request with a cookie needs
 * its session; reading it from the cache instead of the database keeps a shopper's browsing as cheap
 * as a visitor's. Anything that changes or ends a session here calls forgetSession at once; another
 * instance on the same PostgreSQL sees the change within this time.
 */
export const SESSION_CACHE_TTL_MS = 10_000
const SESSION_CACHE_SIZE = 50_000

export type SessionRecord = {
  id: string
  customerId: number | null
  data: Record<string, unknown>
  /** Set by findSession on the read that moved the expiry: the answer sends the cookie again. */
  renewed?: boolean
}

type CachedSession = { expiresAt: number; record: SessionRecord | null }
const sessionCache = cachePerDb<CachedSession>({ name: 'sessions', ttlMs: SESSION_CACHE_TTL_MS, maxEntries: SESSION_CACHE_SIZE, scope: 'session' })

/**
 * The session row id of a cookie token: its SHA-256 (the database never holds the token), hashed
 * once per token lately seen — a shopper's every request carries the same cookie.
 */
const tokenHashes = createCache<string>({ name: 'session-token-hashes', ttlMs: Infinity, maxEntries: SESSION_CACHE_SIZE, scope: 'process' })
const sessionIdOf = (token: string) => tokenHashes.getOrCompute(token, () => sha256(token))

/**
 * Finds the live session for a cookie token (we store only the token's SHA-256). Unknown tokens are
 * cached too, so a junk cookie costs one read per SESSION_CACHE_TTL_MS, not one per request.
 */
export async function findSession(db: Db, token: string | undefined, now = Date.now()): Promise<SessionRecord | null> {
  if (!token || token.length > 128) return null
  const id = sessionIdOf(token)
  const known = sessionCache.of(db).get(id, now)
  if (known) return known.expiresAt > now ? known.record : null
  const [row] = await db
    .select({ id: sessions.id, customerId: sessions.customerId, data: sessions.data, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date(now))))
    .limit(1)
  const record = row ? { id: row.id, customerId: row.customerId, data: row.data } : null
  let expiresAt = row ? row.expiresAt.getTime() : 0
  // Idle expiry: a session read a day or more after its last renewal gets 30 days again.
  const renew = row !== undefined && expiresAt - now < SESSION_TTL_MS - SESSION_RENEW_MS
  if (renew) {
    expiresAt = now + SESSION_TTL_MS
    await db.update(sessions).set({ expiresAt: new Date(expiresAt), lastSeenAt: new Date(now) }).where(eq(sessions.id, id))
  }
  sessionCache.of(db).set(id, { expiresAt, record }, { now })
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
  const session = { id, customerId, data: {} }
  sessionCache.of(db).set(id, { expiresAt: expiresAt.getTime(), record: session })
  return { token, session }
}

/** Call after changing or deleting a session row (login, logout, data): the next read goes to the database. */
export function forgetSession(db: Db, id: string): void {
  sessionCache.of(db).delete(id)
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()))
  // Cached sessions carry their expiry and are checked against it; nothing else to forget.
}
