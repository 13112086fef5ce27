// The one pricing of a cart (docs/decisions/0127-promotions.md): listar-carrinho, the cart page,
// checkout/resumo and order placement all take their totals from priceCart, so a shopper never sees
// one figure and pays another.
import { COUPON } from '../../../contract/messages/coupons'
import type { Reason } from '../../../contract/messages/reason'
import { bestPromotionFor, pixPriceCents, type PromotionRule } from '../../../contract/pricing'
import type { COUPON_KINDS, PromoScope } from '../../db/schema'

/** A cart line as pricing needs it: what it is, where it belongs (its category and every ancestor), how many, at what unit price. */
export type PricingLine = {
  productId: number
  categoryIds: readonly number[]
  brandId: number | null
  quantity: number
  /** The list or wholesale price of one unit. */
  unitCents: number
  /** Lines that cannot be bought now count in no total (the cart's rule, decision 0031). */
  buyable: boolean
}

export type RunningPromotion = PromotionRule & { id: number; name: string; scope: PromoScope }

export type CouponFacts = {
  id: number
  code: string
  kind: (typeof COUPON_KINDS)[number]
  value: number
  shippingScope: 'todos' | 'mais_barato'
  minCents: number
  startsAt: Date | null
  endsAt: Date | null
  scope: PromoScope
  combines: boolean
  active: boolean
  /** A rule that needs the database and the buyer (limit reached, per customer, first purchase), already checked. */
  blocked: Reason | null
}

export type PriceInput = {
  lines: readonly PricingLine[]
  promotions: readonly RunningPromotion[]
  /** The code on the cart, and the coupon it names (null when none has that code). */
  couponCode: string | null
  coupon: CouponFacts | null
  pixPercent: number
  method: 'pix' | 'cartao' | 'boleto' | null
  /** The chosen shipping and the cheapest home delivery, once known. */
  shipping: { chosenCents: number; cheapestCents: number } | null
  now: Date
}

export type LinePricing = {
  promotion: { id: number; name: string; cents: number } | null
  /** One unit after its automatic promotion (what the Pix price of the cart panel starts from). */
  unitAfterPromotionCents: number
  couponCents: number
  /** What Pix takes off what is left of the line (taken only when paying by Pix). */
  pixCents: number
}

export type CouponState = { code: string; applied: true; cents: number; couponId: number } | { code: string; applied: false; reason: Reason }

export type DiscountLine = { source: 'promocao' | 'cupom' | 'frete' | 'pix'; label: string; cents: number }

export type PricedCart = {
  lines: LinePricing[]
  /** Σ buyable lines at their list or wholesale price. */
  itemsCents: number
  promotionCents: number
  couponCents: number
  shippingDiscountCents: number
  pixCents: number
  shippingCents: number
  /** Every discount taken for the method chosen (Pix only when paying by Pix). */
  discountCents: number
  totalCents: number
  /** The items paid by Pix, without shipping: the cart's 'Total no Pix'. */
  pixItemsCents: number
  coupon: CouponState | null
  discounts: DiscountLine[]
}

/**
 * The reason a coupon on the cart stops a purchase, or null: a coupon that does not apply is said and
 * the shopper removes it or fixes the cart — but a shipping coupon on a delivery already free only
 * goes unused, and the purchase goes on without it.
 */
export function couponRefusal(coupon: CouponState | null): Reason | null {
  if (!coupon || coupon.applied || coupon.reason.code === COUPON.shippingAlreadyFree.code) return null
  return coupon.reason
}

export const PIX_LABEL = 'Desconto Pix'
export const couponLabel = (code: string) => `Cupom ${code}`

/** Whether a product falls in a scope: never when excluded; with no lists, every product. */
export function inScope(scope: PromoScope, line: Pick<PricingLine, 'productId' | 'categoryIds' | 'brandId'>): boolean {
  if (scope.excluidos?.includes(line.productId)) return false
  const { produtos = [], categorias = [], marcas = [] } = scope
  if (produtos.length + categorias.length + marcas.length === 0) return true
  return produtos.includes(line.productId) || line.categoryIds.some((c) => categorias.includes(c)) || (line.brandId != null && marcas.includes(line.brandId))
}

/** The best running promotion for a line at its quantity, among those whose scope holds it (contract/pricing.ts). */
export function bestPromotion(
  promotions: readonly RunningPromotion[],
  line: Pick<PricingLine, 'productId' | 'categoryIds' | 'brandId' | 'quantity' | 'unitCents'>,
): { promotion: RunningPromotion; unitOff: number } | null {
  return bestPromotionFor(
    promotions.filter((p) => inScope(p.scope, line)),
    line.unitCents,
    line.quantity,
  )
}

const brasilia = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' })

/** Why the coupon does not apply to these lines, or the lines it discounts. */
function couponReach(input: PriceInput, promoted: readonly boolean[], afterPromotionCents: number): Reason | number[] {
  const c = input.coupon
  if (!c) return COUPON.unknown
  if (!c.active || (c.endsAt && c.endsAt <= input.now)) return COUPON.expired
  if (c.startsAt && c.startsAt > input.now) return COUPON.notYet(brasilia.format(c.startsAt).replace(',', ' às'))
  if (c.blocked) return c.blocked
  if (afterPromotionCents < c.minCents) return COUPON.belowMinimum(c.minCents - afterPromotionCents)
  const inside = input.lines.flatMap((l, i) => (l.buyable && inScope(c.scope, l) ? [i] : []))
  if (inside.length === 0) return COUPON.outOfScope
  if (c.combines || c.kind === 'frete') return inside
  const alone = inside.filter((i) => !promoted[i])
  return alone.length ? alone : COUPON.noCombine
}

/** Splits `total` over `weights` in proportion, to the centavo, the remainders to the largest shares. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  if (sum <= 0 || total <= 0) return weights.map(() => 0)
  const exact = weights.map((w) => (total * w) / sum)
  const out = exact.map(Math.floor)
  let left = total - out.reduce((a, b) => a + b, 0)
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1])
  for (const [, i] of order) {
    if (left <= 0) break
    out[i] += 1
    left -= 1
  }
  return out
}

/**
 * Prices a cart (docs/decisions/0127-promotions.md): first each line's best automatic promotion, then
 * the coupon on the lines it reaches (its minimum measured on the items after promotions), then the
 * Pix discount on what is left of each line; a shipping coupon only ever discounts shipping. Pure:
 * the caller reads the promotions, the coupon and its database rules (uses, buyer) first.
 */
export function priceCart(input: PriceInput): PricedCart {
  const lines: LinePricing[] = input.lines.map((l) => {
    const best = l.buyable ? bestPromotion(input.promotions, l) : null
    return {
      promotion: best ? { id: best.promotion.id, name: best.promotion.name, cents: best.unitOff * l.quantity } : null,
      unitAfterPromotionCents: l.unitCents - (best?.unitOff ?? 0),
      couponCents: 0,
      pixCents: 0,
    }
  })
  const gross = input.lines.map((l) => (l.buyable ? l.unitCents * l.quantity : 0))
  const itemsCents = gross.reduce((a, b) => a + b, 0)
  const promotionCents = lines.reduce((s, l) => s + (l.promotion?.cents ?? 0), 0)

  let coupon: CouponState | null = null
  let shippingDiscountCents = 0
  if (input.couponCode) {
    const reach = couponReach(
      input,
      lines.map((l) => l.promotion != null),
      itemsCents - promotionCents,
    )
    const c = input.coupon
    if (!Array.isArray(reach) || !c) coupon = { code: input.couponCode, applied: false, reason: Array.isArray(reach) ? COUPON.unknown : reach }
    else {
      const left = (i: number) => gross[i] - (lines[i].promotion?.cents ?? 0)
      if (c.kind === 'percentual') for (const i of reach) lines[i].couponCents = Math.round((left(i) * Math.min(100, c.value)) / 100)
      else if (c.kind === 'fixo') {
        const weights = reach.map(left)
        const shares = allocate(
          Math.min(
            c.value,
            weights.reduce((a, b) => a + b, 0),
          ),
          weights,
        )
        reach.forEach((i, k) => (lines[i].couponCents = shares[k]))
      } else if (input.shipping) {
        const { chosenCents, cheapestCents } = input.shipping
        shippingDiscountCents = c.shippingScope === 'todos' ? chosenCents : Math.min(chosenCents, cheapestCents)
      }
      const cents = lines.reduce((s, l) => s + l.couponCents, 0) + shippingDiscountCents
      // A shipping coupon on a delivery already free takes nothing off: not applied, kept for the next purchase.
      coupon =
        c.kind === 'frete' && input.shipping && cents === 0
          ? { code: c.code, applied: false, reason: COUPON.shippingAlreadyFree }
          : { code: c.code, applied: true, cents, couponId: c.id }
    }
  }

  // Pix on what is left. A line the coupon did not touch keeps the per-unit Pix price the panel shows.
  input.lines.forEach((l, i) => {
    if (!l.buyable) return
    const line = lines[i]
    const unit = line.unitAfterPromotionCents
    line.pixCents =
      line.couponCents === 0
        ? (unit - pixPriceCents(unit, input.pixPercent)) * l.quantity
        : ((rest) => rest - pixPriceCents(rest, input.pixPercent))(unit * l.quantity - line.couponCents)
  })
  const couponItemsCents = lines.reduce((s, l) => s + l.couponCents, 0)
  const pixAll = lines.reduce((s, l) => s + l.pixCents, 0)
  const pixCents = input.method === 'pix' ? pixAll : 0
  const shippingCents = input.shipping?.chosenCents ?? 0
  const discountCents = promotionCents + couponItemsCents + shippingDiscountCents + pixCents

  const discounts: DiscountLine[] = []
  const byPromotion = new Map<string, number>()
  for (const l of lines) if (l.promotion) byPromotion.set(l.promotion.name, (byPromotion.get(l.promotion.name) ?? 0) + l.promotion.cents)
  for (const [label, cents] of byPromotion) discounts.push({ source: 'promocao', label, cents })
  if (coupon?.applied && couponItemsCents > 0) discounts.push({ source: 'cupom', label: couponLabel(coupon.code), cents: couponItemsCents })
  if (coupon?.applied && shippingDiscountCents > 0) discounts.push({ source: 'frete', label: `Frete grátis (${coupon.code})`, cents: shippingDiscountCents })
  if (pixCents > 0) discounts.push({ source: 'pix', label: PIX_LABEL, cents: pixCents })

  return {
    lines,
    itemsCents,
    promotionCents,
    couponCents: couponItemsCents + shippingDiscountCents,
    shippingDiscountCents,
    pixCents,
    shippingCents,
    discountCents,
    totalCents: itemsCents - discountCents + shippingCents,
    pixItemsCents: itemsCents - promotionCents - couponItemsCents - pixAll,
    coupon,
    discounts,
  }
}
