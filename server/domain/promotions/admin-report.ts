// The Painel's "Cupons e promoções": per coupon (a campaign's generated codes together) and per
// automatic promotion, the paid orders of the period that used it, their revenue and what it gave
// away — counted as the Painel counts sales (orders placed in the period, paid or further along).
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { rows } from '../../db/sql'
import { PAID } from '../order/dashboard'

export type DiscountReportRow = { nome: string; pedidos: number; receitaCents: number; descontoCents: number }
export type DiscountReport = { cupons: DiscountReportRow[]; promocoes: DiscountReportRow[] }

const TOP = 10

/** The period's paid orders that used each coupon or promotion, read from their orders' discount lines. */
async function byDiscount(db: Db, since: Date, column: SQL, name: SQL, join: SQL): Promise<DiscountReportRow[]> {
  const found = await rows<DiscountReportRow>(
    db,
    sql`WITH used AS (
          SELECT d.order_id, ${column} AS id, sum(d.amount_cents) AS desconto
          FROM orders o JOIN order_discounts d ON d.order_id = o.id
          WHERE o.status IN ${PAID} AND o.created_at >= ${since.toISOString()}::timestamptz AND ${column} IS NOT NULL
          GROUP BY d.order_id, ${column})
        SELECT ${name} AS nome, count(DISTINCT u.order_id)::int AS pedidos,
          sum(o.total_cents)::bigint AS "receitaCents", sum(u.desconto)::bigint AS "descontoCents"
        FROM used u JOIN orders o ON o.id = u.order_id ${join}
        GROUP BY 1 ORDER BY 3 DESC, 1 LIMIT ${TOP}`,
  )
  return found.map((r) => ({ nome: r.nome, pedidos: Number(r.pedidos), receitaCents: Number(r.receitaCents), descontoCents: Number(r.descontoCents) }))
}

export async function discountReport(db: Db, since: Date): Promise<DiscountReport> {
  const [cupons, promocoes] = await Promise.all([
    byDiscount(db, since, sql`d.coupon_id`, sql`coalesce('Campanha ' || c.campaign, c.code)`, sql`JOIN coupons c ON c.id = u.id`),
    byDiscount(db, since, sql`d.promotion_id`, sql`p.name`, sql`JOIN promotions p ON p.id = u.id`),
  ])
  return { cupons, promocoes }
}
