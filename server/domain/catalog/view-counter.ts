import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

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

type Batch = { counts: Map<number, number>; timer: NodeJS.Timeout | null; written: Promise<boolean>; settle: (ok: boolean) => void }

const batches = new Map<Db, Batch>()

function newBatch(): Batch {
  let settle: (ok: boolean) => void = () => {}
  const written = new Promise<boolean>((resolve) => (settle = resolve))
  return { counts: new Map(), timer: null, written, settle }
}

/** Queues one view; resolves true once its batch is written (false if writing failed). */
export function countProductView(db: Db, productId: number): Promise<boolean> {
  let batch = batches.get(db)
  if (!batch) {
    batch = newBatch()
    batches.set(db, batch)
  }
  batch.counts.set(productId, (batch.counts.get(productId) ?? 0) + 1)
  const { written } = batch
  if (batch.counts.size >= MAX_PRODUCTS) void flush(db)
  else if (!batch.timer) {
    batch.timer = setTimeout(() => void flush(db), FLUSH_MS)
    batch.timer.unref()
  }
  return written
}

/** Writes every queued view now (shutdown, tests). */
export async function flushProductViews(db?: Db): Promise<void> {
  await Promise.all((db ? [db] : [...batches.keys()]).map(flush))
}

async function flush(db: Db): Promise<void> {
  const batch = batches.get(db)
  if (!batch || batch.counts.size === 0) return
  if (batch.timer) clearTimeout(batch.timer)
  batches.set(db, newBatch())
  const payload = JSON.stringify([...batch.counts].map(([product_id, n]) => ({ product_id, n })))
  let ok = true
  try {
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
  } catch {
    ok = false
  }
  batch.settle(ok)
}
