// Mercado Pago behind the PaymentProvider interface, spoken to as its public API documents it
// (docs/decisions/0052-mercado-pago.md): plain fetch, Bearer access token, X-Idempotency-Key,
// 5-second timeouts and retries with backoff on the same key. Nothing secret is ever logged: not the
// access token, not a card token, not a payer's document.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import type { Logger } from 'pino'
import { toCents, toReais } from '../../../contract/pricing'
import { onlyDigits } from '../../../contract/validators'
import { pricingRules } from '../../domain/catalog/rules'
import type { StoreProfile } from '../../store-profile'
import { boletoDueDate, linhaFromBarcode } from './boleto'
import { CARD_BRANDS, instalmentPlan, splitInstalments, type CardBrand } from './card'
import { brazilDate } from './dates'
import {
  isCardToken,
  PAYMENT_MESSAGES,
  paymentFailure,
  type AuthorizeRequest,
  type Payment,
  type PaymentFailure,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentStatus,
  type RefundOutcome,
  type WebhookVerification,
  webhookRefused,
} from './provider'

export type MercadoPagoConfig = {
  accessToken: string
  /** Sent to the browser, which turns the card into a token with it (POST /v1/card_tokens). */
  publicKey: string
  webhookSecret: string
  apiUrl: string
  /** Where Mercado Pago notifies: the store's POST /_next/api/pagamentos/webhook/. */
  notificationUrl: string
  store: Pick<StoreProfile, 'pix' | 'boleto' | 'parcelamento'>
  log: Logger
  clock?: () => Date
  /** Per attempt (the brief: 5 s). */
  timeoutMs?: number
  /** Waits before the 2nd, 3rd… attempt of the same request (same idempotency key). */
  backoffMs?: readonly number[]
}

/** How far a notification's ts may be from now, either way. */
export const MP_WEBHOOK_TOLERANCE_MS = 5 * 60_000

/** Our brands as Mercado Pago's payment_method_id. */
export const MP_METHOD_OF_BRAND: Record<CardBrand, string> = { visa: 'visa', mastercard: 'master', amex: 'amex', elo: 'elo', hipercard: 'hipercard' }
const BRAND_OF_METHOD = new Map(Object.entries(MP_METHOD_OF_BRAND).map(([brand, id]) => [id, brand as CardBrand]))

/**
 * Declines by `status_detail` ("Resultados da criação de um pagamento"), in pt-BR for the shopper,
 * with the code our checkout answers with.
 */
const DECLINES: Record<string, [PaymentFailure['code'], string]> = {
  cc_rejected_insufficient_amount: ['saldo_insuficiente', 'Pagamento recusado: saldo insuficiente no cartão. Tente outro cartão.'],
  cc_rejected_bad_filled_card_number: ['cartao_invalido', 'Pagamento recusado: dados inválidos — confira o número do cartão.'],
  cc_rejected_bad_filled_date: ['cartao_invalido', 'Pagamento recusado: dados inválidos — confira a validade do cartão.'],
  cc_rejected_bad_filled_security_code: ['cartao_invalido', 'Pagamento recusado: dados inválidos — confira o código de segurança (CVV).'],
  cc_rejected_bad_filled_other: ['cartao_invalido', 'Pagamento recusado: dados inválidos — confira os dados do cartão.'],
  cc_rejected_invalid_installments: ['parcelas_invalidas', 'Pagamento recusado: o cartão não aceita esse número de parcelas.'],
  cc_rejected_call_for_authorize: ['recusado', 'Pagamento recusado pelo banco: autorize o valor com o emissor do cartão e tente de novo.'],
  cc_rejected_card_disabled: ['recusado', 'Pagamento recusado: o cartão está desativado. Ligue para o emissor ou use outro cartão.'],
  cc_rejected_duplicated_payment: ['recusado', 'Pagamento recusado: você já fez um pagamento desse valor. Use outro cartão ou meio de pagamento.'],
  cc_rejected_max_attempts: ['recusado', 'Pagamento recusado: limite de tentativas atingido. Use outro cartão ou meio de pagamento.'],
  cc_rejected_high_risk: ['recusado', 'Pagamento recusado pelo banco. Escolha outro meio de pagamento.'],
  cc_rejected_blacklist: ['recusado', 'Pagamento recusado pelo banco. Escolha outro meio de pagamento.'],
  cc_rejected_card_error: ['recusado', 'Pagamento recusado pelo banco. Tente outro cartão.'],
  cc_rejected_other_reason: ['recusado', 'Pagamento recusado pelo banco. Tente outro cartão.'],
}
const declined = (detail: string | undefined): PaymentFailure => {
  const [code, message] = DECLINES[detail ?? ''] ?? ['recusado', PAYMENT_MESSAGES.recusado]
  return { ok: false, code, message }
}

/** Mercado Pago's payment, the fields we read. */
type MpPayment = {
  id: number | string
  status: string
  status_detail?: string
  external_reference?: string | null
  transaction_amount: number
  transaction_amount_refunded?: number
  payment_method_id: string
  installments?: number
  date_created?: string
  date_of_expiration?: string | null
  card?: { last_four_digits?: string | null } | null
  barcode?: { content?: string } | null
  point_of_interaction?: { transaction_data?: { qr_code?: string; qr_code_base64?: string } }
  transaction_details?: { external_resource_url?: string | null; digitable_line?: string | null; barcode?: { content?: string } | null }
}

/** Mercado Pago's date-time, yyyy-MM-dd'T'HH:mm:ss.SSSz, in Brasília (-03:00; no daylight time since 2019). */
export function mpDate(date: Date): string {
  const local = new Date(date.getTime() - 3 * 3_600_000)
  return `${local.toISOString().slice(0, 23)}-03:00`
}

const STATUS: Record<string, PaymentStatus> = {
  pending: 'pending',
  in_process: 'pending',
  authorized: 'authorized',
  approved: 'paid',
  in_mediation: 'paid',
  refunded: 'refunded',
  charged_back: 'refunded',
  cancelled: 'voided',
  rejected: 'voided',
}

/** Mercado Pago's payment as ours: what is safe to store and show. */
export function fromMercadoPago(mp: MpPayment): Payment {
  const amountCents = toCents(mp.transaction_amount ?? 0)
  const status = STATUS[mp.status] ?? 'pending'
  const base = {
    id: String(mp.id),
    provider: 'mercadopago',
    orderCode: mp.external_reference ?? '',
    amountCents,
    status,
    capturedCents: status === 'paid' || status === 'refunded' ? amountCents : 0,
    refundedCents: toCents(mp.transaction_amount_refunded ?? 0),
    createdAt: mp.date_created ? new Date(mp.date_created).toISOString() : new Date().toISOString(),
  }
  if (mp.payment_method_id === 'pix') {
    const expiresAt = mp.date_of_expiration ? new Date(mp.date_of_expiration).toISOString() : base.createdAt
    return { ...base, method: 'pix', pix: { copiaECola: mp.point_of_interaction?.transaction_data?.qr_code ?? '', expiresAt } }
  }
  if (mp.payment_method_id === 'bolbradesco' || mp.payment_method_id === 'boleto') {
    const barcode = mp.barcode?.content ?? mp.transaction_details?.barcode?.content ?? ''
    const linha = mp.transaction_details?.digitable_line ?? (barcode.length === 44 ? linhaFromBarcode(barcode) : '')
    const dueDate = mp.date_of_expiration ? brazilDate(new Date(mp.date_of_expiration)) : brazilDate(new Date(base.createdAt))
    return {
      ...base,
      method: 'boleto',
      boleto: { barcode, linhaDigitavel: linha, nossoNumero: String(mp.id), dueDate },
      links: mp.transaction_details?.external_resource_url ? { boleto: mp.transaction_details.external_resource_url } : undefined,
    }
  }
  const parcelas = mp.installments ?? 1
  return {
    ...base,
    method: 'cartao',
    card: {
      brand: BRAND_OF_METHOD.get(mp.payment_method_id) ?? 'visa',
      last4: mp.card?.last_four_digits ?? '0000',
      parcelas,
      valoresCents: splitInstalments(amountCents, parcelas),
    },
  }
}

type Answer = { ok: true; status: number; json: unknown } | { ok: false; down: true }

export function createMercadoPagoProvider(config: MercadoPagoConfig): PaymentProvider {
  const clock = config.clock ?? (() => new Date())
  const timeoutMs = config.timeoutMs ?? 5_000
  const backoff = config.backoffMs ?? [250, 1_000]
  const rules = pricingRules(config.store)
  const api = config.apiUrl.replace(/\/$/, '')
  const log = config.log

  /**
   * One API call: a network error, a timeout or a 5xx (or 429) is asked again after the backoff,
   * with the same idempotency key, so a request the provider did take is not taken twice. Logs the
   * method, path and answer only.
   */
  async function call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, idempotencyKey?: string): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${config.accessToken}`, accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (idempotencyKey) headers['x-idempotency-key'] = idempotencyKey
    for (let attempt = 0; ; attempt++) {
      let status = 0
      try {
        const res = await fetch(`${api}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        })
        status = res.status
        if (status < 500 && status !== 429) {
          const text = await res.text()
          let json: unknown = null
          try {
            json = text ? JSON.parse(text) : null
          } catch {
            json = null
          }
          if (status >= 400) log.warn({ mercadopago: { method, path: path.split('?')[0], status, attempt } }, 'Mercado Pago recusou a chamada')
          return { ok: true, status, json }
        }
      } catch (err) {
        log.warn({ mercadopago: { method, path: path.split('?')[0], attempt, erro: (err as Error).name } }, 'Mercado Pago não respondeu')
      }
      if (status) log.warn({ mercadopago: { method, path: path.split('?')[0], status, attempt } }, 'Mercado Pago respondeu com erro')
      if (attempt >= backoff.length) return { ok: false, down: true }
      await new Promise((resolve) => setTimeout(resolve, backoff[attempt]))
    }
  }

  const down = (): PaymentFailure => paymentFailure('indisponivel')

  async function fetchPayment(id: string): Promise<PaymentOutcome> {
    if (!/^\d{1,20}$/.test(id)) return paymentFailure('nao_encontrado')
    const answer = await call('GET', `/v1/payments/${id}`)
    if (!answer.ok) return down()
    if (answer.status === 404) return paymentFailure('nao_encontrado')
    if (answer.status !== 200) return down()
    return { ok: true, payment: fromMercadoPago(answer.json as MpPayment) }
  }

  function payerOf(request: AuthorizeRequest) {
    const p = request.payer
    if (!p) return null
    const [first, ...rest] = p.nome.trim().split(/\s+/)
    const documento = onlyDigits(p.documento)
    return {
      email: p.email,
      first_name: first,
      last_name: rest.join(' ') || first,
      identification: { type: documento.length === 14 ? 'CNPJ' : 'CPF', number: documento },
      ...(p.endereco
        ? {
            address: {
              zip_code: onlyDigits(p.endereco.cep),
              street_name: p.endereco.rua,
              street_number: p.endereco.numero,
              neighborhood: p.endereco.bairro,
              city: p.endereco.cidade,
              federal_unit: p.endereco.estado,
            },
          }
        : {}),
    }
  }

  async function authorize(request: AuthorizeRequest): Promise<PaymentOutcome> {
    const { orderCode, amountCents } = request
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return paymentFailure('valor_invalido')
    const payer = payerOf(request)
    if (!payer?.email || payer.identification.number.length < 11) return paymentFailure('pagador_invalido')
    const now = clock()
    const common = {
      transaction_amount: toReais(amountCents),
      description: `Pedido ${orderCode}`,
      external_reference: orderCode,
      notification_url: config.notificationUrl,
      payer,
    }
    let body: Record<string, unknown>
    if (request.method === 'pix') {
      body = { ...common, payment_method_id: 'pix', date_of_expiration: mpDate(new Date(now.getTime() + config.store.pix.validadeMinutos * 60_000)) }
    } else if (request.method === 'boleto') {
      if (!payer.address) return paymentFailure('pagador_invalido')
      // Due at the end of the store's term in business days, as the sandbox's boleto.
      const due = boletoDueDate(brazilDate(now), config.store.boleto.prazoDiasUteis)
      body = { ...common, payment_method_id: 'bolbradesco', date_of_expiration: `${due}T23:59:59.000-03:00` }
    } else {
      if (!isCardToken(request.card) || !CARD_BRANDS.includes(request.card.brand)) return paymentFailure('cartao_invalido')
      if (!instalmentPlan(amountCents, rules).some((o) => o.parcelas === request.parcelas)) return paymentFailure('parcelas_invalidas')
      body = {
        ...common,
        payment_method_id: MP_METHOD_OF_BRAND[request.card.brand],
        token: request.card.token,
        installments: request.parcelas,
        capture: request.capture,
        ...(request.card.issuerId ? { issuer_id: Number(request.card.issuerId) } : {}),
      }
    }
    // One key per attempt at this order's payment; the retries inside call() reuse it.
    const answer = await call('POST', '/v1/payments', body, randomUUID())
    if (!answer.ok) return down()
    if (answer.status === 400) {
      const cause = JSON.stringify((answer.json as { cause?: unknown })?.cause ?? '')
      return /\b(2006|2062|3003|3034|4033|106|205|208|209|212|213|214|220|221|224|E301|E302)\b/.test(cause)
        ? paymentFailure('cartao_invalido')
        : paymentFailure('pagador_invalido')
    }
    if (answer.status !== 201 && answer.status !== 200) return down()
    const mp = answer.json as MpPayment
    if (mp.status === 'rejected') return declined(mp.status_detail)
    return { ok: true, payment: fromMercadoPago(mp) }
  }

  /** PUT /v1/payments/{id}: capture or cancel; 400 means the payment's state does not allow it. */
  async function update(id: string, body: Record<string, unknown>): Promise<PaymentOutcome> {
    if (!/^\d{1,20}$/.test(id)) return paymentFailure('nao_encontrado')
    const answer = await call('PUT', `/v1/payments/${id}`, body)
    if (!answer.ok) return down()
    if (answer.status === 404) return paymentFailure('nao_encontrado')
    if (answer.status === 400) return paymentFailure('estado_invalido')
    if (answer.status !== 200) return down()
    return { ok: true, payment: fromMercadoPago(answer.json as MpPayment) }
  }

  return {
    name: 'mercadopago',
    cardTokenizer: { url: `${api}/v1/card_tokens`, publicKey: config.publicKey },
    authorize,
    capture: (id, amountCents) => update(id, amountCents === undefined ? { capture: true } : { capture: true, transaction_amount: toReais(amountCents) }),

    async void(id) {
      const current = await fetchPayment(id)
      if (current.ok && current.payment.status === 'voided') return current
      return update(id, { status: 'cancelled' })
    },

    async refund(id, { amountCents, idempotencyKey }): Promise<RefundOutcome> {
      if (!/^\d{1,20}$/.test(id)) return paymentFailure('nao_encontrado')
      const answer = await call('POST', `/v1/payments/${id}/refunds`, amountCents === undefined ? {} : { amount: toReais(amountCents) }, idempotencyKey)
      if (!answer.ok) return down()
      if (answer.status === 404) return paymentFailure('nao_encontrado')
      if (answer.status === 400) return paymentFailure('estado_invalido')
      if (answer.status !== 201 && answer.status !== 200) return down()
      const refund = answer.json as { id: number | string; amount: number }
      const after = await fetchPayment(id)
      if (!after.ok) return after
      return { ok: true, payment: after.payment, refund: { id: String(refund.id), amountCents: toCents(refund.amount) } }
    },

    status: fetchPayment,

    async verifyWebhook({ rawBody, headers, url }): Promise<WebhookVerification> {
      const signature = headers.get('x-signature') ?? ''
      const parts = new Map(signature.split(',').map((part) => part.split('=', 2).map((v) => v.trim()) as [string, string]))
      const ts = parts.get('ts') ?? ''
      const v1 = parts.get('v1') ?? ''
      if (!/^\d{9,14}$/.test(ts) || !/^[0-9a-f]{64}$/.test(v1)) return webhookRefused('assinatura')
      // data.id comes from the notification URL's query string; the body's copy is the fallback.
      let dataId = url ? (new URL(url).searchParams.get('data.id') ?? '') : ''
      let type = url ? (new URL(url).searchParams.get('type') ?? '') : ''
      if (!dataId || !type) {
        try {
          const body = JSON.parse(rawBody) as { data?: { id?: unknown }; type?: unknown }
          dataId ||= String(body?.data?.id ?? '')
          type ||= String(body?.type ?? '')
        } catch {
          return webhookRefused('formato')
        }
      }
      // Alphanumeric ids are signed in lower case.
      dataId = dataId.toLowerCase()
      if (!/^[0-9a-z-]{1,64}$/.test(dataId)) return webhookRefused('formato')
      const requestId = headers.get('x-request-id')?.trim()
      const manifest = `id:${dataId};${requestId ? `request-id:${requestId};` : ''}ts:${ts};`
      const expected = createHmac('sha256', config.webhookSecret).update(manifest).digest()
      if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return webhookRefused('assinatura')
      // ts in seconds or in milliseconds (the documentation shows both).
      const tsMs = ts.length >= 12 ? Number(ts) : Number(ts) * 1000
      if (Math.abs(clock().getTime() - tsMs) > MP_WEBHOOK_TOLERANCE_MS) return webhookRefused('expirado')
      if (type !== 'payment') return webhookRefused('formato')
      return { ok: true, paymentId: dataId, key: `mp:${dataId}` }
    },

    async openPayments(from, to) {
      const found: Payment[] = []
      for (const status of ['pending', 'authorized']) {
        const query = new URLSearchParams({
          sort: 'date_created',
          criteria: 'asc',
          range: 'date_created',
          begin_date: from.toISOString(),
          end_date: to.toISOString(),
          status,
          limit: '100',
        })
        const answer = await call('GET', `/v1/payments/search?${query}`)
        if (!answer.ok || answer.status !== 200) continue
        for (const mp of (answer.json as { results?: MpPayment[] })?.results ?? []) found.push(fromMercadoPago(mp))
      }
      return found
    },
  }
}

/** Signs a notification as Mercado Pago does (the fake server in the tests and the README's example use it). */
export function signMercadoPagoNotification(secret: string, dataId: string, requestId: string, ts: string): string {
  const v1 = createHmac('sha256', secret).update(`id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`).digest('hex')
  return `ts=${ts},v1=${v1}`
}
