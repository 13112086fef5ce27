import { sql, type SQL } from 'drizzle-orm'
import { COUPON } from '../../../contract/messages/coupons'
import type { Db } from '../../db/client'
import type { PromoScope } from '../../db/schema'
import { fromJson, rows } from '../../db/sql'
import type { CatalogProduct } from '../catalog/cards'
import type { CouponFacts, PricingLine, RunningPromotion } from './price'
import { runningPromotions } from './running'

/** Who would use a coupon: the account, and the CPF once checkout knows it (uses count by both). */
export type CouponBuyer = { customerId: number | null; cpf: string | null }

/** What priceCart needs from the database besides the lines: running promotions, each product's place, the cart's coupon. */
export type Offers = {
  promotions: RunningPromotion[]
  /** Per product: its category with every ancestor, and its brand. */
  facts: ReadonlyMap<number, Pick<PricingLine, 'categoryIds' | 'brandId'>>
  couponCode: string | null
  coupon: CouponFacts | null
}

export const NO_OFFERS: Offers = { promotions: [], facts: new Map(), couponCode: null, coupon: null }

/** Codes as the store keeps them: trimmed, upper case. */
export const normalizeCode = (code: string) => code.trim().toUpperCase()

/**
 * What priceCart needs besides the lines (docs/decisions/0127-promotions.md): the promotions running
 * now (kept, shared by every visitor), where each product sits (from the catalog's kept products)
 * and the code on the cart, which the caller read with the cart; only a cart with a code reads the
 * coupon's row, with its rules that need the database.
 */
export async function loadOffers(
  db: Db,
  input: {
    products: ReadonlyMap<number, Pick<CatalogProduct, 'categoryIds' | 'brandId'>>
    couponCode: string | null
    buyer: CouponBuyer
    now: Date
    /** Already read (inside a transaction, the kept ones are read before it). */
    promotions?: RunningPromotion[]
    /** The code's coupon already read for this buyer (along with the cart: cartRowsRead); null when no coupon has it. */
    coupon?: CouponFacts | null
  },
): Promise<Offers> {
  const [promotions, coupon] = await Promise.all([
    input.promotions ?? runningPromotions(db, input.now),
    input.coupon !== undefined ? input.coupon : input.couponCode ? couponFacts(db, input.couponCode, input.buyer) : null,
  ])
  const facts = new Map<number, Pick<PricingLine, 'categoryIds' | 'brandId'>>()
  for (const [id, p] of input.products) facts.set(id, { categoryIds: p.categoryIds, brandId: p.brandId })
  return { promotions, facts, couponCode: input.couponCode, coupon }
}

export type CouponRow = {
  id: number
  code: string
  kind: CouponFacts['kind']
  value: number
  shipping_scope: CouponFacts['shippingScope']
  min_cents: number
  starts_at: string | Date | null
  ends_at: string | Date | null
  scope: unknown
  combines: boolean
  active: boolean
  exhausted: boolean
  over_customer: boolean
  bought_before: boolean
}

const dateOf = (v: string | Date | null) => (v == null ? null : new Date(v))

/** The coupon with this code, its store-wide and per-buyer rules checked now; null when no coupon has it. */
export async function couponFacts(db: Db, code: string, buyer: CouponBuyer): Promise<CouponFacts | null> {
  const known = sql`${buyer.customerId != null || buyer.cpf != null}`
  const [c] = await rows<CouponRow>(db, couponFactsQuery(sql`${normalizeCode(code)}`, { ...buyer, known }))
  return c ? couponFactsFrom(c) : null
}

/**
 * The statement couponFacts runs, for a code and a buyer given as SQL (a statement that reads the
 * cart reads its coupon along: cartRowsRead); `known`: whether there is a buyer to count uses by.
 */
export function couponFactsQuery(code: SQL, buyer: { customerId: SQL | number | null; cpf: SQL | string | null; known: SQL }): SQL {
  return sql`SELECT c.id, c.code, c.kind, c.value, c.shipping_scope, c.min_cents, c.starts_at, c.ends_at, c.scope, c.combines, c.active,
          (c.total_uses IS NOT NULL AND c.uses_count >= c.total_uses) AS exhausted,
          (c.per_customer IS NOT NULL AND (SELECT count(*) FROM coupon_uses u WHERE u.coupon_id = c.id AND u.released_at IS NULL
             AND (u.customer_id = ${buyer.customerId} OR u.cpf = ${buyer.cpf})) >= c.per_customer) AS over_customer,
          (c.first_purchase AND ${buyer.known} AND ${boughtBefore(buyer)}) AS bought_before
        FROM coupons c WHERE c.code = ${code}`
}

/** A row of couponFactsQuery (as read, or as JSON along another statement) as the facts priceCart takes. */
export function couponFactsFrom(c: CouponRow): CouponFacts {
  return {
    id: Number(c.id),
    code: c.code,
    kind: c.kind,
    value: Number(c.value),
    shippingScope: c.shipping_scope,
    minCents: Number(c.min_cents),
    startsAt: dateOf(c.starts_at),
    endsAt: dateOf(c.ends_at),
    scope: fromJson<PromoScope>(c.scope, {}),
    combines: Boolean(c.combines),
    active: Boolean(c.active),
    blocked: c.exhausted ? COUPON.exhausted : c.over_customer ? COUPON.perCustomer : c.bought_before ? COUPON.firstPurchase : null,
  }
}

/** Whether the account or the CPF has an order that stood (not cancelled), other than `except`. */
export function boughtBefore(buyer: { customerId: SQL | number | null; cpf: SQL | string | null }, except?: number) {
  // Orders keep the CPF as it was typed then (some masked): compared as digits.
  return sql`EXISTS (SELECT 1 FROM orders o WHERE (o.customer_id = ${buyer.customerId} OR regexp_replace(o.buyer_cpf, '\D', '', 'g') = ${buyer.cpf})
    AND o.status NOT IN ('cancelado', 'expirado') ${except != null ? sql`AND o.id <> ${except}` : sql``})`
}
