import { sql } from 'drizzle-orm'
import { COUPON } from '../../../contract/messages/coupons'
import type { Reason } from '../../../contract/messages/reason'
import type { Db } from '../../db/client'
import { rows } from '../../db/sql'
import type { Tx } from '../../db/tx'
import { boughtBefore, type CouponBuyer } from './offers'

/**
 * Takes one use of a coupon for an order, inside the order's placement transaction
 * (docs/decisions/0127-promotions.md). The conditional UPDATE counts the use only while the limit
 * allows it and locks the coupon's row until the order commits: of fifty placements racing for the
 * last use one gets it, the others wait and then find the limit reached. With the row held, the
 * per-customer and first-purchase counts below see every use committed before.
 */
export async function takeCouponUse(tx: Tx, couponId: number, orderId: number, buyer: { customerId: number; cpf: string }): Promise<Reason | null> {
  const db = tx as unknown as Db
  const [taken] = await rows<{ per_customer: number | null; first_purchase: boolean }>(
    db,
    sql`UPDATE coupons SET uses_count = uses_count + 1, updated_at = now()
        WHERE id = ${couponId} AND active AND (total_uses IS NULL OR uses_count < total_uses)
        RETURNING per_customer, first_purchase`,
  )
  if (!taken) return COUPON.exhausted
  if (taken.per_customer != null) {
    const [{ n }] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM coupon_uses WHERE coupon_id = ${couponId} AND released_at IS NULL
          AND (customer_id = ${buyer.customerId} OR cpf = ${buyer.cpf})`,
    )
    if (Number(n) >= Number(taken.per_customer)) return COUPON.perCustomer
  }
  if (taken.first_purchase) {
    const whose: CouponBuyer = buyer
    const [{ before }] = await rows<{ before: boolean }>(db, sql`SELECT ${boughtBefore(whose, orderId)} AS before`)
    if (before) return COUPON.firstPurchase
  }
  await db.execute(sql`INSERT INTO coupon_uses (coupon_id, order_id, customer_id, cpf) VALUES (${couponId}, ${orderId}, ${buyer.customerId}, ${buyer.cpf})`)
  return null
}

/**
 * Gives back the coupon use of an order cancelled or expired before payment, inside the
 * cancellation's transaction; once per order (the use is marked, the count lowered with it).
 */
export async function releaseCouponUse(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(sql`WITH freed AS (
      UPDATE coupon_uses SET released_at = now() WHERE order_id = ${orderId} AND released_at IS NULL RETURNING coupon_id)
    UPDATE coupons c SET uses_count = greatest(0, c.uses_count - 1), updated_at = now() FROM freed WHERE c.id = freed.coupon_id`)
}

/**
 * Takes again the use an expired order gave back, when a late payment revives it
 * (docs/decisions/0127-promotions.md): the shopper paid the discounted total, so the use counts
 * even past the coupon's limit, and the caller records that it went over. Null when the order
 * used no coupon (or its use was never given back).
 */
export async function retakeCouponUse(tx: Tx, orderId: number): Promise<{ code: string; overLimit: boolean } | null> {
  const [taken] = await rows<{ code: string; over_limit: boolean }>(
    tx as unknown as Db,
    sql`WITH back AS (
        UPDATE coupon_uses SET released_at = NULL WHERE order_id = ${orderId} AND released_at IS NOT NULL RETURNING coupon_id, customer_id, cpf)
      UPDATE coupons c SET uses_count = c.uses_count + 1, updated_at = now() FROM back WHERE c.id = back.coupon_id
      RETURNING c.code, (c.total_uses IS NOT NULL AND c.uses_count > c.total_uses)
        -- The statement's snapshot does not see this use taken back: the buyer's other uses alone.
        OR (c.per_customer IS NOT NULL AND (SELECT count(*) FROM coupon_uses u WHERE u.coupon_id = c.id AND u.released_at IS NULL
              AND (u.customer_id = back.customer_id OR u.cpf = back.cpf)) >= c.per_customer) AS over_limit`,
  )
  return taken ? { code: taken.code, overLimit: Boolean(taken.over_limit) } : null
}
