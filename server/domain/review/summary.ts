import { sql } from 'drizzle-orm'
import type { Avaliacoes, NotaCard } from '../../../contract/after-sale'
import { fromJson } from '../../db/sql'

/** How many approved reviews the product page carries (the newest). */
export const PAGE_REVIEWS = 10

/**
 * Product `p`'s approved reviews as one json value (null without any): average, count, count per
 * star and the newest PAGE_REVIEWS. Part of the product's cached answer, so whatever changes a
 * review's visibility must drop the product's tag (server/domain/review/moderate.ts).
 */
export const reviewsJson = sql`(
  SELECT CASE WHEN count(*) = 0 THEN NULL ELSE json_build_object(
    'media', round(avg(r.rating)::numeric, 1),
    'qtd', count(*),
    'dist', json_build_array(count(*) FILTER (WHERE r.rating = 1), count(*) FILTER (WHERE r.rating = 2),
      count(*) FILTER (WHERE r.rating = 3), count(*) FILTER (WHERE r.rating = 4), count(*) FILTER (WHERE r.rating = 5)),
    'lista', (SELECT coalesce(json_agg(json_build_object('nota', l.rating, 'titulo', l.title, 'texto', l.body,
        'autor', l.author_name, 'data', l.created_at, 'resposta', coalesce(l.reply, '')) ORDER BY l.created_at DESC, l.id DESC), '[]'::json)
      FROM (SELECT * FROM reviews x WHERE x.product_id = p.id AND x.status = 'aprovada'
            ORDER BY x.created_at DESC, x.id DESC LIMIT ${PAGE_REVIEWS}) l)
  ) END
  FROM reviews r WHERE r.product_id = p.id AND r.status = 'aprovada'
)`

/** Product `p`'s average and count of approved reviews for its card (null without any). */
export const ratingJson = sql`(
  SELECT CASE WHEN count(*) = 0 THEN NULL ELSE json_build_object('media', round(avg(r.rating)::numeric, 1), 'qtd', count(*)) END
  FROM reviews r WHERE r.product_id = p.id AND r.status = 'aprovada'
)`

type ReviewsRow = {
  media: number | string
  qtd: number
  dist: number[]
  lista: Array<{ nota: number; titulo: string; texto: string; autor: string; data: string; resposta: string }>
}

export function toAvaliacoes(value: unknown): Avaliacoes | undefined {
  const r = fromJson<ReviewsRow | null>(value, null)
  if (!r) return undefined
  const d = r.dist.map(Number)
  return {
    media: Number(r.media),
    qtd: Number(r.qtd),
    distribuicao: [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0, d[3] ?? 0, d[4] ?? 0],
    lista: r.lista.map((l) => ({ ...l, nota: Number(l.nota), data: new Date(l.data).toISOString() })),
  }
}

export function toNotaCard(value: unknown): NotaCard | undefined {
  const r = fromJson<{ media: number | string; qtd: number } | null>(value, null)
  return r ? { media: Number(r.media), qtd: Number(r.qtd) } : undefined
}
