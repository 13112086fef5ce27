import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sessions } from '../../db/schema'
import { adoptCartAtLogin } from '../cart/merge'
import { createSession, type SessionRecord } from '../session/session'

/** A session just created for a customer: the cookie token (shown once) and its record. */
export type NewSession = { token: string; session: SessionRecord }

/**
 * Logs a customer in on a new session id (rotation: a session id a visitor had before login never
 * becomes a logged-in one). The visitor's cart is merged into the customer's and the old session
 * deleted in one transaction. Nothing of a session or a cart is kept in a process (decision 0034):
 * every instance sees the login at once.
 */
export async function startCustomerSession(db: Db, previous: string | null, customerId: number): Promise<NewSession> {
  const created = await createSession(db, customerId)
  await db.transaction(async (tx) => {
    await adoptCartAtLogin(tx, previous ?? '', created.session.id, customerId)
    if (previous) await tx.delete(sessions).where(eq(sessions.id, previous))
  })
  return created
}

/** Logout: the session row goes (the cart is the customer's, on their other devices too). */
export async function endSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id))
}

/** Ends every session of a customer but `keep` (a password change or reset). */
export async function endOtherSessions(db: Db, customerId: number, keep: string | null): Promise<void> {
  const where = keep ? and(eq(sessions.customerId, customerId), ne(sessions.id, keep)) : eq(sessions.customerId, customerId)
  await db.delete(sessions).where(where)
}
