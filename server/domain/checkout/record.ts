import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { checkouts } from '../../db/schema'
import { randomToken } from '../../lib/tokens'

/** Whose checkout: the session it belongs to and its logged-in customer. */
export type CheckoutOwner = { sessionId: string; customerId: number }

export type CheckoutRecord = typeof checkouts.$inferSelect

/** What the checkout calls change. */
export type CheckoutPatch = Partial<
  Pick<
    CheckoutRecord,
    'nome' | 'email' | 'cpf' | 'celular' | 'empresa' | 'addressId' | 'shippingIndex' | 'shippingQuote' | 'stationId' | 'paymentMethod' | 'parcelas'
  >
>

/** The session's checkout when it is this customer's; a record left by another login counts as none. */
export async function findCheckout(db: Db, owner: CheckoutOwner): Promise<CheckoutRecord | null> {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.sessionId, owner.sessionId), eq(checkouts.customerId, owner.customerId)))
    .limit(1)
  return row ?? null
}

/**
 * Writes a change to the session's checkout, creating it at the first one. After its order was
 * placed, a change starts a new purchase: a new placement key and no order (the order stays).
 */
export async function saveCheckout(db: Db, owner: CheckoutOwner, patch: CheckoutPatch): Promise<void> {
  const updated = await db
    .update(checkouts)
    .set({
      ...patch,
      placementKey: sql`CASE WHEN ${checkouts.orderId} IS NULL THEN ${checkouts.placementKey} ELSE ${randomToken(18)} END`,
      orderId: null,
      updatedAt: new Date(),
    })
    .where(and(eq(checkouts.sessionId, owner.sessionId), eq(checkouts.customerId, owner.customerId)))
    .returning({ id: checkouts.id })
  if (updated.length) return
  // None yet, or one of another customer on this session (a logout and login): start afresh.
  await db.delete(checkouts).where(eq(checkouts.sessionId, owner.sessionId))
  const inserted = await db
    .insert(checkouts)
    .values({ sessionId: owner.sessionId, customerId: owner.customerId, placementKey: randomToken(18), ...patch })
    .onConflictDoNothing()
    .returning({ id: checkouts.id })
  // A concurrent first write won the insert: apply this change over it.
  if (!inserted.length) await saveCheckout(db, owner, patch)
}
