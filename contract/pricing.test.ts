import { describe, expect, it } from 'vitest'
import type { Variacao } from './catalog'
import { effectivePriceCents, instalments, isLowStock, maxQuantity, pixPriceCents, priceSummary, totalStock, unitPrice, type PricingRules } from './pricing'

const rules: PricingRules = { pixDescontoPercentual: 5, maxParcelasSemJuros: 10, parcelaMinimaCentavos: 5000 }

const cores: Variacao[] = [
  {
    nome: 'Cor',
    data: [
      { name: 'Preto', hash: 'o-preto', valor: 1999.9, qtd: 3 },
      { name: 'Azul', hash: 'o-azul', valor: 1899.9, qtd: 0 },
      { name: 'Verde', hash: 'o-verde', valor: 2099.9, qtd: 2 },
    ],
  },
]

describe('prices', () => {
  it('Pix price is the list price less the discount, rounded to the centavo', () => {
    expect(pixPriceCents(199990, 5)).toBe(189991) // 1899,905 → 1899,91
    expect(pixPriceCents(1000, 0)).toBe(1000)
    expect(pixPriceCents(333, 5)).toBe(316) // 3,1635 → 3,16
  })

  it('instalments respect the maximum and the minimum instalment', () => {
    expect(instalments(199990, rules)).toEqual({ qtd: 10, valor: 199.99 })
    expect(instalments(15000, rules)).toEqual({ qtd: 3, valor: 50 })
    expect(instalments(14999, rules)).toEqual({ qtd: 2, valor: 75 })
    expect(instalments(3000, rules)).toEqual({ qtd: 1, valor: 30 })
    expect(instalments(0, rules)).toEqual({ qtd: 1, valor: 0 })
  })

  it('priceSummary gives reais', () => {
    expect(priceSummary(10000, rules)).toEqual({ valor: 100, valorPix: 95, parcelas: { qtd: 2, valor: 50 } })
  })

  it('the effective price of a product with variations is its lowest option price', () => {
    expect(effectivePriceCents(250000, cores)).toBe(189990)
    expect(effectivePriceCents(250000, [])).toBe(250000)
  })

  it('wholesale unit price applies from atacado.min pieces', () => {
    const atacado = { min: 10, valor: 80 }
    expect(unitPrice(100, 9, atacado)).toBe(100)
    expect(unitPrice(100, 10, atacado)).toBe(80)
    expect(unitPrice(100, 50, atacado)).toBe(80)
    expect(unitPrice(100, 50, 0)).toBe(100)
  })
})

describe('stock', () => {
  it('total stock is the sum of option stock when variations exist, else the product stock', () => {
    expect(totalStock(99, cores)).toBe(5)
    expect(totalStock(12, [])).toBe(12)
    expect(totalStock(12, [{ nome: 'Cor', data: [] }])).toBe(12)
    expect(totalStock(-3, [])).toBe(0)
  })

  it("'Últimas unidades' under 8", () => {
    expect(isLowStock(7)).toBe(true)
    expect(isLowStock(8)).toBe(false)
    expect(isLowStock(0)).toBe(true)
  })

  it('quantity is capped by the chosen option, else total across options, else product stock', () => {
    const withVariations = { qtd: totalStock(99, cores), variacao: cores }
    expect(maxQuantity(withVariations, 'o-verde')).toBe(2)
    expect(maxQuantity(withVariations, 'o-azul')).toBe(0)
    expect(maxQuantity(withVariations)).toBe(5)
    expect(maxQuantity(withVariations, 'desconhecido')).toBe(5)
    expect(maxQuantity({ qtd: 12, variacao: [] })).toBe(12)
  })
})
