// A fake Mercado Pago on loopback for the tests: the payments API as its public documentation
// describes it (docs/decisions/0052-mercado-pago.md), checking what it receives — the Bearer token,
// X-Idempotency-Key, required fields, amounts in reais with two decimals, the expiry format — and
// answering as documented. 500s and timeouts on demand. Card tokens as the browser's card-token call
// makes them (POST /v1/card_tokens?public_key=…, CORS open like the real one).
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { signMercadoPagoNotification } from '../../server/integrations/payments/mercadopago'
import { boletoBarcode, linhaFromBarcode } from '../../server/integrations/payments/boleto'

export const FAKE_MP = {
  accessToken: 'TEST-7434000000159-031410-cee51edf8aaaa-123456789',
  publicKey: 'TEST-6b3c1f2e-0000-4a5b-9c8d-abcdef012345',
  webhookSecret: 'segredo-do-webhook-de-teste-0123456789',
}

/**
 * Mercado Pago's test cards decide the result by the cardholder's name (APRO approved, FUND
 * insufficient funds, SECU bad security code, CALL call for authorize, OTHE other reason).
 */
const RESULT_BY_HOLDER: Record<string, string> = {
  APRO: 'accredited',
  FUND: 'cc_rejected_insufficient_amount',
  SECU: 'cc_rejected_bad_filled_security_code',
  CALL: 'cc_rejected_call_for_authorize',
  OTHE: 'cc_rejected_other_reason',
}

type Json = Record<string, unknown>
export type Received = { method: string; path: string; headers: Record<string, string | undefined>; body: Json | null }
type MpPayment = Json & { id: number; status: string; transaction_amount: number; transaction_amount_refunded: number; date_created: string }

const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[-+]\d{2}:\d{2}$/
const twoDecimals = (n: unknown) => typeof n === 'number' && n > 0 && Math.abs(Math.round(n * 100) - n * 100) < 1e-6

export async function startFakeMercadoPago() {
  const payments = new Map<number, MpPayment>()
  const tokens = new Map<string, { holder: string; last4: string; firstSix: string }>()
  const byKey = new Map<string, { status: number; body: Json }>()
  const refundsByKey = new Map<string, Json>()
  const received: Received[] = []
  let failures: Array<'500' | 'timeout'> = []
  let nextId = 1_325_000_000

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
    res.end(JSON.stringify(body))
  }
  const error = (res: ServerResponse, status: number, message: string, code?: number | string) =>
    send(res, status, { message, error: 'bad_request', status, cause: code ? [{ code, description: message }] : [] })

  async function readBody(req: IncomingMessage): Promise<Json | null> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    if (!text) return null
    try {
      return JSON.parse(text) as Json
    } catch {
      return null
    }
  }

  function createPayment(body: Json): { status: number; body: Json } {
    const payer = body.payer as Json | undefined
    const identification = payer?.identification as Json | undefined
    if (!twoDecimals(body.transaction_amount))
      return { status: 400, body: { message: 'transaction_amount must be a positive number with two decimals', cause: [{ code: 4020 }] } }
    if (typeof body.external_reference !== 'string' || !/^https?:\/\//.test(String(body.notification_url)) || typeof body.description !== 'string') {
      return { status: 400, body: { message: 'missing external_reference, description or notification_url', cause: [{ code: 1 }] } }
    }
    if (typeof payer?.email !== 'string' || !/^(CPF|CNPJ)$/.test(String(identification?.type)) || !/^\d{11,14}$/.test(String(identification?.number))) {
      return { status: 400, body: { message: 'Invalid user identification number', cause: [{ code: 2067 }] } }
    }
    const id = nextId++
    const now = new Date().toISOString()
    const base: MpPayment = {
      id,
      date_created: now,
      external_reference: body.external_reference,
      transaction_amount: body.transaction_amount as number,
      transaction_amount_refunded: 0,
      payment_method_id: body.payment_method_id,
      installments: 1,
      status: 'pending',
      status_detail: 'pending_waiting_transfer',
      currency_id: 'BRL',
      notification_url: body.notification_url,
    }
    if (body.payment_method_id === 'pix') {
      if (!DATE.test(String(body.date_of_expiration)))
        return {
          status: 400,
          body: { message: "The following parameters must be valid date and format (yyyy-MM-dd'T'HH:mm:ssz) date_of_expiration", cause: [{ code: 23 }] },
        }
      Object.assign(base, {
        date_of_expiration: body.date_of_expiration,
        payment_type_id: 'bank_transfer',
        point_of_interaction: {
          type: 'PIX',
          transaction_data: {
            qr_code: `00020126580014br.gov.bcb.pix0136${randomUUID()}520400005303986540${String(body.transaction_amount).length}${body.transaction_amount}5802BR5913MERCADO PAGO6009SAO PAULO62070503***6304ABCD`,
            qr_code_base64: 'iVBORw0KGgo=',
            ticket_url: `https://www.mercadopago.com.br/payments/${id}/ticket`,
          },
        },
      })
    } else if (body.payment_method_id === 'bolbradesco') {
      const address = payer.address as Json | undefined
      const ok =
        address &&
        /^\d{8}$/.test(String(address.zip_code)) &&
        address.street_name &&
        address.street_number &&
        address.neighborhood &&
        address.city &&
        /^[A-Z]{2}$/.test(String(address.federal_unit))
      if (!ok) return { status: 400, body: { message: 'payer.address is required for boleto', cause: [{ code: 4037 }] } }
      if (!DATE.test(String(body.date_of_expiration))) return { status: 400, body: { message: 'date_of_expiration format', cause: [{ code: 23 }] } }
      const cents = Math.round((body.transaction_amount as number) * 100)
      const barcode = boletoBarcode('237', 9999, cents, String(id).padStart(25, '0'))
      Object.assign(base, {
        date_of_expiration: body.date_of_expiration,
        payment_type_id: 'ticket',
        status_detail: 'pending_waiting_payment',
        barcode: { content: barcode },
        transaction_details: {
          external_resource_url: `https://www.mercadopago.com.br/payments/${id}/ticket?caller_id=1&hash=abc`,
          digitable_line: linhaFromBarcode(barcode),
        },
      })
    } else {
      const card = tokens.get(String(body.token))
      if (!card) return { status: 400, body: { message: 'Card Token not found', cause: [{ code: 2006 }] } }
      if (!Number.isInteger(body.installments) || (body.installments as number) < 1)
        return { status: 400, body: { message: 'Invalid installments', cause: [{ code: 3034 }] } }
      if (typeof body.payment_method_id !== 'string') return { status: 400, body: { message: 'payment_method_id required', cause: [{ code: 4033 }] } }
      tokens.delete(String(body.token)) // a card token is good for one payment
      const detail = RESULT_BY_HOLDER[card.holder] ?? 'cc_rejected_other_reason'
      const approved = detail === 'accredited'
      Object.assign(base, {
        payment_type_id: 'credit_card',
        installments: body.installments,
        card: { first_six_digits: card.firstSix, last_four_digits: card.last4, cardholder: { name: card.holder } },
        status: approved ? (body.capture === false ? 'authorized' : 'approved') : 'rejected',
        status_detail: approved ? (body.capture === false ? 'pending_capture' : 'accredited') : detail,
      })
    }
    payments.set(id, base)
    return { status: 201, body: base }
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'POST, GET', 'access-control-allow-headers': 'content-type' })
        return res.end()
      }
      const body = await readBody(req)
      received.push({
        method: req.method ?? '',
        path: url.pathname + url.search,
        headers: { authorization: req.headers.authorization, 'x-idempotency-key': req.headers['x-idempotency-key'] as string | undefined },
        body,
      })
      const failure = failures.shift()
      if (failure === 'timeout') return // never answers: the client's timeout must fire
      if (failure === '500') return send(res, 500, { message: 'internal_error', status: 500 })

      // The browser's card-token call: the public key in the query, no access token.
      if (req.method === 'POST' && url.pathname === '/v1/card_tokens') {
        if (url.searchParams.get('public_key') !== FAKE_MP.publicKey) return error(res, 401, 'invalid public_key')
        const number = String(body?.card_number ?? '')
        const holder = String((body?.cardholder as Json | undefined)?.name ?? '')
        if (!/^\d{13,19}$/.test(number) || !/^\d{3,4}$/.test(String(body?.security_code)) || !body?.expiration_month || !body?.expiration_year || !holder)
          return error(res, 400, 'invalid card data', 'E301')
        const id = randomUUID().replace(/-/g, '')
        tokens.set(id, { holder, last4: number.slice(-4), firstSix: number.slice(0, 6) })
        return send(res, 201, {
          id,
          first_six_digits: number.slice(0, 6),
          last_four_digits: number.slice(-4),
          expiration_month: body.expiration_month,
          expiration_year: body.expiration_year,
          status: 'active',
          date_created: new Date().toISOString(),
        })
      }
      if (req.headers.authorization !== `Bearer ${FAKE_MP.accessToken}`) return error(res, 401, 'invalid access token', 401)

      if (req.method === 'POST' && url.pathname === '/v1/payments') {
        const key = req.headers['x-idempotency-key']
        if (typeof key !== 'string' || key.length < 8) return error(res, 400, 'Header X-Idempotency-Key can’t be null', 4292)
        const done = byKey.get(key) ?? createPayment(body ?? {})
        byKey.set(key, done)
        return send(res, done.status, done.body)
      }
      if (req.method === 'GET' && url.pathname === '/v1/payments/search') {
        const from = Date.parse(url.searchParams.get('begin_date') ?? '')
        const to = Date.parse(url.searchParams.get('end_date') ?? '')
        const status = url.searchParams.get('status')
        const results = [...payments.values()].filter(
          (p) => (!status || p.status === status) && Date.parse(p.date_created) >= from && Date.parse(p.date_created) <= to,
        )
        return send(res, 200, { results, paging: { total: results.length, limit: 100, offset: 0 } })
      }
      const refundPath = /^\/v1\/payments\/(\d+)\/refunds$/.exec(url.pathname)
      if (req.method === 'POST' && refundPath) {
        const key = req.headers['x-idempotency-key']
        if (typeof key !== 'string' || key.length < 8) return error(res, 400, 'Header-X-Idempotency-Key-can’t-be-null', 4292)
        const again = refundsByKey.get(key)
        if (again) return send(res, 201, again)
        const payment = payments.get(Number(refundPath[1]))
        if (!payment) return error(res, 404, 'Payment not found', 2000)
        if (payment.status !== 'approved') return error(res, 400, 'The action requested is not valid for the current payment state', 2063)
        const left = Math.round((payment.transaction_amount - payment.transaction_amount_refunded) * 100)
        const amount = body?.amount === undefined ? left / 100 : body.amount
        if (!twoDecimals(amount) || Math.round((amount as number) * 100) > left)
          return error(res, 400, 'amount attribute must be positive and not above what is left', 4040)
        payment.transaction_amount_refunded = (Math.round(payment.transaction_amount_refunded * 100) + Math.round((amount as number) * 100)) / 100
        if (Math.round(payment.transaction_amount_refunded * 100) === Math.round(payment.transaction_amount * 100))
          Object.assign(payment, { status: 'refunded', status_detail: 'refunded' })
        else payment.status_detail = 'partially_refunded'
        const refund = { id: nextId++, payment_id: payment.id, amount, status: 'approved', date_created: new Date().toISOString() }
        refundsByKey.set(key, refund)
        return send(res, 201, refund)
      }
      const one = /^\/v1\/payments\/(\d+)$/.exec(url.pathname)
      const payment = one ? payments.get(Number(one[1])) : undefined
      if (one && !payment) return error(res, 404, 'Payment not found', 2000)
      if (req.method === 'GET' && payment) return send(res, 200, payment)
      if (req.method === 'PUT' && payment) {
        if (body?.status === 'cancelled') {
          if (!['pending', 'in_process', 'authorized'].includes(payment.status))
            return error(res, 400, 'The action requested is not valid for the current payment state', 2018)
          Object.assign(payment, { status: 'cancelled', status_detail: 'by_collector' })
          return send(res, 200, payment)
        }
        if (body?.capture === true) {
          if (payment.status !== 'authorized') return error(res, 400, 'The action requested is not valid for the current payment state', 2016)
          Object.assign(payment, { status: 'approved', status_detail: 'accredited' })
          return send(res, 200, payment)
        }
        return error(res, 400, 'Status attribute can’t be null', 4017)
      }
      error(res, 404, 'not found')
    })().catch((err: unknown) => send(res, 500, { message: String(err) }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    payments,
    received,
    /** The next `count` requests fail this way (a 500, or no answer at all). */
    fail(count: number, how: '500' | 'timeout') {
      failures = Array.from({ length: count }, () => how)
    },
    /** A card token as the browser would get it (the fake's own call, for tests that have no browser). */
    async cardToken(holder: string, number = '5031433215406351') {
      const res = await fetch(`${url}/v1/card_tokens?public_key=${FAKE_MP.publicKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          card_number: number,
          security_code: '123',
          expiration_month: 11,
          expiration_year: 2030,
          cardholder: { name: holder, identification: { type: 'CPF', number: '12345678909' } },
        }),
      })
      return ((await res.json()) as { id: string }).id
    },
    /** The shopper's bank pays a pending Pix or boleto. */
    pay(id: string | number) {
      const payment = payments.get(Number(id))
      if (payment) Object.assign(payment, { status: 'approved', status_detail: 'accredited', date_approved: new Date().toISOString() })
    },
    /** A notification as Mercado Pago sends it for a payment: the query, headers and body to POST to the store. */
    notification(id: string | number, options: { ts?: string; requestId?: string; secret?: string } = {}) {
      const ts = options.ts ?? String(Math.floor(Date.now() / 1000))
      const requestId = options.requestId ?? randomUUID()
      const body = JSON.stringify({
        id: nextId++,
        live_mode: false,
        type: 'payment',
        date_created: new Date().toISOString(),
        user_id: 44444,
        api_version: 'v1',
        action: 'payment.updated',
        data: { id: String(id) },
      })
      return {
        path: `/_next/api/pagamentos/webhook/?data.id=${id}&type=payment`,
        headers: {
          'content-type': 'application/json',
          'x-request-id': requestId,
          'x-signature': signMercadoPagoNotification(options.secret ?? FAKE_MP.webhookSecret, String(id), requestId, ts),
        },
        body,
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
export type FakeMercadoPago = Awaited<ReturnType<typeof startFakeMercadoPago>>
