import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders, payments } from '../../db/schema'
import type { Payment } from '../../integrations/payments/provider'
import type { Actor } from '../actor'
import { recordOrderEvent } from './events'
import { sendOrderMail, type OrderMailDeps } from './mail'
import type { Tx } from './stock'

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

/** Records the 'paid' event of an order in the transaction that moved it (markPaidIn answered true). */
export const recordPaid = (tx: Tx, orderId: number, actor: Actor, payment: Payment): Promise<void> =>
  recordOrderEvent(tx, orderId, { kind: 'paid', actor, summary: `Pagamento aprovado (${payment.provider})`, data: { paymentId: payment.id, amountCents: payment.capturedCents || payment.amountCents } })

export const markPaid = (db: Db, orderId: number, payment: Payment, now = new Date(), actor: Actor = { kind: 'system', job: 'pagamento' }): Promise<boolean> =>
  db.transaction(async (tx) => {
    const moved = await markPaidIn(tx, orderId, payment, now)
    if (moved) await recordPaid(tx, orderId, actor, payment)
    return moved
  })

export type AdvanceResult = { ok: true; code: string; status: OrderStatus } | { ok: false; message: string }

/** The operator's step: a paid order to its next status; 'enviado' needs the tracking code. */
export async function advanceOrder(db: Db, code: string, trackingCode?: string, now = new Date(), mail?: OrderMailDeps, actor: Actor = { kind: 'cli' }): Promise<AdvanceResult> {
  const [order] = await db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.code, code)).limit(1)
  if (!order) return { ok: false, message: `Pedido ${code} não encontrado.` }
  const next = NEXT_STATUS[order.status]
  if (!next) return { ok: false, message: `O pedido ${code} está "${order.status}": não há próximo passo para o operador.` }
  const tracking = trackingCode?.trim()
  if (next === 'enviado' && !tracking) return { ok: false, message: 'Informe o código de rastreio para marcar como enviado.' }
  const moved = await db.transaction(async (tx) => {
    const done = await tx
      .update(orders)
      .set({ status: next, updatedAt: now, ...(next === 'enviado' ? { trackingCode: tracking } : {}) })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning({ id: orders.id })
    if (done.length) {
      const summary = next === 'enviado' ? `Pedido enviado — rastreio ${tracking}` : `Pedido ${next === 'em_separacao' ? 'em separação' : 'entregue'}`
      await recordOrderEvent(tx, order.id, { kind: 'status', actor, summary, data: { from: order.status, to: next } })
    }
    return done
  })
  if (moved.length && next === 'enviado') await sendOrderMail(mail, code, 'enviado')
  return moved.length ? { ok: true, code, status: next } : { ok: false, message: `O pedido ${code} mudou enquanto isso; tente de novo.` }
}
