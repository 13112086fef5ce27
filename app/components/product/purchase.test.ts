import { describe, expect, it } from 'vitest'
import { toCents, toReais, type PricingRules } from '../../../contract/pricing'
import { priceCart, type RunningPromotion } from '../../../server/domain/promotions/price'
import {
  clampQuantity,
  decreaseQuantity,
  findOption,
  increaseQuantity,
  priceView,
  quantityCap,
  requiresVariation,
  showLastUnits,
  stockOf,
  type BuyItem,
} from './purchase'

const rules: PricingRules = { pixDescontoPercentual: 10, maxParcelasSemJuros: 10, parcelaMinimaCentavos: 5000 }

const plain: BuyItem = { valor: 100, qtd: 12, variacao: [], atacado: 0 }
const withOptions: BuyItem = {
  valor: 1999.9,
  qtd: 0,
  atacado: 0,
  variacao: [
    {
      nome: 'Cor',
      data: [
        { name: 'Preto', hash: 'o-preto', valor: 1999.9, qtd: 3 },
        { name: 'Azul', hash: 'o-azul', valor: 2099.9, qtd: 0 },
        { name: 'Verde', hash: 'o-verde', valor: 1999.9, qtd: 4 },
      ],
    },
  ],
}
const wholesale: BuyItem = { valor: 50, qtd: 40, variacao: [], atacado: { min: 10, valor: 42.5 } }

describe('quantity caps', () => {
  it('uses the chosen option stock, else the total across options, else the product stock', () => {
    expect(quantityCap(withOptions, 'o-preto')).toBe(3)
    expect(quantityCap(withOptions, 'o-verde')).toBe(4)
    expect(quantityCap(withOptions, null)).toBe(7)
    expect(quantityCap(plain, null)).toBe(12)
    expect(quantityCap(withOptions, 'nao-existe')).toBe(7)
  })

  it('+ stops at the cap, − stops at 1, typed values are clamped', () => {
    let q = 1
    for (let i = 0; i < 10; i++) q = increaseQuantity(q, 3)
    expect(q).toBe(3)
    expect(decreaseQuantity(1)).toBe(1)
    expect(decreaseQuantity(3)).toBe(2)
    expect(clampQuantity(0, 5)).toBe(1)
    expect(clampQuantity(-4, 5)).toBe(1)
    expect(clampQuantity(99, 5)).toBe(5)
    expect(clampQuantity(2.7, 5)).toBe(2)
    expect(clampQuantity(Number.NaN, 5)).toBe(1)
    // Choosing an option with less stock pulls the quantity down to it.
    expect(clampQuantity(7, quantityCap(withOptions, 'o-preto'))).toBe(3)
  })

  it('total stock and the Últimas unidades rule (under 8, above 0)', () => {
    expect(stockOf(withOptions)).toBe(7)
    expect(showLastUnits(withOptions)).toBe(true)
    expect(showLastUnits(plain)).toBe(false)
    expect(showLastUnits({ ...plain, qtd: 8 })).toBe(false)
    expect(showLastUnits({ ...plain, qtd: 7 })).toBe(true)
    expect(showLastUnits({ ...plain, qtd: 0 })).toBe(false)
  })

  it('knows when a variation must be chosen', () => {
    expect(requiresVariation(withOptions)).toBe(true)
    expect(requiresVariation(plain)).toBe(false)
    expect(findOption(withOptions, 'o-azul')?.name).toBe('Azul')
  })
})

describe('price view', () => {
  it('switches the unit price to wholesale from atacado.min pieces', () => {
    expect(priceView(wholesale, null, 9, rules)).toMatchObject({ unit: 50, wholesale: false, total: 450 })
    expect(priceView(wholesale, null, 10, rules)).toMatchObject({ unit: 42.5, wholesale: true, total: 425 })
    expect(priceView(wholesale, null, 11, rules).total).toBe(467.5)
    // Pix follows the unit price charged: 10 % off 42,50.
    expect(priceView(wholesale, null, 10, rules)).toMatchObject({ valor: 50, valorPix: 38.25, totalPix: 382.5 })
  })

  it('never charges a wholesale price above the list price, as the cart caps it', () => {
    const above: BuyItem = { ...wholesale, atacado: { min: 10, valor: 60 } }
    expect(priceView(above, null, 10, rules)).toMatchObject({ unit: 50, total: 500 })
  })

  it('uses the chosen option price for list, Pix and instalments', () => {
    const none = priceView(withOptions, null, 1, rules)
    expect(none).toMatchObject({ valor: 1999.9, fromPrice: true, valorPix: 1799.91 })
    const azul = priceView(withOptions, 'o-azul', 1, rules)
    expect(azul).toMatchObject({ valor: 2099.9, fromPrice: false, valorPix: 1889.91 })
    expect(azul.parcelas).toEqual({ qtd: 10, valor: 209.99 })
    expect(priceView(plain, null, 1, rules).parcelas).toEqual({ qtd: 2, valor: 50 })
  })

  it('totals in centavos without float drift', () => {
    expect(priceView({ ...plain, valor: 0.1 }, null, 3, rules).total).toBe(0.3)
  })
})

describe('price view with running promotions', () => {
  const promoted: BuyItem = {
    ...wholesale,
    promocoes: [
      { nome: 'Semana do Áudio', tipo: 'percentual', valor: 10, minimo: 1 },
      { nome: 'Leve 3', tipo: 'fixo', valor: 7.5, minimo: 3 },
    ],
  }

  it('takes the best promotion for the quantity off the unit charged, and names it', () => {
    expect(priceView(promoted, null, 1, rules)).toMatchObject({ unit: 45, valorPix: 40.5, promotion: { nome: 'Semana do Áudio', before: 50 } })
    expect(priceView(promoted, null, 3, rules)).toMatchObject({ unit: 42.5, total: 127.5, promotion: { nome: 'Leve 3', before: 50 } })
    // Wholesale from 10 pieces: 7,50 off beats 10 % of 42,50; one piece, 10 % of 50,00 beats nothing.
    expect(priceView(promoted, null, 10, rules)).toMatchObject({ unit: 35, wholesale: true, promotion: { nome: 'Leve 3', before: 42.5 } })
    expect(priceView(wholesale, null, 1, rules).promotion).toBeNull()
  })

  it('gives the totals the cart charges (priceCart), by Pix and by card, at every quantity', () => {
    const running: RunningPromotion[] = [
      { id: 1, name: 'Semana do Áudio', kind: 'percentual', value: 10, minQuantity: 1, scope: {} },
      { id: 2, name: 'Leve 3', kind: 'fixo', value: 750, minQuantity: 3, scope: {} },
    ]
    for (let qty = 1; qty <= 12; qty++) {
      const charged = (method: 'pix' | 'cartao') =>
        priceCart({
          lines: [{ productId: 1, categoryIds: [], brandId: null, quantity: qty, unitCents: toCents(qty >= 10 ? 42.5 : 50), buyable: true }],
          promotions: running,
          couponCode: null,
          coupon: null,
          pixPercent: rules.pixDescontoPercentual,
          method,
          shipping: null,
          now: new Date(),
        }).totalCents
      const view = priceView(promoted, null, qty, rules)
      expect([qty, view.totalPix, view.total]).toEqual([qty, toReais(charged('pix')), toReais(charged('cartao'))])
    }
  })
})
