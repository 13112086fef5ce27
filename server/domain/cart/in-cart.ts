import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { cartItems, sessions } from '../../db/schema'
import { cachePerDb, cartTag, forgetTags } from '../../cache'
import { rows } from '../../db/sql'
import { sessionCartId } from './owner'

/**
 * How long this process trusts what it last read of a session's cart for the in-cart marker (crr)
 * on product answers and the header badge (DataMenu's ItensCar). Cart writers call
 * forgetCartProducts at once; another instance on the same PostgreSQL catches up within this time.
 * The cart listing (list.ts) is kept as long; an order's prices are always read from the database.
 */
export const CART_CACHE_TTL_MS = 10_000

const inCart = cachePerDb<Promise<ReadonlySet<number>>>({ name: 'cart-products', ttlMs: CART_CACHE_TTL_MS, maxEntries: 20_000, scope: 'session' })

/** Ids of the products in the session's cart. */
export function cartProductIds(db: Db, sessionId: string): Promise<ReadonlySet<number>> {
  return inCart.of(db).getOrCompute(
    sessionId,
    async () => {
      const found = await rows<{ product_id: number }>(
        db,
        sql`SELECT DISTINCT ci.product_id FROM cart_items ci WHERE ci.cart_id = ${sessionCartId(sessionId)}`,
      )
      return new Set(found.map((r) => Number(r.product_id)))
    },
    { tags: [cartTag(sessionId)] },
  )
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

/** Call after any change to the session's cart: drops whatever this process keeps of it (in-cart set, badge, listing). */
export function forgetCartProducts(db: Db, sessionId: string): void {
  forgetTags(db, [cartTag(sessionId)])
}

/**
 * After a change to a customer's cart: this process forgets what it kept of the cart for each of
 * the customer's sessions (every device shows the change at once; another instance within
 * CART_CACHE_TTL_MS, as for any cart).
 */
export async function forgetCustomerCart(db: Db, customerId: number | null): Promise<void> {
  if (customerId == null) return
  const held = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.customerId, customerId))
  for (const { id } of held) forgetCartProducts(db, id)
}
