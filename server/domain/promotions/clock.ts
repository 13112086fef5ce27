import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { rows } from '../../db/sql'
import { CATALOG_CHANNEL } from '../catalog/changes'

/**
 * A promotion's start or end changes the prices kept pages show, but no row changes then, so no
 * trigger announces it. The 'promocoes-agenda' round (every minute, server/jobs/queues.ts) does:
 * it announces on the catalog's channel every start or end of the last LOOKBACK_MS (two rounds, so
 * a late or failed round loses none; announcing twice only empties the caches twice), and arms a
 * timer in its process for each one of the next AHEAD_MS, which announces it at that moment
 * (docs/decisions/0127-promotions.md). Coupons are not on kept pages: nothing to announce for them.
 */
export const LOOKBACK_MS = 2 * 60_000
export const AHEAD_MS = 60_000
/** A timer fires this long after the moment, so an instance whose clock runs a little behind already sees it passed. */
export const CLOCK_MARGIN_MS = 250

/** The starts and ends of active promotions in (from, to], oldest first. */
async function crossings(db: Db, from: Date, to: Date): Promise<Date[]> {
  const found = await rows<{ at: string | Date }>(
    db,
    sql`SELECT DISTINCT at FROM (
          SELECT starts_at AS at FROM promotions WHERE active
          UNION ALL SELECT ends_at FROM promotions WHERE active AND ends_at IS NOT NULL) b
        WHERE at > ${from.toISOString()}::timestamptz AND at <= ${to.toISOString()}::timestamptz ORDER BY at`,
  )
  return found.map((r) => new Date(r.at))
}

/** Tells every instance that everything in the catalog may have changed ('*'), as a write to promotions does. */
export async function announceCatalogChange(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_notify(${CATALOG_CHANNEL}, '*')`)
}

/** Timers of one process, one per moment; `stop` clears them (the jobs stopping). */
export type PromotionTimers = { arm(at: Date, fire: () => Promise<void>): void; stop(): void; readonly size: number }

export function promotionTimers(onError: (err: unknown) => void): PromotionTimers {
  const armed = new Map<number, NodeJS.Timeout>()
  return {
    arm(at, fire) {
      const key = at.getTime()
      if (armed.has(key)) return
      const timer = setTimeout(
        () => {
          armed.delete(key)
          fire().catch(onError)
        },
        Math.max(0, key + CLOCK_MARGIN_MS - Date.now()),
      )
      timer.unref()
      armed.set(key, timer)
    },
    stop() {
      for (const timer of armed.values()) clearTimeout(timer)
      armed.clear()
    },
    get size() {
      return armed.size
    },
  }
}

/**
 * One round of the promotions' clock: announces the starts and ends already passed (of the last
 * LOOKBACK_MS) and arms `timers` for those of the next AHEAD_MS. Returns how many of each.
 */
export async function promotionClockRound(db: Db, timers: PromotionTimers, now = new Date()): Promise<{ passed: number; armed: number }> {
  const [passed, next] = await Promise.all([crossings(db, new Date(now.getTime() - LOOKBACK_MS), now), crossings(db, now, new Date(now.getTime() + AHEAD_MS))])
  if (passed.length) await announceCatalogChange(db)
  for (const at of next) timers.arm(at, () => announceCatalogChange(db))
  return { passed: passed.length, armed: next.length }
}
