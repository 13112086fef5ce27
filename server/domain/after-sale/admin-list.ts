import { sql } from 'drizzle-orm'
import { OPEN_RETURN_STATUSES, type ReturnListQuery } from '../../../contract/admin/after-sale'
import type { Db } from '../../db/client'
import { countByStatus, keysetPage, queueKey } from '../../db/keyset'
import type { ReturnStatus } from './admin-returns'

export type StaffReturnRow = {
  id: number
  status: ReturnStatus
  pedido: string
  cliente: string
  motivo: string
  unidades: number
  totalCents: number
  criadaEm: Date
}

/** Devoluções' list: open requests first (solicitada, aprovada, recebida), newest first; a keyset page. */
export async function listReturnsForStaff(db: Db, query: ReturnListQuery) {
  const open = sql`r.status IN (${sql.join(
    OPEN_RETURN_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})`
  const filter = query.situacao === 'abertas' ? open : query.situacao ? sql`r.status = ${query.situacao}` : sql`TRUE`
  const select = sql`SELECT r.id, r.status, o.code AS pedido, o.buyer_nome AS cliente, r.reason AS motivo, o.total_cents AS "totalCents", r.created_at AS "criadaEm",
      (SELECT coalesce(sum(i.quantity), 0)::int FROM return_request_items i WHERE i.return_request_id = r.id) AS unidades, ${queueKey(open, sql`r.id`)} AS k
    FROM return_requests r JOIN orders o ON o.id = r.order_id WHERE ${filter}`
  const [page, counts] = await Promise.all([keysetPage<StaffReturnRow & { k: string }>(db, select, query), countByStatus(db, sql`return_requests`)])
  return {
    ...page,
    rows: page.rows.map((r) => ({ ...r, id: Number(r.id), unidades: Number(r.unidades), totalCents: Number(r.totalCents), criadaEm: new Date(r.criadaEm) })),
    counts,
  }
}
