import { sql } from 'drizzle-orm'
import { PRODUCTS, STOCK, STOCK_DONE } from '../../../contract/messages/products'
import type { Db } from '../../db/client'
import { rows } from '../../db/sql'
import { transaction, type Tx } from '../../db/tx'
import type { Actor } from '../actor'
import { refuse, type Refusal } from '../refusal'
import { recordProductAudit } from './product-audit'
import { stockContext } from './stock-ledger'
import { announceStock } from '../integrations/announce'

/** How many ledger moves the section shows (newest first). */
export const LEDGER_SHOWN = 50

export type StockLedgerEntry = {
  id: number
  /** Null for the product's own stock. */
  optionId: number | null
  /** 'Cor: Azul' for an option's move (its name now, or at the move when deleted since); null for the product's own stock. */
  item: string | null
  before: number
  after: number
  reason: string
  actorKind: string
  actorLabel: string
  orderCode: string | null
  at: string
}

/**
 * The product editor's stock section: the product's own count, each option's count (the
 * options hold the stock while the product has active ones) and the stock ledger, newest first.
 */
export async function stockSection(db: Db, productId: number) {
  const [[row], options, ledger] = await Promise.all([
    rows<{ stock: number; link_real: string }>(db, sql`SELECT stock, link_real FROM products WHERE id = ${productId}`),
    rows<{ id: number; grupo: string; nome: string; stock: number; active: boolean }>(
      db,
      sql`SELECT o.id, v.nome AS grupo, o.name AS nome, o.stock, o.active
          FROM variation_options o JOIN variations v ON v.id = o.variation_id
          WHERE o.product_id = ${productId}
          ORDER BY v.position, v.id, o.position, o.id`,
    ),
    rows<Record<string, unknown>>(
      db,
      sql`SELECT l.id, l.option_id, coalesce(v.nome || ': ' || o.name, l.item) AS item,
            l.before, l.after, l.reason, l.actor_kind, l.actor_label, l.order_code, l.at
          FROM stock_ledger l
          LEFT JOIN variation_options o ON o.id = l.option_id
          LEFT JOIN variations v ON v.id = o.variation_id
          WHERE l.product_id = ${productId}
          ORDER BY l.id DESC LIMIT ${LEDGER_SHOWN}`,
    ),
  ])
  const opts = options.map((o) => ({ id: Number(o.id), grupo: o.grupo, nome: o.nome, stock: Number(o.stock), active: Boolean(o.active) }))
  return {
    exists: row !== undefined,
    /** The product's page on the store (/produto/{link}), to see a change there. */
    link: row?.link_real ?? '',
    /** The product's own count (what the storefront sells while no option is active). */
    stock: Number(row?.stock ?? 0),
    /** True when active options hold the stock (the product's own count is then not sold). */
    byOption: opts.some((o) => o.active),
    options: opts,
    ledger: ledger.map((l): StockLedgerEntry => ({
      id: Number(l.id),
      optionId: l.option_id == null ? null : Number(l.option_id),
      item: (l.item as string | null) ?? null,
      before: Number(l.before),
      after: Number(l.after),
      reason: String(l.reason),
      actorKind: String(l.actor_kind),
      actorLabel: String(l.actor_label),
      orderCode: (l.order_code as string | null) ?? null,
      at: new Date(l.at as string | Date).toISOString(),
    })),
  }
}

export type StockChange = { opcao: number | null; antes: number; depois: number; msg: string }

type Target = { productId: number; optionId: number | null }

/** The row whose count moves: the product's own, or its option's (which must be the product's). */
const targetRow = (t: Target) =>
  t.optionId == null ? sql`products WHERE id = ${t.productId}` : sql`variation_options WHERE id = ${t.optionId} AND product_id = ${t.productId}`

async function currentCount(tx: Tx, t: Target): Promise<number | null> {
  const [row] = await rows<{ stock: number }>(tx, sql`SELECT stock FROM ${targetRow(t)}`)
  return row ? Number(row.stock) : null
}

const notFound = (t: Target) => refuse(t.optionId == null ? PRODUCTS.notFound : STOCK.optionNotFound)

/** A count as the domain accepts it, whoever calls (the HTTP schema says the same first). */
function checkCount(n: number): void {
  if (!Number.isFinite(n)) throw refuse(STOCK.type)
  if (!Number.isInteger(n)) throw refuse(STOCK.fraction)
  if (n < 0) throw refuse(STOCK.negative)
}

/**
 * A staff edit of a count ('Ajuste') with optimistic concurrency: the row changes only if it still
 * holds `expected`, the count the editor showed — one conditional UPDATE, which waits for a
 * checkout holding the row and then sees its result. Otherwise nothing changes and a 'conflict'
 * refusal names the current count. The ledger row (trigger) and the audit line share the transaction.
 */
export async function setStock(db: Db, input: Target & { expected: number; count: number; actor: Actor }): Promise<StockChange | Refusal> {
  return transaction(db, async (tx) => {
    checkCount(input.count)
    await stockContext(tx, { reason: 'Ajuste', actor: input.actor })
    const stamp = input.optionId == null ? sql`, updated_at = now()` : sql``
    const [done] = await rows<{ stock: number }>(
      tx,
      sql`UPDATE ${input.optionId == null ? sql`products` : sql`variation_options`} SET stock = ${input.count} ${stamp}
          WHERE id = ${input.optionId ?? input.productId} ${input.optionId == null ? sql`` : sql`AND product_id = ${input.productId}`}
            AND stock = ${input.expected}
          RETURNING stock`,
    )
    if (!done) {
      const now = await currentCount(tx, input)
      if (now == null) throw notFound(input)
      throw refuse(STOCK.changed(now), { atual: now })
    }
    await recordProductAudit(tx, {
      actor: input.actor,
      action: 'estoque.ajustar',
      productId: input.productId,
      before: { opcao: input.optionId, estoque: input.expected },
      after: { opcao: input.optionId, estoque: input.count },
    })
    await announceStock(tx, { productId: input.productId, optionId: input.optionId, before: input.expected, after: input.count, reason: 'Ajuste' })
    return { opcao: input.optionId, antes: input.expected, depois: input.count, msg: STOCK_DONE.adjusted(input.count) }
  })
}

/** "Receber N unidades" ('Recebimento'): adds to whatever the count is now, never refused by a sale. */
export async function receiveStock(db: Db, input: Target & { quantity: number; max: number; actor: Actor }): Promise<StockChange | Refusal> {
  return transaction(db, async (tx) => {
    if (!Number.isInteger(input.quantity) || input.quantity < 1) throw refuse(STOCK.receive)
    await stockContext(tx, { reason: 'Recebimento', actor: input.actor })
    const stamp = input.optionId == null ? sql`, updated_at = now()` : sql``
    const [done] = await rows<{ before: number; after: number }>(
      tx,
      sql`UPDATE ${input.optionId == null ? sql`products` : sql`variation_options`} SET stock = stock + ${input.quantity} ${stamp}
          WHERE id = ${input.optionId ?? input.productId} ${input.optionId == null ? sql`` : sql`AND product_id = ${input.productId}`}
          RETURNING stock - ${input.quantity} AS before, stock AS after`,
    )
    if (!done) throw notFound(input)
    const [before, after] = [Number(done.before), Number(done.after)]
    if (after > input.max) throw refuse(STOCK.receiveMax)
    await recordProductAudit(tx, {
      actor: input.actor,
      action: 'estoque.receber',
      productId: input.productId,
      before: { opcao: input.optionId, estoque: before },
      after: { opcao: input.optionId, estoque: after, recebidas: input.quantity },
    })
    await announceStock(tx, { productId: input.productId, optionId: input.optionId, before, after, reason: 'Recebimento' })
    return { opcao: input.optionId, antes: before, depois: after, msg: STOCK_DONE.received(input.quantity, after) }
  })
}

/**
 * A relative change of a count ('Ajuste', e.g. an ERP's "−2, avaria"): adds `delta` to whatever the
 * count is now, in one UPDATE (a sale at the same moment is counted, not lost), refused when it would
 * go below zero. `motivo` goes in the audit line; the ledger row (trigger) shares the transaction.
 */
export async function adjustStock(db: Db, input: Target & { delta: number; motivo: string; max: number; actor: Actor }): Promise<StockChange | Refusal> {
  return transaction(db, async (tx) => {
    if (!Number.isInteger(input.delta) || input.delta === 0) throw refuse(STOCK.type)
    await stockContext(tx, { reason: 'Ajuste', actor: input.actor })
    const stamp = input.optionId == null ? sql`, updated_at = now()` : sql``
    const [done] = await rows<{ before: number; after: number }>(
      tx,
      sql`UPDATE ${input.optionId == null ? sql`products` : sql`variation_options`} SET stock = stock + ${input.delta} ${stamp}
          WHERE id = ${input.optionId ?? input.productId} ${input.optionId == null ? sql`` : sql`AND product_id = ${input.productId}`}
          RETURNING stock - ${input.delta} AS before, stock AS after`,
    )
    if (!done) throw notFound(input)
    const [before, after] = [Number(done.before), Number(done.after)]
    if (after < 0) throw refuse(STOCK.negative)
    if (after > input.max) throw refuse(STOCK.receiveMax)
    await recordProductAudit(tx, {
      actor: input.actor,
      action: 'estoque.ajustar',
      productId: input.productId,
      before: { opcao: input.optionId, estoque: before },
      after: { opcao: input.optionId, estoque: after, delta: input.delta, motivo: input.motivo },
    })
    await announceStock(tx, { productId: input.productId, optionId: input.optionId, before, after, reason: input.motivo })
    return { opcao: input.optionId, antes: before, depois: after, msg: STOCK_DONE.adjusted(after) }
  })
}
