// What the domain writers announce to integrations (recordEvent), each payload read in the writer's
// transaction so it is the state the change committed. One helper per kind of resource, so every
// writer of orders, products and stock sends the same shape (docs/api/README.md "Eventos").
import { sql } from 'drizzle-orm'
import { intArrayLiteral, rows } from '../../db/sql'
import type { Tx } from '../../db/tx'
import { recordEvent, recordEvents, type IntegrationEvent, type IntegrationEventType } from './events'

const reais = (cents: number | null) => (cents == null ? null : Number(cents) / 100)

/** An order event of an order as the writer has it: its code, status and total, with `extra` (tracking, reason…). */
export const orderEvent = (
  type: IntegrationEventType,
  o: { code: string; status: string; totalCents: number },
  extra: Record<string, unknown> = {},
): IntegrationEvent => ({ type, resource: { pedido: o.code }, data: { codigo: o.code, status: o.status, total: reais(o.totalCents), ...extra } })

/** An order event: its code, status and total as they are now, with `extra` (tracking, reason…). */
export async function announceOrder(tx: Tx, type: IntegrationEventType, orderId: number, extra: Record<string, unknown> = {}): Promise<void> {
  const [o] = await rows<{ code: string; status: string; total_cents: number }>(tx, sql`SELECT code, status, total_cents FROM orders WHERE id = ${orderId}`)
  if (!o) return
  await recordEvents(tx, [orderEvent(type, { code: o.code, status: o.status, totalCents: o.total_cents }, extra)])
}

/** produto.atualizado: the product's SKU, prices and whether it is on sale. */
export async function announceProduct(tx: Tx, productIds: readonly number[]): Promise<void> {
  if (!productIds.length) return
  const found = await rows<{ id: number; sku: string; price_cents: number; compare_at_cents: number | null; active: boolean }>(
    tx,
    sql`SELECT id, sku, price_cents, compare_at_cents, active FROM products WHERE id = ANY(${intArrayLiteral(productIds)}::int[]) ORDER BY id`,
  )
  for (const p of found) {
    await recordEvent(
      tx,
      'produto.atualizado',
      { produto: Number(p.id) },
      { sku: p.sku, preco: reais(p.price_cents), preco_de: reais(p.compare_at_cents), ativo: p.active },
    )
  }
}

/** What estoque.alterado tells: which count moved (the product's own, or an option's code), before and after, what the product now sells, and why. */
export type StockMoved = {
  productId: number
  sku: string
  optionHash: string | null
  before: number
  after: number
  total: number
  reason: string
  /** The order whose placement, cancellation or return moved it. */
  orderCode?: string
}

/** The estoque.alterado event of a move, in the one shape every stock writer sends. */
export const stockEvent = (m: StockMoved): IntegrationEvent => ({
  type: 'estoque.alterado',
  resource: { produto: m.productId },
  data: {
    sku: m.sku,
    opcao: m.optionHash,
    antes: m.before,
    depois: m.after,
    estoque_total: Number(m.total),
    motivo: m.reason,
    ...(m.orderCode ? { pedido: m.orderCode } : {}),
  },
})

/** estoque.alterado for one count the back office or the API set (the product's own, or an option's). */
export async function announceStock(
  tx: Tx,
  change: { productId: number; optionId: number | null; before: number; after: number; reason: string },
): Promise<void> {
  const [p] = await rows<{ sku: string; stock_total: number; option_hash: string | null }>(
    tx,
    sql`SELECT p.sku, p.stock_total, o.hash AS option_hash FROM products p
        LEFT JOIN variation_options o ON o.id = ${change.optionId} AND o.product_id = p.id
        WHERE p.id = ${change.productId}`,
  )
  if (!p) return
  await recordEvents(tx, [
    stockEvent({
      productId: change.productId,
      sku: p.sku,
      optionHash: p.option_hash,
      before: change.before,
      after: change.after,
      total: p.stock_total,
      reason: change.reason,
    }),
  ])
}
