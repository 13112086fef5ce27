import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { rows } from '../../db/sql'
import type { Tx } from '../../db/tx'
import { stockContext, type StockReason } from '../catalog/stock-ledger'
import type { Actor } from '../actor'

export type StockLine = { productId: number; optionId: number | null; quantity: number; titulo: string }

/** Who moves the stock and why, for the stock ledger (server/domain/catalog/stock-ledger.ts). */
export type StockMove = { reason: StockReason; actor: Actor; orderCode: string }

/** Thrown inside the placing transaction when a line's stock is short: the transaction rolls back. */
export class OutOfStock extends Error {
  constructor(readonly titulo: string) {
    super(`sem estoque: ${titulo}`)
  }
}

/**
 * The lines grouped by product in id order, each product's options in id order: every transaction
 * locks rows in this one order — a product's options, then the product row — so two orders sharing
 * products never wait on each other in a cycle (no deadlock). Lines of the same option add up.
 */
function byProduct(lines: readonly Omit<StockLine, 'titulo'>[]): Array<{ productId: number; own: number; options: Map<number, number>; sold: number }> {
  const products = new Map<number, { productId: number; own: number; options: Map<number, number>; sold: number }>()
  for (const l of lines) {
    const p = products.get(l.productId) ?? { productId: l.productId, own: 0, options: new Map<number, number>(), sold: 0 }
    if (l.optionId == null) p.own += l.quantity
    else p.options.set(l.optionId, (p.options.get(l.optionId) ?? 0) + l.quantity)
    p.sold += l.quantity
    products.set(l.productId, p)
  }
  return [...products.values()].sort((a, b) => a.productId - b.productId)
}

const asDb = (tx: Tx) => tx as unknown as Db

/**
 * Takes the lines' stock with one conditional update per line (`… WHERE stock >= q`, and for an
 * option `active`: a value the back office deactivated meanwhile is no longer sold): no row back
 * means not enough, and OutOfStock names the product. Counts the sales on the same product rows.
 * Run inside the placing transaction; the row locks it takes are held to its end.
 */
export async function takeStock(tx: Tx, lines: readonly StockLine[], move: StockMove): Promise<void> {
  await stockContext(tx, move)
  const titles = new Map(lines.map((l) => [l.productId, l.titulo]))
  for (const p of byProduct(lines)) {
    const short = () => new OutOfStock(titles.get(p.productId) ?? '')
    for (const [optionId, quantity] of [...p.options].sort((a, b) => a[0] - b[0])) {
      const taken = await rows(
        asDb(tx),
        sql`UPDATE variation_options SET stock = stock - ${quantity} WHERE id = ${optionId} AND product_id = ${p.productId} AND active AND stock >= ${quantity} RETURNING id`,
      )
      if (taken.length === 0) throw short()
    }
    const taken = await rows(
      asDb(tx),
      sql`UPDATE products SET stock = stock - ${p.own}, sold_count = sold_count + ${p.sold}, updated_at = now()
          WHERE id = ${p.productId} AND stock >= ${p.own} RETURNING id`,
    )
    if (taken.length === 0) throw short()
  }
}

/** Gives a cancelled order's stock back (to the products and options still there) and takes back its sales. */
export async function releaseStock(tx: Tx, lines: readonly Omit<StockLine, 'titulo'>[], move: StockMove): Promise<void> {
  await stockContext(tx, move)
  for (const p of byProduct(lines)) {
    for (const [optionId, quantity] of [...p.options].sort((a, b) => a[0] - b[0])) {
      await tx.execute(sql`UPDATE variation_options SET stock = stock + ${quantity} WHERE id = ${optionId}`)
    }
    await tx.execute(
      sql`UPDATE products SET stock = stock + ${p.own}, sold_count = greatest(0, sold_count - ${p.sold}), updated_at = now() WHERE id = ${p.productId}`,
    )
  }
}
