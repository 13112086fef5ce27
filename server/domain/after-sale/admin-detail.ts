import { eq } from 'drizzle-orm'
import { PAYMENT_METHOD_NAMES } from '../../../contract/checkout'
import type { Reason } from '../../../contract/messages/reason'
import { RETURNS } from '../../../contract/messages/returns'
import type { Db } from '../../db/client'
import { orders, refunds, returnRequests } from '../../db/schema'
import { latestPayment, paidCents } from '../payment/refund'
import { can, type Role } from '../staff/permissions'
import { RETURN_STEPS, returnLines, returnRefundCents, type ReturnStatus, type ReturnStep } from './admin-returns'

/** One request whole: the order's figures, the items asked (and, once received, which went back to stock), what the refund will be. */
export async function returnForStaff(db: Db, id: number) {
  const [request] = await db.select().from(returnRequests).where(eq(returnRequests.id, id))
  if (!request) return null
  const [order] = await db
    .select({
      code: orders.code,
      status: orders.status,
      buyerNome: orders.buyerNome,
      buyerEmail: orders.buyerEmail,
      paymentMethod: orders.paymentMethod,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
      shippingCents: orders.shippingCents,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(eq(orders.id, request.orderId))
  const items = await returnLines(db, id)
  const payment = await latestPayment(db, request.orderId)
  const refunded = await db
    .select({ amountCents: refunds.amountCents, status: refunds.status, reason: refunds.reason, createdAt: refunds.createdAt })
    .from(refunds)
    .where(eq(refunds.orderId, request.orderId))
    .orderBy(refunds.id)
  const partial = await returnRefundCents(db, id)
  const taken = refunded.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amountCents, 0)
  const left = payment ? Math.max(0, paidCents(payment) - taken) : 0
  const paid = payment !== undefined && paidCents(payment) > 0
  const refundCents = request.status === 'reembolsada' || request.status === 'recusada' ? null : (partial ?? left)
  return {
    request,
    order: order!,
    items,
    refunds: refunded,
    whole: partial === null,
    refundCents,
    leftCents: left,
    paid,
    noRefund: whyNoRefund(order!, refundCents, paid, left),
  }
}
export type StaffReturn = NonNullable<Awaited<ReturnType<typeof returnForStaff>>>

/**
 * Why the store cannot refund this return (refundReturn refuses it too), for the page to say instead
 * of offering the button; null when it can, or when there is nothing left to decide (refunded, refused).
 */
function whyNoRefund(
  order: { code: string; paymentMethod: keyof typeof PAYMENT_METHOD_NAMES },
  refundCents: number | null,
  paid: boolean,
  leftCents: number,
): Reason | null {
  if (refundCents === null) return null
  if (!paid) return RETURNS.noPayment(PAYMENT_METHOD_NAMES[order.paymentMethod], order.code)
  if (leftCents === 0) return RETURNS.nothingLeft
  if (refundCents > leftCents) return RETURNS.lessLeft(leftCents, refundCents)
  return null
}

/** Whether `step` starts from `status` (RETURN_STEPS, the table the writers use). */
const startsFrom = (name: ReturnStep, status: ReturnStatus) => (RETURN_STEPS[name].from as readonly ReturnStatus[]).includes(status)

/**
 * What `staff` may do with this return now — the buttons its page shows: each step its role may take
 * from the request's status; the refund with the amount it gives back, only when there is one to
 * give (`noRefund` says why not). The writers refuse by the same table (RETURN_STEPS).
 */
export function returnActions(staff: { role: Role }, found: Pick<StaffReturn, 'request' | 'refundCents' | 'noRefund'>) {
  const may = (name: ReturnStep) => can(staff.role, RETURN_STEPS[name].permission) && startsFrom(name, found.request.status)
  const refundCents = found.refundCents
  return {
    approve: may('aprovar'),
    receive: may('receber'),
    refuse: may('recusar'),
    refund: may('reembolsar') && !found.noRefund && refundCents ? { amountCents: refundCents } : null,
  }
}
export type ReturnActions = ReturnType<typeof returnActions>
