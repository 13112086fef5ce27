import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sessions } from '../../db/schema'
import { forgetCartProducts, forgetCustomerCart } from '../cart/in-cart'
import { adoptCartAtLogin } from '../cart/merge'
import { createSession, forgetSession, type SessionRecord } from '../session/session'

/** A session just created for a customer: the cookie token (shown once) and its record. */
export type NewSession = { token: string; session: SessionRecord }

/**
 * Logs a customer in on a new session id (rotation: a session id a visitor had before login never
 * becomes a logged-in one). The visitor's cart is merged into the customer's and the old session
 * deleted in one transaction; then this process forgets what it kept of both.
 */
export async function startCustomerSession(db: Db, previous: string | null, customerId: number): Promise<NewSession> {
  const created = await createSession(db, customerId)
  const touched = await db.transaction(async (tx) => {
    const changed = await adoptCartAtLogin(tx, previous ?? '', created.session.id, customerId)
    if (previous) await tx.delete(sessions).where(eq(sessions.id, previous))
    return changed
  })
  if (previous) forgetSession(db, previous)
  for (const id of touched) if (id) forgetCartProducts(db, id)
  await forgetCustomerCart(db, customerId)
  return created
}

/** Logout: the session row goes (the cart is the customer's, on their other devices too). */
export async function endSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id))
  forgetSession(db, id)
  forgetCartProducts(db, id)
}

/** Ends every session of a customer but `keep` (a password change or reset). */
export async function endOtherSessions(db: Db, customerId: number, keep: string | null): Promise<void> {
  const where = keep ? and(eq(sessions.customerId, customerId), ne(sessions.id, keep)) : eq(sessions.customerId, customerId)
  const ended = await db.delete(sessions).where(where).returning({ id: sessions.id })
  for (const { id } of ended) {
    forgetSession(db, id)
    forgetCartProducts(db, id)
  }
}
