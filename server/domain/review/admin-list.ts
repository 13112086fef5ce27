// The back office's Avaliações: every review, pending ones first, by status, a keyset
// page at a time, with the product and order it belongs to.
import { sql } from 'drizzle-orm'
import type { ReviewListQuery } from '../../../contract/admin/after-sale'
import type { Db } from '../../db/client'
import { countByStatus, keysetPage, queueKey } from '../../db/keyset'
import type { ReviewStatus } from './moderate'

export type StaffReviewRow = {
  id: number
  status: ReviewStatus
  nota: number
  titulo: string
  texto: string
  autor: string
  resposta: string | null
  respondidaEm: Date | null
  criadaEm: Date
  produtoTitulo: string
  /** The product page's path segment (/produto/{link}). */
  produtoLink: string
  pedido: string
}

export async function listReviewsForStaff(db: Db, query: ReviewListQuery) {
  const key = queueKey(sql`r.status = 'pendente'`, sql`r.id`)
  const select = sql`SELECT r.id, r.status, r.rating AS nota, r.title AS titulo, r.body AS texto, r.author_name AS autor, r.reply AS resposta,
      r.replied_at AS "respondidaEm", r.created_at AS "criadaEm", p.titulo AS "produtoTitulo", p.link_real AS "produtoLink", o.code AS pedido, ${key} AS k
    FROM reviews r JOIN products p ON p.id = r.product_id JOIN orders o ON o.id = r.order_id
    WHERE ${query.situacao ? sql`r.status = ${query.situacao}` : sql`TRUE`}`
  const [page, counts] = await Promise.all([keysetPage<StaffReviewRow & { k: string }>(db, select, query), countByStatus(db, sql`reviews`)])
  return {
    ...page,
    rows: page.rows.map((r) => ({
      ...r,
      id: Number(r.id),
      nota: Number(r.nota),
      criadaEm: new Date(r.criadaEm),
      respondidaEm: r.respondidaEm ? new Date(r.respondidaEm) : null,
    })),
    counts,
  }
}
