// Money given back on an order: one path for staff, the shopper's cancellation, the command line and
// the store's own jobs (docs/decisions/0050-cancel-and-refund.md).
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm'
import { PAYMENT } from '../../../contract/messages/payment'
import { formatCents } from '../../../contract/money'
import type { Db } from '../../db/client'
import { transaction, type Tx } from '../../db/tx'
import { orders, payments, refunds } from '../../db/schema'
import type { Payment, PaymentProvider } from '../../integrations/payments/provider'
import { randomToken } from '../../lib/tokens'
import { actorLabel, type Actor } from '../actor'
import { recordOrderEvent } from '../order/events'
import { recordOperatorAudit } from '../audit/record'
import { isRefusal, refuse, type Refusal } from '../refusal'
import { paymentProvider } from './gateway'

export type RefundRow = typeof refunds.$inferSelect
export type PaymentRow = typeof payments.$inferSelect

/** What a refund request came to: done at the provider, or recorded and still to be done (the provider is down). */
export type RefundResult = { refundId: number; amountCents: number; status: 'done' | 'pending'; providerRefundId: string | null }

const actorColumns = (actor: Actor) => ({
  actorKind: actor.kind,
  actorId: actor.kind === 'staff' ? actor.staffId : actor.kind === 'customer' ? actor.customerId : null,
  actorLabel: actorLabel(actor),
})

/** What the provider took for a payment row (a pending or voided one took nothing). */
export function paidCents(row: Pick<PaymentRow, 'status' | 'details' | 'amountCents'>): number {
  if (row.status !== 'paid' && row.status !== 'refunded') return 0
  const captured = (row.details as Partial<Payment>).capturedCents
  return typeof captured === 'number' && captured > 0 ? captured : row.amountCents
}

/** The order's latest payment row. */
export async function latestPayment(db: Db | Tx, orderId: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id)).limit(1)
  return row
}

/** Refunds asked or made on a payment (failed ones gave nothing back and count for nothing). */
async function refundedOrAsked(tx: Db | Tx, paymentRowId: number): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string | null>`sum(${refunds.amountCents})` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentRowId), inArray(refunds.status, ['pending', 'done'])))
  return Number(row?.sum ?? 0)
}

/**
 * Records a refund to ask, inside the caller's transaction, which must hold the order row locked
 * (FOR UPDATE): two requests for the same order take turns here, and the second sees the first's
 * row, so the pending and done refunds never add up past what was paid. `amountCents` absent: all
 * that is left. Answers the row (its idempotency key is what every retry sends), or a refusal.
 */
export async function openRefundIn(
  tx: Tx,
  order: { id: number; code: string },
  payment: PaymentRow,
  input: { amountCents?: number; reason: string; actor: Actor },
): Promise<RefundRow | Refusal> {
  const paid = paidCents(payment)
  const left = paid - (await refundedOrAsked(tx, payment.id))
  if (paid === 0) return refuse(PAYMENT.semPagamento(order.code))
  if (left <= 0) return refuse(PAYMENT.jaReembolsado(order.code))
  const amount = input.amountCents ?? left
  if (!Number.isSafeInteger(amount) || amount <= 0) return refuse(PAYMENT.valorZero)
  if (amount > left) return refuse(PAYMENT.valorAcima(left))
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      paymentId: payment.id,
      amountCents: amount,
      reason: input.reason,
      idempotencyKey: `rf_${order.code}_${randomToken(12)}`,
      ...actorColumns(input.actor),
    })
    .returning()
  await recordOrderEvent(tx, order.id, {
    kind: 'refund',
    actor: input.actor,
    summary: `Reembolso de ${formatCents(amount)} solicitado${input.reason ? ` — ${input.reason}` : ''}`,
    data: { refundId: row.id, amountCents: amount, reason: input.reason },
  })
  return row
}

/**
 * Asks the provider for a recorded refund, outside any transaction, with the row's idempotency key
 * (the provider client retries with backoff on the same key; a retry here — reconciliation — sends it
 * again too, so the money goes back once). Done: the row and the payment updated, an order event.
 * The provider down: the row stays pending for reconciliation. The provider refused: failed, with its
 * message, and the amount is free to ask again.
 */
export async function executeRefund(db: Db, provider: PaymentProvider, refund: RefundRow, now = new Date()): Promise<RefundResult> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, refund.paymentId))
  const answer = await provider.refund(payment.providerPaymentId, { amountCents: refund.amountCents, idempotencyKey: refund.idempotencyKey })
  const system: Actor = { kind: 'system', job: 'reembolso' }
  if (!answer.ok) {
    if (answer.code === 'indisponivel') return { refundId: refund.id, amountCents: refund.amountCents, status: 'pending', providerRefundId: null }
    await db.transaction(async (tx) => {
      await tx
        .update(refunds)
        .set({ status: 'failed', failure: answer.message, updatedAt: now })
        .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      await recordOrderEvent(tx, refund.orderId, {
        kind: 'refund',
        actor: system,
        summary: `Reembolso de ${formatCents(refund.amountCents)} recusado pelo meio de pagamento: ${answer.message}`,
        data: { refundId: refund.id },
      })
    })
    throw refuse(PAYMENT.reembolsoRecusado(answer.message))
  }
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(refunds)
      .set({ status: 'done', providerRefundId: answer.refund.id, updatedAt: now })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      .returning({ id: refunds.id })
    await tx
      .update(payments)
      .set({ status: answer.payment.status, details: answer.payment as unknown as Record<string, unknown>, updatedAt: now })
      .where(eq(payments.id, payment.id))
    if (moved.length) {
      await recordOrderEvent(tx, refund.orderId, {
        kind: 'refund',
        actor: system,
        summary: `Reembolso de ${formatCents(refund.amountCents)} feito pelo meio de pagamento`,
        data: { refundId: refund.id, providerRefundId: answer.refund.id, amountCents: refund.amountCents },
      })
    }
  })
  return { refundId: refund.id, amountCents: refund.amountCents, status: 'done', providerRefundId: answer.refund.id }
}

/**
 * Gives back all (or `amountCents`) of what an order's payment took, whoever asks: the back office,
 * the command line, the store's jobs. The refund is recorded first (order row locked, so racing
 * requests cannot together pass what was paid), with staff's or the command line's audit line in the same transaction, then
 * asked at the provider after the commit.
 */
export async function refundOrder(
  db: Db,
  input: { code: string; amountCents?: number; reason: string; actor: Actor },
  provider: PaymentProvider = paymentProvider(db),
  now = new Date(),
): Promise<RefundResult | Refusal> {
  const reason = input.reason.trim()
  if (!reason) return refuse(PAYMENT.motivoVazio)
  const opened = await transaction(db, async (tx) => {
    const [order] = await tx.select({ id: orders.id, code: orders.code }).from(orders).where(eq(orders.code, input.code)).for('update')
    if (!order) return refuse(PAYMENT.pedido(input.code))
    const payment = await latestPayment(tx, order.id)
    if (!payment) return refuse(PAYMENT.semPagamento(order.code))
    const row = await openRefundIn(tx, order, payment, { amountCents: input.amountCents, reason, actor: input.actor })
    if (isRefusal(row)) return row
    await recordOperatorAudit(tx, {
      actor: input.actor,
      action: 'pedido.reembolsar',
      entity: 'order',
      entityId: order.code,
      before: {},
      after: { reembolsoCents: row.amountCents, motivo: row.reason },
    })
    return row
  })
  if (isRefusal(opened)) return opened
  try {
    return await executeRefund(db, provider, opened, now)
  } catch (err) {
    if (isRefusal(err)) return err
    throw err
  }
}

/** Refunds still pending (the provider was down) older than `olderThan`: asked again with their own keys. */
export async function retryPendingRefunds(db: Db, provider: PaymentProvider, olderThan: Date, now = new Date()): Promise<number> {
  const pending = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lte(refunds.createdAt, olderThan)))
    .orderBy(asc(refunds.id))
    .limit(50)
  let done = 0
  for (const row of pending) {
    const result = await executeRefund(db, provider, row, now).catch((err: unknown) => (isRefusal(err) ? null : Promise.reject(err)))
    if (result?.status === 'done') done++
  }
  return done
}
