// The back office's order list (docs/decisions/0044-admin-order-list.md): filters, four sorts and
// keyset pages, so page 4 000 of a million orders costs what page 1 costs; the same filter streams
// the CSV export.
import { sql, type SQL } from 'drizzle-orm'
import { COUNT_CAP, type OrderListQuery, type OrderSort, type OrderStatusFilter } from '../../../contract/admin/orders'
import { ORDERS } from '../../../contract/messages/orders'
import type { Db } from '../../db/client'
import { pageCursors, pastTuple, readsBackwards, readTupleCursor, takePage, tupleCursor } from '../../db/keyset'
import { rows } from '../../db/sql'
import { isRefusal, refuse, type Refusal } from '../refusal'
import type { OrderStatus } from './actions'

/** The text the free-text search folds and the trigram index holds (migration 0017_admin_search_trigrams). */
const ORDER_SEARCH_TEXT = sql.raw(`vt_fold(o.code || ' ' || o.buyer_nome || ' ' || o.buyer_email || ' ' || translate(o.buyer_cpf, '.-', ''))`)

/** Group filters the dashboard links to. */
const STATUS_GROUPS: Record<'pagos' | 'a_enviar', OrderStatus[]> = {
  pagos: ['pago', 'em_separacao', 'enviado', 'entregue'],
  a_enviar: ['pago', 'em_separacao'],
}

/** The first instant of a Brasília calendar day (UTC−3 all year since 2019; days as brazilDate counts them). */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00-03:00`)

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

export type OrderFilter = Pick<OrderListQuery, 'situacao' | 'metodo' | 'nota' | 'de' | 'ate' | 'q' | 'envio'>

/** The sale invoice's condition of the NF-e filter, over `orders o`. */
const INVOICE_FILTERS: Record<NonNullable<OrderListQuery['nota']>, SQL> = {
  sem_nota: sql`o.status IN ('pago', 'em_separacao', 'enviado', 'entregue') AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id AND i.purpose = 'venda')`,
  com_erro: sql`EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id AND i.purpose = 'venda' AND i.status = 'rejeitada')`,
  emitida: sql`EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id AND i.purpose = 'venda' AND i.status = 'autorizada')`,
  // The sale's note owes an entry invoice not yet authorized (decision 0129: cancelled after 24 h, a return received).
  devolucao: sql`EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id AND i.purpose = 'venda' AND i.status = 'autorizada' AND i.return_required_at IS NOT NULL)`,
}

/** The WHERE of a filter, over `orders o`. */
export function orderFilterSql(filter: OrderFilter): SQL {
  const parts: SQL[] = []
  const status = filter.situacao as OrderStatusFilter | undefined
  if (status === 'pagos' || status === 'a_enviar')
    parts.push(
      sql`o.status IN (${sql.join(
        STATUS_GROUPS[status].map((s) => sql`${s}`),
        sql`, `,
      )})`,
    )
  else if (status === 'cancelado') parts.push(sql`o.status IN ('cancelado', 'expirado')`)
  else if (status) parts.push(sql`o.status = ${status}`)
  if (filter.metodo) parts.push(sql`o.payment_method = ${filter.metodo}`)
  // Shipping (decision 0128): a paid home delivery with no live label; a label posted; delivered.
  if (filter.envio === 'etiqueta_a_comprar')
    parts.push(
      sql`o.status IN ('pago', 'em_separacao') AND o.station IS NULL AND o.shipping_index IS DISTINCT FROM 2 AND NOT EXISTS (SELECT 1 FROM shipping_labels l WHERE l.order_id = o.id AND l.status <> 'cancelada')`,
    )
  else if (filter.envio === 'postado') parts.push(sql`EXISTS (SELECT 1 FROM shipping_labels l WHERE l.order_id = o.id AND l.status = 'postada')`)
  else if (filter.envio === 'entregue') parts.push(sql`o.status = 'entregue'`)
  if (filter.nota) parts.push(INVOICE_FILTERS[filter.nota])
  if (filter.de) parts.push(sql`o.created_at >= ${dayStart(filter.de).toISOString()}::timestamptz`)
  if (filter.ate) parts.push(sql`o.created_at < ${new Date(dayStart(filter.ate).getTime() + 86_400_000).toISOString()}::timestamptz`)
  if (filter.q) {
    const q = filter.q.trim()
    // A whole order code or e-mail is looked up exactly (their trigrams are shared by too many
    // rows); anything else through the trigram index, a CPF typed with dots by its digits.
    if (/^VT-\d{4}-\d{6}$/i.test(q)) parts.push(sql`o.code = ${q.toUpperCase()}`)
    else if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(q)) parts.push(sql`o.buyer_email = ${q.toLowerCase()}`)
    else {
      const text = /^[\d.\-\s]+$/.test(q) ? q.replace(/\D/g, '') : q
      parts.push(sql`${ORDER_SEARCH_TEXT} LIKE '%' || vt_fold(${likeEscape(text)}) || '%'`)
    }
  }
  return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`
}

/**
 * Each sort's column and direction; ties broken by id the same way. A cursor carries the column's
 * value as PostgreSQL printed it (a timestamp to the microsecond), so no row is skipped or repeated.
 */
const SORTS: Record<OrderSort, { column: SQL; cast: SQL; desc: boolean }> = {
  recentes: { column: sql`o.created_at`, cast: sql`timestamptz`, desc: true },
  antigos: { column: sql`o.created_at`, cast: sql`timestamptz`, desc: false },
  maior_valor: { column: sql`o.total_cents`, cast: sql`bigint`, desc: true },
  menor_valor: { column: sql`o.total_cents`, cast: sql`bigint`, desc: false },
}

export type OrderRow = {
  id: number
  code: string
  criadoEm: Date
  status: OrderStatus
  metodo: 'pix' | 'cartao' | 'boleto'
  buyerNome: string
  buyerEmail: string
  buyerCpf: string
  totalCents: number
  parcelas: number
  /** The live carrier label's status (shipping_labels; of several volumes, the least advanced), null without one. */
  etiqueta: string | null
  /** The sort column as text, for the cursor. */
  sortKey: string
}

const ROW_COLUMNS = sql`o.id, o.code, o.created_at AS "criadoEm", o.status, o.payment_method AS metodo, o.buyer_nome AS "buyerNome",
  o.buyer_email AS "buyerEmail", o.buyer_cpf AS "buyerCpf", o.total_cents AS "totalCents", o.installments AS parcelas,
  (SELECT l.status FROM shipping_labels l WHERE l.order_id = o.id AND l.status <> 'cancelada'
    ORDER BY array_position(ARRAY['comprando', 'comprada', 'postada', 'entregue'], l.status) LIMIT 1) AS etiqueta`

const normalise = (r: OrderRow): OrderRow => ({
  ...r,
  id: Number(r.id),
  criadoEm: new Date(r.criadoEm),
  totalCents: Number(r.totalCents),
  parcelas: Number(r.parcelas),
})

/**
 * A row as a role without `orders:export` sees it: the buyer's name, no e-mail nor CPF (the page's
 * data reaches the browser whole, so they are dropped here, not hidden there).
 */
export const withoutContact = (r: OrderRow): OrderRow => ({ ...r, buyerEmail: '', buyerCpf: '' })

/** Whether a cursor's sort value is one this sort could have given. */
const fitsSort = (sort: OrderSort) => (value: string) =>
  sort === 'recentes' || sort === 'antigos' ? /^\d{4}-\d{2}-\d{2} [\d:.]+[+-]\d{2}(:\d{2})?$/.test(value) : /^-?\d{1,15}$/.test(value)

/** What the CSV export adds to a row. */
export type ExportRow = OrderRow & {
  itens: number
  subtotalCents: number
  discountCents: number
  shippingCents: number
  trackingCode: string | null
  couponCode: string | null
  /** The discount split by kind (order_discounts); what they leave of discountCents is the Pix one. */
  promotionCents: number
  couponCents: number
  freeShippingCents: number
}
const EXPORT_COLUMNS = sql`, o.subtotal_cents AS "subtotalCents", o.discount_cents AS "discountCents", o.shipping_cents AS "shippingCents", o.tracking_code AS "trackingCode",
  (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i WHERE i.order_id = o.id) AS itens, o.coupon_code AS "couponCode", d.*`
/** The discount split of `o`, one row (LEFT JOIN LATERAL: orders without discounts get zeros). */
const EXPORT_JOIN = sql` LEFT JOIN LATERAL (SELECT coalesce(sum(x.amount_cents) FILTER (WHERE x.source = 'promocao'), 0)::bigint AS "promotionCents",
  coalesce(sum(x.amount_cents) FILTER (WHERE x.source = 'cupom'), 0)::bigint AS "couponCents",
  coalesce(sum(x.amount_cents) FILTER (WHERE x.source = 'frete'), 0)::bigint AS "freeShippingCents"
  FROM order_discounts x WHERE x.order_id = o.id) d ON true`

/** One page of orders after (or before) a cursor, in the page's order (with the export's columns when asked). */
async function page<R extends OrderRow = OrderRow>(
  db: Db,
  filter: OrderFilter,
  sort: OrderSort,
  size: number,
  after?: string,
  before?: string,
  forExport = false,
): Promise<{ rows: R[]; more: boolean }> {
  const s = SORTS[sort]
  // Walking backwards reads the opposite order, then turns the page round.
  const backwards = readsBackwards({ apos: after, antes: before })
  const desc = s.desc !== backwards
  const conditions = [orderFilterSql(filter)]
  const cursor = after ?? before
  if (cursor) {
    const position = readTupleCursor(cursor, fitsSort(sort))
    if (!position) throw refuse(ORDERS.badCursor)
    conditions.push(pastTuple(s.column, sql`o.id`, position, s.cast, desc))
  }
  const direction = sql.raw(desc ? 'DESC' : 'ASC')
  const found = (
    await rows<OrderRow>(
      db,
      sql`SELECT ${ROW_COLUMNS}${forExport ? EXPORT_COLUMNS : sql``}, ${s.column}::text AS "sortKey" FROM orders o${forExport ? EXPORT_JOIN : sql``}
          WHERE ${sql.join(conditions, sql` AND `)}
          ORDER BY ${s.column} ${direction}, o.id ${direction} LIMIT ${size + 1}`,
    )
  ).map((r) => normalise(r) as R)
  return takePage(found, size, backwards)
}

export type OrderList = { rows: OrderRow[]; total: number; totalCapped: boolean; next: string | null; prev: string | null }

/** A page of the list; a cursor that is not one of ours is refused ('invalid'). */
export async function listAdminOrders(db: Db, query: OrderListQuery): Promise<OrderList | Refusal> {
  const sort = query.ordem ?? 'recentes'
  const size = query.por ?? 25
  // The page and the (capped) count are independent reads: asked at once, on two connections.
  const [read, [{ n }]] = await Promise.all([
    page(db, query, sort, size, query.apos, query.antes).catch((err: unknown) => {
      if (isRefusal(err)) return err
      throw err
    }),
    rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM orders o WHERE ${orderFilterSql(query)} LIMIT ${COUNT_CAP + 1}) capped`),
  ])
  if (isRefusal(read)) return read
  return {
    rows: read.rows,
    total: Math.min(Number(n), COUNT_CAP),
    totalCapped: Number(n) > COUNT_CAP,
    ...pageCursors(read.rows, read.more, query, tupleCursor),
  }
}

/** Every order of a filter in the list's order, a batch at a time (the CSV export). */
export async function* eachAdminOrder(db: Db, filter: OrderFilter, sort: OrderSort = 'recentes', batch = 1000): AsyncGenerator<ExportRow> {
  let after: string | undefined
  for (;;) {
    const { rows: found, more } = await page<ExportRow>(db, filter, sort, batch, after, undefined, true)
    for (const row of found) {
      yield {
        ...row,
        itens: Number(row.itens),
        subtotalCents: Number(row.subtotalCents),
        discountCents: Number(row.discountCents),
        shippingCents: Number(row.shippingCents),
        promotionCents: Number(row.promotionCents),
        couponCents: Number(row.couponCents),
        freeShippingCents: Number(row.freeShippingCents),
      }
    }
    if (!more || found.length === 0) return
    after = tupleCursor(found[found.length - 1]!)
  }
}
