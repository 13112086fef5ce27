import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderItems, orders, payments } from '../../db/schema'
import type { Payment } from '../../integrations/payments/provider'
import { forgetProducts } from '../catalog/caches'
import { rows } from '../../db/sql'
import { sendOrderMail, type OrderMailDeps } from './mail'
import { releaseStock, type Tx } from './stock'
import { ORDER_STATUS_NAMES } from '../../../contract/checkout'
import type { Actor } from '../actor'
import { isRefusal, refuse, type Refusal } from '../refusal'
import { auditOrder } from './audit'
import { CARRIER_IDS, CARRIERS, isCarrier } from '../../../contract/carriers'
import { recordOrderEvent } from './events'

export type OrderStatus = (typeof orders.$inferSelect)['status']

/**
 * The way an order moves (Checkout issue, "Orders"): aguardando pagamento → pago → em separação →
 * enviado (with a tracking code) → entregue; an unpaid order may be cancelled instead. The
 * operator command (scripts/pedidos.ts) moves a paid order along; payment moves the first step.
 */
export const NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = {
  pago: 'em_separacao',
  em_separacao: 'enviado',
  enviado: 'entregue',
}

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
  if (moved.length) await recordOrderEvent(tx, orderId, { kind: 'paid', actor: { kind: 'system', job: 'pagamento' }, summary: `Pagamento aprovado (${payment.provider} ${payment.id})` })
  return moved.length > 0
}

export const markPaid = (db: Db, orderId: number, payment: Payment, now = new Date()): Promise<boolean> =>
  db.transaction((tx) => markPaidIn(tx, orderId, payment, now))

/**
 * Cancels orders still waiting for payment and gives their stock back, in one transaction. Each
 * order row is taken with FOR UPDATE SKIP LOCKED: one another instance is cancelling (or paying)
 * right now is left to it, and an order no longer waiting is left alone. `reason`: 'expirado',
 * 'pagamento', 'operador'. Answers the codes cancelled.
 */
export async function cancelOrders(db: Db, orderIds: readonly number[], reason: string, now = new Date()): Promise<string[]> {
  if (orderIds.length === 0) return []
  const done = await db.transaction(async (tx) => {
    const held = await rows<{ id: number; code: string }>(
      tx as unknown as Db,
      sql`SELECT id, code FROM orders WHERE id IN (${sql.join(orderIds.map((id) => sql`${id}`), sql`, `)}) AND status = 'aguardando_pagamento'
          ORDER BY id FOR UPDATE SKIP LOCKED`,
    )
    const productIds: number[] = []
    for (const { id } of held) {
      await tx.update(orders).set({ status: 'cancelado', cancelReason: reason, expiresAt: null, updatedAt: now }).where(eq(orders.id, id))
      const items = await tx
        .select({ productId: orderItems.productId, optionId: orderItems.optionId, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, id))
      const lines = items.flatMap((i) => (i.productId == null ? [] : [{ productId: i.productId, optionId: i.optionId, quantity: i.quantity }]))
      await releaseStock(tx, lines)
      await tx.update(payments).set({ status: 'voided', updatedAt: now }).where(and(eq(payments.orderId, id), sql`${payments.status} IN ('pending', 'authorized')`))
      productIds.push(...lines.map((l) => l.productId))
    }
    return { codes: held.map((h) => h.code), productIds }
  })
  forgetProducts(db, done.productIds)
  return done.codes
}

export const cancelOrder = async (db: Db, orderId: number, reason: string, now = new Date()): Promise<boolean> =>
  (await cancelOrders(db, [orderId], reason, now)).length > 0

/** What the conflict refusal says: the order moved (another person, the command line, a job) since it was read. */
export const ORDER_CHANGED = 'Este pedido mudou. Veja como ele está agora e tente de novo, se ainda fizer sentido.'

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
  const result = await db.transaction(async (tx): Promise<Advanced | Refusal> => {
    const [order] = await tx.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.code, code)).for('update').limit(1)
    if (!order) return refuse('not_found', `Pedido ${code} não encontrado.`)
    if (input.expectedStatus && input.expectedStatus !== order.status) return refuse('conflict', ORDER_CHANGED, { status: order.status })
    const next = NEXT_STATUS[order.status]
    if (!next) return refuse('conflict', `O pedido ${code} está "${ORDER_STATUS_NAMES[order.status]}": não há próximo passo.`, { status: order.status })
    if (next === 'enviado' && !tracking) return refuse('invalid', 'Informe o código de rastreio para marcar como enviado.')
    if (next === 'enviado' && !isCarrier(carrier)) return refuse('invalid', `Escolha a transportadora: ${CARRIER_IDS.map((id) => CARRIERS[id].nome).join(', ')}.`)
    const shipped = next === 'enviado' && isCarrier(carrier) ? { trackingCode: tracking, carrier } : {}
    await tx.update(orders).set({ status: next, updatedAt: now, ...shipped }).where(eq(orders.id, order.id))
    const summary = next === 'enviado' && isCarrier(carrier) ? `Pedido enviado — ${CARRIERS[carrier].nome}, rastreio ${tracking}` : `${ORDER_STATUS_NAMES[order.status]} → ${ORDER_STATUS_NAMES[next]}`
    await recordOrderEvent(tx, order.id, { kind: 'status', actor: input.actor, summary, data: { de: order.status, para: next, ...shipped } })
    await auditOrder(tx, input.actor, 'order.advance', order.id, code, { status: order.status }, { status: next, ...shipped })
    return { code, from: order.status, status: next }
  })
  if (!isRefusal(result) && result.status === 'enviado') await sendOrderMail(input.mail, code, 'enviado')
  return result
}
