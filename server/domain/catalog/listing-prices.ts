import { sql } from 'drizzle-orm'
import { bestPromotionFor } from '../../../contract/pricing'
import type { Db } from '../../db/client'
import { rows } from '../../db/sql'
import { inScope } from '../promotions/price'
import { runningPromotions } from '../promotions/running'
import { withPrices, type MatchSet } from './match-sets'
import { catalogNames } from './rules'

/** Each category's parent (null at the top), as every listing shares it. */
function categoryParents(db: Db): Promise<ReadonlyMap<number, number | null>> {
  return catalogNames.of(db).getOrCompute('parents', async () => {
    const found = await rows<{ id: number; parent_id: number | null }>(db, sql`SELECT id, parent_id FROM categories`)
    return new Map(found.map((c) => [Number(c.id), c.parent_id == null ? null : Number(c.parent_id)]))
  }) as Promise<ReadonlyMap<number, number | null>>
}

/** The category and every ancestor (what a promotion's category scope matches), guarded against a cycle. */
function withAncestors(parents: ReadonlyMap<number, number | null>, category: number): number[] {
  const path: number[] = []
  for (let at: number | null | undefined = category; at != null && !path.includes(at); at = parents.get(at)) path.push(at)
  return path
}

/**
 * The set at the price a shopper pays for one unit, as its card shows it (`shownPrice`: the list
 * price less the best running promotion whose scope holds the product, docs/decisions/0127-promotions.md),
 * so "menor preço", "maior preço" and the price range follow what the cards say. With no promotion
 * running for one unit, the set itself. The priced column is kept on the cached set per running
 * promotions (their ids): a promotion written, started or ended drops the sets on every instance
 * (the catalog's notifications), and the ids make a set read before a start never answer after it
 * at the old prices.
 */
export async function atPaidPrices(db: Db, set: MatchSet, now: Date): Promise<MatchSet> {
  const running = (await runningPromotions(db, now)).filter((p) => p.minQuantity <= 1)
  if (running.length === 0 || set.size === 0) return set
  const key = running.map((p) => p.id).join(',')
  if (set.priced?.key === key) return set.priced.set
  const parents = await categoryParents(db)
  const byCategory = new Map<number, number[]>()
  return withPrices(set, key, (i) => {
    let categoryIds = byCategory.get(set.category[i])
    if (!categoryIds) byCategory.set(set.category[i], (categoryIds = withAncestors(parents, set.category[i])))
    const line = { productId: set.id[i], categoryIds, brandId: set.brand[i] === 0 ? null : set.brand[i] }
    const held = running.filter((p) => inScope(p.scope, line))
    return set.price[i] - (bestPromotionFor(held, set.price[i], 1)?.unitOff ?? 0)
  })
}
