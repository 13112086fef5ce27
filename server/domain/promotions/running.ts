import { sql } from 'drizzle-orm'
import { cachePerDb } from '../../cache'
import type { Db } from '../../db/client'
import type { PromoScope } from '../../db/schema'
import { rows } from '../../db/sql'
import { CATALOG_CACHE_TTL_MS } from '../catalog/rules'
import type { RunningPromotion } from './price'

type Scheduled = RunningPromotion & { startsAt: number; endsAt: number | null }

/**
 * The active promotions not yet ended, start and end included, as every visitor shares them
 * (docs/decisions/0127-promotions.md). A write to `promotions` announces itself on the catalog's
 * channel (its trigger), which drops this like every catalog cache on every instance; a promotion
 * starting or ending needs no write, as the window is checked at each read.
 */
const scheduled = cachePerDb<Promise<Scheduled[]>>({ name: 'promotions', ttlMs: CATALOG_CACHE_TTL_MS, maxEntries: 1, scope: 'catalog' })

/** The promotions running at `now`. */
export async function runningPromotions(db: Db, now: Date): Promise<RunningPromotion[]> {
  const all = await scheduled.of(db).getOrCompute('*', () => readScheduled(db))
  const t = now.getTime()
  return all.filter((p) => p.startsAt <= t && (p.endsAt == null || p.endsAt > t))
}

async function readScheduled(db: Db): Promise<Scheduled[]> {
  const found = await rows<{
    id: number
    name: string
    kind: 'percentual' | 'fixo'
    value: number
    min_quantity: number
    scope: PromoScope
    starts_at: string | Date
    ends_at: string | Date | null
  }>(
    db,
    sql`SELECT id, name, kind, value, min_quantity, scope, starts_at, ends_at FROM promotions WHERE active AND (ends_at IS NULL OR ends_at > now()) ORDER BY id`,
  )
  return found.map((p) => ({
    id: Number(p.id),
    name: p.name,
    kind: p.kind,
    value: Number(p.value),
    minQuantity: Number(p.min_quantity),
    scope: typeof p.scope === 'string' ? (JSON.parse(p.scope) as PromoScope) : (p.scope ?? {}),
    startsAt: new Date(p.starts_at).getTime(),
    endsAt: p.ends_at == null ? null : new Date(p.ends_at).getTime(),
  }))
}
