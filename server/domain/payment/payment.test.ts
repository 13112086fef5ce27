import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { CHECKOUT } from '../../../contract/messages/checkout-reasons'
import { PAYMENT } from '../../../contract/messages/payment'
import { TEST_WEBHOOK_SECRET } from '../../../tests/support/checkout'
import { orderTestBed, placeTestOrder } from '../../../tests/support/order-bed'
import { testDbKind } from '../../../tests/support/db'
import { orders, payments, refunds } from '../../db/schema'
import type { PaymentProvider } from '../../integrations/payments/provider'
import { signWebhook } from '../../integrations/payments/webhook'
import type { Actor } from '../actor'
import { refundOrder } from './refund'
import { receiveWebhook } from './webhook'

const bed = orderTestBed('payment')
const staff: Actor = { kind: 'staff', staffId: 3, name: 'Caio (loja)', ip: '127.0.0.1' }
let n = 0

/** A placed order of one CAPA, paid by card (captured at once) or waiting for its Pix. */
async function order(method: 'pix' | 'cartao') {
  const { code } = await placeTestOrder(bed, `pagamento${++n}`, method)
  const [row] = await bed.db.select().from(orders).where(eq(orders.code, code))
  const [payment] = await bed.db.select().from(payments).where(eq(payments.orderId, row.id))
  return { code, row, payment }
}

const deliver = (event: Record<string, unknown>, secret = TEST_WEBHOOK_SECRET) => {
  const signed = signWebhook(event as never, secret)
  return receiveWebhook(bed.db, bed.sandbox, { rawBody: signed.rawBody, headers: new Headers(signed.headers) })
}

describe(`refunds (${testDbKind})`, () => {
  it('gives the money back once: a second request finds nothing left', async () => {
    const { code, row } = await order('cartao')
    expect(await refundOrder(bed.db, { code, reason: 'Avaria', actor: staff })).toMatchObject({ status: 'done', amountCents: row.totalCents })
    expect(await refundOrder(bed.db, { code, reason: 'De novo', actor: staff })).toMatchObject({ code: PAYMENT.jaReembolsado.code, category: 'conflict' })
    expect((await bed.db.select().from(refunds).where(eq(refunds.orderId, row.id))).map((r) => r.status)).toEqual(['done'])
  })

  it('says why it will not: no reason, nothing or too much to give back, no such order, nothing paid', async () => {
    const { code, row } = await order('cartao')
    expect(await refundOrder(bed.db, { code, reason: '  ', actor: staff })).toMatchObject({ code: PAYMENT.motivoVazio.code })
    expect(await refundOrder(bed.db, { code, amountCents: 0, reason: 'zero', actor: staff })).toMatchObject({ code: PAYMENT.valorZero.code })
    expect(await refundOrder(bed.db, { code, amountCents: row.totalCents + 1, reason: 'a mais', actor: staff })).toMatchObject({
      code: PAYMENT.valorAcima.code,
    })
    expect(await refundOrder(bed.db, { code: 'VT-2000-999999', reason: 'x', actor: staff })).toMatchObject({ code: PAYMENT.pedido.code, category: 'not_found' })
    const pix = await order('pix')
    expect(await refundOrder(bed.db, { code: pix.code, reason: 'x', actor: staff })).toMatchObject({ code: PAYMENT.semPagamento.code })
    expect(await bed.db.select().from(refunds).where(eq(refunds.orderId, row.id))).toEqual([])
  })

  it("the provider's no is a 'payment' refusal, and the amount is free to ask again", async () => {
    const { code, row } = await order('cartao')
    const refusing: PaymentProvider = {
      ...bed.sandbox,
      name: bed.sandbox.name,
      refund: async () => ({ ok: false, code: 'recusado', message: 'saldo insuficiente' }),
    }
    expect(await refundOrder(bed.db, { code, reason: 'Troca', actor: staff }, refusing)).toMatchObject({
      code: PAYMENT.reembolsoRecusado.code,
      category: 'payment',
      message: 'O meio de pagamento recusou o reembolso: saldo insuficiente',
    })
    expect(await refundOrder(bed.db, { code, reason: 'Troca', actor: staff })).toMatchObject({ status: 'done', amountCents: row.totalCents })
  })
})

describe(`the provider's webhook (${testDbKind})`, () => {
  const paidEvent = (code: string, paymentId: string, amountCents: number, id = `evt-${code}`) => ({
    id,
    orderCode: code,
    paymentId,
    method: 'pix',
    status: 'paid',
    amountCents,
    createdAt: new Date().toISOString(),
  })

  it('applies a paid event once: the replay changes nothing', async () => {
    const { code, row, payment } = await order('pix')
    const event = paidEvent(code, payment.providerPaymentId, payment.amountCents)
    expect(await deliver(event)).toEqual({ ok: true, aplicado: true })
    expect(await deliver(event)).toEqual({ ok: true, aplicado: false })
    expect((await bed.db.select().from(orders).where(eq(orders.id, row.id)))[0].status).toBe('pago')
  })

  it('refuses a bad signature, an old event, an unknown order and another amount', async () => {
    const { code, payment } = await order('pix')
    const event = paidEvent(code, payment.providerPaymentId, payment.amountCents)
    expect(await deliver(event, 'outro-segredo-com-mais-de-32-caracteres!')).toMatchObject({ code: PAYMENT.webhookAssinatura.code, category: 'auth' })
    const old = { ...event, id: 'evt-velho', createdAt: new Date(Date.now() - 60 * 60_000).toISOString() }
    expect(await deliver(old)).toMatchObject({ code: PAYMENT.webhookExpirado.code, category: 'bad_request' })
    expect(await deliver({ ...event, id: 'evt-outro', orderCode: 'VT-2000-999999' })).toMatchObject({ code: CHECKOUT.pedido.code })
    expect(await deliver({ ...event, id: 'evt-valor', amountCents: payment.amountCents - 1 })).toMatchObject({
      code: PAYMENT.valorDiferente.code,
      category: 'conflict',
    })
    expect((await bed.db.select().from(payments).where(eq(payments.id, payment.id)))[0].status).toBe('pending')
  })
})
