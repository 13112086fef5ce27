import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { cartItems } from '../../db/schema'
import { rows } from '../../db/sql'
import { sessionCartId } from './owner'

/**
 * The in-cart marker (crr) and the header badge (DataMenu's ItensCar) are read from the database on
 * every request, from the session's cart (owner.ts): a cart change on any instance shows at once
 * (docs/decisions/0034-nothing-personal-in-process.md).
 */

/** Ids of the products in the session's cart (detalhe-produto's crr). */
export async function cartProductIds(db: Db, sessionId: string): Promise<ReadonlySet<number>> {
  const found = await rows<{ product_id: number }>(
    db,
    sql`SELECT DISTINCT ci.product_id FROM cart_items ci WHERE ci.cart_id = ${sessionCartId(sessionId)}`,
  )
  return new Set(found.map((r) => Number(r.product_id)))
}

/**
 * Whether the session's cart holds the product (detalhe-produto's crr): one indexed read. A session
 * that ended has no cart that counts, but asking for it is harmless: its answer is only ever a
 * reason to render instead of serving a kept copy.
 */
export async function isInCart(db: Db, sessionId: string, productId: number): Promise<boolean> {
  const [row] = await rows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM cart_items ci WHERE ci.cart_id = ${sessionCartId(sessionId)} AND ci.product_id = ${productId}) AS found`,
  )
  return Boolean(row?.found)
}

/** Number of pieces in the session's cart (the header badge). */
export async function countCartItems(db: Db, sessionId: string | null): Promise<number> {
  if (!sessionId) return 0
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(sql`${cartItems.cartId} = ${sessionCartId(sessionId)}`)
  return Number(row?.n ?? 0)
}
