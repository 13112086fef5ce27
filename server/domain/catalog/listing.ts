import { sql, type SQL } from 'drizzle-orm'
import type { Faceta, ListingQuery, Ordem } from '../../../contract/catalog'
import { toCents } from '../../../contract/pricing'
import type { Db } from '../../db/client'
import { limiter, type Limiter } from '../../lib/limiter'
import { cached, queryKey } from './page-cache'
import { fromJson, rows } from './sql'

export type Facet = 'categorias' | 'marcas'

export type PageSpec = {
  /** Condition on `products p` (p.active is added). */
  where: SQL
  query: ListingQuery
  pageSize: number
  /** Relevance score for ordem=relevancia (higher first); listings rank by sales and views instead. */
  rank?: SQL
  facets?: readonly Facet[]
  /**
   * The match is a full-text one: the planner underestimates the per-row cost of `@@` and would
   * rather scan the whole table than the GIN index, so sequential scans are switched off for it.
   */
  preferIndex?: boolean
}

export type PageResult = {
  ids: number[]
  total: number
  pagina: number
  paginas: number
  categorias: Faceta[]
  marcas: Faceta[]
}

export const EMPTY_PAGE: PageResult = { ids: [], total: 0, pagina: 1, paginas: 1, categorias: [], marcas: [] }

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

// GROUPING(category_id, brand_id): 1 = per category, 2 = per brand, 3 = the whole set.
const PER_CATEGORY = 1
const PER_BRAND = 2
const WHOLE_SET = 3

/** Listing and search statements running at once per database, and waiting beyond those. */
export const LISTING_CONCURRENCY = 4
export const LISTING_QUEUE = 64
const limiters = new WeakMap<Db, Limiter>()

/**
 * Listing statements not answered from the page cache go through one queue per database: a burst of
 * never-seen searches waits its turn instead of piling up without end (PGlite runs one statement at
 * a time anyway); beyond LISTING_QUEUE waiting, BusyError (the API answers 503 with Retry-After).
 */
function listingQueries(db: Db): Limiter {
  let found = limiters.get(db)
  if (!found) {
    found = limiter(LISTING_CONCURRENCY, LISTING_QUEUE)
    limiters.set(db, found)
  }
  return found
}

/**
 * One statement per listing page: the matching set is materialised once, counted and grouped for the
 * sidebar facets in a single pass (GROUPING SETS), and the page is taken with a top-N sort. Pages are
 * remembered for a few seconds (page-cache.ts).
 *
 * Prices filter and sort on products.price_cents, which for a product with variations holds its
 * lowest option price (see alignVariationPrices) — the same price its card shows.
 */
export async function pageOfProducts(db: Db, spec: PageSpec): Promise<PageResult> {
  const { query, pageSize } = spec
  const [min, max] = priceRange(query)
  const facets = new Set(spec.facets ?? [])
  const conditions = [
    sql`p.active`,
    sql`(${spec.where})`,
    ...(min != null ? [sql`p.price_cents >= ${min}`] : []),
    ...(max != null ? [sql`p.price_cents <= ${max}`] : []),
  ]
  const order = orderBy(query.ordem, spec.rank != null)
  // Views only break ties of the sales orders: joining product_stats for every match of a broad
  // search (12k rows at 100k products) cost more than the search itself.
  const needsViews = query.ordem === 'mais-vendidos' || (query.ordem === 'relevancia' && spec.rank == null)

  const statement = (pagina: number) => sql`WITH m AS MATERIALIZED (
        SELECT p.id, p.category_id, p.brand_id, p.sold_count AS sold,
          ${needsViews ? sql`coalesce(s.view_count, 0)` : sql`0`} AS views, p.created_at AS created,
          p.price_cents AS price, ${spec.rank ?? sql`0`} AS rank
        FROM products p ${needsViews ? sql`LEFT JOIN product_stats s ON s.product_id = p.id` : sql``}
        WHERE ${sql.join(conditions, sql` AND `)}
      ), g AS (
        SELECT category_id, brand_id, GROUPING(category_id, brand_id) AS gs, count(*)::int AS qtd
        FROM m GROUP BY GROUPING SETS ((), (category_id), (brand_id))
      )
      SELECT
        (SELECT qtd FROM g WHERE gs = ${WHOLE_SET}) AS total,
        (SELECT coalesce(json_agg(t.id ORDER BY ${order}), '[]'::json) FROM (
          SELECT id, rank, sold, views, created, price FROM m ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(pagina - 1) * pageSize}
        ) t) AS ids,
        (SELECT coalesce(json_agg(json_build_object('titulo', x.titulo, 'link', x.ndi, 'qtd', x.qtd) ORDER BY x.qtd DESC, x.titulo), '[]'::json)
         FROM (SELECT c.titulo, c.ndi, g.qtd FROM g JOIN categories c ON c.id = g.category_id
               WHERE g.gs = ${facets.has('categorias') ? PER_CATEGORY : -1} ORDER BY g.qtd DESC, c.titulo LIMIT ${FACET_LIMIT}) x) AS categorias,
        (SELECT coalesce(json_agg(json_build_object('titulo', x.titulo, 'link', x.link, 'qtd', x.qtd) ORDER BY x.qtd DESC, x.titulo), '[]'::json)
         FROM (SELECT b.titulo, b.link, g.qtd FROM g JOIN brands b ON b.id = g.brand_id
               WHERE g.gs = ${facets.has('marcas') ? PER_BRAND : -1} ORDER BY g.qtd DESC, b.titulo LIMIT ${FACET_LIMIT}) x) AS marcas`

  type Row = { total: number | null; ids: unknown; categorias: unknown; marcas: unknown }
  const run = (pagina: number): Promise<Row | undefined> => {
    const query = statement(pagina)
    return cached(db, `${spec.preferIndex ? 'i' : 's'}${queryKey(query)}`, () =>
      listingQueries(db).run(async () => {
        if (!spec.preferIndex) return (await rows<Row>(db, query))[0]
        return db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL enable_seqscan = off`)
          return (await rows<Row>(tx as unknown as Db, query))[0]
        })
      }),
    )
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

/**
 * Keeps products.price_cents of products with variations at their lowest option price, so listings
 * can filter and sort on one indexed column. Writers (seed, import) call it after writing options;
 * without ids it aligns the whole catalog.
 */
export async function alignVariationPrices(db: Db, productIds?: readonly number[]): Promise<void> {
  const only = productIds ? sql`AND o.product_id = ANY(${`{${productIds.filter(Number.isSafeInteger).join(',')}}`}::int[])` : sql``
  await db.execute(
    sql`UPDATE products p SET price_cents = m.cents
        FROM (SELECT o.product_id, min(o.price_cents) AS cents FROM variation_options o WHERE true ${only} GROUP BY o.product_id) m
        WHERE p.id = m.product_id AND p.price_cents <> m.cents`,
  )
}
