import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders, payments } from '../../db/schema'
import type { Payment } from '../../integrations/payments/provider'
import type { Actor } from '../actor'
import { recordOrderEvent } from './events'
import { invoiceWhenPaid } from '../fiscal/invoice'
import { enqueueOrderMail, type OrderMailDeps } from './mail'
import { transaction, type Tx } from '../../db/tx'
import { ORDER_STATUS_NAMES } from '../../../contract/checkout'
import { CARRIERS, isCarrier } from '../../../contract/carriers'
import { ORDERS } from '../../../contract/messages/orders'
import type { AdvanceRequest } from '../../../contract/admin/orders'
import { recordAudit } from '../audit/record'
import { refuse, type Refusal } from '../refusal'
import { NEXT_STATUS, type OrderStatus } from './actions'
import { announceOrder } from '../integrations/announce'

export type { OrderStatus }

/**
 * Records the provider's paid payment and moves an order waiting for it to 'pago', inside the
 * caller's transaction; false when the order was not waiting (already paid, or cancelled).
 */
export async function markPaidIn(tx: Tx, orderId: number, payment: Payment, now = new Date()): Promise<boolean> {
  await tx
    .update(payments)
    .set({ status: payment.status, details: payment as unknown as Record<string, unknown>, updatedAt: now })
    .where(and(eq(payments.orderId, orderId), eq(payments.providerPaymentId, payment.id)))
  const moved = await tx
    .update(orders)
    .set({ status: 'pago', paidAt: now, expiresAt: null, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'aguardando_pagamento')))
    .returning({ id: orders.id })
  return moved.length > 0
}

/** Records the 'paid' event of an order in the transaction that moved it (markPaidIn answered true). */
export async function recordPaid(tx: Tx, orderId: number, actor: Actor, payment: Payment): Promise<void> {
  await recordOrderEvent(tx, orderId, {
    kind: 'paid',
    actor,
    summary: `Pagamento aprovado (${payment.provider})`,
    data: { paymentId: payment.id, amountCents: payment.capturedCents || payment.amountCents },
  })
  await announceOrder(tx, 'pedido.pago', orderId)
}

export const markPaid = (db: Db, orderId: number, payment: Payment, now = new Date(), actor: Actor = { kind: 'system', job: 'pagamento' }): Promise<boolean> =>
  db.transaction(async (tx) => {
    const moved = await markPaidIn(tx, orderId, payment, now)
    if (moved) await recordPaid(tx, orderId, actor, payment)
    if (moved) await invoiceWhenPaid(db, tx, orderId)
    return moved
  })

export type AdvanceInput = {
  code: string
  actor: Actor
  /** The status the person saw; another one now means someone else moved it: a conflict, no move. */
  expectedStatus?: OrderStatus
  /** Required for 'enviado'. */
  trackingCode?: string
  carrier?: string
  now?: Date
  mail?: OrderMailDeps
}

/** The AdvanceInput of an "avançar" request (the order page's action and POST /admin/api/pedidos/{code}/avancar). */
export function advanceInput(code: string, actor: Actor, request: AdvanceRequest, mail: OrderMailDeps): AdvanceInput {
  return { code, actor, expectedStatus: request.esperado, trackingCode: request.rastreio, carrier: request.transportadora, mail }
}

export type Advanced = { code: string; from: OrderStatus; status: OrderStatus }

/**
 * The operator's step, for the back office and the command line alike: a paid order to its next
 * status ('enviado' needs the tracking code and the carrier; the buyer gets the e-mail with the
 * tracking link). The order row is locked while it moves, and the move, its timeline event and its
 * audit line are one transaction: two people moving one order at once move it once, and the second
 * is told the order changed.
 */
export async function advanceOrder(db: Db, input: AdvanceInput): Promise<Advanced | Refusal> {
  const now = input.now ?? new Date()
  const code = input.code.trim().toUpperCase()
  const tracking = input.trackingCode?.trim().toUpperCase()
  const carrier = input.carrier?.trim().toLowerCase()
  const result = await transaction(db, async (tx): Promise<Advanced | Refusal> => {
    const [order] = await tx.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.code, code)).for('update').limit(1)
    if (!order) return refuse(ORDERS.notFound(code))
    if (input.expectedStatus && input.expectedStatus !== order.status) return refuse(ORDERS.changed, { status: order.status })
    const next = NEXT_STATUS[order.status]
    if (!next) return refuse(ORDERS.noNextStep(code, ORDER_STATUS_NAMES[order.status]), { status: order.status })
    if (next === 'enviado' && !tracking) return refuse(ORDERS.trackingRequired)
    if (next === 'enviado' && !isCarrier(carrier)) return refuse(ORDERS.carrierRequired)
    const shipped = next === 'enviado' && isCarrier(carrier) ? { trackingCode: tracking, carrier } : {}
    await tx
      .update(orders)
      .set({ status: next, updatedAt: now, ...shipped })
      .where(eq(orders.id, order.id))
    const summary =
      next === 'enviado' && isCarrier(carrier)
        ? `Pedido enviado — ${CARRIERS[carrier].nome}, rastreio ${tracking}`
        : `${ORDER_STATUS_NAMES[order.status]} → ${ORDER_STATUS_NAMES[next]}`
    await recordOrderEvent(tx, order.id, { kind: 'status', actor: input.actor, summary, data: { de: order.status, para: next, ...shipped } })
    await recordAudit(tx, {
      actor: input.actor,
      action: 'pedido.avancar',
      entity: 'order',
      entityId: code,
      before: { status: order.status },
      after: { status: next, ...shipped },
    })
    if (next === 'enviado') await enqueueOrderMail(tx, input.mail, code, 'enviado')
    if (next === 'enviado' && isCarrier(carrier)) await announceOrder(tx, 'pedido.enviado', order.id, { transportadora: carrier, rastreio: tracking })
    if (next === 'entregue') await announceOrder(tx, 'pedido.entregue', order.id)
    return { code, from: order.status, status: next }
  })
  return result
}
