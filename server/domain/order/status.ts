import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderItems, orders, payments } from '../../db/schema'
import type { Payment } from '../../integrations/payments/provider'
import { rows } from '../../db/sql'
import { sendOrderMail, type OrderMailDeps } from './mail'
import { releaseStock, type Tx } from './stock'

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
  // The stock given back reaches every instance's caches through the catalog triggers (decision 0033).
  return db.transaction(async (tx) => {
    const held = await rows<{ id: number; code: string }>(
      tx as unknown as Db,
      sql`SELECT id, code FROM orders WHERE id IN (${sql.join(orderIds.map((id) => sql`${id}`), sql`, `)}) AND status = 'aguardando_pagamento'
          ORDER BY id FOR UPDATE SKIP LOCKED`,
    )
    for (const { id } of held) {
      await tx.update(orders).set({ status: 'cancelado', cancelReason: reason, expiresAt: null, updatedAt: now }).where(eq(orders.id, id))
      const items = await tx
        .select({ productId: orderItems.productId, optionId: orderItems.optionId, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, id))
      const lines = items.flatMap((i) => (i.productId == null ? [] : [{ productId: i.productId, optionId: i.optionId, quantity: i.quantity }]))
      await releaseStock(tx, lines)
      await tx.update(payments).set({ status: 'voided', updatedAt: now }).where(and(eq(payments.orderId, id), sql`${payments.status} IN ('pending', 'authorized')`))
    }
    return held.map((h) => h.code)
  })
}

export const cancelOrder = async (db: Db, orderId: number, reason: string, now = new Date()): Promise<boolean> =>
  (await cancelOrders(db, [orderId], reason, now)).length > 0

export type AdvanceResult = { ok: true; code: string; status: OrderStatus } | { ok: false; message: string }

/** The operator's step: a paid order to its next status; 'enviado' needs the tracking code. */
export async function advanceOrder(db: Db, code: string, trackingCode?: string, now = new Date(), mail?: OrderMailDeps): Promise<AdvanceResult> {
  const [order] = await db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.code, code)).limit(1)
  if (!order) return { ok: false, message: `Pedido ${code} não encontrado.` }
  const next = NEXT_STATUS[order.status]
  if (!next) return { ok: false, message: `O pedido ${code} está "${order.status}": não há próximo passo para o operador.` }
  const tracking = trackingCode?.trim()
  if (next === 'enviado' && !tracking) return { ok: false, message: 'Informe o código de rastreio para marcar como enviado.' }
  const moved = await db
    .update(orders)
    .set({ status: next, updatedAt: now, ...(next === 'enviado' ? { trackingCode: tracking } : {}) })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning({ id: orders.id })
  if (moved.length && next === 'enviado') await sendOrderMail(mail, code, 'enviado')
  return moved.length ? { ok: true, code, status: next } : { ok: false, message: `O pedido ${code} mudou enquanto isso; tente de novo.` }
}
