import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { rows } from '../../db/sql'
import { mergeCarts } from './upkeep'

/**
 * The cart at login (one cart per customer, decision 0071): the customer's
 * cart — the same on every device, held by the customer, never moved to one session — takes the
 * lines of the visitor's cart of session `from` (mergeCarts: one statement, quantities capped at
 * stock). The customer's cart is got or created with an upsert on its unique customer_id, so two
 * devices logging in at once merge one after the other into the one cart. Run inside the login's
 * transaction, before the old session is deleted.
 */
export async function adoptCartAtLogin(tx: Db, from: string, into: string, customerId: number): Promise<void> {
  const [visitor] = await rows<{ id: number }>(tx, sql`SELECT id FROM carts WHERE session_id = ${from} AND customer_id IS NULL FOR UPDATE`)
  if (!visitor) return
  const [owned] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO carts (customer_id) VALUES (${customerId})
        ON CONFLICT (customer_id) WHERE customer_id IS NOT NULL DO UPDATE SET updated_at = now() RETURNING id`,
  )
  await mergeCarts(tx, Number(visitor.id), Number(owned.id))
}
