// The one state machine of a payment and its order (docs/decisions/0051-payment-state-machine.md):
// webhooks, reconciliation and 'Simular pagamento' all move them through applyPaymentState.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { formatCents } from '../../../contract/money'
import type { Db } from '../../db/client'
import { orders, paymentEvents, payments, refunds } from '../../db/schema'
import type { Payment, PaymentProvider, PaymentStatus } from '../../integrations/payments/provider'
import { actorLabel, type Actor } from '../actor'
import { cancelOrder } from '../order/cancel'
import { recordOrderEvent } from '../order/events'
import { enqueueOrderMail, type OrderMailDeps } from '../order/mail'
import { markPaidIn, recordPaid } from '../order/status'
import { invoiceWhenPaid } from '../fiscal/invoice'
import { settlePaidAfterCancel } from './late'
import type { PaymentRow } from './refund'

/**
 * Where a payment may go from each status. 'paid' → 'refunded' is not a move of its own: money given
 * back goes through the refund path (a refund row), whoever started it. 'voided' → 'paid' happens only
 * when money arrives for an order already cancelled (late.ts).
 */
export const PAYMENT_MOVES: Record<PaymentStatus, readonly PaymentStatus[]> = {
  pending: ['authorized', 'paid', 'voided'],
  authorized: ['paid', 'voided'],
  paid: ['refunded'],
  voided: ['paid'],
  refunded: [],
}

/** A key for the state a provider reported, so the same state seen twice (webhook and reconciliation) is applied once. */
export const stateKey = (p: Pick<Payment, 'id' | 'status' | 'refundedCents'>) => `${p.id}:${p.status}:${p.refundedCents}`

export type Applied = 'replay' | 'unchanged' | 'ignored' | 'moved' | 'authorized' | 'voided' | 'late' | 'refunded'

/**
 * Applies the provider's view of a payment (`target`) to its row and its order, once per `key`:
 * - pending → authorized: recorded; pending/authorized → paid: the order waiting for it becomes 'pago';
 *   for an order already cancelled, the paid-after-cancellation rule (late.ts);
 * - pending/authorized → voided: an order still waiting is cancelled (cancelOrder, the one path);
 * - paid with more refunded than the store's refunds (a refund made in the provider's panel): a
 *   refund row is written for the difference — the refund path;
 * - anything else (a 'voided' after 'paid', 'authorized' after 'paid'…): recorded on the order's
 *   timeline as an event of kind 'payment' and ignored.
 */
export async function applyPaymentState(
  db: Db,
  provider: PaymentProvider,
  input: { orderId: number; row: PaymentRow; target: Payment; key: string; actor: Actor; now: Date; mail?: OrderMailDeps },
): Promise<Applied> {
  const { orderId, target, key, actor, now } = input
  const applied = await db.transaction(async (tx): Promise<Applied> => {
    const [order] = await tx.select({ id: orders.id, code: orders.code, status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update')
    const fresh = await tx
      .insert(paymentEvents)
      .values({ key, orderId, status: target.status, receivedAt: now })
      .onConflictDoNothing()
      .returning({ key: paymentEvents.key })
    if (fresh.length === 0) return 'replay'
    const [row] = await tx.select().from(payments).where(eq(payments.id, input.row.id))
    const from = row.status
    const to = target.status
    const details = { ...(row.details as unknown as Payment), ...target } as unknown as Record<string, unknown>
    const setRow = (status: PaymentStatus) => tx.update(payments).set({ status, details, updatedAt: now }).where(eq(payments.id, row.id))

    if ((to === 'paid' || to === 'refunded') && (from === 'paid' || from === 'refunded')) {
      const [{ sum }] = await tx
        .select({ sum: sql<string | null>`sum(${refunds.amountCents})` })
        .from(refunds)
        .where(and(eq(refunds.paymentId, row.id), inArray(refunds.status, ['pending', 'done'])))
      const extra = target.refundedCents - Number(sum ?? 0)
      if (extra <= 0) return 'unchanged'
      await setRow(to)
      await tx
        .insert(refunds)
        .values({
          orderId,
          paymentId: row.id,
          amountCents: extra,
          reason: 'Reembolso feito no painel do meio de pagamento',
          actorKind: actor.kind,
          actorId: null,
          actorLabel: actorLabel(actor),
          idempotencyKey: `ext_${target.id}_${target.refundedCents}`,
          status: 'done',
        })
        .onConflictDoNothing()
      await recordOrderEvent(tx, orderId, {
        kind: 'refund',
        actor,
        summary: `Reembolso de ${formatCents(extra)} feito no painel do meio de pagamento`,
        data: { amountCents: extra },
      })
      return 'refunded'
    }
    if (to === from) return 'unchanged'
    if (!PAYMENT_MOVES[from].includes(to) || (from === 'voided' && order.status !== 'cancelado')) {
      await recordOrderEvent(tx, orderId, {
        kind: 'payment',
        actor,
        summary: `Evento do meio de pagamento ignorado: "${to}" não se aplica a um pagamento "${from}"`,
        data: { paymentId: target.id, from, to },
      })
      return 'ignored'
    }
    if (to === 'paid') {
      if (order.status === 'cancelado') return 'late'
      await setRow('paid')
      const moved = await markPaidIn(tx, orderId, target, now)
      if (moved) await recordPaid(tx, orderId, actor, target)
      if (moved) await enqueueOrderMail(tx, input.mail, order.code, 'pago')
      if (moved) await invoiceWhenPaid(db, tx, orderId)
      return moved ? 'moved' : 'unchanged'
    }
    await setRow(to)
    return to === 'voided' ? 'voided' : 'authorized'
  })
  if (applied === 'late') await settlePaidAfterCancel(db, provider, orderId, target, now, input.mail)
  if (applied === 'voided') {
    const code = await orderCode(db, orderId)
    if (code) await cancelOrder(db, { code, actor, reason: 'pagamento', expectedStatus: 'aguardando_pagamento' }, { provider, mail: input.mail, now })
  }
  return applied
}

async function orderCode(db: Db, orderId: number): Promise<string | null> {
  const [row] = await db.select({ code: orders.code }).from(orders).where(eq(orders.id, orderId)).limit(1)
  return row?.code ?? null
}
