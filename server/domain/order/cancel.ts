// Cancelling an order: one function whoever asks — staff, the shopper, the command line, the expiry
// job, a provider's notification (docs/decisions/0050-cancel-and-refund.md).
import { and, eq } from 'drizzle-orm'
import { ORDER_STATUS_NAMES } from '../../../contract/checkout'
import type { CancelMoney } from '../../../contract/admin/orders'
import { ORDERS } from '../../../contract/messages/orders'
import type { Db } from '../../db/client'
import { transaction, type Tx } from '../../db/tx'
import { orderItems, orders, payments } from '../../db/schema'
import type { PaymentProvider } from '../../integrations/payments/provider'
import type { Actor } from '../actor'
import { paymentProvider } from '../payment/gateway'
import { settlePaidAfterCancel } from '../payment/late'
import { executeRefund, latestPayment, openRefundIn, type PaymentRow, type RefundRow } from '../payment/refund'
import { recordOperatorAudit } from '../audit/record'
import { isRefusal, refuse, type Refusal } from '../refusal'
import { isCancellable, type OrderStatus } from './actions'
import { recordOrderEvent } from './events'
import { enqueueOrderMail, type OrderMailDeps } from './mail'
import { releaseStock } from './stock'
import { releaseCouponUse } from '../promotions/uses'
import { orderEvent } from '../integrations/announce'
import { recordEvents } from '../integrations/events'
import { cancelInvoiceWithOrder } from '../fiscal/invoice'

export type CancelOutcome = { code: string; previousStatus: OrderStatus; money: CancelMoney; refundedCents: number; message: string }

export type CancelDeps = {
  provider?: PaymentProvider
  mail?: OrderMailDeps
  now?: Date
  /** False when the caller tells the shopper itself (a checkout whose order did not stand). */
  notify?: boolean
}

const MONEY_MESSAGES: Record<CancelMoney, string> = {
  nenhum: 'Pedido cancelado.',
  pagamento_cancelado: 'Pedido cancelado; a cobrança em aberto foi cancelada no meio de pagamento.',
  reserva_liberada: 'Pedido cancelado; o valor reservado no cartão foi liberado.',
  reembolsado: 'Pedido cancelado e o valor pago foi reembolsado.',
  reembolso_pendente: 'Pedido cancelado; o reembolso foi registrado e será enviado ao meio de pagamento assim que ele responder.',
  reembolso_recusado: 'Pedido cancelado, mas o meio de pagamento recusou o reembolso; faça-o pelo painel do meio de pagamento.',
  cancelamento_pendente: 'Pedido cancelado; a cobrança será cancelada no meio de pagamento assim que ele responder.',
  pedido_reativado: 'O pagamento chegou enquanto o pedido era cancelado: o pedido foi mantido e está pago.',
  reembolso_a_fazer: 'O pagamento chegou depois do cancelamento e o estoque já não existe: pago após cancelamento — reembolsar.',
}

type Cancelled = { orderId: number; code: string; cancelReason: string; payment?: PaymentRow; refund?: RefundRow }

/**
 * The cancellation's one transaction: the order moves to 'cancelado' only from the status the caller
 * saw (a conditional update — two people, or the shopper and staff, racing: one wins, the other gets
 * 'conflict'), its stock goes back, a paid payment gets its refund recorded, and the timeline says who.
 */
async function cancelIn(
  tx: Tx,
  order: { id: number; code: string },
  expected: OrderStatus,
  input: { actor: Actor; reason: string },
  now: Date,
  mail: OrderMailDeps | undefined,
): Promise<Cancelled> {
  const moved = await tx
    .update(orders)
    .set({ status: 'cancelado', cancelReason: input.reason, expiresAt: null, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, expected)))
    .returning({ id: orders.id, status: orders.status, totalCents: orders.totalCents })
  if (moved.length === 0) throw refuse(ORDERS.changedMeanwhile)
  const items = await tx
    .select({ productId: orderItems.productId, optionId: orderItems.optionId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
  const lines = items.flatMap((i) => (i.productId == null ? [] : [{ productId: i.productId, optionId: i.optionId, quantity: i.quantity }]))
  // The stock given back reaches every instance's caches through the catalog triggers (decision 0033).
  const stockMoved = await releaseStock(tx, lines, { reason: 'Cancelamento', actor: input.actor, orderCode: order.code })
  // A coupon use of an order that never got paid goes back to the coupon (docs/decisions/0127-promotions.md).
  if (expected === 'aguardando_pagamento') await releaseCouponUse(tx, order.id)
  // Its NF-e is cancelled with it, within SEFAZ's 24 h (docs/decisions/0129-nfe.md).
  await cancelInvoiceWithOrder(tx, order.id, input.reason, now)
  await recordOrderEvent(tx, order.id, {
    kind: 'cancelled',
    actor: input.actor,
    summary: `Pedido cancelado — ${input.reason}`,
    data: { from: expected, reason: input.reason },
  })
  // The stock given back and the cancellation, announced in one statement.
  await recordEvents(tx, [...stockMoved, orderEvent('pedido.cancelado', { code: order.code, ...moved[0] }, { motivo: input.reason })])
  const payment = await latestPayment(tx, order.id)
  let refund: RefundRow | undefined
  if (payment && (payment.status === 'paid' || payment.status === 'refunded')) {
    const opened = await openRefundIn(tx, order, payment, { reason: `Cancelamento: ${input.reason}`, actor: input.actor })
    // Nothing left to give back (refunded before) is not a reason to refuse the cancellation.
    if (!isRefusal(opened)) refund = opened
  }
  await recordOperatorAudit(tx, {
    actor: input.actor,
    action: 'pedido.cancelar',
    entity: 'order',
    entityId: order.code,
    before: { status: expected },
    after: { status: 'cancelado', motivo: input.reason, ...(refund ? { reembolsoCents: refund.amountCents } : {}) },
  })
  // Its e-mail says nothing if a late payment revives the order or flags it for a refund (composeOrderMail).
  await enqueueOrderMail(tx, mail, order.code, 'cancelado')
  return { orderId: order.id, code: order.code, cancelReason: input.reason, payment, refund }
}

/**
 * Cancels an order in any status before 'enviado', for whoever asks. One transaction for the order
 * (cancelIn); after the commit, outside any transaction, the money: an unpaid Pix or boleto withdrawn
 * at the provider, a held card released, a paid one refunded in full (server/domain/payment/refund.ts,
 * asked once under its idempotency key); then the shopper is e-mailed. `expectedStatus`: the status
 * the person saw; absent, the one read now. A cancellation by staff or the command line writes its
 * audit line inside the cancellation's transaction: none lands without it.
 */
export async function cancelOrder(
  db: Db,
  input: { code: string; actor: Actor; reason: string; expectedStatus?: OrderStatus },
  deps: CancelDeps = {},
): Promise<CancelOutcome | Refusal> {
  const now = deps.now ?? new Date()
  const reason = input.reason.trim()
  if (!reason) return refuse(ORDERS.reasonRequired)
  const [order] = await db.select({ id: orders.id, code: orders.code, status: orders.status }).from(orders).where(eq(orders.code, input.code)).limit(1)
  if (!order) return refuse(ORDERS.notFound(input.code))
  const expected = input.expectedStatus ?? order.status
  if (order.status !== expected) return refuse(ORDERS.changedMeanwhile)
  if (!isCancellable(expected)) return refuse(ORDERS.notCancellable(ORDER_STATUS_NAMES[expected], expected === 'enviado' || expected === 'entregue'))
  const done = await transaction(db, (tx) => cancelIn(tx, order, expected, { actor: input.actor, reason }, now, deps.notify === false ? undefined : deps.mail))
  if (isRefusal(done)) return done
  const provider = deps.provider ?? paymentProvider(db)
  const { money, refundedCents } = await settleMoney(db, provider, done, now, deps.mail)
  return { code: done.code, previousStatus: expected, money, refundedCents, message: MONEY_MESSAGES[money] }
}

/** The money of a cancelled order, after the commit. */
async function settleMoney(
  db: Db,
  provider: PaymentProvider,
  done: Cancelled,
  now: Date,
  mail?: OrderMailDeps,
): Promise<{ money: CancelMoney; refundedCents: number }> {
  if (done.refund) {
    try {
      const result = await executeRefund(db, provider, done.refund, now)
      return result.status === 'done' ? { money: 'reembolsado', refundedCents: result.amountCents } : { money: 'reembolso_pendente', refundedCents: 0 }
    } catch (err) {
      if (isRefusal(err)) return { money: 'reembolso_recusado', refundedCents: 0 }
      throw err
    }
  }
  const payment = done.payment
  if (!payment || (payment.status !== 'pending' && payment.status !== 'authorized')) return { money: 'nenhum', refundedCents: 0 }
  return withdrawPayment(db, provider, { orderId: done.orderId, code: done.code, cancelReason: done.cancelReason }, payment, now, mail)
}

/**
 * Withdraws the unpaid charge of a cancelled order at the provider (void: a Pix or boleto cancelled, a
 * card hold released). The provider answering that it was paid meanwhile hands the payment to the
 * paid-after-cancellation rule. Also used by reconciliation for cancellations the provider missed.
 */
export async function withdrawPayment(
  db: Db,
  provider: PaymentProvider,
  order: { orderId: number; code: string; cancelReason: string | null },
  payment: PaymentRow,
  now = new Date(),
  mail?: OrderMailDeps,
): Promise<{ money: CancelMoney; refundedCents: number }> {
  const voided = await provider.void(payment.providerPaymentId)
  if (voided.ok) {
    await db
      .update(payments)
      .set({ status: 'voided', details: voided.payment as unknown as Record<string, unknown>, updatedAt: now })
      .where(eq(payments.id, payment.id))
    return { money: payment.method === 'cartao' ? 'reserva_liberada' : 'pagamento_cancelado', refundedCents: 0 }
  }
  if (voided.code === 'indisponivel') return { money: 'cancelamento_pendente', refundedCents: 0 }
  const current = await provider.status(payment.providerPaymentId)
  if (!current.ok || current.payment.status !== 'paid') return { money: 'nenhum', refundedCents: 0 }
  const late = await settlePaidAfterCancel(db, provider, order.orderId, current.payment, now, mail)
  return late === 'revived'
    ? { money: 'pedido_reativado', refundedCents: 0 }
    : late === 'flagged'
      ? { money: 'reembolso_a_fazer', refundedCents: 0 }
      : late === 'refunded'
        ? { money: 'reembolsado', refundedCents: paidOf(current.payment) }
        : { money: 'reembolso_pendente', refundedCents: 0 }
}

const paidOf = (payment: { capturedCents: number; amountCents: number }) => payment.capturedCents || payment.amountCents
