import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/**
 * Product-page views are counted in batches: each view joins a per-database buffer that is written
 * at most FLUSH_MS later in one statement (one upsert per product, one multi-row log insert). A busy
 * product page then costs no write of its own. Call flushProductViews before closing the database.
 */
export const FLUSH_MS = 1_000
const MAX_BUFFER = 1_000

type Pending = { productId: number; sessionId: string | null }
type Buffer = { views: Pending[]; timer: NodeJS.Timeout | null; done: Array<(ok: boolean) => void> }

const buffers = new Map<Db, Buffer>()

/** Queues one view; resolves true once it is written (false if writing failed). */
export function countProductView(db: Db, productId: number, sessionId: string | null): Promise<boolean> {
  let buffer = buffers.get(db)
  if (!buffer) {
    buffer = { views: [], timer: null, done: [] }
    buffers.set(db, buffer)
  }
  buffer.views.push({ productId, sessionId })
  const written = new Promise<boolean>((resolve) => buffer.done.push(resolve))
  if (buffer.views.length >= MAX_BUFFER) void flush(db)
  else if (!buffer.timer) {
    buffer.timer = setTimeout(() => void flush(db), FLUSH_MS)
    buffer.timer.unref()
  }
  return written
}

/** Writes every queued view now (shutdown, tests). */
export async function flushProductViews(db?: Db): Promise<void> {
  await Promise.all((db ? [db] : [...buffers.keys()]).map(flush))
}

async function flush(db: Db): Promise<void> {
  const buffer = buffers.get(db)
  if (!buffer || buffer.views.length === 0) return
  if (buffer.timer) clearTimeout(buffer.timer)
  const { views, done } = buffer
  buffers.set(db, { views: [], timer: null, done: [] })
  const payload = JSON.stringify(views.map((v) => ({ product_id: v.productId, session_id: v.sessionId })))
  let ok = true
  try {
    await db.execute(
      sql`WITH v AS (SELECT * FROM jsonb_to_recordset(${payload}::jsonb) AS x(product_id int, session_id text)),
          counted AS (SELECT v.product_id, count(*)::int AS n FROM v JOIN products p ON p.id = v.product_id GROUP BY v.product_id),
          bumped AS (
            INSERT INTO product_stats (product_id, view_count) SELECT product_id, n FROM counted
            ON CONFLICT (product_id) DO UPDATE SET view_count = product_stats.view_count + excluded.view_count
            RETURNING product_id)
          INSERT INTO product_views (product_id, session_id)
          SELECT v.product_id, v.session_id FROM v WHERE v.product_id IN (SELECT product_id FROM bumped)`,
    )
  } catch {
    ok = false
  }
  for (const resolve of done) resolve(ok)
}
