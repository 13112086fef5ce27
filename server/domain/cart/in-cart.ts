import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { memoPerDb } from '../../lib/memo'
import { rows } from '../catalog/sql'
import { forgetPersonal } from '../session/personal-memory'

/**
 * How long this process trusts what it last read of a session's cart for the in-cart marker (crr)
 * on product answers. Cart writers call forgetCartProducts at once; another instance on the same
 * PostgreSQL catches up within this time. The cart itself (listing, totals, checkout) is always
 * read from the database.
 */
export const CART_MEMORY_MS = 10_000
const memory = memoPerDb<ReadonlySet<number>>(CART_MEMORY_MS, 20_000)

/** Ids of the products in the session's cart. */
export function cartProductIds(db: Db, sessionId: string): Promise<ReadonlySet<number>> {
  return memory.get(db, sessionId, async () => {
    const found = await rows<{ product_id: number }>(
      db,
      sql`SELECT DISTINCT ci.product_id FROM carts ct JOIN cart_items ci ON ci.cart_id = ct.id WHERE ct.session_id = ${sessionId}`,
    )
    return new Set(found.map((r) => Number(r.product_id)))
  })
}

/** Call after any change to the session's cart (also forgets its remembered badge count). */
export function forgetCartProducts(db: Db, sessionId: string): void {
  memory.forget(db, sessionId)
  forgetPersonal(db, sessionId)
}
