// A test file's own database for the coupon and promotion rules at placement and after the sale:
// the catalog fixture, the sandbox provider, one product of R$ 200,00 in the Áudio category, and
// shoppers whose cart holds it with a complete Pix checkout and, when asked, a coupon.
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll } from 'vitest'
import type { Database, Db } from '../../server/db/client'
import { carts, coupons, products } from '../../server/db/schema'
import type { PlaceDeps } from '../../server/domain/order/place'
import { isRefusal } from '../../server/domain/refusal'
import { storeProfile } from '../../server/store-profile'
import { testEnv } from './app'
import { insertCatalogFixture, type CatalogFixture } from './catalog-fixtures'
import { completeCheckout, createShopper, fillCart, installTestSandbox, type Shopper } from './checkout'
import { createTestDatabase } from './db'

export type PromotionBed = {
  database: Database
  db: Db
  fx: CatalogFixture
  deps: PlaceDeps
  /** The R$ 200,00 product, in the fixture's Áudio category. */
  productId: number
  /** A new shopper with `quantity` of the product in the cart, a complete checkout (`method`) and `code` on the cart. */
  shopperWith(code: string | null, quantity?: number, method?: 'pix' | 'cartao' | 'boleto'): Promise<Shopper>
  /** A coupon (10 % off the items unless told otherwise). */
  newCoupon(values: Partial<typeof coupons.$inferInsert> & { code: string }): Promise<typeof coupons.$inferSelect>
}

/** The file's bed, ready in its `beforeAll` and closed after the last test. */
export function promotionTestBed(prefix: string): PromotionBed {
  let n = 0
  const bed = {} as PromotionBed
  beforeAll(async () => {
    bed.database = await createTestDatabase()
    bed.db = bed.database.db
    bed.fx = await insertCatalogFixture(bed.db)
    bed.deps = { db: bed.db, env: testEnv, store: storeProfile, log: pino({ level: 'silent' }), payments: installTestSandbox(bed.db) }
    const [p] = await bed.db
      .insert(products)
      .values({
        hash: `${prefix}-1`,
        linkReal: `produto-${prefix}`,
        titulo: 'Produto da Promoção',
        priceCents: 20_000,
        stock: 1_000,
        categoryId: bed.fx.cat.audio.id,
        sku: `${prefix.toUpperCase()}-1`,
      })
      .returning()
    bed.productId = p.id
  }, 60_000)
  afterAll(() => bed.database?.close())
  bed.shopperWith = async (code, quantity = 1, method = 'pix') => {
    const s = await createShopper(bed.db, `${prefix}${++n}`)
    await fillCart(bed.db, s, bed.productId, quantity)
    await completeCheckout(bed.db, s, method)
    if (code) await bed.db.update(carts).set({ couponCode: code }).where(eq(carts.customerId, s.customerId))
    return s
  }
  bed.newCoupon = async (values) =>
    (
      await bed.db
        .insert(coupons)
        .values({ kind: 'percentual', value: 10, ...values })
        .returning()
    )[0]
  return bed
}

/** A placement's answer as a code: 'ok' or the refusal's. */
export const codeOf = (r: unknown) => (isRefusal(r) ? r.code : 'ok')
