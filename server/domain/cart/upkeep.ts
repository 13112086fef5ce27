import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { rows } from '../../db/sql'

/** Anonymous carts untouched this long are deleted by the maintenance job. */
export const IDLE_CART_MS = 30 * 24 * 60 * 60 * 1000

/**
 * Deletes anonymous carts (no customer) not changed for IDLE_CART_MS, and those whose session is
 * gone (nobody can reach them again); their lines go with them. Customers' carts stay. Returns how
 * many carts were deleted. Several instances may run it at once: a cart is deleted once.
 */
export async function deleteIdleCarts(db: Db, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDLE_CART_MS)
  const deleted = await rows<{ id: number }>(
    db,
    sql`DELETE FROM carts WHERE customer_id IS NULL AND (updated_at < ${cutoff.toISOString()} OR session_id IS NULL)
        RETURNING id`,
  )
  return deleted.length
}

/**
 * Moves every line of cart `from` into cart `into` and deletes `from`, in one statement (so a
 * login can merge the visitor's cart into the customer's without a window where either is half
 * done): a line of a product and option both carts hold adds the quantities, capped at the current
 * stock (never below what `into` already had); the other lines keep their tokens; a coupon on `from`
 * replaces the one on `into` (the shopper applied it last). Returns the
 * number of lines moved or merged.
 */
export async function mergeCarts(db: Db, from: number, into: number): Promise<number> {
  if (from === into) return 0
  const [row] = await rows<{ n: number }>(
    db,
    sql`WITH moved AS (
          DELETE FROM cart_items WHERE cart_id = ${from} RETURNING product_id, option_id, token, quantity, added_at
        ), merged AS (
          INSERT INTO cart_items AS ci (cart_id, product_id, option_id, token, quantity, added_at)
          SELECT ${into}, product_id, option_id, token, quantity, added_at FROM moved
          ON CONFLICT ON CONSTRAINT cart_items_line_uq DO UPDATE SET quantity = GREATEST(ci.quantity, LEAST(
            ci.quantity + excluded.quantity,
            (SELECT coalesce(o.stock, p.stock) FROM products p LEFT JOIN variation_options o ON o.id = excluded.option_id
             WHERE p.id = excluded.product_id)))
          RETURNING 1
        ), emptied AS (
          DELETE FROM carts WHERE id = ${from}
        ), touched AS (
          UPDATE carts SET updated_at = now(), coupon_code = coalesce((SELECT coupon_code FROM carts WHERE id = ${from}), coupon_code) WHERE id = ${into}
        )
        SELECT count(*)::int AS n FROM merged`,
  )
  return Number(row?.n ?? 0)
}
