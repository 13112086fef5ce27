import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { rows } from '../../db/sql'
import type { Tx } from '../../db/tx'
import { stockContext, type StockReason } from '../catalog/stock-ledger'
import type { Actor } from '../actor'
import { stockEvent } from '../integrations/announce'
import type { IntegrationEvent } from '../integrations/events'

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

type OptionMoved = { id: number; hash: string; stock: number }
type ProductMoved = { sku: string; stock: number; stock_total: number }

/**
 * The estoque.alterado events of one product's moves (`sign` -1 taken, +1 given back), from the rows
 * the updates returned: one per option, and one for the product's own count when it moved. The
 * product row is written after its options, so its `stock_total` is already the new one.
 */
function movedEvents(
  p: { productId: number; own: number; options: Map<number, number> },
  options: OptionMoved[],
  product: ProductMoved,
  sign: -1 | 1,
  move: StockMove,
): IntegrationEvent[] {
  const event = (optionHash: string | null, after: number, quantity: number) =>
    stockEvent({
      productId: p.productId,
      sku: product.sku,
      optionHash,
      before: Number(after) - sign * quantity,
      after: Number(after),
      total: product.stock_total,
      reason: move.reason,
      orderCode: move.orderCode,
    })
  const events = options.map((o) => event(o.hash, o.stock, p.options.get(Number(o.id)) ?? 0))
  if (p.own > 0) events.push(event(null, product.stock, p.own))
  return events
}

/**
 * Takes the lines' stock with one conditional update per line (`… WHERE stock >= q`, and for an
 * option `active`: a value the back office deactivated meanwhile is no longer sold): no row back
 * means not enough, and OutOfStock names the product. Counts the sales on the same product rows.
 * Run inside the placing transaction; the row locks it takes are held to its end. Answers the
 * estoque.alterado event of every count moved, from what the updates returned, for the caller to
 * record in the same transaction (recordEvents) along with its own.
 */
export async function takeStock(tx: Tx, lines: readonly StockLine[], move: StockMove): Promise<IntegrationEvent[]> {
  await stockContext(tx, move)
  const titles = new Map(lines.map((l) => [l.productId, l.titulo]))
  const events: IntegrationEvent[] = []
  for (const p of byProduct(lines)) {
    const short = () => new OutOfStock(titles.get(p.productId) ?? '')
    const options: OptionMoved[] = []
    for (const [optionId, quantity] of [...p.options].sort((a, b) => a[0] - b[0])) {
      const [taken] = await rows<OptionMoved>(
        asDb(tx),
        sql`UPDATE variation_options SET stock = stock - ${quantity} WHERE id = ${optionId} AND product_id = ${p.productId} AND active AND stock >= ${quantity}
            RETURNING id, hash, stock`,
      )
      if (!taken) throw short()
      options.push(taken)
    }
    const [product] = await rows<ProductMoved>(
      asDb(tx),
      sql`UPDATE products SET stock = stock - ${p.own}, sold_count = sold_count + ${p.sold}, updated_at = now()
          WHERE id = ${p.productId} AND stock >= ${p.own} RETURNING sku, stock, stock_total`,
    )
    if (!product) throw short()
    events.push(...movedEvents(p, options, product, -1, move))
  }
  return events
}

/**
 * Gives a cancelled (or expired, or returned) order's stock back to the products and options still
 * there and takes back its sales; answers the estoque.alterado event of each count moved, for the
 * caller to record in the same transaction (recordEvents) along with its own.
 */
export async function releaseStock(tx: Tx, lines: readonly Omit<StockLine, 'titulo'>[], move: StockMove): Promise<IntegrationEvent[]> {
  await stockContext(tx, move)
  const events: IntegrationEvent[] = []
  for (const p of byProduct(lines)) {
    const options: OptionMoved[] = []
    for (const [optionId, quantity] of [...p.options].sort((a, b) => a[0] - b[0])) {
      const [given] = await rows<OptionMoved>(
        tx,
        sql`UPDATE variation_options SET stock = stock + ${quantity} WHERE id = ${optionId} RETURNING id, hash, stock`,
      )
      if (given) options.push(given)
    }
    const [product] = await rows<ProductMoved>(
      tx,
      sql`UPDATE products SET stock = stock + ${p.own}, sold_count = greatest(0, sold_count - ${p.sold}), updated_at = now() WHERE id = ${p.productId}
          RETURNING sku, stock, stock_total`,
    )
    if (product) events.push(...movedEvents(p, options, product, 1, move))
  }
  return events
}
