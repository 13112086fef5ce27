// PAYMENT_PROVIDER=mercadopago end to end through the store's calls, against the fake Mercado Pago on
// loopback (tests/support/fake-mercadopago.ts), which checks every request it receives.
import { Writable } from 'node:stream'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pedidoSuccessSchema } from '../../contract/checkout'
import type { Database, Db } from '../../server/db/client'
import { orders, payments, products, refunds } from '../../server/db/schema'
import { FIXTURE } from '../support/cart-fixtures'
import { insertCatalogFixture, type CatalogFixture } from '../support/catalog-fixtures'
import { cancelOrder } from '../../server/domain/order/cancel'
import { setPaymentProvider } from '../../server/domain/payment/gateway'
import { reconcilePayments } from '../../server/domain/payment/reconcile'
import { refundOrder } from '../../server/domain/payment/refund'
import { isRefusal } from '../../server/domain/refusal'
import { createMercadoPagoProvider } from '../../server/integrations/payments/mercadopago'
import type { PaymentProvider } from '../../server/integrations/payments/provider'
import { storeProfile } from '../../server/store-profile'
import { createTestApp, testEnv } from '../support/app'
import { completeCheckout, createShopper, fillCart, type Shopper } from '../support/checkout'
import { createTestDatabase, testDbKind } from '../support/db'
import { FAKE_MP, startFakeMercadoPago, type FakeMercadoPago } from '../support/fake-mercadopago'

let database: Database
let db: Db
let fx: CatalogFixture
let fake: FakeMercadoPago
let provider: PaymentProvider
let logged = ''
const { CAPA, CANON } = FIXTURE
const env = { ...testEnv, dataDir: `${testEnv.dataDir}-mp-${process.pid}`, PUBLIC_URL: 'https://loja.example', PAYMENT_PROVIDER: 'mercadopago' as const }

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  fx = await insertCatalogFixture(db)
  fake = await startFakeMercadoPago()
  // Everything the provider logs, to prove no secret ever lands there.
  const sink = new Writable({ write: (chunk: Buffer, _enc, done) => ((logged += chunk.toString()), done()) })
  provider = createMercadoPagoProvider({
    accessToken: FAKE_MP.accessToken,
    publicKey: FAKE_MP.publicKey,
    webhookSecret: FAKE_MP.webhookSecret,
    apiUrl: fake.url,
    notificationUrl: 'https://loja.example/_next/api/pagamentos/webhook/',
    store: storeProfile,
    log: pino({ level: 'debug' }, sink),
    timeoutMs: 300,
    backoffMs: [20, 40],
  })
  setPaymentProvider(db, provider)
})
afterAll(async () => {
  await fake?.close()
  await database?.close()
})

type Res = { status: number; body: Record<string, unknown> }
let n = 0
async function shopper(): Promise<Shopper> {
  return createShopper(db, `mp${++n}`)
}
async function callAs(who: Shopper, path: string, json?: unknown): Promise<Res> {
  const { request } = createTestApp(db, env)
  const headers = { cookie: `vt_sid=${who.token}` }
  const res = await request(`/_next/api/${path}`, json === undefined ? { headers } : { method: 'POST', json, headers })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
async function postWebhook(delivery: { path: string; headers: Record<string, string>; body: string }): Promise<Res> {
  const { request } = createTestApp(db, env)
  const res = await request(delivery.path, { method: 'POST', headers: delivery.headers, body: delivery.body })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
const orderRow = async (code: string) => (await db.select().from(orders).where(eq(orders.code, code)))[0]
const paymentRow = async (orderId: number) => (await db.select().from(payments).where(eq(payments.orderId, orderId)))[0]
const stockOf = async (link: string) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, fx.ids[link])))[0].stock

async function place(method: 'pix' | 'boleto' | 'cartao', link: string = CAPA, cartao?: unknown, parcelas = 1) {
  const who = await shopper()
  await fillCart(db, who, fx.ids[link], 1)
  await completeCheckout(db, who, method, parcelas)
  const res = await callAs(who, 'checkout/finalizar/', cartao ? { cartao } : {})
  return { who, res, code: res.body.pedido as string }
}

describe(`Mercado Pago (${testDbKind})`, () => {
  it('Pix: the provider is asked as documented and the order page shows its qr_code; paid by webhook', async () => {
    const before = fake.received.length
    const { who, res, code } = await place('pix')
    expect(res).toMatchObject({ status: 200, body: { estado: 'sucesso' } })
    const [create] = fake.received.slice(before).filter((r) => r.path === '/v1/payments')
    expect(create.headers.authorization).toBe(`Bearer ${FAKE_MP.accessToken}`)
    expect(create.headers['x-idempotency-key']).toMatch(/^[0-9a-f-]{36}$/)
    expect(create.body).toMatchObject({
      payment_method_id: 'pix',
      external_reference: code,
      notification_url: 'https://loja.example/_next/api/pagamentos/webhook/',
      payer: { email: 'ana@example.com', identification: { type: 'CPF' } },
    })
    // The Pix lives as long as the store profile says, and the store cancels at that same moment.
    const expiry = Date.parse(create.body!.date_of_expiration as string)
    const row = await orderRow(code)
    expect(Math.abs(expiry - Date.now() - storeProfile.pix.validadeMinutos * 60_000)).toBeLessThan(10_000)
    expect(row.expiresAt!.getTime()).toBe(expiry)
    const pedido = pedidoSuccessSchema.parse((await callAs(who, `pedidos/${code}/`)).body).pedido
    const mp = fake.payments.get(Number((await paymentRow(row.id)).providerPaymentId))!
    expect(pedido.pagamento.pix?.copiaECola).toBe((mp.point_of_interaction as { transaction_data: { qr_code: string } }).transaction_data.qr_code)
    expect(pedido.pagamento.pix?.qrSvg).toMatch(/^<svg/)
    expect(pedido.simulavel).toBe(false)

    fake.pay(mp.id)
    const delivery = fake.notification(mp.id)
    expect(await postWebhook(delivery)).toEqual({ status: 200, body: { estado: 'sucesso', aplicado: true } })
    expect((await orderRow(code)).status).toBe('pago')
    // The same notification again, and another for the same state: nothing changes.
    expect(await postWebhook(delivery)).toEqual({ status: 200, body: { estado: 'sucesso', aplicado: false } })
    expect(await postWebhook(fake.notification(mp.id))).toEqual({ status: 200, body: { estado: 'sucesso', aplicado: false } })
  })

  it('the webhook: bad signature, stale (seconds and milliseconds), unknown payment, NUL — refused; the body is never trusted', async () => {
    const { code } = await place('pix')
    const row = await orderRow(code)
    const id = (await paymentRow(row.id)).providerPaymentId
    expect((await postWebhook(fake.notification(id, { secret: 'outro-segredo-qualquer-0123456789' }))).status).toBe(401)
    const stale = String(Math.floor(Date.now() / 1000) - 3600)
    expect((await postWebhook(fake.notification(id, { ts: stale }))).status).toBe(400)
    expect((await postWebhook(fake.notification(id, { ts: String(Date.now() - 3_600_000) }))).status).toBe(400)
    // Fresh in milliseconds is good.
    expect((await postWebhook(fake.notification(id, { ts: String(Date.now()) }))).status).toBe(200)
    expect((await postWebhook(fake.notification('999999999'))).status).toBe(404)
    const nul = fake.notification(id)
    expect((await postWebhook({ ...nul, path: nul.path.replace(`data.id=${id}`, 'data.id=12%003') })).status).toBeLessThan(500)
    expect((await postWebhook({ ...nul, body: nul.body.replace('"payment"', '"pay\\u0000ment"') })).status).toBeLessThan(500)
    // A body claiming 'approved' changes nothing: the fetched payment is still pending.
    const lying = fake.notification(id)
    expect(await postWebhook({ ...lying, body: lying.body.replace('payment.updated', 'payment.approved') })).toMatchObject({ status: 200 })
    expect((await orderRow(code)).status).toBe('aguardando_pagamento')
  })

  it('boleto: payer address sent, the provider line and its printable link shown', async () => {
    const before = fake.received.length
    const { who, code } = await place('boleto')
    const create = fake.received.slice(before).find((r) => r.path === '/v1/payments')!
    expect(create.body).toMatchObject({
      payment_method_id: 'bolbradesco',
      payer: {
        address: {
          zip_code: '01310200',
          street_name: 'Avenida Paulista',
          street_number: '1578',
          neighborhood: 'Bela Vista',
          city: 'São Paulo',
          federal_unit: 'SP',
        },
      },
    })
    expect(create.body!.date_of_expiration).toMatch(/T23:59:59\.000-03:00$/)
    const pedido = pedidoSuccessSchema.parse((await callAs(who, `pedidos/${code}/`)).body).pedido
    expect(pedido.pagamento.boleto?.linhaDigitavel).toMatch(/^237\d/)
    expect(pedido.pagamento.boleto?.url).toMatch(/^https:\/\/www\.mercadopago\.com\.br\/payments\/\d+\/ticket/)
  })

  it('card: tokenized, captured after the order commits; a decline says why in pt-BR and leaves no order', async () => {
    const token = await fake.cardToken('APRO')
    const before = fake.received.length
    const { res, code } = await place('cartao', CAPA, { token, bandeira: 'mastercard', ultimos4: '6351' })
    expect(res.status).toBe(200)
    const calls = fake.received.slice(before)
    expect(calls.find((r) => r.path === '/v1/payments')!.body).toMatchObject({ token, payment_method_id: 'master', installments: 1, capture: false })
    expect(calls.some((r) => r.method === 'PUT' && (r.body as { capture?: boolean }).capture === true)).toBe(true)
    expect((await orderRow(code)).status).toBe('pago')

    const stock = await stockOf(CANON)
    const declined = await place('cartao', CANON, { token: await fake.cardToken('FUND'), bandeira: 'mastercard', ultimos4: '6351' })
    expect(declined.res).toEqual({ status: 402, body: { estado: 'erro', msg: 'Pagamento recusado: saldo insuficiente no cartão. Tente outro cartão.' } })
    const bad = await place('cartao', CANON, { token: await fake.cardToken('SECU'), bandeira: 'mastercard', ultimos4: '6351' })
    expect(bad.res.body.msg).toBe('Pagamento recusado: dados inválidos — confira o código de segurança (CVV).')
    expect(await stockOf(CANON)).toBe(stock)
    // A typed card number never goes to Mercado Pago through the store.
    expect((await place('cartao', CANON, { numero: '4111111111111111', nome: 'ANA', validade: '12/30', cvv: '123' })).res.status).toBe(422)
  })

  it('cancel refunds a paid order; a refund raced twice refunds once', async () => {
    const { code } = await place('cartao', CAPA, { token: await fake.cardToken('APRO'), bandeira: 'visa', ultimos4: '6351' })
    const row = await orderRow(code)
    const staff = { kind: 'staff' as const, staffId: 1, name: 'Bia', ip: null }
    const raced = await Promise.all([
      refundOrder(db, { code, amountCents: 1000, reason: 'avaria', actor: staff }),
      refundOrder(db, { code, amountCents: row.totalCents, reason: 'tudo', actor: staff }),
    ])
    expect(raced.filter((r) => !isRefusal(r))).toHaveLength(1)
    const outcome = await cancelOrder(db, { code, actor: staff, reason: 'Cliente desistiu' })
    if (isRefusal(outcome)) throw outcome
    const rows = await db.select().from(refunds).where(eq(refunds.orderId, row.id))
    expect(rows.reduce((s, r) => s + r.amountCents, 0)).toBe(row.totalCents)
    const mp = fake.payments.get(Number((await paymentRow(row.id)).providerPaymentId))!
    expect(mp).toMatchObject({ status: 'refunded', transaction_amount_refunded: row.totalCents / 100 })
    const refundCalls = fake.received.filter((r) => r.path === `/v1/payments/${mp.id}/refunds`)
    expect(refundCalls.every((r) => (r.headers['x-idempotency-key'] ?? '').startsWith('rf_'))).toBe(true)
  })

  it('a lost webhook is healed by reconciliation; a pending Pix of a cancelled order is cancelled there', async () => {
    const { code } = await place('pix')
    const row = await orderRow(code)
    const id = (await paymentRow(row.id)).providerPaymentId
    fake.pay(id)
    await reconcilePayments(db, provider, new Date(Date.now() + 6 * 60_000))
    expect((await orderRow(code)).status).toBe('pago')

    const other = await place('boleto')
    const otherId = (await paymentRow((await orderRow(other.code)).id)).providerPaymentId
    const outcome = await cancelOrder(db, { code: other.code, actor: { kind: 'cli' }, reason: 'teste' })
    expect(outcome).toMatchObject({ money: 'pagamento_cancelado' })
    expect(fake.payments.get(Number(otherId))).toMatchObject({ status: 'cancelled' })
  })

  it('an authorization a crash left without an order is cancelled at Mercado Pago by reconciliation', async () => {
    const orphan = await provider.authorize({
      method: 'pix',
      orderCode: 'VT-2026-999997',
      amountCents: 4990,
      payer: { nome: 'Ana Teste', documento: '39053344705', email: 'ana@example.com' },
    })
    if (!orphan.ok) throw new Error(orphan.message)
    expect((await reconcilePayments(db, provider, new Date(Date.now() + 60_000))).orphansVoided).toEqual([])
    const report = await reconcilePayments(db, provider, new Date(Date.now() + 6 * 60_000))
    expect(report.orphansVoided).toContain(orphan.payment.id)
    expect(fake.payments.get(Number(orphan.payment.id))).toMatchObject({ status: 'cancelled' })
    expect(fake.received.some((r) => r.path.startsWith('/v1/payments/search?') && r.path.includes('status=pending'))).toBe(true)
  })

  it('provider down: retried on the same key, then a clear message, nothing charged, no order; the log holds no secret', async () => {
    const before = fake.received.length
    const count = (await db.select().from(orders)).length
    const stock = await stockOf(CAPA)
    fake.fail(3, '500')
    const { res } = await place('pix')
    expect(res).toEqual({ status: 503, body: { estado: 'erro', msg: 'Não foi possível falar com o meio de pagamento. Tente de novo em instantes.' } })
    const attempts = fake.received.slice(before).filter((r) => r.path === '/v1/payments')
    expect(attempts).toHaveLength(3)
    expect(new Set(attempts.map((a) => a.headers['x-idempotency-key'])).size).toBe(1)
    expect((await db.select().from(orders)).length).toBe(count)
    expect(await stockOf(CAPA)).toBe(stock)

    // A timeout, then an answer: the retry (same key) places the order once.
    const token = await fake.cardToken('APRO')
    fake.fail(1, 'timeout')
    const slow = await place('cartao', CAPA, { token, bandeira: 'visa', ultimos4: '6351' })
    expect(slow.res.status).toBe(200)

    expect(logged).toContain('Mercado Pago')
    expect(logged).not.toContain(FAKE_MP.accessToken)
    expect(logged).not.toContain(token)
    expect(logged).not.toContain(FAKE_MP.webhookSecret)
  })
})
