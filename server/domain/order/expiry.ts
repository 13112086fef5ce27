import { and, asc, eq, lte } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Db } from '../../db/client'
import { orders, payments } from '../../db/schema'
import type { PaymentProvider } from '../../integrations/payments/provider'
import { paymentProvider } from '../payment/gateway'
import { sendOrderMail, type OrderMailDeps } from './mail'
import { cancelOrders, markPaid } from './status'

/** How often the expiry job looks for unpaid orders past their deadline, and how many it takes a round. */
export const EXPIRY_INTERVAL_MS = 60_000
const BATCH = 50

/**
 * Cancels unpaid Pix and boleto orders past their deadline (orders.expires_at: the Pix code's
 * expiry; a boleto's due date plus one business day) and releases their stock (decision 0027).
 * The payment is withdrawn at the provider first, outside any transaction; one the provider says
 * was paid meanwhile is marked paid instead. Then cancelOrders takes the rows FOR UPDATE SKIP
 * LOCKED, so several instances running this at once cancel each order once. Answers the codes.
 */
export async function expireOrders(db: Db, provider: PaymentProvider, now = new Date(), mail?: OrderMailDeps): Promise<string[]> {
  const due = await db
    .select({ id: orders.id, paymentId: payments.providerPaymentId })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(and(eq(orders.status, 'aguardando_pagamento'), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(BATCH)
  const cancel: number[] = []
  for (const { id, paymentId } of due) {
    const voided = await provider.void(paymentId)
    if (voided.ok) cancel.push(id)
    else if (voided.code === 'estado_invalido') {
      const current = await provider.status(paymentId)
      if (current.ok && current.payment.status === 'paid') await markPaid(db, id, current.payment, now)
    }
  }
  const cancelled = await cancelOrders(db, cancel, 'expirado', now)
  for (const code of cancelled) void sendOrderMail(mail, code, 'cancelado')
  return cancelled
}

/** The expiry job on its own timer (a minute: a Pix code lives 30). Returns a stop function. */
export function startOrderExpiry(db: Db, log: Logger, mail?: OrderMailDeps): () => void {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    expireOrders(db, paymentProvider(db), new Date(), mail)
      .then((codes) => codes.length && log.info({ pedidos: codes }, 'pedidos não pagos cancelados'))
      .catch((err: unknown) => log.warn({ err }, 'cancelamento de pedidos vencidos falhou'))
      .finally(() => (running = false))
  }, EXPIRY_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
