import { sql, type SQL } from 'drizzle-orm'

/**
 * Whose cart (decision 0071): a logged-in customer has one cart, held by the customer
 * (carts.customer_id, unique) and the same on every device; a visitor's cart is held by the session
 * (carts.session_id, customer_id null) until login merges it into the customer's (merge.ts).
 *
 * The id of the session's cart as SQL, for every read and write of "this session's cart": the
 * customer's cart when the session is logged in, else the visitor's. Indexed look-ups.
 * `sessionId` is the id itself, or an SQL expression that holds it (a batched read's column).
 * `customerId`, when the statement already has the session's row (a batched read's `s.customer_id`):
 * the customer is not looked up again, and a visitor's session asks for the visitor's cart only — a
 * quarter less work per session of a batched read on PGlite.
 */
export function sessionCartId(sessionId: string | SQL, customerId?: SQL): SQL {
  const visitors = sql`(SELECT id FROM carts WHERE session_id = ${sessionId} AND customer_id IS NULL)`
  if (customerId)
    return sql`(CASE WHEN ${customerId} IS NULL THEN ${visitors} ELSE coalesce((SELECT id FROM carts WHERE customer_id = ${customerId}), ${visitors}) END)`
  return sql`(SELECT id FROM carts WHERE customer_id = (SELECT customer_id FROM sessions WHERE id = ${sessionId})
       UNION ALL
       SELECT id FROM carts WHERE session_id = ${sessionId} AND customer_id IS NULL
       LIMIT 1)`
}
