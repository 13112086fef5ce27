import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { rows } from '../catalog/sql'
import { forgetPersonal } from '../session/personal-memory'

/**
 * How long this process trusts what it last read of a session's cart for the in-cart marker (crr)
 * on product answers. Cart writers call forgetCartProducts at once; another instance on the same
 * PostgreSQL catches up within this time. The cart itself (listing, totals, checkout) is always
 * read from the database.
 */
export const CART_MEMORY_MS = 10_000
const MAX_REMEMBERED = 20_000

type Remembered = { at: number; ids: Promise<ReadonlySet<number>> }
const memories = new WeakMap<Db, Map<string, Remembered>>()

/** Ids of the products in the session's cart. */
export function cartProductIds(db: Db, sessionId: string, now = Date.now()): Promise<ReadonlySet<number>> {
  let memory = memories.get(db)
  if (!memory) {
    memory = new Map()
    memories.set(db, memory)
  }
  const known = memory.get(sessionId)
  if (known && now - known.at < CART_MEMORY_MS) return known.ids
  const ids = rows<{ product_id: number }>(
    db,
    sql`SELECT DISTINCT ci.product_id FROM carts ct JOIN cart_items ci ON ci.cart_id = ct.id WHERE ct.session_id = ${sessionId}`,
  ).then((found) => new Set(found.map((r) => Number(r.product_id))) as ReadonlySet<number>)
  memory.delete(sessionId)
  memory.set(sessionId, { at: now, ids })
  ids.catch(() => {
    if (memory.get(sessionId)?.ids === ids) memory.delete(sessionId)
  })
  while (memory.size > MAX_REMEMBERED) memory.delete(memory.keys().next().value as string)
  return ids
}

/** Call after any change to the session's cart (also forgets its remembered badge count). */
export function forgetCartProducts(db: Db, sessionId: string): void {
  memories.get(db)?.delete(sessionId)
  forgetPersonal(db, sessionId)
}
