import { and, eq } from 'drizzle-orm'
import { CHECKOUT_MESSAGES } from '../../../contract/checkout'
import type { Db } from '../../db/client'
import { orders, paymentEvents, payments } from '../../db/schema'
import type { Payment, PaymentProvider, PaymentStatus, WebhookRequest } from '../../integrations/payments/provider'
import { sendOrderMail, type OrderMailDeps } from '../order/mail'
import { cancelOrder, markPaidIn } from '../order/status'
import { refuse, type Refusal } from '../refusal'

/** Applied (or not: a replay or an old event), or refused: a bad signature is 'auth', a bad body 'bad_request'. */
export type WebhookOutcome = { ok: true; aplicado: boolean } | Refusal

/** Gives back a payment that arrived for a cancelled order, and records the refund on its row. */
async function refundLatePayment(db: Db, provider: PaymentProvider, rowId: number, paymentId: string, now: Date): Promise<void> {
  const refunded = await provider.refund(paymentId)
  if (!refunded.ok) return
  await db
    .update(payments)
    .set({ status: refunded.payment.status, details: refunded.payment as unknown as Record<string, unknown>, updatedAt: now })
    .where(eq(payments.id, rowId))
}

/** How far along a payment is: an event only ever moves it forward. */
const RANK: Record<PaymentStatus, number> = { pending: 0, authorized: 1, paid: 2, voided: 3, refunded: 3 }

/**
 * A provider's notification (POST /_next/api/pagamentos/webhook/ and 'Simular pagamento'): the
 * signature and freshness checked by the provider, the order and its payment found, and the event
 * applied once — its key (webhookEventKey) is stored in the same transaction, so a replay or a
 * second delivery changes nothing. Paid: the order waiting for it becomes 'pago'; one already
 * cancelled is not revived, the payment is refunded. Voided: an order still waiting is cancelled
 * and its stock released.
 */
export async function receiveWebhook(db: Db, provider: PaymentProvider, request: WebhookRequest, now = new Date(), mail?: OrderMailDeps): Promise<WebhookOutcome> {
  const verified = await provider.verifyWebhook(request)
  if (!verified.ok) return refuse(verified.reason === 'assinatura' ? 'auth' : 'bad_request', verified.message)
  const { event, key } = verified
  const [order] = await db.select({ id: orders.id, total: orders.totalCents }).from(orders).where(eq(orders.code, event.orderCode)).limit(1)
  if (!order) return refuse('not_found', CHECKOUT_MESSAGES.pedido)
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.provider, provider.name), eq(payments.providerPaymentId, event.paymentId)))
    .limit(1)
  if (!row) return refuse('not_found', 'Pagamento não encontrado.')
  if (event.status === 'paid' && event.amountCents !== row.amountCents) return refuse('conflict', 'Valor pago diferente do valor do pedido.')

  const applied = await db.transaction(async (tx) => {
    const fresh = await tx.insert(paymentEvents).values({ key, orderId: order.id, status: event.status, receivedAt: now }).onConflictDoNothing().returning({ key: paymentEvents.key })
    if (fresh.length === 0) return 'replay' as const
    // Only forward — except money arriving after the store withdrew the charge: recorded, then refunded.
    const late = event.status === 'paid' && row.status === 'voided'
    if (RANK[event.status] <= RANK[row.status] && !late) return 'stale' as const
    const payment = { ...(row.details as unknown as Payment), status: event.status, capturedCents: event.status === 'paid' ? event.amountCents : (row.details.capturedCents as number) }
    if (event.status === 'paid') return (await markPaidIn(tx, order.id, payment, now)) ? ('moved' as const) : ('paid' as const)
    else await tx.update(payments).set({ status: event.status, details: payment as unknown as Record<string, unknown>, updatedAt: now }).where(eq(payments.id, row.id))
    return event.status
  })
  if (applied === 'voided' && (await cancelOrder(db, order.id, 'pagamento', now))) void sendOrderMail(mail, event.orderCode, 'cancelado')
  if (applied === 'moved') void sendOrderMail(mail, event.orderCode, 'pago')
  // Paid for an order no longer waiting (cancelled at its deadline meanwhile): the money goes back.
  if (applied === 'paid') await refundLatePayment(db, provider, row.id, event.paymentId, now)
  return { ok: true, aplicado: applied !== 'replay' && applied !== 'stale' }
}
