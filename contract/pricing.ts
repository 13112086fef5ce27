// Browser-safe price and stock rules shared by the server and the UI (no Node imports here).
// Money is computed in integer centavos; the wire carries reais.
import type { Atacado, Parcelas, Variacao } from './catalog'
import type { PromocaoOferta } from './promotions'

/** 'Últimas unidades' shows when the total stock is under this. */
export const LOW_STOCK_THRESHOLD = 8

/** The store's price settings (config/store.json: pix.descontoPercentual and parcelamento). */
export type PricingRules = {
  pixDescontoPercentual: number
  maxParcelasSemJuros: number
  parcelaMinimaCentavos: number
}

export const toReais = (cents: number): number => Math.round(cents) / 100
export const toCents = (reais: number): number => Math.round(reais * 100)

/** Pix price: the list price less the store's Pix discount, rounded to the centavo. */
export function pixPriceCents(priceCents: number, descontoPercentual: number): number {
  return Math.round((priceCents * (100 - descontoPercentual)) / 100)
}

/**
 * The "de" price (reais) a card or page shows struck through: only when set and above the price the
 * shopper pays (for a product with variations, its lowest option price); else undefined.
 */
export function compareAtReais(compareAtCents: number | null | undefined, priceCents: number): number | undefined {
  return compareAtCents != null && compareAtCents > priceCents ? toReais(compareAtCents) : undefined
}

/**
 * An automatic promotion as a price needs it (docs/decisions/0127-promotions.md): a percentage or a
 * fixed amount (centavos) off each unit, from `minQuantity` units of the same product.
 */
export type PromotionRule = { kind: 'percentual' | 'fixo'; value: number; minQuantity: number }

/** What a promotion takes off one unit (never more than the unit). */
export function promotionUnitCents(promotion: Pick<PromotionRule, 'kind' | 'value'>, unitCents: number): number {
  const off = promotion.kind === 'percentual' ? Math.round((unitCents * promotion.value) / 100) : promotion.value
  return Math.max(0, Math.min(unitCents, off))
}

/**
 * The promotion of `promotions` (already those whose scope holds the product) that takes most off
 * `quantity` units at `unitCents` each — promotions never stack on one line — or null. The cart's
 * pricing (priceCart), the cards and the product page's buy box all price through this.
 */
export function bestPromotionFor<P extends PromotionRule>(
  promotions: readonly P[],
  unitCents: number,
  quantity: number,
): { promotion: P; unitOff: number } | null {
  let best: { promotion: P; unitOff: number } | null = null
  for (const p of promotions) {
    if (quantity < p.minQuantity) continue
    const unitOff = promotionUnitCents(p, unitCents)
    if (unitOff > 0 && (!best || unitOff > best.unitOff)) best = { promotion: p, unitOff }
  }
  return best
}

/** A promotion as a product page carries it (contract/promotions.ts), as the pricing rule reads it. */
export const promotionRuleOf = (o: PromocaoOferta): PromotionRule & { name: string } => ({
  name: o.nome,
  kind: o.tipo,
  value: o.tipo === 'fixo' ? toCents(o.valor) : o.valor,
  minQuantity: o.minimo,
})

/** Most interest-free instalments allowed without going under the minimum instalment (at least 1). */
export function instalmentCount(priceCents: number, rules: PricingRules): number {
  const byMinimum = Math.floor(priceCents / rules.parcelaMinimaCentavos)
  return Math.max(1, Math.min(rules.maxParcelasSemJuros, byMinimum))
}

/** Instalments in reais: qtd× of valor. */
export function instalments(priceCents: number, rules: PricingRules): Parcelas {
  const qtd = instalmentCount(priceCents, rules)
  return { qtd, valor: toReais(Math.round(priceCents / qtd)) }
}

/** What a card or detail shows for a list price: valor, valorPix and parcelas, all in reais. */
export function priceSummary(priceCents: number, rules: PricingRules): { valor: number; valorPix: number; parcelas: Parcelas } {
  return {
    valor: toReais(priceCents),
    valorPix: toReais(pixPriceCents(priceCents, rules.pixDescontoPercentual)),
    parcelas: instalments(priceCents, rules),
  }
}

/** Lowest option price of a product with variations, else its own price (centavos). */
export function effectivePriceCents(priceCents: number, variacao: ReadonlyArray<{ data: ReadonlyArray<{ valor: number }> }>): number {
  let min = Infinity
  for (const v of variacao) for (const o of v.data) min = Math.min(min, toCents(o.valor))
  return Number.isFinite(min) ? min : priceCents
}

/**
 * Total stock: with variations, the sum of the options of the first variation (each option holds its
 * own stock; the first axis is the one the cart picks), else the product's own stock.
 */
export function totalStock(productStock: number, variacao: ReadonlyArray<Variacao>): number {
  const first = variacao.find((v) => v.data.length > 0)
  if (!first) return Math.max(0, productStock)
  return first.data.reduce((sum, o) => sum + Math.max(0, o.qtd), 0)
}

export function isLowStock(total: number): boolean {
  return total < LOW_STOCK_THRESHOLD
}

/**
 * Quantity cap: the chosen option's stock, else the total across options, else the product
 * stock. `item.qtd` is already the total when the product has variations.
 */
export function maxQuantity(item: { qtd: number; variacao: ReadonlyArray<Variacao> }, chosenOptionHash?: string | null): number {
  if (chosenOptionHash) {
    for (const v of item.variacao) {
      const option = v.data.find((o) => o.hash === chosenOptionHash)
      if (option) return Math.max(0, option.qtd)
    }
  }
  return Math.max(0, item.qtd)
}

/** Wholesale applies from atacado.min pieces. */
export function wholesaleApplies(qty: number, atacado: Atacado): atacado is Exclude<Atacado, 0> {
  return atacado !== 0 && qty >= atacado.min
}

/** Unit price in reais for a quantity: the wholesale price from atacado.min pieces, else valor. */
export function unitPrice(valor: number, qty: number, atacado: Atacado): number {
  return wholesaleApplies(qty, atacado) ? atacado.valor : valor
}
