// Reconciliation: the store asks the provider instead of waiting to be told, so a lost notification,
// a withdrawal the provider missed, a refund asked while it was down or an authorization a crash left
// without an order never leaves money wrong (docs/decisions/0051-payment-state-machine.md).
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Db } from '../../db/client'
import { orders, payments } from '../../db/schema'
import { rows } from '../../db/sql'
import type { PaymentProvider } from '../../integrations/payments/provider'
import type { Actor } from '../actor'
import { cancelOrder, withdrawPayment } from '../order/cancel'
import type { OrderMailDeps } from '../order/mail'
import { applyPaymentState, stateKey } from './apply'
import { settlePaidAfterCancel } from './late'
import { retryPendingRefunds, type PaymentRow } from './refund'

/** A payment younger than this is left to its notification (and to the placement still committing). */
export const SETTLE_AFTER_MS = 5 * 60_000
/** Cancelled orders are asked about for this long: money may still arrive for them. */
const CANCELLED_WATCH_MS = 3 * 86_400_000
/** Orphans are looked for this far back. */
const ORPHAN_WINDOW_MS = 2 * 86_400_000
const BATCH = 50
const JOB: Actor = { kind: 'system', job: 'conciliação' }

export type ReconcileReport = { checked: number; orphansVoided: string[]; refundsDone: number }

/**
 * One round. Every instance may run it; the rows are shared out with one claiming statement (`FOR
 * UPDATE SKIP LOCKED`, as the expiry job): each payment row asked about gets `checked_at` = now and
 * is not asked again for SETTLE_AFTER_MS, by this instance or another. Asked about:
 * - payments still pending or authorized after SETTLE_AFTER_MS (a lost webhook), and
 * - payments of orders cancelled in the last three days (money arriving after the cancellation, or a
 *   withdrawal that did not reach the provider);
 * then pending refunds are asked again under their own keys, and authorizations no order took are voided.
 */
export async function reconcilePayments(db: Db, provider: PaymentProvider, now = new Date(), mail?: OrderMailDeps, log?: Logger): Promise<ReconcileReport> {
  // ISO strings cast in SQL: the drivers differ on Date parameters in raw queries.
  const at = now.toISOString()
  const settled = new Date(now.getTime() - SETTLE_AFTER_MS).toISOString()
  const watched = new Date(now.getTime() - CANCELLED_WATCH_MS).toISOString()
  const claimed = await rows<{ id: number }>(
    db,
    sql`UPDATE payments SET checked_at = ${at}::timestamptz
         WHERE id IN (
           SELECT p.id FROM payments p JOIN orders o ON o.id = p.order_id
            WHERE p.provider = ${provider.name} AND p.created_at <= ${settled}::timestamptz
              AND (p.checked_at IS NULL OR p.checked_at <= ${settled}::timestamptz)
              AND (p.status IN ('pending', 'authorized') OR (o.status = 'cancelado' AND o.updated_at >= ${watched}::timestamptz AND p.status <> 'refunded'))
            ORDER BY p.checked_at NULLS FIRST, p.id
            LIMIT ${BATCH}
            FOR UPDATE OF p SKIP LOCKED)
       RETURNING id`,
  )
  for (const { id } of claimed) {
    try {
      await reconcileOne(db, provider, id, now, mail)
    } catch (err) {
      log?.warn({ err, paymentRow: id }, 'conciliação de um pagamento falhou')
    }
  }
  const refundsDone = await retryPendingRefunds(db, provider, new Date(now.getTime() - 60_000), now)
  const orphansVoided = await voidOrphans(db, provider, now)
  if (orphansVoided.length) log?.warn({ pagamentos: orphansVoided }, 'autorizações sem pedido canceladas no meio de pagamento')
  return { checked: claimed.length, orphansVoided, refundsDone }
}

/** One payment row: the provider's view of it applied through the one state machine. */
async function reconcileOne(db: Db, provider: PaymentProvider, rowId: number, now: Date, mail?: OrderMailDeps): Promise<void> {
  const [row] = await db.select().from(payments).where(eq(payments.id, rowId))
  const [order] = await db
    .select({ id: orders.id, code: orders.code, status: orders.status, cancelReason: orders.cancelReason })
    .from(orders)
    .where(eq(orders.id, row.orderId))
  const fetched = await provider.status(row.providerPaymentId)
  if (!fetched.ok) return
  const payment = fetched.payment
  const open = payment.status === 'pending' || payment.status === 'authorized'
  if (order.status === 'cancelado') {
    // Cancelled here, still open there: withdraw it now (the provider was down at the cancellation).
    if (open) await withdrawPayment(db, provider, { orderId: order.id, code: order.code, cancelReason: order.cancelReason }, row as PaymentRow, now, mail)
    else if (payment.status === 'paid' && row.status !== 'paid') await settlePaidAfterCancel(db, provider, order.id, payment, now, mail)
    else await applyPaymentState(db, provider, { orderId: order.id, row, target: payment, key: `${order.code}:${stateKey(payment)}`, actor: JOB, now, mail })
    return
  }
  if (payment.status === 'authorized' && row.method === 'cartao' && order.status === 'aguardando_pagamento') {
    // A card held but never captured (the placement stopped between the two): the order does not stand.
    await cancelOrder(db, { code: order.code, actor: JOB, reason: 'pagamento', expectedStatus: 'aguardando_pagamento' }, { provider, mail, now })
    return
  }
  await applyPaymentState(db, provider, { orderId: order.id, row, target: payment, key: `${order.code}:${stateKey(payment)}`, actor: JOB, now, mail })
}

/**
 * Authorizations the provider holds that no payment row names — the process stopped between
 * authorizing and committing the order (placeOrder) — are voided: with a real provider they are
 * live charges. Voiding is idempotent at the provider, so two instances doing it at once is harmless.
 */
async function voidOrphans(db: Db, provider: PaymentProvider, now: Date): Promise<string[]> {
  const open = await provider.openPayments(new Date(now.getTime() - ORPHAN_WINDOW_MS), new Date(now.getTime() - SETTLE_AFTER_MS))
  if (open.length === 0) return []
  const known = await db
    .select({ id: payments.providerPaymentId })
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider.name),
        inArray(
          payments.providerPaymentId,
          open.map((p) => p.id),
        ),
      ),
    )
  const taken = new Set(known.map((k) => k.id))
  const voided: string[] = []
  for (const payment of open.filter((p) => !taken.has(p.id)).slice(0, BATCH)) {
    const outcome = await provider.void(payment.id)
    if (outcome.ok) voided.push(payment.id)
  }
  return voided
}
