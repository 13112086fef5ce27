import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { cartItems } from '../../db/schema'
import { perDb, rows, textArrayLiteral } from '../../db/sql'
import { READ_BATCH_MAX, readBatcher } from '../../lib/batch'
import { sessionCartId } from './owner'

/**
 * The in-cart marker (crr) and the header badge (DataMenu's ItensCar) are read from the database on
 * every request, from the session's cart (owner.ts): a cart change on any instance shows at once
 * (docs/decisions/0034-nothing-personal-in-process.md).
 */

/** Ids of the products in the session's cart (detalhe-produto's crr). */
export async function cartProductIds(db: Db, sessionId: string): Promise<ReadonlySet<number>> {
  const found = await rows<{ product_id: number }>(db, sql`SELECT DISTINCT ci.product_id FROM cart_items ci WHERE ci.cart_id = ${sessionCartId(sessionId)}`)
  return new Set(found.map((r) => Number(r.product_id)))
}

/**
 * Whether the session's cart holds the product (detalhe-produto's crr): one indexed read. A session
 * that ended has no cart that counts, but asking for it is harmless: its answer is only ever a
 * reason to render instead of serving a kept copy.
 *
 * Checks asked while one is running go together in the next statement (readBatcher, decision 0114):
 * under load one statement answers many visitors.
 */
export function isInCart(db: Db, sessionId: string, productId: number): Promise<boolean> {
  return inCartChecks.get(db, [sessionId, productId])
}

/**
 * The batched check, prepared once per database connection (its text never changes: sessions and
 * products go as two arrays). Each session's row is joined once, so its cart is found from its own
 * customer (owner.ts): a visitor's session asks for the visitor's cart only.
 */
const inCartStatement = perDb((db) =>
  db
    .select({
      i: sql<number>`k.i`,
      found: sql<boolean>`EXISTS (SELECT 1 FROM cart_items ci WHERE ci.cart_id = ${sessionCartId(sql`k.s`, sql`s.customer_id`)} AND ci.product_id = k.p)`,
    })
    .from(
      sql`unnest(${sql.placeholder('sessions')}::text[], ${sql.placeholder('products')}::int[]) WITH ORDINALITY AS k(s, p, i)
          LEFT JOIN sessions s ON s.id = k.s`,
    )
    .prepare('no_carrinho'),
)

const inCartChecks = readBatcher<readonly [string, number], boolean>({
  max: READ_BATCH_MAX,
  read: async (db, keys) => {
    const found = await inCartStatement(db).execute({
      sessions: textArrayLiteral(keys.map(([s]) => s)),
      products: `{${keys.map(([, p]) => (Number.isSafeInteger(p) ? p : 0)).join(',')}}`,
    })
    const answers = keys.map(() => false)
    for (const row of found) answers[Number(row.i) - 1] = Boolean(row.found)
    return answers
  },
})

/** Number of pieces in the session's cart (the header badge). */
export async function countCartItems(db: Db, sessionId: string | null): Promise<number> {
  if (!sessionId) return 0
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(sql`${cartItems.cartId} = ${sessionCartId(sessionId)}`)
  return Number(row?.n ?? 0)
}
