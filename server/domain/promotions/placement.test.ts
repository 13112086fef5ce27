import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { COUPON } from '../../../contract/messages/coupons'
import type { CatalogFixture } from '../../../tests/support/catalog-fixtures'
import { completeCheckout, fillCart, type Shopper } from '../../../tests/support/checkout'
import { codeOf, promotionTestBed } from '../../../tests/support/promotion-bed'
import { testDbKind } from '../../../tests/support/db'
import type { Db } from '../../db/client'
import {
  carts,
  coupons,
  couponUses,
  orderDiscounts,
  orderEvents,
  payments,
  orderItems,
  orders,
  promotions,
  returnRequestItems,
  returnRequests,
} from '../../db/schema'
import { rows } from '../../db/sql'
import { cpfWithCheckDigits } from '../../seed/customer'
import { returnRefundCents } from '../after-sale/admin-returns'
import { summary } from '../checkout/checkout'
import { saveCheckout } from '../checkout/record'
import { cancelOrder } from '../order/cancel'
import { placeOrder, type PlaceDeps } from '../order/place'
import { settlePaidAfterCancel } from '../payment/late'
import type { Payment } from '../../integrations/payments/provider'
import { isRefusal, type Refusal } from '../refusal'
import { createHttpApp } from '../../http/app'
import { storeProfile } from '../../store-profile'
import { testEnv } from '../../../tests/support/app'
import pino from 'pino'

const bed = promotionTestBed('promo')
const { shopperWith, newCoupon } = bed
let db: Db
let fx: CatalogFixture
let deps: PlaceDeps
let productId: number
beforeAll(() => {
  ;({ db, fx, deps, productId } = bed)
})

describe(`coupons at placement (${testDbKind})`, () => {
  it('50 shoppers racing for the last use: exactly one order with it, 49 clear refusals, and they can buy without it', { timeout: 120_000 }, async () => {
    const c = await newCoupon({ code: 'CORRIDA', totalUses: 1 })
    const shoppers: Shopper[] = []
    for (let i = 0; i < 50; i++) shoppers.push(await shopperWith('CORRIDA'))
    const results = await Promise.all(shoppers.map((s) => placeOrder(deps, s, {})))
    const codes = results.map(codeOf)
    expect(codes.filter((x) => x === 'ok')).toHaveLength(1)
    expect(codes.filter((x) => x === COUPON.exhausted.code)).toHaveLength(49)
    const [row] = await db.select().from(coupons).where(eq(coupons.id, c.id))
    expect(row.usesCount).toBe(1)
    expect(await db.select().from(couponUses).where(eq(couponUses.couponId, c.id))).toHaveLength(1)
    const withIt = await db.select().from(orders).where(eq(orders.couponCode, 'CORRIDA'))
    expect(withIt).toHaveLength(1)
    // A refused shopper sees the coupon kept but not applied, with the reason, then buys without it.
    const loser = shoppers[codes.indexOf(COUPON.exhausted.code)]
    const resumo = await summary(deps, loser)
    expect(resumo).toMatchObject({ cupom: { codigo: 'CORRIDA', aplicado: false, msg: COUPON.exhausted.message } })
    await db.update(carts).set({ couponCode: null }).where(eq(carts.customerId, loser.customerId))
    expect(codeOf(await placeOrder(deps, loser, {}))).toBe('ok')
  })

  it('keeps each discount per line, and gives the use back when the unpaid order is cancelled', async () => {
    const c = await newCoupon({ code: 'UMA', totalUses: 1, value: 15 })
    const first = await shopperWith('UMA', 2)
    const resumo = await summary(deps, first)
    if (isRefusal(resumo)) throw resumo
    // 2 × 200,00 = 400,00; 15 % = 60,00; Pix 5 % of 340,00 = 17,00.
    expect(resumo.descontos).toEqual([
      { tipo: 'cupom', nome: 'Cupom UMA', valor: 60 },
      { tipo: 'pix', nome: 'Desconto Pix', valor: 17 },
    ])
    const placed = await placeOrder(deps, first, { total: resumo.total })
    if (isRefusal(placed)) throw placed
    const [order] = await db.select().from(orders).where(eq(orders.code, placed.pedido))
    expect(order).toMatchObject({ subtotalCents: 40_000, discountCents: 7_700, couponCode: 'UMA' })
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id))
    expect(item.discountCents).toBe(7_700)
    const lines = await db.select().from(orderDiscounts).where(eq(orderDiscounts.orderId, order.id))
    expect(lines.map((l) => [l.source, l.amountCents, l.orderItemId === item.id])).toEqual([
      ['cupom', 6_000, true],
      ['pix', 1_700, true],
    ])

    const second = await shopperWith('UMA')
    expect(codeOf(await placeOrder(deps, second, {}))).toBe(COUPON.exhausted.code)
    const cancelled = await cancelOrder(
      db,
      { code: placed.pedido, actor: { kind: 'system', job: 'teste' }, reason: 'expirado' },
      { provider: deps.payments, notify: false },
    )
    expect(isRefusal(cancelled)).toBe(false)
    expect((await db.select().from(coupons).where(eq(coupons.id, c.id)))[0].usesCount).toBe(0)
    expect(codeOf(await placeOrder(deps, second, {}))).toBe('ok')
  })

  it('a shipping coupon on a free pickup takes nothing off: not applied, with its reason, no use taken, the purchase goes on', async () => {
    const c = await newCoupon({ code: 'FRETE-UMA', kind: 'frete', value: 0, totalUses: 1 })
    const s = await shopperWith('FRETE-UMA')
    await saveCheckout(db, s, { shippingIndex: 2, stationId: deps.store.frete.estacoes[0].id, shippingQuote: null })
    expect(await summary(deps, s)).toMatchObject({
      frete: 0,
      cupom: { codigo: 'FRETE-UMA', aplicado: false, valor: 0, msg: COUPON.shippingAlreadyFree.message, motivo: COUPON.shippingAlreadyFree.code },
    })
    const placed = await placeOrder(deps, s, {})
    if (isRefusal(placed)) throw placed
    const [order] = await db.select().from(orders).where(eq(orders.code, placed.pedido))
    expect(order).toMatchObject({ shippingCents: 0, couponCode: null })
    expect((await db.select().from(coupons).where(eq(coupons.id, c.id)))[0].usesCount).toBe(0)
    expect(await db.select().from(couponUses).where(eq(couponUses.couponId, c.id))).toHaveLength(0)
    // Kept on the cart for the next purchase, as the message says.
    expect((await db.select().from(carts).where(eq(carts.customerId, s.customerId)))[0].couponCode).toBe('FRETE-UMA')
  })

  it('counts uses per customer by account and by CPF, and first purchase by both', async () => {
    await newCoupon({ code: 'POR-CLIENTE', perCustomer: 1 })
    const a = await shopperWith('POR-CLIENTE')
    expect(codeOf(await placeOrder(deps, a, {}))).toBe('ok')
    // Another account, the same CPF (completeCheckout's buyer).
    const b = await shopperWith('POR-CLIENTE')
    expect(await summary(deps, b)).toMatchObject({ cupom: { aplicado: false, msg: COUPON.perCustomer.message } })
    // listar-carrinho reads the coupon along with the session and the cart, for the account: a's
    // next cart shows it used; b's (another account, the CPF unknown to a cart) shows it applying.
    await fillCart(db, a, bed.productId, 1)
    await db.update(carts).set({ couponCode: 'POR-CLIENTE' }).where(eq(carts.customerId, a.customerId))
    const listed = async (who: Shopper) => {
      const app = createHttpApp({ db, env: testEnv, store: storeProfile, log: pino({ level: 'silent' }), isReady: () => true, microCache: false })
      const res = await app.request('http://localhost/_next/api/listar-carrinho/', { headers: { cookie: `vt_sid=${who.token}` } })
      return ((await res.json()) as { cupom: unknown }).cupom
    }
    expect(await listed(a)).toMatchObject({ codigo: 'POR-CLIENTE', aplicado: false, motivo: COUPON.perCustomer.code })
    expect(await listed(b)).toMatchObject({ codigo: 'POR-CLIENTE', aplicado: true })
    expect(codeOf(await placeOrder(deps, b, {}))).toBe(COUPON.perCustomer.code)

    await newCoupon({ code: 'PRIMEIRA', firstPurchase: true })
    const again = await shopperWith('PRIMEIRA')
    expect(codeOf(await placeOrder(deps, again, {}))).toBe(COUPON.firstPurchase.code)
    const fresh = await shopperWith('PRIMEIRA')
    await saveCheckout(db, fresh, { cpf: cpfWithCheckDigits('123456789') })
    expect(codeOf(await placeOrder(deps, fresh, {}))).toBe('ok')
  })

  it("a partial return refunds what was paid for those units: the line's discounts shared over its units, and the shipping paid", async () => {
    await newCoupon({ code: 'DEVOLVE', kind: 'fixo', value: 3_000 })
    const s = await shopperWith('DEVOLVE', 3)
    const placed = await placeOrder(deps, s, {})
    if (isRefusal(placed)) throw placed
    const [order] = await db.select().from(orders).where(eq(orders.code, placed.pedido))
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id))
    // 3 × 200,00 = 600,00 − 30,00 = 570,00; Pix 5 % = 28,50: 541,50 paid for three units.
    expect(item.discountCents).toBe(3_000 + 2_850)
    const [req] = await db.insert(returnRequests).values({ orderId: order.id, customerId: s.customerId, reason: 'arrependimento' }).returning()
    await db.insert(returnRequestItems).values({ returnRequestId: req.id, orderItemId: item.id, quantity: 1 })
    expect(await returnRefundCents(db, req.id)).toBe(18_050 + order.shippingCents)
  })

  it('applies automatic promotions before the coupon and names a coupon that no longer applies at payment', async () => {
    const [promo] = await db
      .insert(promotions)
      .values({ name: 'Semana do Áudio', kind: 'percentual', value: 20, scope: { categorias: [fx.cat.audio.id] }, startsAt: new Date(Date.now() - 60_000) })
      .returning()
    try {
      await newCoupon({ code: 'MINIMO', minCents: 17_000 })
      const s = await shopperWith('MINIMO')
      const resumo = await summary(deps, s)
      // 200,00 − 20 % = 160,00: R$ 10,00 short of the minimum.
      expect(resumo).toMatchObject({
        descontos: [{ tipo: 'promocao', nome: 'Semana do Áudio', valor: 40 }, { tipo: 'pix' }],
        cupom: { aplicado: false, msg: 'Faltam R$ 10,00 para usar este cupom.' },
      })
      const refused = (await placeOrder(deps, s, {})) as Refusal
      expect(refused.code).toBe(COUPON.belowMinimum.code)
      const [{ n: ordersNow }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders WHERE customer_id = ${s.customerId}`)
      expect(ordersNow).toBe(0)
    } finally {
      await db.delete(promotions).where(eq(promotions.id, promo.id))
    }
  })

  it('an order placed takes the coupon off the cart; one whose card could not be captured puts it back', async () => {
    await newCoupon({ code: 'LIMPA' })
    const s = await shopperWith('LIMPA')
    const placed = await placeOrder(deps, s, {})
    if (isRefusal(placed)) throw placed
    const cartCode = async () => (await db.select({ code: carts.couponCode }).from(carts).where(eq(carts.customerId, s.customerId)))[0].code
    expect(await cartCode()).toBeNull()
    // The next cart starts without it: nothing 'não aplicado' blocks its checkout.
    await fillCart(db, s, productId, 1)
    expect(await summary(deps, s)).toMatchObject({ cupom: null })

    await db.update(carts).set({ couponCode: 'LIMPA' }).where(eq(carts.customerId, s.customerId))
    await completeCheckout(db, s, 'cartao')
    const failing = {
      ...deps.payments,
      capture: async () => ({ ok: false as const, code: 'indisponivel' as const, message: 'Serviço de pagamento indisponível.' }),
    }
    const card = { numero: '4111111111111111', nome: 'TESTE', validade: '12/30', cvv: '123' }
    expect(codeOf(await placeOrder({ ...deps, payments: failing }, s, { cartao: card }))).not.toBe('ok')
    expect(await cartCode()).toBe('LIMPA')
  })

  it('a late payment reviving an expired order takes its coupon use again, past the limit, and says so', async () => {
    const c = await newCoupon({ code: 'TARDIO', totalUses: 1 })
    const first = await shopperWith('TARDIO')
    const placed = await placeOrder(deps, first, {})
    if (isRefusal(placed)) throw placed
    const [order] = await db.select().from(orders).where(eq(orders.code, placed.pedido))
    await cancelOrder(db, { code: placed.pedido, actor: { kind: 'system', job: 'teste' }, reason: 'expirado' }, { provider: deps.payments, notify: false })
    const usesOf = async () => (await db.select().from(coupons).where(eq(coupons.id, c.id)))[0].usesCount
    expect(await usesOf()).toBe(0)
    // Its use went to someone else meanwhile.
    expect(codeOf(await placeOrder(deps, await shopperWith('TARDIO'), {}))).toBe('ok')
    expect(await usesOf()).toBe(1)

    const [row] = await db.select().from(payments).where(eq(payments.orderId, order.id))
    const paid = { ...(row.details as unknown as Payment), status: 'paid' as const }
    expect(await settlePaidAfterCancel(db, deps.payments, order.id, paid)).toBe('revived')
    expect(await usesOf()).toBe(2)
    const [use] = await db.select().from(couponUses).where(eq(couponUses.orderId, order.id))
    expect(use.releasedAt).toBeNull()
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))
    expect(events.find((e) => e.kind === 'paid')).toMatchObject({
      summary: expect.stringContaining('cupom TARDIO voltou a contar (além do limite'),
      data: { coupon: 'TARDIO', couponOverLimit: true },
    })
    // Replayed, nothing is counted twice.
    expect(await settlePaidAfterCancel(db, deps.payments, order.id, paid)).toBe('not_cancelled')
    expect(await usesOf()).toBe(2)
  })
})
