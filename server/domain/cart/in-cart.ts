import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { cartItems, carts } from '../../db/schema'
import { rows } from '../../db/sql'

/**
 * The in-cart marker (crr) and the header badge (DataMenu's ItensCar) are read from the database on
 * every request, by the cart's unique session index: a cart change on any instance shows at once
 * (docs/decisions/0034-nothing-personal-in-process.md).
 */

/** Ids of the products in the session's cart (detalhe-produto's crr). */
export async function cartProductIds(db: Db, sessionId: string): Promise<ReadonlySet<number>> {
  const found = await rows<{ product_id: number }>(
    db,
    sql`SELECT DISTINCT ci.product_id FROM carts ct JOIN cart_items ci ON ci.cart_id = ct.id WHERE ct.session_id = ${sessionId}`,
  )
  return new Set(found.map((r) => Number(r.product_id)))
}

/** Number of pieces in the session's cart (the header badge). */
export async function countCartItems(db: Db, sessionId: string | null): Promise<number> {
  if (!sessionId) return 0
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.sessionId, sessionId))
  return Number(row?.n ?? 0)
}
