import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { COUPON } from '../../../contract/messages/coupons'
import { testDbKind } from '../../../tests/support/db'
import { codeOf, promotionTestBed } from '../../../tests/support/promotion-bed'
import { coupons, orderItems, orders, promotions, returnRequestItems, returnRequests, wholesaleTiers } from '../../db/schema'
import { storeProfile } from '../../store-profile'
import { returnRefundCents } from '../after-sale/admin-returns'
import { invalidateCatalogCaches } from '../catalog'
import { summary } from '../checkout/checkout'
import { saveCheckout } from '../checkout/record'
import { adminOrderDetail } from '../order/admin-detail'
import { CSV_COLUMNS, ordersCsv } from '../order/csv'
import { composeOrderMail } from '../order/mail'
import { placeOrder } from '../order/place'
import { isRefusal } from '../refusal'

const bed = promotionTestBed('posvenda')
/** Money as formatCents writes it has a non-breaking space after R$. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ')

/** Runs `work` with an automatic promotion on the Áudio category (the bed's product), then ends it. */
async function withPromotion<T>(values: { name: string; kind: 'percentual' | 'fixo'; value: number }, work: () => Promise<T>): Promise<T> {
  const [promo] = await bed.db
    .insert(promotions)
    .values({ ...values, scope: { categorias: [bed.fx.cat.audio.id] }, startsAt: new Date(Date.now() - 60_000) })
    .returning()
  // Its notification drops the kept promotions on PostgreSQL a moment later: dropped here at once.
  invalidateCatalogCaches(bed.db)
  try {
    return await work()
  } finally {
    await bed.db.delete(promotions).where(eq(promotions.id, promo.id))
    invalidateCatalogCaches(bed.db)
  }
}

/** Places the shopper's order and reads it back with its items. */
async function place(shopper: Awaited<ReturnType<typeof bed.shopperWith>>) {
  const placed = await placeOrder(bed.deps, shopper, {})
  if (isRefusal(placed)) throw placed
  const [order] = await bed.db.select().from(orders).where(eq(orders.code, placed.pedido))
  const items = await bed.db.select().from(orderItems).where(eq(orderItems.orderId, order.id))
  return { order, items }
}

/** What a return of `quantity` units of the order's first item refunds. */
async function refundFor(order: { id: number; customerId: number }, itemId: number, quantity: number) {
  const [req] = await bed.db.insert(returnRequests).values({ orderId: order.id, customerId: order.customerId, reason: 'arrependimento' }).returning()
  await bed.db.insert(returnRequestItems).values({ returnRequestId: req.id, orderItemId: itemId, quantity })
  return returnRefundCents(bed.db, req.id)
}

describe(`discounts after the sale (${testDbKind})`, () => {
  it('the e-mails, the back office order, the CSV export name each discount and the coupon', async () => {
    await bed.newCoupon({ code: 'MOSTRA', value: 10 })
    const { order } = await withPromotion({ name: 'Semana do Áudio', kind: 'percentual', value: 20 }, async () => place(await bed.shopperWith('MOSTRA', 2)))
    // 2 × 200,00 = 400,00; − 20 % = 320,00; − 10 % = 288,00; Pix 5 % = 14,40.
    expect(order).toMatchObject({ subtotalCents: 40_000, discountCents: 8_000 + 3_200 + 1_440, couponCode: 'MOSTRA' })
    const lines = ['Semana do Áudio: − R$ 80,00', 'Cupom MOSTRA: − R$ 32,00', 'Desconto Pix: − R$ 14,40', 'Cupom usado: MOSTRA']

    for (const kind of ['recebido', 'pago'] as const) {
      const mail = (await composeOrderMail(bed.db, storeProfile, { code: order.code, kind }))!.mail
      for (const text of lines) expect(plain(mail.text), kind).toContain(text)
      expect(plain(mail.html)).toContain('Cupom MOSTRA: − R$ 32,00')
    }

    const detail = await adminOrderDetail(bed.db, order.code)
    expect(detail!.discounts.map((d) => [d.source, d.label, d.amountCents])).toEqual([
      ['promocao', 'Semana do Áudio', 8_000],
      ['cupom', 'Cupom MOSTRA', 3_200],
      ['pix', 'Desconto Pix', 1_440],
    ])

    let csv = ''
    for await (const chunk of ordersCsv(bed.db, {})) csv += chunk
    const [header, ...rows] = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(header.split(';')).toEqual([...CSV_COLUMNS])
    // The columns there before keep their place (spreadsheets read them by position); the new ones come after.
    expect(['Pedido', 'Pagamento', 'Desconto', 'Total', 'Rastreio', 'Cupom'].map((c) => header.split(';').indexOf(c))).toEqual([0, 6, 10, 12, 13, 14])
    const row = rows.find((r) => r.startsWith(`${order.code};`))!.split(';')
    const at = (column: (typeof CSV_COLUMNS)[number]) => row[CSV_COLUMNS.indexOf(column)]
    expect([at('Desconto'), at('Cupom'), at('Desconto promoções'), at('Desconto cupom'), at('Desconto frete'), at('Desconto Pix')]).toEqual([
      '126,40',
      'MOSTRA',
      '80,00',
      '32,00',
      '0,00',
      '14,40',
    ])
  })

  it('a wholesale price with a coupon: the coupon on the wholesale total, Pix on what is left', async () => {
    await bed.db.insert(wholesaleTiers).values({ productId: bed.productId, minQty: 3, priceCents: 18_000 })
    invalidateCatalogCaches(bed.db)
    try {
      await bed.newCoupon({ code: 'ATACADO10', value: 10 })
      const s = await bed.shopperWith('ATACADO10', 3)
      const resumo = await summary(bed.deps, s)
      if (isRefusal(resumo)) throw resumo
      // 3 × 180,00 = 540,00; 10 % = 54,00; Pix 5 % of 486,00 = 24,30.
      expect(resumo).toMatchObject({
        subtotal: 540,
        descontos: [
          { tipo: 'cupom', valor: 54 },
          { tipo: 'pix', valor: 24.3 },
        ],
      })
      const { order, items } = await place(s)
      expect(order).toMatchObject({ subtotalCents: 54_000, discountCents: 5_400 + 2_430 })
      expect(items[0]).toMatchObject({ unitPriceCents: 18_000, listUnitPriceCents: 20_000, discountCents: 7_830 })
    } finally {
      await bed.db.delete(wholesaleTiers).where(eq(wholesaleTiers.productId, bed.productId))
      invalidateCatalogCaches(bed.db)
    }
  })

  it('a partial return under a promotion refunds what those units cost after it', async () => {
    const { order, items } = await withPromotion({ name: 'Semana do Áudio', kind: 'percentual', value: 20 }, async () => place(await bed.shopperWith(null, 2)))
    // 2 × 200,00 − 20 % = 320,00; Pix 5 % = 16,00: 304,00 for two units.
    expect(items[0].discountCents).toBe(8_000 + 1_600)
    expect(await refundFor(order, items[0].id, 1)).toBe(15_200 + order.shippingCents)
  })

  it('a partial return of an order with free shipping refunds no shipping: none was paid', async () => {
    await bed.newCoupon({ code: 'FRETE0', kind: 'frete', value: 0 })
    const s = await bed.shopperWith('FRETE0', 3)
    // Express (standard is free from R$ 299,00 anyway), every service free with this coupon.
    await saveCheckout(bed.db, s, { shippingIndex: 1 })
    const { order, items } = await place(s)
    expect(order.shippingCents).toBeGreaterThan(0)
    // The whole shipping is the coupon's; 3 × 200,00 with Pix 5 % = 570,00 for three units.
    expect(order.discountCents).toBe(order.shippingCents + 3_000)
    expect(order.totalCents).toBe(57_000)
    expect(await refundFor(order, items[0].id, 1)).toBe(19_000)
  })

  it('a coupon expired or not yet valid is refused at placement, also when it expired after the summary', async () => {
    await bed.newCoupon({ code: 'VENCIDO', endsAt: new Date(Date.now() - 60_000) })
    expect(codeOf(await placeOrder(bed.deps, await bed.shopperWith('VENCIDO'), {}))).toBe(COUPON.expired.code)
    await bed.newCoupon({ code: 'AMANHA', startsAt: new Date(Date.now() + 86_400_000) })
    expect(codeOf(await placeOrder(bed.deps, await bed.shopperWith('AMANHA'), {}))).toBe(COUPON.notYet.code)

    const c = await bed.newCoupon({ code: 'QUASE', endsAt: new Date(Date.now() + 60_000) })
    const s = await bed.shopperWith('QUASE')
    expect(await summary(bed.deps, s)).toMatchObject({ cupom: { codigo: 'QUASE', aplicado: true } })
    await bed.db
      .update(coupons)
      .set({ endsAt: new Date(Date.now() - 1_000) })
      .where(eq(coupons.id, c.id))
    expect(codeOf(await placeOrder(bed.deps, s, {}))).toBe(COUPON.expired.code)
    const placedBy = await bed.db.select().from(orders).where(eq(orders.customerId, s.customerId))
    expect(placedBy).toHaveLength(0)
  })
})
