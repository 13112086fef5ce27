import { and, desc, eq } from 'drizzle-orm'
import { CHECKOUT } from '../../../contract/messages/checkout-reasons'
import { PAYMENT } from '../../../contract/messages/payment'
import type { Db } from '../../db/client'
import { orders, payments } from '../../db/schema'
import type { PaymentProvider } from '../../integrations/payments/provider'
import { isRefusal, refuse } from '../refusal'
import type { OrderMailDeps } from '../order/mail'
import { sandboxOf } from './gateway'
import { receiveWebhook } from './webhook'

/**
 * 'Simular pagamento' (sandbox only, decision 0017): the sandbox marks the customer's pending Pix
 * or boleto paid and signs the event, which goes through receiveWebhook — the webhook endpoint's
 * own path, signature check and idempotency included.
 */
export async function simulatePayment(db: Db, provider: PaymentProvider, customerId: number, code: string, now = new Date(), mail?: OrderMailDeps) {
  const sandbox = sandboxOf(provider)
  const [order] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(eq(orders.code, code), eq(orders.customerId, customerId)))
    .limit(1)
  if (!order) return refuse(CHECKOUT.pedido)
  const [row] = await db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.id)).limit(1)
  if (!sandbox || !row || row.method === 'cartao' || order.status !== 'aguardando_pagamento') return refuse(CHECKOUT.simulacao)
  const simulated = await sandbox.simulatePayment(row.providerPaymentId)
  if (!simulated.ok) return refuse(PAYMENT.simulacaoRecusada(simulated.message))
  const outcome = await receiveWebhook(db, provider, { rawBody: simulated.delivery.rawBody, headers: new Headers(simulated.delivery.headers) }, now, mail)
  if (isRefusal(outcome)) return outcome
  const [after] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id))
  return { estado: 'sucesso' as const, status: after.status }
}
