import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { rows } from '../../db/sql'
import { mergeCarts } from './upkeep'

/**
 * The cart at login (issue 11): the new session `into` takes the customer's cart — their latest
 * one, wherever it was left (a logged-out session, another device) — and the visitor's cart of
 * session `from` is merged into it with mergeCarts (one statement; quantities capped at stock).
 * Without a customer cart the visitor's cart simply becomes the customer's. Run inside the login's
 * transaction, before the old session is deleted.
 */
export async function adoptCartAtLogin(tx: Db, from: string, into: string, customerId: number): Promise<void> {
  const [owned] = await rows<{ id: number }>(
    tx,
    sql`WITH pick AS (
          SELECT id, session_id FROM carts WHERE customer_id = ${customerId} AND session_id IS DISTINCT FROM ${from}
          ORDER BY updated_at DESC LIMIT 1 FOR UPDATE
        )
        UPDATE carts c SET session_id = ${into} FROM pick WHERE c.id = pick.id
        RETURNING c.id`,
  )
  const [visitor] = await rows<{ id: number }>(tx, sql`SELECT id FROM carts WHERE session_id = ${from} FOR UPDATE`)
  if (!visitor) return
  if (owned) {
    await mergeCarts(tx, Number(visitor.id), Number(owned.id))
  } else {
    await tx.execute(sql`UPDATE carts SET session_id = ${into}, customer_id = ${customerId}, updated_at = now() WHERE id = ${visitor.id}`)
  }
}
