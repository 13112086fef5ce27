import { and, eq } from 'drizzle-orm'
import { CHECKOUT_MESSAGES } from '../../../contract/checkout'
import type { Db } from '../../db/client'
import { orders, payments } from '../../db/schema'
import type { Payment, PaymentProvider, WebhookRequest } from '../../integrations/payments/provider'
import type { OrderMailDeps } from '../order/mail'
import { applyPaymentState, stateKey } from './apply'

export type WebhookOutcome = { ok: true; aplicado: boolean } | { ok: false; status: 400 | 401 | 404 | 409 | 503; msg: string }

/** Text a PostgreSQL text parameter cannot hold (NUL) or that is not well-formed UTF-16: a 400, never a 500. */
// eslint-disable-next-line no-control-regex
const unsafeText = (value: string) => /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(value)

/**
 * A provider's notification (POST /_next/api/pagamentos/webhook/ and 'Simular pagamento'): the
 * signature and freshness checked by the provider; then the payment as the provider has it — the
 * signed event of the sandbox, or for a provider that only notifies (Mercado Pago) the payment
 * fetched from it, never the body — goes through the one state machine (apply.ts). The event's key is
 * stored in the transaction that applies it, so a replay or a second delivery changes nothing.
 */
export async function receiveWebhook(db: Db, provider: PaymentProvider, request: WebhookRequest, now = new Date(), mail?: OrderMailDeps): Promise<WebhookOutcome> {
  if (unsafeText(request.rawBody)) return { ok: false, status: 400, msg: 'Evento de webhook malformado.' }
  const verified = await provider.verifyWebhook(request)
  if (!verified.ok) return { ok: false, status: verified.reason === 'assinatura' ? 401 : 400, msg: verified.message }
  if (unsafeText(verified.paymentId) || (verified.event && unsafeText(verified.event.orderCode + verified.event.id))) {
    return { ok: false, status: 400, msg: 'Evento de webhook malformado.' }
  }
  let target: Payment
  let key = verified.key
  const { event } = verified
  const [row] = await db.select().from(payments).where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, verified.paymentId))).limit(1)
  if (event) {
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.code, event.orderCode)).limit(1)
    if (!order) return { ok: false, status: 404, msg: CHECKOUT_MESSAGES.pedido }
    if (!row || row.orderId !== order.id) return { ok: false, status: 404, msg: 'Pagamento não encontrado.' }
    if (event.status === 'paid' && event.amountCents !== row.amountCents) return { ok: false, status: 409, msg: 'Valor pago diferente do valor do pedido.' }
    const known = row.details as unknown as Payment
    target = { ...known, status: event.status, capturedCents: event.status === 'paid' ? event.amountCents : known.capturedCents }
  } else {
    const fetched = await provider.status(verified.paymentId)
    if (!fetched.ok) {
      return fetched.code === 'indisponivel' ? { ok: false, status: 503, msg: fetched.message } : { ok: false, status: 404, msg: 'Pagamento não encontrado.' }
    }
    target = fetched.payment
    key = `${key}:${stateKey(target)}`
    if (!row) return { ok: false, status: 404, msg: 'Pagamento não encontrado.' }
  }
  if (target.amountCents !== row.amountCents) return { ok: false, status: 409, msg: 'Valor pago diferente do valor do pedido.' }
  const applied = await applyPaymentState(db, provider, { orderId: row.orderId, row, target, key, actor: { kind: 'system', job: 'webhook' }, now, mail })
  return { ok: true, aplicado: applied !== 'replay' && applied !== 'ignored' && applied !== 'unchanged' }
}
