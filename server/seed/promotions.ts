import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { coupons, promotions } from '../db/schema'
import { rows } from '../db/sql'

const DAY = 86_400_000

/**
 * The demo's coupons and one automatic promotion (README "Promoções e cupons"): BEMVINDO10 on a
 * first order, FRETEGRATIS from R$ 199,00, VITRINE50 once per customer from R$ 500,00, UMAVEZ a single
 * use in the whole store, and 10 % for a month on the category whose size is nearest a dozen products.
 */
export async function seedDemoPromotions(tx: Db, now: Date): Promise<void> {
  await tx.insert(coupons).values([
    { code: 'BEMVINDO10', kind: 'percentual', value: 10, firstPurchase: true },
    { code: 'FRETEGRATIS', kind: 'frete', shippingScope: 'mais_barato', minCents: 19_900 },
    { code: 'VITRINE50', kind: 'fixo', value: 5_000, minCents: 50_000, perCustomer: 1 },
    { code: 'UMAVEZ', kind: 'percentual', value: 15, totalUses: 1 },
  ])
  const [category] = await rows<{ id: number; titulo: string }>(
    tx,
    sql`SELECT c.id, c.titulo FROM categories c JOIN products p ON p.category_id = c.id AND p.active
        GROUP BY c.id, c.titulo ORDER BY abs(count(*) - 12), c.id LIMIT 1`,
  )
  if (!category) return
  await tx.insert(promotions).values({
    name: `Semana ${category.titulo}: 10 % off`,
    kind: 'percentual',
    value: 10,
    scope: { categorias: [Number(category.id)] },
    startsAt: new Date(now.getTime() - DAY),
    endsAt: new Date(now.getTime() + 30 * DAY),
  })
}
