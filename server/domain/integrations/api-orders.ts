// Orders as the integrations API gives them (GET /api/v1/pedidos, /pedidos/{codigo}): the list in
// keyset pages by last change (an ERP asks "what changed since"), the detail from the back office's
// own reading of an order (adminOrderDetail) with the SKUs and the invoice added.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { orderDetailSchema, orderListQuerySchema, orderPageSchema } from '../../../contract/api-v1'
import { INTEGRATIONS } from '../../../contract/messages/integrations'
import type { Db } from '../../db/client'
import { invoices, products } from '../../db/schema'
import { pastTuple, readTupleCursor, tupleCursor } from '../../db/keyset'
import { rows } from '../../db/sql'
import { adminOrderDetail } from '../order/admin-detail'
import { isRefusal, refuse, type Refusal } from '../refusal'

const reais = (cents: number) => Number(cents) / 100
const iso = (at: Date | string) => new Date(at).toISOString()
const isTimestamp = (v: string) => /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d(:?\d\d)?)?$/.test(v)

type OrderRow = { id: number; code: string; status: string; total_cents: number; payment_method: string; created_at: Date; updated_at: Date; sort_key: string }

/**
 * The list's query (oldest change first, `limit` rows): filters and the cursor on (updated_at, id),
 * so it walks orders_updated_idx, or orders_status_updated_idx with a status. A bad cursor is a refusal.
 */
export function apiOrderListSql(query: z.output<typeof orderListQuerySchema>, limit: number): SQL | Refusal {
  const where: SQL[] = []
  if (query.status) where.push(sql`status = ${query.status}`)
  if (query.atualizado_desde) where.push(sql`updated_at >= ${query.atualizado_desde}::timestamptz`)
  if (query.cursor) {
    const at = readTupleCursor(query.cursor, isTimestamp)
    if (!at) return refuse(INTEGRATIONS.badCursor)
    where.push(pastTuple(sql`updated_at`, sql`id`, at, sql`timestamptz`, false))
  }
  return sql`SELECT id, code, status, total_cents, payment_method, created_at, updated_at, updated_at::text AS sort_key FROM orders
        ${where.length ? sql`WHERE ${sql.join(where, sql` AND `)}` : sql``}
        ORDER BY updated_at, id LIMIT ${limit}`
}

/** One page, oldest change first; `proximo` continues after its last row (a row changed since comes back later, never lost). */
export async function listApiOrders(db: Db, query: z.output<typeof orderListQuerySchema>): Promise<z.output<typeof orderPageSchema> | Refusal> {
  const select = apiOrderListSql(query, query.limite + 1)
  if (isRefusal(select)) return select
  const found = await rows<OrderRow>(db, select)
  const page = found.slice(0, query.limite)
  const last = page[page.length - 1]
  return {
    dados: page.map((o) => ({
      codigo: o.code,
      status: o.status as never,
      total: reais(o.total_cents),
      metodo_pagamento: o.payment_method as never,
      criado_em: iso(o.created_at),
      atualizado_em: iso(o.updated_at),
    })),
    proximo: found.length > query.limite && last ? tupleCursor({ sortKey: last.sort_key, id: Number(last.id) }) : null,
  }
}

/** One order with everything an ERP needs to invoice and ship it; null when there is none. */
export async function apiOrderDetail(db: Db, code: string): Promise<z.output<typeof orderDetailSchema> | null> {
  const detail = await adminOrderDetail(db, code.trim().toUpperCase())
  if (!detail) return null
  const { order, items, discounts, payments } = detail
  const productIds = [...new Set(items.flatMap((i) => (i.productId == null ? [] : [i.productId])))]
  const [skus, [invoice]] = await Promise.all([
    productIds.length ? db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.id, productIds)) : Promise.resolve([]),
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.purpose, 'venda'))),
  ])
  const skuOf = new Map(skus.map((s) => [s.id, s.sku]))
  const payment = payments[payments.length - 1]
  return {
    codigo: order.code,
    status: order.status,
    total: reais(order.totalCents),
    metodo_pagamento: order.paymentMethod,
    criado_em: iso(order.createdAt),
    atualizado_em: iso(order.updatedAt),
    pago_em: order.paidAt ? iso(order.paidAt) : null,
    comprador: { nome: order.buyerNome, email: order.buyerEmail, cpf: order.buyerCpf, celular: order.buyerCelular },
    endereco: order.shippingAddress,
    itens: items.map((i) => ({
      sku: i.productId == null ? null : (skuOf.get(i.productId) ?? null),
      titulo: i.titulo,
      variacao: i.variacao,
      quantidade: i.quantity,
      preco_unitario: reais(i.unitPriceCents),
      total: reais(i.totalCents),
      desconto: reais(i.discountCents),
    })),
    pagamento: { metodo: order.paymentMethod, parcelas: order.installments, situacao: payment?.status ?? null },
    descontos: discounts.map((d) => ({ tipo: d.source, nome: d.label, valor: reais(d.amountCents) })),
    frete: {
      metodo: order.shippingMethod,
      servico: order.shippingService,
      prazo_dias: order.shippingDays,
      valor: reais(order.shippingCents),
      transportadora: order.carrier,
      rastreio: order.trackingCode,
    },
    subtotal: reais(order.subtotalCents),
    desconto: reais(order.discountCents),
    nota_fiscal: invoice
      ? {
          chave: invoice.accessKey,
          numero: invoice.number,
          serie: invoice.series,
          situacao: invoice.status,
          origem: invoice.source,
          xml_url: invoice.xmlUrl,
          autorizada_em: invoice.authorizedAt ? iso(invoice.authorizedAt) : null,
        }
      : null,
  }
}
