import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PAYMENT } from '../../../contract/messages/payment'
import { orderTestBed, placeTestOrder } from '../../../tests/support/order-bed'
import { testDbKind } from '../../../tests/support/db'
import { auditLog, orderEvents, orders, payments, products, refunds, stockLedger } from '../../db/schema'
import type { PaymentProvider } from '../../integrations/payments/provider'
import { paymentFailure } from '../../integrations/payments/provider'
import type { Actor } from '../actor'
import { FIXTURE } from '../../../tests/support/cart-fixtures'
import { reconcilePayments } from '../payment/reconcile'
import { receiveWebhook } from '../payment/webhook'
import { refundOrder, retryPendingRefunds } from '../payment/refund'
import { isRefusal } from '../refusal'
import { ORDERS } from '../../../contract/messages/orders'
import { cancelOrder, type CancelOutcome } from './cancel'
import { expireOrders } from './expiry'
import { advanceOrder } from './status'

const bed = orderTestBed('cancel')
const staff: Actor = { kind: 'staff', staffId: 7, name: 'Bruna (loja)', ip: '127.0.0.1' }
let n = 0

/** A shopper's order of `quantity` of a product, placed with `method`; its code, shopper and row. */
async function order(method: 'pix' | 'boleto' | 'cartao', link: string = FIXTURE.CAPA, quantity = 1) {
  const { shopper, code } = await placeTestOrder(bed, `cancela${++n}`, method, { link, quantity })
  const [row] = await bed.db.select().from(orders).where(eq(orders.code, code))
  return { shopper, code, row }
}
const stockOf = async (link: string) => (await bed.db.select({ stock: products.stock }).from(products).where(eq(products.id, bed.fx.ids[link])))[0].stock
const paymentOf = async (orderId: number) => (await bed.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]
/** What cancelling, paying and refunding add to the timeline (placing and e-mails are recorded too). */
const eventsOf = async (orderId: number) =>
  (await bed.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id))).filter(
    (e) => e.kind !== 'placed' && e.kind !== 'email',
  )
const outcome = (value: CancelOutcome | Error): CancelOutcome => {
  if (isRefusal(value)) throw value
  return value as CancelOutcome
}

/** The sandbox, with its refunds failing as a provider that is down would, `down` times. */
function flaky(down: number): PaymentProvider & { keys: string[] } {
  const keys: string[] = []
  return {
    ...bed.sandbox,
    name: bed.sandbox.name,
    keys,
    async refund(id, request) {
      keys.push(request.idempotencyKey)
      if (down-- > 0) return paymentFailure('indisponivel')
      return bed.sandbox.refund(id, request)
    },
  }
}

describe(`cancelling and refunding an order (${testDbKind})`, () => {
  it('cancels an unpaid Pix: stock back, the charge withdrawn at the provider, who and why on the timeline', async () => {
    const before = await stockOf(FIXTURE.CAPA)
    const heard: string[] = []
    const listening = await bed.database.listen('vitrine_catalog', { notify: (p) => heard.push(p), lost: () => {}, restored: () => {} })
    const { code, row } = await order('pix', FIXTURE.CAPA, 3)
    expect(await stockOf(FIXTURE.CAPA)).toBe(before - 3)
    // The order announces the product it took stock from, not "everything" (migration 0021).
    await expect.poll(() => heard, { timeout: 5000 }).toContain(`p:${bed.fx.ids[FIXTURE.CAPA]}`)
    expect(heard).not.toContain('*')
    await listening.close()
    const done = outcome(await cancelOrder(bed.db, { code, actor: staff, reason: 'Cliente pediu por telefone' }))
    expect(done).toMatchObject({ code, previousStatus: 'aguardando_pagamento', money: 'pagamento_cancelado', refundedCents: 0 })
    expect(await stockOf(FIXTURE.CAPA)).toBe(before)
    expect((await bed.db.select().from(orders).where(eq(orders.id, row.id)))[0]).toMatchObject({
      status: 'cancelado',
      cancelReason: 'Cliente pediu por telefone',
      expiresAt: null,
    })
    expect((await paymentOf(row.id)).status).toBe('voided')
    expect(await bed.sandbox.status(row.payment.id as string)).toMatchObject({ ok: true, payment: { status: 'voided' } })
    expect(await eventsOf(row.id)).toEqual([
      expect.objectContaining({
        kind: 'cancelled',
        actorKind: 'staff',
        actorId: 7,
        actorLabel: 'Bruna (loja)',
        summary: 'Pedido cancelado — Cliente pediu por telefone',
      }),
    ])
    // Twice: the second is refused, nothing moves again.
    expect(await cancelOrder(bed.db, { code, actor: staff, reason: 'de novo' })).toMatchObject({ code: ORDERS.notCancellable.code })
    expect(await stockOf(FIXTURE.CAPA)).toBe(before)
    // The stock ledger names both moves: the order taking it, the cancellation giving it back.
    const ledger = await bed.db
      .select()
      .from(stockLedger)
      .where(and(eq(stockLedger.productId, bed.fx.ids[FIXTURE.CAPA]), eq(stockLedger.orderCode, code)))
      .orderBy(asc(stockLedger.id))
    expect(ledger).toEqual([
      expect.objectContaining({ before, after: before - 3, reason: 'Pedido', actorKind: 'customer', orderCode: code }),
      expect.objectContaining({ before: before - 3, after: before, reason: 'Cancelamento', actorKind: 'staff', actorId: 7, actorLabel: 'Bruna (loja)' }),
    ])
    // A change made in the database directly is recorded too, as such.
    await bed.db
      .update(products)
      .set({ stock: before + 1 })
      .where(eq(products.id, bed.fx.ids[FIXTURE.CAPA]))
    const [last] = await bed.db.select().from(stockLedger).where(eq(stockLedger.productId, bed.fx.ids[FIXTURE.CAPA])).orderBy(desc(stockLedger.id)).limit(1)
    expect(last).toMatchObject({ before, after: before + 1, reason: 'Alteração direta no banco', actorKind: 'database', orderCode: null })
    await bed.db.update(products).set({ stock: before }).where(eq(products.id, bed.fx.ids[FIXTURE.CAPA]))
  })

  it('cancels a paid card order in separation and refunds it in full, once', async () => {
    const { code, row } = await order('cartao', FIXTURE.CAPA, 2)
    expect(row.status).toBe('pago')
    expect(await advanceOrder(bed.db, { code, actor: staff })).toMatchObject({ status: 'em_separacao' })
    const done = outcome(
      await cancelOrder(bed.db, { code, actor: { kind: 'customer', customerId: row.customerId, ip: null }, reason: 'Desisti', expectedStatus: 'em_separacao' }),
    )
    expect(done).toMatchObject({ money: 'reembolsado', refundedCents: row.totalCents })
    const [refund] = await bed.db.select().from(refunds).where(eq(refunds.orderId, row.id))
    expect(refund).toMatchObject({ amountCents: row.totalCents, status: 'done', actorKind: 'customer', reason: 'Cancelamento: Desisti' })
    expect(refund.providerRefundId).toMatch(/^sbx_rf_/)
    expect(await bed.sandbox.status(row.payment.id as string)).toMatchObject({ ok: true, payment: { status: 'refunded', refundedCents: row.totalCents } })
    expect((await paymentOf(row.id)).status).toBe('refunded')
    expect(await refundOrder(bed.db, { code, reason: 'mais', actor: staff })).toMatchObject({
      code: PAYMENT.jaReembolsado.code,
      message: `O pedido ${code} já foi reembolsado por inteiro.`,
    })
    expect((await eventsOf(row.id)).map((e) => e.kind)).toEqual(['paid', 'status', 'cancelled', 'refund', 'refund'])
  })

  it('refuses what cannot be cancelled, and a status that changed since the person looked', async () => {
    const { code } = await order('cartao')
    expect(await cancelOrder(bed.db, { code, actor: staff, reason: 'x', expectedStatus: 'aguardando_pagamento' })).toMatchObject({
      code: ORDERS.changedMeanwhile.code,
    })
    expect(await cancelOrder(bed.db, { code, actor: staff, reason: '  ' })).toMatchObject({ code: ORDERS.reasonRequired.code })
    expect(await cancelOrder(bed.db, { code: 'VT-2000-999999', actor: staff, reason: 'x' })).toMatchObject({ code: ORDERS.notFound.code })
    await advanceOrder(bed.db, { code, actor: staff })
    await advanceOrder(bed.db, { code, actor: staff, trackingCode: 'AA123456789BR', carrier: 'correios' })
    expect(await cancelOrder(bed.db, { code, actor: staff, reason: 'x' })).toMatchObject({
      code: ORDERS.notCancellable.code,
      message: 'Um pedido "Enviado" não pode ser cancelado; use a devolução.',
    })
  })

  it("writes the audit line in the cancellation's and the refund's own transaction: no line, no change", async () => {
    const before = await stockOf(FIXTURE.CAPA)
    const { code, row } = await order('cartao', FIXTURE.CAPA, 2)
    // The audit log refuses every line for a moment: neither change may land without its line.
    await bed.db.execute(sql`CREATE FUNCTION audit_down() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_log indisponível'; END $$`)
    await bed.db.execute(sql`CREATE TRIGGER audit_down BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_down()`)
    try {
      await expect(cancelOrder(bed.db, { code, actor: staff, reason: 'Sem estoque' })).rejects.toThrow(/insert into "audit_log"/)
      expect((await bed.db.select().from(orders).where(eq(orders.id, row.id)))[0].status).toBe('pago')
      expect(await stockOf(FIXTURE.CAPA)).toBe(before - 2)
      expect(await bed.db.select().from(refunds).where(eq(refunds.orderId, row.id))).toHaveLength(0)
      await expect(refundOrder(bed.db, { code, amountCents: 100, reason: 'Avaria', actor: staff })).rejects.toThrow(/insert into "audit_log"/)
      expect(await bed.db.select().from(refunds).where(eq(refunds.orderId, row.id))).toHaveLength(0)
    } finally {
      await bed.db.execute(sql`DROP TRIGGER audit_down ON audit_log`)
      await bed.db.execute(sql`DROP FUNCTION audit_down()`)
    }

    outcome(await cancelOrder(bed.db, { code, actor: staff, reason: 'Sem estoque' }))
    const lines = await bed.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pedido.cancelar'), eq(auditLog.entityId, code)))
    expect(lines).toEqual([
      expect.objectContaining({
        actorKind: 'staff',
        before: { status: 'pago' },
        after: { status: 'cancelado', motivo: 'Sem estoque', reembolsoCents: row.totalCents },
      }),
    ])
    expect(await stockOf(FIXTURE.CAPA)).toBe(before)
  })

  it('the shopper and staff cancelling at once: one wins, the stock comes back once, one refund', async () => {
    const before = await stockOf(FIXTURE.CAPA)
    const { code, row } = await order('cartao', FIXTURE.CAPA, 4)
    const shopper: Actor = { kind: 'customer', customerId: row.customerId, ip: null }
    const results = await Promise.all([
      cancelOrder(bed.db, { code, actor: shopper, reason: 'Desisti', expectedStatus: 'pago' }),
      cancelOrder(bed.db, { code, actor: staff, reason: 'Sem estoque', expectedStatus: 'pago' }),
      cancelOrder(bed.db, { code, actor: staff, reason: 'Duplicado', expectedStatus: 'pago' }),
    ])
    expect(results.filter((r) => !isRefusal(r))).toHaveLength(1)
    expect(results.filter((r) => isRefusal(r)).map((r) => (r as { code: string }).code)).toEqual([ORDERS.changedMeanwhile.code, ORDERS.changedMeanwhile.code])
    expect(await stockOf(FIXTURE.CAPA)).toBe(before)
    expect(await bed.db.select().from(refunds).where(eq(refunds.orderId, row.id))).toHaveLength(1)
    expect((await eventsOf(row.id)).filter((e) => e.kind === 'cancelled')).toHaveLength(1)
  })

  it('refunds in parts, never past what was paid, even when two requests race', async () => {
    const { code, row } = await order('cartao', FIXTURE.CAPA, 10)
    const total = row.totalCents
    expect(await refundOrder(bed.db, { code, amountCents: total + 1, reason: 'a mais', actor: staff })).toMatchObject({ code: PAYMENT.valorAcima.code })
    expect(await refundOrder(bed.db, { code, amountCents: 0, reason: 'zero', actor: staff })).toMatchObject({ code: PAYMENT.valorZero.code })
    expect(await refundOrder(bed.db, { code, amountCents: 1000, reason: '', actor: staff })).toMatchObject({ code: PAYMENT.motivoVazio.code })
    expect(await refundOrder(bed.db, { code, amountCents: 1000, reason: 'Avaria na embalagem', actor: staff })).toMatchObject({
      amountCents: 1000,
      status: 'done',
    })
    // Five requests for everything that is left, at once: exactly one refunds it.
    const raced = await Promise.all(Array.from({ length: 5 }, () => refundOrder(bed.db, { code, reason: 'Devolução', actor: staff })))
    expect(raced.filter((r) => !isRefusal(r))).toEqual([expect.objectContaining({ amountCents: total - 1000, status: 'done' })])
    const rows = await bed.db.select().from(refunds).where(eq(refunds.orderId, row.id))
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(total)
    expect(await bed.sandbox.status(row.payment.id as string)).toMatchObject({ ok: true, payment: { status: 'refunded', refundedCents: total } })
  })

  it('a provider that is down: the refund waits, then is asked again with the same key and made once', async () => {
    const { code, row } = await order('cartao')
    const provider = flaky(3)
    expect(await refundOrder(bed.db, { code, reason: 'Troca', actor: staff }, provider)).toMatchObject({ status: 'pending' })
    expect(await refundOrder(bed.db, { code, reason: 'Troca de novo', actor: staff }, provider)).toMatchObject({ code: PAYMENT.jaReembolsado.code })
    expect(await retryPendingRefunds(bed.db, provider, new Date(Date.now() + 1000))).toBe(0)
    expect(await retryPendingRefunds(bed.db, provider, new Date(Date.now() + 1000))).toBe(0)
    expect(await retryPendingRefunds(bed.db, provider, new Date(Date.now() + 1000))).toBe(1)
    expect(await retryPendingRefunds(bed.db, provider, new Date(Date.now() + 1000))).toBe(0)
    expect(new Set(provider.keys).size).toBe(1)
    expect(provider.keys).toHaveLength(4)
    expect(
      await bed.db
        .select()
        .from(refunds)
        .where(and(eq(refunds.orderId, row.id), eq(refunds.status, 'done'))),
    ).toHaveLength(1)
    expect(await bed.sandbox.status(row.payment.id as string)).toMatchObject({ ok: true, payment: { refundedCents: row.totalCents } })
  })

  it('expiry cancels through the same path; a Pix paid meanwhile revives the order while its stock is there', async () => {
    await expireOrders(bed.db, bed.sandbox, new Date(Date.now() + 86_400_000 * 30))
    const { row } = await order('pix', FIXTURE.CANON, 1)
    const before = await stockOf(FIXTURE.CANON)
    // The shopper pays at the last second; the store's job cancels before the notification arrives.
    const paid = await bed.sandbox.simulatePayment(row.payment.id as string)
    if (!paid.ok) throw new Error(paid.message)
    expect(await expireOrders(bed.db, bed.sandbox, new Date(Date.now() + 31 * 60_000))).toEqual([])
    expect((await bed.db.select().from(orders).where(eq(orders.id, row.id)))[0]).toMatchObject({ status: 'pago', cancelReason: null, attention: null })
    expect(await stockOf(FIXTURE.CANON)).toBe(before)
    expect((await eventsOf(row.id)).map((e) => e.kind)).toEqual(['cancelled', 'paid'])
    // The late notification then changes nothing.
    expect(await receiveWebhook(bed.db, bed.sandbox, { rawBody: paid.delivery.rawBody, headers: new Headers(paid.delivery.headers) })).toEqual({
      ok: true,
      aplicado: false,
    })
  })

  it('paid after the deadline cancelled it and the stock was sold: flagged "pago após cancelamento — reembolsar"', async () => {
    const { code, row } = await order('pix', FIXTURE.CANON, 1)
    const later = new Date(Date.now() + 31 * 60_000)
    expect(await expireOrders(bed.db, bed.sandbox, later)).toContain(code)
    // Someone else takes the whole stock meanwhile.
    await bed.db.update(products).set({ stock: 0 }).where(eq(products.id, bed.fx.ids[FIXTURE.CANON]))
    // The Pix is paid anyway (a gateway whose code outlived the store's cancellation).
    await bed.db.update(payments).set({ status: 'pending' }).where(eq(payments.orderId, row.id))
    const ledgerRow = await bed.sandbox.status(row.payment.id as string)
    if (!ledgerRow.ok) throw new Error('no payment')
    const { databaseLedger } = await import('../payment/gateway')
    await databaseLedger(bed.db).put({ ...ledgerRow.payment, status: 'pending' })
    const paid = await bed.sandbox.simulatePayment(row.payment.id as string)
    if (!paid.ok) throw new Error(paid.message)
    expect(await receiveWebhook(bed.db, bed.sandbox, { rawBody: paid.delivery.rawBody, headers: new Headers(paid.delivery.headers) })).toEqual({
      ok: true,
      aplicado: true,
    })
    expect((await bed.db.select().from(orders).where(eq(orders.id, row.id)))[0]).toMatchObject({ status: 'cancelado', attention: 'pago_apos_cancelamento' })
    expect((await eventsOf(row.id)).at(-1)).toMatchObject({ kind: 'payment', summary: expect.stringContaining('pago após cancelamento — reembolsar') })
    expect(await stockOf(FIXTURE.CANON)).toBe(0)
    // Staff refund it through the one refund path.
    expect(await refundOrder(bed.db, { code, reason: 'Pago após cancelamento', actor: staff })).toMatchObject({ status: 'done', amountCents: row.totalCents })
  })

  it("a signed 'voided' after 'paid' is recorded on the timeline and ignored", async () => {
    const { row } = await order('pix')
    const paid = await bed.sandbox.simulatePayment(row.payment.id as string)
    if (!paid.ok) throw new Error(paid.message)
    await receiveWebhook(bed.db, bed.sandbox, { rawBody: paid.delivery.rawBody, headers: new Headers(paid.delivery.headers) })
    const { signWebhook } = await import('../../integrations/payments/webhook')
    const { TEST_WEBHOOK_SECRET } = await import('../../../tests/support/checkout')
    const event = { ...(JSON.parse(paid.delivery.rawBody) as Record<string, unknown>), id: 'evt-voided', status: 'voided' }
    const voided = signWebhook(event as never, TEST_WEBHOOK_SECRET)
    expect(await receiveWebhook(bed.db, bed.sandbox, { rawBody: voided.rawBody, headers: new Headers(voided.headers) })).toEqual({ ok: true, aplicado: false })
    expect((await bed.db.select().from(orders).where(eq(orders.id, row.id)))[0].status).toBe('pago')
    expect((await paymentOf(row.id)).status).toBe('paid')
    expect((await eventsOf(row.id)).at(-1)).toMatchObject({
      kind: 'payment',
      summary: 'Evento do meio de pagamento ignorado: "voided" não se aplica a um pagamento "paid"',
    })
    // A NUL in a signed field is a 4xx, never a 500.
    const nul = signWebhook({ ...event, id: 'evt-nul', orderCode: 'VT-2026\u0000' } as never, TEST_WEBHOOK_SECRET)
    expect(await receiveWebhook(bed.db, bed.sandbox, { rawBody: nul.rawBody, headers: new Headers(nul.headers) })).toMatchObject({
      code: PAYMENT.webhookMalformado.code,
    })
    const nulPayment = signWebhook({ ...event, id: 'evt-nul2', paymentId: 'sbx_\u0000' } as never, TEST_WEBHOOK_SECRET)
    expect(await receiveWebhook(bed.db, bed.sandbox, { rawBody: nulPayment.rawBody, headers: new Headers(nulPayment.headers) })).toMatchObject({
      code: PAYMENT.webhookMalformado.code,
    })
  })
})

describe(`reconciliation (${testDbKind})`, () => {
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000)

  it('heals a lost notification: a Pix paid at the provider makes its order paid, once', async () => {
    const { row } = await order('pix')
    const paid = await bed.sandbox.simulatePayment(row.payment.id as string)
    if (!paid.ok) throw new Error(paid.message)
    // Too young: left to its notification.
    await reconcilePayments(bed.db, bed.sandbox, later(1))
    expect((await bed.db.select().from(orders).where(eq(orders.id, row.id)))[0].status).toBe('aguardando_pagamento')
    const report = await reconcilePayments(bed.db, bed.sandbox, later(6))
    expect(report.checked).toBeGreaterThanOrEqual(1)
    expect((await bed.db.select().from(orders).where(eq(orders.id, row.id)))[0].status).toBe('pago')
    expect((await eventsOf(row.id)).map((e) => e.kind)).toEqual(['paid'])
    // Two instances at once, later: each row is asked by one of them.
    await Promise.all([reconcilePayments(bed.db, bed.sandbox, later(20)), reconcilePayments(bed.db, bed.sandbox, later(20))])
    expect((await eventsOf(row.id)).map((e) => e.kind)).toEqual(['paid'])
  })

  it('withdraws at the provider a charge whose cancellation did not reach it', async () => {
    const { code, row } = await order('boleto')
    const down: PaymentProvider = { ...bed.sandbox, name: bed.sandbox.name, void: async () => paymentFailure('indisponivel') }
    expect(await cancelOrder(bed.db, { code, actor: staff, reason: 'Teste' }, { provider: down })).toMatchObject({ money: 'cancelamento_pendente' })
    expect(await bed.sandbox.status(row.payment.id as string)).toMatchObject({ ok: true, payment: { status: 'pending' } })
    await reconcilePayments(bed.db, bed.sandbox, later(6))
    expect(await bed.sandbox.status(row.payment.id as string)).toMatchObject({ ok: true, payment: { status: 'voided' } })
    expect((await paymentOf(row.id)).status).toBe('voided')
  })

  it('voids authorizations a crash left without an order, after a few minutes', async () => {
    const orphan = await bed.sandbox.authorize({ method: 'pix', orderCode: 'VT-2026-999998', amountCents: 4990 })
    if (!orphan.ok) throw new Error(orphan.message)
    const { row } = await order('pix')
    expect((await reconcilePayments(bed.db, bed.sandbox, later(1))).orphansVoided).toEqual([])
    expect((await reconcilePayments(bed.db, bed.sandbox, later(6))).orphansVoided).toEqual([orphan.payment.id])
    expect(await bed.sandbox.status(orphan.payment.id)).toMatchObject({ ok: true, payment: { status: 'voided' } })
    // The placed order's payment is not an orphan.
    expect(await bed.sandbox.status(row.payment.id as string)).toMatchObject({ ok: true, payment: { status: 'pending' } })
  })
})
