import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { batcher } from '../../lib/batch'

/**
 * Product-page views are counted in batches: a view only bumps a per-product number in memory,
 * written at most FLUSH_MS later in one statement — the all-time counter (product_stats, for MAIS
 * ACESSADOS) and the day's total (product_views_daily, the owner's traffic figures). A busy product
 * page then costs no write of its own, and a batch writes one row per product, not per view.
 * Call flushProductViews before closing the database.
 */
export const FLUSH_MS = 1_000
/** Distinct products in a batch before it is written early. */
const MAX_PRODUCTS = 1_000
/** Calendar days are the store's (São Paulo) days. */
const STORE_TIME_ZONE = 'America/Sao_Paulo'

const views = batcher<number, number>({
  flushMs: FLUSH_MS,
  max: MAX_PRODUCTS,
  // The all-time counter and the day's total in one statement; products deleted meanwhile are skipped.
  write: async (db, counts) => {
    const payload = JSON.stringify([...counts].map(([product_id, n]) => ({ product_id, n })))
    await db.execute(
      sql`WITH v AS (
            SELECT x.product_id, x.n FROM jsonb_to_recordset(${payload}::jsonb) AS x(product_id int, n int)
            WHERE EXISTS (SELECT 1 FROM products p WHERE p.id = x.product_id)
          ), daily AS (
            INSERT INTO product_views_daily (product_id, day, views)
            SELECT product_id, (now() AT TIME ZONE ${STORE_TIME_ZONE})::date, n FROM v
            ON CONFLICT (product_id, day) DO UPDATE SET views = product_views_daily.views + excluded.views
          )
          INSERT INTO product_stats (product_id, view_count) SELECT product_id, n FROM v
          ON CONFLICT (product_id) DO UPDATE SET view_count = product_stats.view_count + excluded.view_count`,
    )
  },
})

/** Queues one view; resolves true once its batch is written (false if writing failed). */
export function countProductView(db: Db, productId: number): Promise<boolean> {
  return views.add(db, productId, (n = 0) => n + 1)
}

/** Writes every queued view now (shutdown, tests). */
export function flushProductViews(db?: Db): Promise<void> {
  return views.flush(db)
}
