import { sql, type SQL } from 'drizzle-orm'
import type { Faceta, ListingQuery, Ordem } from '../../../contract/catalog'
import { toCents } from '../../../contract/pricing'
import type { Db } from '../../db/client'
import { fromJson, rows } from './sql'

/** Lowest option price of product `p`, else its own price (centavos): what price filters and sorts use. */
export const effectivePriceSql = sql`coalesce((SELECT min(o.price_cents) FROM variation_options o WHERE o.product_id = p.id), p.price_cents)`

export type Facet = 'categorias' | 'marcas'

export type PageSpec = {
  /** Condition on `products p` (p.active is added). */
  where: SQL
  query: ListingQuery
  pageSize: number
  /** Relevance score for ordem=relevancia (higher first); listings rank by sales and views instead. */
  rank?: SQL
  facets?: readonly Facet[]
}

export type PageResult = {
  ids: number[]
  total: number
  pagina: number
  paginas: number
  categorias: Faceta[]
  marcas: Faceta[]
}

const FACET_LIMIT = 30

function orderBy(ordem: Ordem, ranked: boolean): SQL {
  switch (ordem) {
    case 'menor-preco':
      return sql`price ASC, id ASC`
    case 'maior-preco':
      return sql`price DESC, id ASC`
    case 'mais-vendidos':
      return sql`sold DESC, views DESC, id ASC`
    case 'novidades':
      return sql`created DESC, id DESC`
    case 'relevancia':
      return ranked ? sql`rank DESC, sold DESC, id ASC` : sql`sold DESC, views DESC, id ASC`
  }
}

/** [min, max] in centavos from the query, swapped when given backwards. */
export function priceRange(query: Pick<ListingQuery, 'min' | 'max'>): [number | null, number | null] {
  let min = query.min != null ? toCents(query.min) : null
  let max = query.max != null ? toCents(query.max) : null
  if (min != null && max != null && min > max) [min, max] = [max, min]
  return [min, max]
}

/**
 * One round trip for a listing page: the matching set is materialised once, then counted, paged,
 * and grouped for the sidebar facets. The effective price is only computed when a price filter or a
 * price sort needs it.
 */
export async function pageOfProducts(db: Db, spec: PageSpec): Promise<PageResult> {
  const { query, pageSize } = spec
  const [min, max] = priceRange(query)
  const needsPrice = min != null || max != null || query.ordem === 'menor-preco' || query.ordem === 'maior-preco'
  const facets = new Set(spec.facets ?? [])
  const priceFilter = sql.join(
    [
      sql`true`,
      ...(min != null ? [sql`price >= ${min}`] : []),
      ...(max != null ? [sql`price <= ${max}`] : []),
    ],
    sql` AND `,
  )
  const run = async (pagina: number) => {
    const [row] = await rows<{ total: number; ids: unknown; categorias: unknown; marcas: unknown }>(
      db,
      sql`WITH m AS MATERIALIZED (
            SELECT p.id, p.category_id, p.brand_id, p.sold_count AS sold, p.view_count AS views, p.created_at AS created,
              ${needsPrice ? effectivePriceSql : sql`p.price_cents`} AS price,
              ${spec.rank ?? sql`0`} AS rank
            FROM products p
            WHERE p.active AND (${spec.where})
          ), f AS (SELECT * FROM m WHERE ${priceFilter})
          SELECT
            (SELECT count(*)::int FROM f) AS total,
            (SELECT coalesce(json_agg(t.id ORDER BY t.n), '[]'::json) FROM (
              SELECT id, row_number() OVER (ORDER BY ${orderBy(query.ordem, spec.rank != null)}) AS n
              FROM f ORDER BY n LIMIT ${pageSize} OFFSET ${(pagina - 1) * pageSize}
            ) t) AS ids,
            ${
              facets.has('categorias')
                ? sql`(SELECT coalesce(json_agg(json_build_object('titulo', x.titulo, 'link', x.ndi, 'qtd', x.qtd) ORDER BY x.qtd DESC, x.titulo), '[]'::json)
                  FROM (SELECT c.titulo, c.ndi, count(*)::int AS qtd FROM f JOIN categories c ON c.id = f.category_id
                        GROUP BY c.id, c.titulo, c.ndi ORDER BY qtd DESC, c.titulo LIMIT ${FACET_LIMIT}) x)`
                : sql`'[]'::json`
            } AS categorias,
            ${
              facets.has('marcas')
                ? sql`(SELECT coalesce(json_agg(json_build_object('titulo', x.titulo, 'link', x.link, 'qtd', x.qtd) ORDER BY x.qtd DESC, x.titulo), '[]'::json)
                  FROM (SELECT b.titulo, b.link, count(*)::int AS qtd FROM f JOIN brands b ON b.id = f.brand_id
                        GROUP BY b.id, b.titulo, b.link ORDER BY qtd DESC, b.titulo LIMIT ${FACET_LIMIT}) x)`
                : sql`'[]'::json`
            } AS marcas`,
    )
    return row
  }

  let pagina = query.pagina
  let row = await run(pagina)
  const total = Number(row?.total ?? 0)
  const paginas = Math.max(1, Math.ceil(total / pageSize))
  // A page past the end shows the last page (bookmarks outlive stock).
  if (pagina > paginas) {
    pagina = paginas
    if (total > 0) row = await run(pagina)
  }
  return {
    ids: fromJson<number[]>(row?.ids, []).map(Number),
    total,
    pagina,
    paginas,
    categorias: fromJson<Faceta[]>(row?.categorias, []),
    marcas: fromJson<Faceta[]>(row?.marcas, []),
  }
}
