import { eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { products } from '../../../db/schema'
import { productStockLedger } from '../stock-ledger'

/**
 * The product editor's stock section (issue 19): the product's own count (options hold theirs, in
 * the variations section) and its stock ledger, newest first.
 */
export async function stockSection(db: Db, productId: number) {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId))
  const ledger = await productStockLedger(db, productId)
  return { stock: row?.stock ?? 0, ledger: ledger.map((l) => ({ ...l, at: l.at.toISOString() })) }
}
