import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sessions } from '../../db/schema'
import { randomToken, sha256 } from '../../lib/tokens'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000

export type SessionRecord = {
  id: string
  customerId: number | null
  data: Record<string, unknown>
}

/** Finds the live session for a cookie token (we store only the token's SHA-256). */
export async function findSession(db: Db, token: string | undefined): Promise<SessionRecord | null> {
  if (!token || token.length > 128) return null
  const id = sha256(token)
  const [row] = await db
    .select({ id: sessions.id, customerId: sessions.customerId, data: sessions.data })
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1)
  return row ?? null
}

/** Creates a session and returns its cookie token (shown once) with the record. */
export async function createSession(
  db: Db,
  customerId: number | null = null,
): Promise<{ token: string; session: SessionRecord }> {
  const token = randomToken(32)
  const id = sha256(token)
  await db.insert(sessions).values({ id, customerId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) })
  return { token, session: { id, customerId, data: {} } }
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()))
}
