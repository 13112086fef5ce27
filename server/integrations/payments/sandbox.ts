// The sandbox payment provider, the default: offline, real Pix codes and boletos for the store's own
// key and account, card results chosen by test number, and webhooks signed like a gateway's so
// 'Simular pagamento' goes through the same webhook path as a real payment (decision 0017).
import { randomUUID } from 'node:crypto'
import { isValidCnpj, isValidCpf, onlyDigits } from '../../../contract/validators'
import { pricingRules } from '../../domain/catalog/rules'
import type { StoreProfile } from '../../store-profile'
import { boletoDueDate, encodeBoleto } from './boleto'
import { checkCard, instalmentPlan } from './card'
import { brazilDate } from './dates'
import { pixPayload } from './pix'
import { isCardToken, paymentFailure, type AuthorizeRequest, type Payment, type PaymentFailure, type PaymentOutcome, type PaymentProvider } from './provider'
import { signWebhook, verifySignedWebhook, type WebhookDelivery } from './webhook'

type CardResult = 'aprovado' | 'recusado' | 'saldo_insuficiente' | 'cartao_vencido'

/**
 * The sandbox's test card numbers by the result they give (README, "Pagamentos"). Any other number
 * that passes the card checks is refused with 'cartao_nao_teste'. Use any future validade, any name,
 * and any CVV (4 digits on Amex).
 */
export const SANDBOX_TEST_CARDS: Readonly<Record<CardResult, readonly string[]>> = {
  aprovado: [
    '4111111111111111',
    '4242424242424242', // Visa
    '5555555555554444',
    '2223003122003222', // Mastercard
    '378282246310005', // American Express
    '5066991111111118',
    '6362970000457013', // Elo
    '6062828888666688', // Hipercard
  ],
  recusado: ['4000000000000002', '5105105105105100'],
  saldo_insuficiente: ['4000000000009995', '371449635398431'],
  cartao_vencido: ['4000000000000069'],
}
const RESULT_BY_NUMBER = new Map(
  Object.entries(SANDBOX_TEST_CARDS).flatMap(([result, numbers]) => numbers.map((numero) => [numero, result as CardResult] as const)),
)

/**
 * Where the sandbox keeps its payments: the fake gateway's own records, not a cache. In memory by
 * default (one process; lost on restart). Several instances behind one database would pass a ledger
 * kept in a table, so any of them can answer status() or capture().
 */
export type SandboxLedger = {
  get(id: string): Promise<Payment | undefined>
  put(payment: Payment): Promise<void>
  /** Payments still pending or authorized, created in [from, to]. */
  open(from: Date, to: Date): Promise<Payment[]>
}

export function memoryLedger(): SandboxLedger {
  const payments = new Map<string, Payment>()
  return {
    get: async (id) => {
      const payment = payments.get(id)
      return payment && structuredClone(payment)
    },
    put: async (payment) => {
      payments.set(payment.id, structuredClone(payment))
    },
    open: async (from, to) =>
      [...payments.values()]
        .filter(
          (p) => (p.status === 'pending' || p.status === 'authorized') && Date.parse(p.createdAt) >= from.getTime() && Date.parse(p.createdAt) <= to.getTime(),
        )
        .map((p) => structuredClone(p)),
  }
}

export type SandboxConfig = {
  /** The webhook HMAC secret (secret.ts loadWebhookSecret). */
  secret: string
  store: Pick<StoreProfile, 'pix' | 'boleto' | 'parcelamento'>
  ledger?: SandboxLedger
  clock?: () => Date
}

export type SimulatedPayment = { ok: true; payment: Payment; delivery: WebhookDelivery } | PaymentFailure

export type SandboxProvider = PaymentProvider & {
  /**
   * 'Simular pagamento': marks a pending Pix or boleto paid, as if the shopper's bank had paid it,
   * and returns the signed webhook delivery to hand to the webhook endpoint. Asking again for a paid
   * one sends the same event again (same id), which the receiver ignores.
   */
  simulatePayment(paymentId: string): Promise<SimulatedPayment>
}

export function createSandboxProvider({ secret, store, ledger = memoryLedger(), clock = () => new Date() }: SandboxConfig): SandboxProvider {
  const rules = pricingRules(store)

  async function authorize(request: AuthorizeRequest): Promise<PaymentOutcome> {
    const { orderCode, amountCents } = request
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return paymentFailure('valor_invalido')
    const now = clock()
    const base = { id: `sbx_${randomUUID()}`, provider: 'sandbox', orderCode, amountCents, refundedCents: 0, createdAt: now.toISOString() }
    let payment: Payment
    if (request.method === 'pix') {
      const expiresAt = new Date(now.getTime() + store.pix.validadeMinutos * 60_000).toISOString()
      const copiaECola = pixPayload({ receiver: store.pix, amountCents, orderCode })
      payment = { ...base, method: 'pix', status: 'pending', capturedCents: 0, pix: { copiaECola, expiresAt } }
    } else if (request.method === 'boleto') {
      const documento = onlyDigits(request.payer.documento)
      if (request.payer.nome.trim() === '' || !(isValidCpf(documento) || isValidCnpj(documento))) return paymentFailure('pagador_invalido')
      const dueDate = boletoDueDate(brazilDate(now), store.boleto.prazoDiasUteis)
      const { barcode, linhaDigitavel, nossoNumero } = encodeBoleto({ account: store.boleto, amountCents, dueDate, orderCode })
      payment = { ...base, method: 'boleto', status: 'pending', capturedCents: 0, boleto: { barcode, linhaDigitavel, nossoNumero, dueDate } }
    } else {
      // The sandbox takes typed test cards only; a provider's token means nothing to it.
      if (isCardToken(request.card)) return paymentFailure('cartao_invalido')
      const check = checkCard(request.card, now)
      if (!check.ok) return paymentFailure('cartao_invalido', check.errors)
      const option = instalmentPlan(amountCents, rules).find((o) => o.parcelas === request.parcelas)
      if (!option) return paymentFailure('parcelas_invalidas')
      const result = RESULT_BY_NUMBER.get(onlyDigits(request.card.numero)) ?? 'cartao_nao_teste'
      if (result !== 'aprovado') return paymentFailure(result)
      payment = {
        ...base,
        method: 'cartao',
        status: request.capture ? 'paid' : 'authorized',
        capturedCents: request.capture ? amountCents : 0,
        card: { ...check.card, parcelas: option.parcelas, valoresCents: option.valoresCents },
      }
    }
    await ledger.put(payment)
    return { ok: true, payment }
  }

  /** Loads a payment, applies a change (or refuses it) and saves what changed. */
  async function change(paymentId: string, apply: (p: Payment) => PaymentFailure | 'unchanged' | 'changed'): Promise<PaymentOutcome> {
    const payment = await ledger.get(paymentId)
    if (!payment) return paymentFailure('nao_encontrado')
    const result = apply(payment)
    if (typeof result === 'object') return result
    if (result === 'changed') await ledger.put(payment)
    return { ok: true, payment }
  }

  const validAmount = (amount: number, max: number) => Number.isSafeInteger(amount) && amount > 0 && amount <= max

  return {
    name: 'sandbox',
    authorize,

    capture: (paymentId, amountCents) =>
      change(paymentId, (p) => {
        if (p.method === 'cartao' && p.status === 'paid' && amountCents === undefined) return 'unchanged'
        if (p.method !== 'cartao' || p.status !== 'authorized') return paymentFailure('estado_invalido')
        const amount = amountCents ?? p.amountCents
        if (!validAmount(amount, p.amountCents)) return paymentFailure('valor_invalido')
        p.status = 'paid'
        p.capturedCents = amount
        return 'changed'
      }),

    void: (paymentId) =>
      change(paymentId, (p) => {
        if (p.status === 'voided') return 'unchanged'
        if (p.status !== 'pending' && p.status !== 'authorized') return paymentFailure('estado_invalido')
        p.status = 'voided'
        return 'changed'
      }),

    async refund(paymentId, { amountCents, idempotencyKey }) {
      let made: { id: string; amountCents: number } | undefined
      const outcome = await change(paymentId, (p) => {
        made = p.refunds?.[idempotencyKey]
        if (made) return 'unchanged'
        if (p.status !== 'paid') return paymentFailure('estado_invalido')
        const left = p.capturedCents - p.refundedCents
        const amount = amountCents ?? left
        if (!validAmount(amount, left)) return paymentFailure('valor_invalido')
        p.refundedCents += amount
        if (p.refundedCents === p.capturedCents) p.status = 'refunded'
        made = { id: `sbx_rf_${randomUUID()}`, amountCents: amount }
        p.refunds = { ...p.refunds, [idempotencyKey]: made }
        return 'changed'
      })
      return outcome.ok && made ? { ok: true, payment: outcome.payment, refund: made } : outcome.ok ? paymentFailure('estado_invalido') : outcome
    },

    openPayments: (from, to) => ledger.open(from, to),

    status: (paymentId) => change(paymentId, () => 'unchanged'),

    verifyWebhook: async (request) => verifySignedWebhook(request, secret, clock()),

    async simulatePayment(paymentId) {
      const outcome = await change(paymentId, (p) => {
        if (p.method === 'cartao') return paymentFailure('estado_invalido')
        if (p.status === 'paid') return 'unchanged'
        if (p.status !== 'pending') return paymentFailure('estado_invalido')
        p.status = 'paid'
        p.capturedCents = p.amountCents
        return 'changed'
      })
      if (!outcome.ok) return outcome
      const { payment } = outcome
      const event = {
        id: `evt_${payment.id}_paid`,
        orderCode: payment.orderCode,
        paymentId: payment.id,
        method: payment.method,
        status: payment.status,
        amountCents: payment.capturedCents,
        createdAt: clock().toISOString(),
      }
      return { ok: true, payment, delivery: signWebhook(event, secret) }
    },
  }
}
