// The back office's Painel: paid sales of today, 7 and 30 days (orders placed in the period that
// are paid or further along — docs/decisions/0045-admin-dashboard.md), revenue per day, and the
// lists that need someone: orders to separate or ship, unpaid Pix and boletos, low stock, and the
// after-sale queues (new messages, pending reviews, open returns).
import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { rows } from '../../db/sql'
import { brazilDate } from '../../integrations/payments/dates'
import { OPEN_RETURN_STATUSES } from '../../../contract/admin/after-sale'
import { COUNT_CAP } from '../../../contract/admin/orders'
import { dayStart } from './admin-list'

/** What the Painel counts as a sale (the promotions' report too). */
export const PAID = sql.raw(`('pago', 'em_separacao', 'enviado', 'entregue')`)
/** Products (or options) with fewer than this in stock are listed to be restocked. */
export const LOW_STOCK = 8
const LIST = 8

export const DASHBOARD_PERIODS = [
  { key: 'hoje', nome: 'Hoje', days: 1 },
  { key: '7d', nome: '7 dias', days: 7 },
  { key: '30d', nome: '30 dias', days: 30 },
] as const

type MethodRow = { metodo: 'pix' | 'cartao' | 'boleto'; n1: number; c1: number; n7: number; c7: number; n30: number; c30: number }
type Waiting = { code: string; buyerNome: string; totalCents: number; status: string; metodo: string; criadoEm: Date }

const addDays = (day: string, n: number) => new Date(dayStart(day).getTime() + n * 86_400_000).toISOString().slice(0, 10)

export async function dashboard(db: Db, now = new Date()) {
  const today = brazilDate(now)
  const from = (days: number) => addDays(today, 1 - days)
  const since = (days: number) => dayStart(from(days)).toISOString()
  const waiting = (where: ReturnType<typeof sql>) =>
    rows<Waiting>(
      db,
      sql`SELECT code, buyer_nome AS "buyerNome", total_cents AS "totalCents", status, payment_method AS metodo, created_at AS "criadoEm"
          FROM orders WHERE ${where} ORDER BY created_at, id LIMIT ${LIST}`,
    )
  // Counted up to COUNT_CAP + 1, as the list does: "mais de 1.000" is all a person needs.
  const count = async (where: ReturnType<typeof sql>) =>
    Number((await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM orders WHERE ${where} LIMIT ${COUNT_CAP + 1}) capped`))[0].n)
  const toShip = sql`status IN ('pago', 'em_separacao')`
  const pix = sql`status = 'aguardando_pagamento' AND payment_method = 'pix'`
  const boleto = sql`status = 'aguardando_pagamento' AND payment_method = 'boleto'`
  // After the sale: what waits for someone in Mensagens, Avaliações and Devoluções.
  const queue = (table: string, where: string) =>
    rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${sql.raw(table)} WHERE ${sql.raw(where)} LIMIT ${COUNT_CAP + 1}) capped`).then(
      (r) => Number(r[0]?.n ?? 0),
    )
  const [byMethod, daily, shipList, shipCount, pixList, pixCount, boletoList, boletoCount, lowStock, newMessages, pendingReviews, openReturns] =
    await Promise.all([
      rows<MethodRow>(
        db,
        sql`SELECT payment_method AS metodo,
            count(*) FILTER (WHERE created_at >= ${since(1)}::timestamptz)::int AS n1, coalesce(sum(total_cents) FILTER (WHERE created_at >= ${since(1)}::timestamptz), 0)::bigint AS c1,
            count(*) FILTER (WHERE created_at >= ${since(7)}::timestamptz)::int AS n7, coalesce(sum(total_cents) FILTER (WHERE created_at >= ${since(7)}::timestamptz), 0)::bigint AS c7,
            count(*)::int AS n30, coalesce(sum(total_cents), 0)::bigint AS c30
          FROM orders WHERE status IN ${PAID} AND created_at >= ${since(30)}::timestamptz GROUP BY payment_method`,
      ),
      rows<{ dia: string; cents: number; n: number }>(
        db,
        sql`SELECT to_char((created_at AT TIME ZONE 'UTC') - interval '3 hours', 'YYYY-MM-DD') AS dia, sum(total_cents)::bigint AS cents, count(*)::int AS n
          FROM orders WHERE status IN ${PAID} AND created_at >= ${since(30)}::timestamptz GROUP BY 1 ORDER BY 1`,
      ),
      waiting(toShip),
      count(toShip),
      waiting(pix),
      count(pix),
      waiting(boleto),
      count(boleto),
      rows<{ id: number; titulo: string; link: string; sku: string; opcao: string | null; stock: number; total: number }>(
        db,
        sql`WITH low AS (
            SELECT p.id, p.titulo, p.link_real AS link, p.sku, NULL::text AS opcao, p.stock FROM products p
              WHERE p.active AND p.stock < ${LOW_STOCK} AND NOT EXISTS (SELECT 1 FROM variation_options v WHERE v.product_id = p.id AND v.active)
            UNION ALL
            SELECT p.id, p.titulo, p.link_real, p.sku, v.name, v.stock FROM variation_options v JOIN products p ON p.id = v.product_id
              WHERE p.active AND v.active AND v.stock < ${LOW_STOCK})
          SELECT *, count(*) OVER ()::int AS total FROM low ORDER BY stock, id LIMIT ${LIST}`,
      ),
      queue('contact_messages', `status = 'nova'`),
      queue('reviews', `status = 'pendente'`),
      queue('return_requests', `status IN (${OPEN_RETURN_STATUSES.map((s) => `'${s}'`).join(', ')})`),
    ])
  const periods = DASHBOARD_PERIODS.map((p) => {
    const key = p.days === 1 ? '1' : p.days === 7 ? '7' : '30'
    const methods = byMethod.map((m) => ({ metodo: m.metodo, pedidos: Number(m[`n${key}` as 'n1']), cents: Number(m[`c${key}` as 'c1']) }))
    const pedidos = methods.reduce((s, m) => s + m.pedidos, 0)
    const cents = methods.reduce((s, m) => s + m.cents, 0)
    return {
      ...p,
      de: from(p.days),
      ate: today,
      pedidos,
      cents,
      ticketCents: pedidos ? Math.round(cents / pedidos) : 0,
      metodos: methods.filter((m) => m.pedidos > 0),
    }
  })
  // Every day of the 30, zero where nothing was sold, so the chart's axis is the calendar.
  const byDay = new Map(daily.map((d) => [d.dia, d]))
  const series = Array.from({ length: 30 }, (_, i) => {
    const dia = addDays(today, i - 29)
    const d = byDay.get(dia)
    return { dia, cents: Number(d?.cents ?? 0), pedidos: Number(d?.n ?? 0) }
  })
  const fix = (list: Waiting[]) => list.map((w) => ({ ...w, totalCents: Number(w.totalCents), criadoEm: new Date(w.criadoEm) }))
  return {
    today,
    periods,
    series,
    toShip: { total: shipCount, orders: fix(shipList) },
    pix: { total: pixCount, orders: fix(pixList) },
    boleto: { total: boletoCount, orders: fix(boletoList) },
    afterSale: { newMessages, pendingReviews, openReturns },
    lowStock: { total: Number(lowStock[0]?.total ?? 0), products: lowStock.map(({ total: _t, ...p }) => ({ ...p, stock: Number(p.stock) })) },
  }
}

export type Dashboard = Awaited<ReturnType<typeof dashboard>>
