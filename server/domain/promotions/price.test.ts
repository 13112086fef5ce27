import { describe, expect, it } from 'vitest'
import { COUPON } from '../../../contract/messages/coupons'
import { allocate, couponRefusal, priceCart, type CouponFacts, type PriceInput, type PricingLine, type RunningPromotion } from './price'

const NOW = new Date('2026-11-28T12:00:00Z')
const phone: PricingLine = { productId: 1, categoryIds: [10, 1], brandId: 7, quantity: 1, unitCents: 100_000, buyable: true }
const cable: PricingLine = { productId: 2, categoryIds: [20], brandId: null, quantity: 2, unitCents: 5_000, buyable: true }
const semana: RunningPromotion = { id: 1, name: 'Semana do Smartphone', kind: 'percentual', value: 10, minQuantity: 1, scope: { categorias: [1] } }
const leve2: RunningPromotion = { id: 2, name: 'Leve 2, ganhe 5 %', kind: 'percentual', value: 5, minQuantity: 2, scope: {} }

const coupon = (over: Partial<CouponFacts> = {}): CouponFacts => ({
  id: 9,
  code: 'CUPOM',
  kind: 'percentual',
  value: 10,
  shippingScope: 'todos',
  minCents: 0,
  startsAt: null,
  endsAt: null,
  scope: {},
  combines: true,
  active: true,
  blocked: null,
  ...over,
})
const price = (over: Partial<PriceInput>) =>
  priceCart({ lines: [phone, cable], promotions: [], couponCode: null, coupon: null, pixPercent: 5, method: null, shipping: null, now: NOW, ...over })

describe('priceCart: promotions, then the coupon, then Pix on what is left', () => {
  it('without anything it is the list total, and Pix is the per-unit Pix price the cart panel shows', () => {
    const p = price({ method: 'pix' })
    expect(p.itemsCents).toBe(110_000)
    expect(p.pixCents).toBe(5_000 + 2 * 250)
    expect(p.totalCents).toBe(110_000 - 5_500)
  })

  it('applies the best automatic promotion per line, the progressive one from its quantity, in a subcategory', () => {
    const p = price({ promotions: [semana, leve2] })
    expect(p.lines[0].promotion).toMatchObject({ name: 'Semana do Smartphone', cents: 10_000 })
    expect(p.lines[1].promotion).toMatchObject({ name: 'Leve 2, ganhe 5 %', cents: 500 })
    expect(price({ promotions: [leve2], lines: [phone, { ...cable, quantity: 1 }] }).promotionCents).toBe(0)
  })

  it('measures the minimum on the items after promotions and says how much is missing', () => {
    const p = price({ promotions: [semana], couponCode: 'CUPOM', coupon: coupon({ minCents: 109_710 }) })
    // 110.000 − 10.000 = 100.000: R$ 97,10 missing.
    expect(p.coupon).toMatchObject({ applied: false, reason: { code: COUPON.belowMinimum.code, message: 'Faltam R$ 97,10 para usar este cupom.' } })
    expect(p.totalCents).toBe(100_000)
  })

  it('takes the coupon on what promotions left, then Pix on what is left of that', () => {
    const p = price({ promotions: [semana], couponCode: 'CUPOM', coupon: coupon({ value: 10 }), method: 'pix' })
    expect(p.lines[0].couponCents).toBe(9_000)
    expect(p.lines[1].couponCents).toBe(1_000)
    // Pix 5 % of 81.000 and of 9.000.
    expect(p.pixCents).toBe(4_050 + 450)
    expect(p.totalCents).toBe(110_000 - 10_000 - 10_000 - 4_500)
    expect(p.discounts.map((d) => d.source)).toEqual(['promocao', 'cupom', 'pix'])
  })

  it('splits a fixed coupon over the lines it reaches, never more than they cost', () => {
    const p = price({ couponCode: 'CUPOM', coupon: coupon({ kind: 'fixo', value: 5_000 }) })
    expect(p.lines.map((l) => l.couponCents)).toEqual([4_545, 455])
    expect(price({ lines: [cable], couponCode: 'CUPOM', coupon: coupon({ kind: 'fixo', value: 50_000 }) }).totalCents).toBe(0)
    expect(allocate(10, [1, 1, 1])).toEqual([4, 3, 3])
  })

  it('a shipping coupon discounts shipping only: every service, or up to the cheapest', () => {
    const all = price({ couponCode: 'CUPOM', coupon: coupon({ kind: 'frete' }), shipping: { chosenCents: 3_000, cheapestCents: 1_500 }, method: 'pix' })
    expect(all.shippingDiscountCents).toBe(3_000)
    expect(all.totalCents).toBe(110_000 - 5_500)
    const cheapest = price({
      couponCode: 'CUPOM',
      coupon: coupon({ kind: 'frete', shippingScope: 'mais_barato' }),
      shipping: { chosenCents: 3_000, cheapestCents: 1_500 },
    })
    expect(cheapest.totalCents).toBe(110_000 + 1_500)
  })

  it("a shipping coupon on a delivery already free (the table's Padrão over its threshold, the pickup) is not applied, with its reason", () => {
    const free = price({ couponCode: 'CUPOM', coupon: coupon({ kind: 'frete' }), shipping: { chosenCents: 0, cheapestCents: 0 } })
    expect(free.coupon).toMatchObject({ applied: false, reason: { code: COUPON.shippingAlreadyFree.code } })
    expect(couponRefusal(free.coupon)).toBeNull()
    expect(free.totalCents).toBe(110_000)
    // Before shipping is known it stays applied; any other refusal still stops the purchase.
    expect(price({ couponCode: 'CUPOM', coupon: coupon({ kind: 'frete' }) }).coupon).toMatchObject({ applied: true })
    expect(couponRefusal(price({ couponCode: 'CUPOM', coupon: null }).coupon)).toMatchObject({ code: COUPON.unknown.code })
  })

  it('refuses with a reason: unknown, expired, not yet, out of scope, does not combine, blocked', () => {
    const reason = (over: Partial<PriceInput>) => {
      const c = price({ couponCode: 'CUPOM', ...over }).coupon
      return c && !c.applied ? c.reason.code : 'aplicado'
    }
    expect(reason({ coupon: null })).toBe(COUPON.unknown.code)
    expect(reason({ coupon: coupon({ endsAt: new Date('2026-11-01') }) })).toBe(COUPON.expired.code)
    expect(reason({ coupon: coupon({ active: false }) })).toBe(COUPON.expired.code)
    expect(price({ couponCode: 'CUPOM', coupon: coupon({ startsAt: new Date('2026-12-01T03:00:00Z') }) }).coupon).toMatchObject({
      reason: { code: COUPON.notYet.code, message: 'Este cupom vale a partir de 01/12/2026 às 00:00.' },
    })
    expect(reason({ coupon: coupon({ scope: { marcas: [99] } }) })).toBe(COUPON.outOfScope.code)
    expect(reason({ coupon: coupon({ scope: { marcas: [7], excluidos: [1] } }) })).toBe(COUPON.outOfScope.code)
    expect(reason({ coupon: coupon({ combines: false, scope: { produtos: [1] } }), promotions: [semana] })).toBe(COUPON.noCombine.code)
    expect(reason({ coupon: coupon({ blocked: COUPON.exhausted }) })).toBe(COUPON.exhausted.code)
    expect(reason({ coupon: coupon({ scope: { categorias: [1] } }) })).toBe('aplicado')
  })

  it('a coupon that does not combine still discounts the lines without a promotion', () => {
    const p = price({ promotions: [semana], couponCode: 'CUPOM', coupon: coupon({ combines: false }) })
    expect(p.lines.map((l) => l.couponCents)).toEqual([0, 1_000])
  })

  it('counts no line that cannot be bought, and takes wholesale prices as they are', () => {
    const p = price({ lines: [phone, { ...cable, buyable: false, unitCents: 4_000 }], couponCode: 'CUPOM', coupon: coupon() })
    expect(p.itemsCents).toBe(100_000)
    expect(p.lines[1].couponCents).toBe(0)
  })
})
