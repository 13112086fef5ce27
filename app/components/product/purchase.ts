// What the product page's buy box shows and allows, derived from the detail answer and the shopper's
// choice. The rules themselves (stock caps, wholesale, Pix, instalments) come from contract/pricing.
import type { ProductDetail, VariacaoOpcao } from '../../../contract/catalog'
import {
  bestPromotionFor,
  isLowStock,
  maxQuantity,
  priceSummary,
  promotionRuleOf,
  toCents,
  toReais,
  totalStock,
  unitPrice,
  wholesaleApplies,
  type PricingRules,
} from '../../../contract/pricing'
import type { Parcelas } from '../../../contract/catalog'

export type BuyItem = Pick<ProductDetail, 'valor' | 'qtd' | 'variacao' | 'atacado' | 'promocoes'>

/** The option with this hash in any axis, or null. */
export function findOption(item: Pick<BuyItem, 'variacao'>, hash: string | null | undefined): VariacaoOpcao | null {
  if (!hash) return null
  for (const v of item.variacao) {
    const o = v.data.find((x) => x.hash === hash)
    if (o) return o
  }
  return null
}

/** A product with options needs one chosen before it goes to the cart. */
export function requiresVariation(item: Pick<BuyItem, 'variacao'>): boolean {
  return item.variacao.some((v) => v.data.length > 0)
}

/** Total stock: the sum across the options, else the product's own (contract/pricing). */
export function stockOf(item: Pick<BuyItem, 'qtd' | 'variacao'>): number {
  return totalStock(item.qtd, item.variacao)
}

/** 'Últimas unidades': some stock left, but under 8. */
export function showLastUnits(item: Pick<BuyItem, 'qtd' | 'variacao'>): boolean {
  const total = stockOf(item)
  return total > 0 && isLowStock(total)
}

/** Quantity cap: the chosen option's stock, else total across options, else product stock. */
export function quantityCap(item: Pick<BuyItem, 'qtd' | 'variacao'>, chosen: string | null): number {
  return maxQuantity({ qtd: stockOf(item), variacao: item.variacao }, chosen)
}

/** Minimum 1; at most the cap (never under 1, so the field always holds a sane number). */
export function clampQuantity(qty: number, cap: number): number {
  if (!Number.isFinite(qty)) return 1
  return Math.max(1, Math.min(Math.trunc(qty), Math.max(1, cap)))
}

/** The + button: one more, unless the cap is reached. */
export function increaseQuantity(qty: number, cap: number): number {
  return qty + 1 > cap ? clampQuantity(qty, cap) : qty + 1
}

/** The − button: one less, never under 1. */
export function decreaseQuantity(qty: number): number {
  return Math.max(1, qty - 1)
}

export type PriceView = {
  /** List price of the chosen option (or the product's, the lowest option price). */
  valor: number
  /** True when options differ in price and none is chosen yet ("a partir de"). */
  fromPrice: boolean
  /** Pix price and card instalments of one unit at the unit price. */
  valorPix: number
  parcelas: Parcelas
  /** Unit price for the quantity: the wholesale price from atacado.min pieces, less its best promotion. */
  unit: number
  wholesale: boolean
  /** The promotion taken off `unit` for this quantity, and the unit price before it; null without one. */
  promotion: { nome: string; before: number } | null
  /** unit × qty, in reais. */
  total: number
  /** Pix price of the whole quantity, in reais. */
  totalPix: number
}

/** Everything the price block shows for a choice and a quantity. */
export function priceView(item: BuyItem, chosen: string | null, qty: number, rules: PricingRules): PriceView {
  const option = findOption(item, chosen)
  const valor = option ? option.valor : item.valor
  const prices = new Set(item.variacao.flatMap((v) => v.data.map((o) => o.valor)))
  // Never above the list price, as the cart charges it (server/domain/cart/pricing.ts).
  const listUnit = Math.min(unitPrice(valor, qty, item.atacado), valor)
  // The best running promotion for this quantity, by the rule the cart charges with (contract/pricing).
  const best = bestPromotionFor((item.promocoes ?? []).map(promotionRuleOf), toCents(listUnit), qty)
  const unit = toReais(toCents(listUnit) - (best?.unitOff ?? 0))
  // Pix and instalments follow the unit price actually charged (wholesale from atacado.min pieces).
  const summary = priceSummary(toCents(unit), rules)
  return {
    valor,
    fromPrice: !option && prices.size > 1,
    valorPix: summary.valorPix,
    parcelas: summary.parcelas,
    unit,
    wholesale: wholesaleApplies(qty, item.atacado),
    promotion: best ? { nome: best.promotion.name, before: listUnit } : null,
    total: toReais(toCents(unit) * qty),
    totalPix: toReais(toCents(summary.valorPix) * qty),
  }
}
