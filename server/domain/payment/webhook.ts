import { and, eq } from 'drizzle-orm'
import { CHECKOUT } from '../../../contract/messages/checkout-reasons'
import { PAYMENT } from '../../../contract/messages/payment'
import type { Db } from '../../db/client'
import { orders, payments } from '../../db/schema'
import { WEBHOOK_REFUSALS, type Payment, type PaymentProvider, type WebhookRequest } from '../../integrations/payments/provider'
import type { OrderMailDeps } from '../order/mail'
import { refuse, type Refusal } from '../refusal'
import { applyPaymentState, stateKey } from './apply'

/** Applied (or not: a replay or an old event), or refused: a bad signature is 'auth', a bad body 'bad_request'. */
export type WebhookOutcome = { ok: true; aplicado: boolean } | Refusal

/** Text a PostgreSQL text parameter cannot hold (NUL) or that is not well-formed UTF-16: refused as 'bad_request', never an internal error. */
// eslint-disable-next-line no-control-regex
const unsafeText = (value: string) => /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value)

/**
 * A provider's notification (POST /_next/api/pagamentos/webhook/ and 'Simular pagamento'): the
 * signature and freshness checked by the provider; then the payment as the provider has it — the
 * signed event of the sandbox, or for a provider that only notifies (Mercado Pago) the payment
 * fetched from it, never the body — goes through the one state machine (apply.ts). The event's key is
 * stored in the transaction that applies it, so a replay or a second delivery changes nothing.
 */
export async function receiveWebhook(
  db: Db,
  provider: PaymentProvider,
  request: WebhookRequest,
  now = new Date(),
  mail?: OrderMailDeps,
): Promise<WebhookOutcome> {
  if (unsafeText(request.rawBody)) return refuse(PAYMENT.webhookMalformado)
  const verified = await provider.verifyWebhook(request)
  if (!verified.ok) return refuse(WEBHOOK_REFUSALS[verified.reason])
  if (unsafeText(verified.paymentId) || (verified.event && unsafeText(verified.event.orderCode + verified.event.id))) {
    return refuse(PAYMENT.webhookMalformado)
  }
  let target: Payment
  let key = verified.key
  const { event } = verified
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, verified.paymentId)))
    .limit(1)
  if (event) {
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.code, event.orderCode)).limit(1)
    if (!order) return refuse(CHECKOUT.pedido)
    if (!row || row.orderId !== order.id) return refuse(PAYMENT.pagamentoDesconhecido)
    if (event.status === 'paid' && event.amountCents !== row.amountCents) return refuse(PAYMENT.valorDiferente)
    const known = row.details as unknown as Payment
    target = { ...known, status: event.status, capturedCents: event.status === 'paid' ? event.amountCents : known.capturedCents }
  } else {
    const fetched = await provider.status(verified.paymentId)
    if (!fetched.ok) {
      return fetched.code === 'indisponivel' ? refuse(PAYMENT.indisponivel(fetched.message)) : refuse(PAYMENT.pagamentoDesconhecido)
    }
    target = fetched.payment
    // The same key reconciliation uses for this state: seen by either, applied once.
    key = `${target.orderCode}:${stateKey(target)}`
    if (!row) return refuse(PAYMENT.pagamentoDesconhecido)
  }
  if (target.amountCents !== row.amountCents) return refuse(PAYMENT.valorDiferente)
  const applied = await applyPaymentState(db, provider, { orderId: row.orderId, row, target, key, actor: { kind: 'system', job: 'webhook' }, now, mail })
  return { ok: true, aplicado: applied !== 'replay' && applied !== 'ignored' && applied !== 'unchanged' }
}
