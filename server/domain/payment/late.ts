// Money that arrives for an order already cancelled (a Pix paid in the last second, a lost
// notification, a boleto compensated late): docs/decisions/0050-cancel-and-refund.md.
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderItems, orders, payments } from '../../db/schema'
import type { Payment, PaymentProvider } from '../../integrations/payments/provider'
import type { Actor } from '../actor'
import { recordOrderEvent } from '../order/events'
import { invoiceWhenPaid } from '../fiscal/invoice'
import { enqueueOrderMail, type OrderMailDeps } from '../order/mail'
import { recordEvents } from '../integrations/events'
import { OutOfStock, takeStock } from '../order/stock'
import { isRefusal } from '../refusal'
import { retakeCouponUse } from '../promotions/uses'
import { executeRefund, openRefundIn, type RefundRow } from './refund'
import { announceOrder } from '../integrations/announce'

export const PAID_AFTER_CANCEL = 'pago_apos_cancelamento'
const SYSTEM: Actor = { kind: 'system', job: 'pagamento após cancelamento' }

const couponRetaken = (c: { code: string; overLimit: boolean }) =>
  `; o uso do cupom ${c.code} voltou a contar${c.overLimit ? ' (além do limite do cupom: o pagamento já tinha sido feito)' : ''}`

export type LateOutcome = 'revived' | 'flagged' | 'refunded' | 'refund_pending' | 'not_cancelled'

/**
 * A provider says a payment of a cancelled order is paid. When the store cancelled it itself at the
 * deadline ('expirado'), the shopper still wants the goods: the order is revived and paid if its
 * stock can still be taken, else flagged "pago após cancelamento — reembolsar" for staff and the
 * shopper is told by e-mail. When a person cancelled it (staff, the shopper), the money goes back at
 * once through the refund path. Same rule for every provider, the sandbox included.
 */
export async function settlePaidAfterCancel(
  db: Db,
  provider: PaymentProvider,
  orderId: number,
  payment: Payment,
  now = new Date(),
  mail?: OrderMailDeps,
): Promise<LateOutcome> {
  const details = payment as unknown as Record<string, unknown>
  const setPayment = { status: payment.status, details, updatedAt: now }
  type Step = { outcome: 'revived' | 'not_cancelled' | 'refund'; code: string; expired: boolean; refund?: RefundRow }
  let step: Step
  try {
    step = await db.transaction(async (tx): Promise<Step> => {
      const [order] = await tx
        .select({ id: orders.id, code: orders.code, status: orders.status, cancelReason: orders.cancelReason })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update')
      if (!order || order.status !== 'cancelado') return { outcome: 'not_cancelled', code: order?.code ?? '', expired: false }
      await tx.update(payments).set(setPayment).where(eq(payments.providerPaymentId, payment.id))
      if (order.cancelReason !== 'expirado') {
        const [row] = await tx.select().from(payments).where(eq(payments.providerPaymentId, payment.id))
        const opened = await openRefundIn(tx, order, row, { reason: 'Pagamento recebido após o cancelamento', actor: SYSTEM })
        return { outcome: 'refund', code: order.code, expired: false, refund: isRefusal(opened) ? undefined : opened }
      }
      const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id))
      const lines = items.flatMap((i) =>
        i.productId == null ? [] : [{ productId: i.productId, optionId: i.optionId, quantity: i.quantity, titulo: i.titulo }],
      )
      await recordEvents(tx, await takeStock(tx, lines, { reason: 'Pagamento após cancelamento', actor: SYSTEM, orderCode: order.code }))
      await tx.update(orders).set({ status: 'pago', paidAt: now, cancelReason: null, attention: null, updatedAt: now }).where(eq(orders.id, order.id))
      // The shopper paid the discounted total: the coupon use given back at the expiry counts again,
      // past the coupon's limit if others took it meanwhile (docs/decisions/0127-promotions.md).
      const coupon = await retakeCouponUse(tx, order.id)
      await recordOrderEvent(tx, order.id, {
        kind: 'paid',
        actor: SYSTEM,
        summary: `Pagamento recebido após o cancelamento por prazo; o estoque ainda existia e o pedido foi reativado${coupon ? couponRetaken(coupon) : ''}`,
        data: { paymentId: payment.id, ...(coupon ? { coupon: coupon.code, couponOverLimit: coupon.overLimit } : {}) },
      })
      await announceOrder(tx, 'pedido.pago', order.id)
      await enqueueOrderMail(tx, mail, order.code, 'pago')
      await invoiceWhenPaid(db, tx, order.id)
      return { outcome: 'revived', code: order.code, expired: true }
    })
  } catch (err) {
    if (!(err instanceof OutOfStock)) throw err
    // The stock went to someone else meanwhile: staff must give the money back.
    await db.transaction(async (tx) => {
      const [order] = await tx.select({ code: orders.code, attention: orders.attention }).from(orders).where(eq(orders.id, orderId)).for('update')
      await tx.update(payments).set(setPayment).where(eq(payments.providerPaymentId, payment.id))
      if (order.attention === PAID_AFTER_CANCEL) return null
      await tx.update(orders).set({ attention: PAID_AFTER_CANCEL, updatedAt: now }).where(eq(orders.id, orderId))
      await recordOrderEvent(tx, orderId, {
        kind: 'payment',
        actor: SYSTEM,
        summary: `pago após cancelamento — reembolsar (${err.titulo} sem estoque)`,
        data: { paymentId: payment.id },
      })
      await enqueueOrderMail(tx, mail, order.code, 'pago_apos_cancelamento')
      return order.code
    })
    return 'flagged'
  }
  if (step.outcome === 'revived') return 'revived'
  if (step.outcome === 'not_cancelled') return 'not_cancelled'
  if (!step.refund) return 'refunded'
  const result = await executeRefund(db, provider, step.refund, now).catch((err: unknown) => (isRefusal(err) ? null : Promise.reject(err)))
  return result?.status === 'done' ? 'refunded' : 'refund_pending'
}
