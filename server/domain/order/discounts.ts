import { eq } from 'drizzle-orm'
import { formatCents } from '../../../contract/money'
import type { Db } from '../../db/client'
import { orderDiscounts, type DISCOUNT_SOURCES } from '../../db/schema'
import type { Tx } from '../../db/tx'
import type { Quote } from '../checkout/quote'
import { couponLabel, PIX_LABEL } from '../promotions/price'

type DiscountRow = { source: (typeof DISCOUNT_SOURCES)[number]; label: string; amountCents: number; promotionId: number | null; couponId: number | null }

/** The discounts of line `i` of a placed quote, as the order keeps them (docs/decisions/0127-promotions.md). */
export function lineDiscounts(q: Quote, i: number): DiscountRow[] {
  const line = q.priced.lines[i]
  const coupon = q.priced.coupon?.applied ? q.priced.coupon : null
  const out: DiscountRow[] = []
  if (line.promotion)
    out.push({ source: 'promocao', label: line.promotion.name, amountCents: line.promotion.cents, promotionId: line.promotion.id, couponId: null })
  if (coupon && line.couponCents > 0)
    out.push({ source: 'cupom', label: couponLabel(coupon.code), amountCents: line.couponCents, promotionId: null, couponId: coupon.couponId })
  if (q.priced.pixCents > 0 && line.pixCents > 0) out.push({ source: 'pix', label: PIX_LABEL, amountCents: line.pixCents, promotionId: null, couponId: null })
  return out
}

/** Writes each discount of a placed order: per item, and the coupon's shipping discount on its own. */
export async function recordDiscounts(tx: Tx, orderId: number, q: Quote, items: ReadonlyArray<{ id: number }>): Promise<void> {
  const values: Array<typeof orderDiscounts.$inferInsert> = items.flatMap((item, i) =>
    lineDiscounts(q, i).map((d) => ({ ...d, orderId, orderItemId: item.id })),
  )
  const coupon = q.priced.coupon?.applied ? q.priced.coupon : null
  if (coupon && q.priced.shippingDiscountCents > 0)
    values.push({
      source: 'frete',
      label: `Frete grátis (${coupon.code})`,
      amountCents: q.priced.shippingDiscountCents,
      promotionId: null,
      couponId: coupon.couponId,
      orderId,
    })
  if (values.length) await tx.insert(orderDiscounts).values(values)
}

/** An order's discounts as the shopper read them, in the order they apply. */
export async function readDiscounts(db: Db, orderId: number) {
  return db
    .select({ source: orderDiscounts.source, label: orderDiscounts.label, amountCents: orderDiscounts.amountCents, orderItemId: orderDiscounts.orderItemId })
    .from(orderDiscounts)
    .where(eq(orderDiscounts.orderId, orderId))
    .orderBy(orderDiscounts.id)
}

/** An order's discount lines summed by kind and name ('Cupom X' over every item), in the order they first apply. */
export function summedDiscounts<T extends { source: DiscountRow['source']; label: string; amountCents: number }>(found: readonly T[]) {
  const out = new Map<string, { source: DiscountRow['source']; label: string; amountCents: number }>()
  for (const d of found) {
    const key = `${d.source}|${d.label}`
    const seen = out.get(key)
    if (seen) seen.amountCents += d.amountCents
    else out.set(key, { source: d.source, label: d.label, amountCents: d.amountCents })
  }
  const order: DiscountRow['source'][] = ['promocao', 'cupom', 'frete', 'pix']
  return [...out.values()].sort((a, b) => order.indexOf(a.source) - order.indexOf(b.source))
}

/**
 * An order's discounts as text, for its e-mails and printed pages: each line by name ("Cupom X:
 * − R$ 10,00"), then the coupon it used; nothing when it had none.
 */
export function discountText(found: ReadonlyArray<{ source: DiscountRow['source']; label: string; amountCents: number }>, couponCode: string | null): string[] {
  return [...summedDiscounts(found).map((d) => `${d.label}: − ${formatCents(d.amountCents)}`), ...(couponCode ? [`Cupom usado: ${couponCode}`] : [])]
}
