import { sql, type SQL } from 'drizzle-orm'

/**
 * Whose cart (issue 23, decision 0071): a logged-in customer has one cart, held by the customer
 * (carts.customer_id, unique) and the same on every device; a visitor's cart is held by the session
 * (carts.session_id, customer_id null) until login merges it into the customer's (merge.ts).
 *
 * The id of the session's cart as SQL, for every read and write of "this session's cart": the
 * customer's cart when the session is logged in, else the visitor's. Two indexed look-ups.
 * `sessionId` is the id itself, or an SQL expression that holds it (a batched read's column).
 */
export const sessionCartId = (sessionId: string | SQL): SQL =>
  sql`(SELECT id FROM carts WHERE customer_id = (SELECT customer_id FROM sessions WHERE id = ${sessionId})
       UNION ALL
       SELECT id FROM carts WHERE session_id = ${sessionId} AND customer_id IS NULL
       LIMIT 1)`
