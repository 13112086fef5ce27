import { sql, type SQL } from 'drizzle-orm'
import type { Faceta, ListingQuery } from '../../../contract/catalog'
import { toCents } from '../../../contract/pricing'
import type { Db } from '../../db/client'
import { PgDialect } from 'drizzle-orm/pg-core'
import { cachePerDb, matchSetTag, type CacheEntry, type TagSink } from '../../cache'
import { limiter, type Limiter } from '../../lib/limiter'
import { facetList, matchSetBytes, matchSetFrom, orderNeedsViews, sliceOf, type MatchField, type MatchSet } from './match-sets'
import { categoryVisible } from './categories'
import { atPaidPrices } from './listing-prices'
import { CATALOG_CACHE_TTL_MS, catalogNames } from './rules'
import { rows } from '../../db/sql'

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
  /**
   * Where `p` reads from: products (listings), or product_search, the narrow search copy with the
   * same column names that searches match on (decision 0014).
   */
  from?: 'products' | 'product_search'
  /** The answer's tags: it gets the match set's. */
  tags?: TagSink
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

/** [min, max] in centavos from the query, swapped when given backwards. */
export function priceRange(query: Pick<ListingQuery, 'min' | 'max'>): [number | null, number | null] {
  let min = query.min != null ? toCents(query.min) : null
  let max = query.max != null ? toCents(query.max) : null
  if (min != null && max != null && min > max) [min, max] = [max, min]
  return [min, max]
}

/** Listing and search statements running at once per database, and waiting beyond those. */
export const LISTING_CONCURRENCY = 4
export const LISTING_QUEUE = 64
const limiters = new WeakMap<Db, Limiter>()

/**
 * Listing statements not answered from the cache go through one queue per database: a burst of
 * never-seen searches waits its turn instead of piling up without end (PGlite runs one statement at
 * a time anyway); beyond LISTING_QUEUE waiting, BusyError (the API refuses it as 'unavailable', with Retry-After).
 */
function listingQueries(db: Db): Limiter {
  let found = limiters.get(db)
  if (!found) {
    found = limiter(LISTING_CONCURRENCY, LISTING_QUEUE)
    limiters.set(db, found)
  }
  return found
}

/** Match sets cached per database: at most 500, holding at most MATCH_SET_BYTES together. */
export const MATCH_SET_BYTES = 64 * 1024 * 1024
const matchSets = cachePerDb<Promise<MatchSet>>({
  name: 'match-sets',
  ttlMs: CATALOG_CACHE_TTL_MS,
  maxEntries: 500,
  maxBytes: MATCH_SET_BYTES,
  scope: 'catalog',
})
const dialect = new PgDialect()

/**
 * The set a listing condition matches, read once and cached CATALOG_CACHE_TTL_MS: every page, order and
 * price range of it is then computed in memory (match-sets.ts). Concurrent requests for the same set
 * share one query; failures are not kept. The entry is tagged with its own key, and so is every
 * answer computed from it: forgetProducts drops the sets holding a product and those answers.
 */
function matchSetOf(db: Db, statement: SQL, fields: readonly MatchField[], preferIndex: boolean, sink: TagSink): Promise<MatchSet> {
  const { sql: text, params } = dialect.sqlToQuery(statement)
  const key = `${preferIndex ? 'i' : 's'}${text}\u0000${JSON.stringify(params)}`
  return matchSets.of(db).getOrCompute(
    key,
    () =>
      listingQueries(db).run(async () => {
        const read = async (on: Db) => matchSetFrom((await rows<{ m: string | null }>(on, statement))[0]?.m ?? null, fields)
        if (!preferIndex) return read(db)
        return db.transaction(async (tx) => {
          await tx.execute(sql`SET LOCAL enable_seqscan = off`)
          return read(tx as unknown as Db)
        })
      }),
    { tags: [matchSetTag(key)], bytes: matchSetBytes, sink },
  )
}

/** Keys of the cached sets holding any of these products (a set still being read counts: it may be stale). */
export function matchSetsHolding(db: Db, productIds: ReadonlySet<number>): string[] {
  const holds = (entry: CacheEntry<Promise<MatchSet>>) => {
    const set = entry.settled
    if (!set) return true
    for (let i = 0; i < set.size; i++) if (productIds.has(set.id[i])) return true
    return false
  }
  return matchSets.of(db).keysWhere(holds)
}

type Names = ReadonlyMap<number, { titulo: string; link: string }>

/** Titles and links of categories and brands, for the sidebar facets. */
function facetNames(db: Db): Promise<{ categorias: Names; marcas: Names }> {
  return catalogNames.of(db).getOrCompute('facets', async () => {
    type Row = { id: number; titulo: string; link: string }
    const [categorias, marcas] = await Promise.all([
      rows<Row>(db, sql`SELECT c.id, c.titulo, c.ndi AS link FROM categories c WHERE ${categoryVisible(sql`c.id`)}`),
      rows<Row>(db, sql`SELECT id, titulo, link FROM brands WHERE NOT hidden`),
    ])
    const named = (list: Row[]) => new Map(list.map((r) => [Number(r.id), { titulo: r.titulo, link: r.link }]))
    return { categorias: named(categorias), marcas: named(marcas) }
  }) as Promise<{ categorias: Names; marcas: Names }>
}

/**
 * A listing page. The matching set is read in one statement (each product's id with what sorting,
 * the price range and the facets need, aggregated into one row) and cached a few seconds; the page,
 * its order, the price range, the total and the sidebar facets are computed from it in memory.
 *
 * Prices filter and sort on products.price_cents, which for a product with variations holds its
 * lowest option price (see alignVariationPrices), less the best automatic promotion running for one
 * unit (atPaidPrices) — the same price its card shows.
 */
export async function pageOfProducts(db: Db, spec: PageSpec): Promise<PageResult> {
  const { query, pageSize } = spec
  const [min, max] = priceRange(query)
  const facets = new Set(spec.facets ?? [])
  const ranked = spec.rank != null
  // Views only break ties of the sales orders: joining product_stats for every match of a broad
  // search (12k rows at 100k products) costs more than the search itself.
  const needsViews = orderNeedsViews(query.ordem, ranked)
  const searchCopy = spec.from === 'product_search'
  const fields: MatchField[] = [
    'id',
    'category',
    'brand',
    'price',
    'sold',
    ...(needsViews ? ['views' as const] : []),
    'created',
    ...(ranked ? ['rank' as const] : []),
  ]
  const values: Record<MatchField, SQL> = {
    id: sql`p.id`,
    category: sql`p.category_id`,
    brand: sql`coalesce(p.brand_id, 0)`,
    price: sql`p.price_cents`,
    sold: sql`p.sold_count`,
    views: sql`coalesce(s.view_count, 0)`,
    created: searchCopy ? sql`p.created_us` : sql`floor(extract(epoch FROM p.created_at) * 1000000)::bigint`,
    rank: sql`(${spec.rank})::float8`,
  }
  // Every value is non-null: concat_ws would leave a null out and shift the row.
  const statement = sql`SELECT string_agg(concat_ws(',', ${sql.join(
    fields.map((f) => values[f]),
    sql`, `,
  )}), ',') AS m
      FROM ${searchCopy ? sql`product_search` : sql`products`} p ${needsViews ? sql`LEFT JOIN product_stats s ON s.product_id = p.id` : sql``}
      WHERE p.active AND (${spec.where})`

  const [matched, names] = await Promise.all([matchSetOf(db, statement, fields, spec.preferIndex ?? false, spec.tags), facetNames(db)])
  // Sorted or filtered by price, at the price shoppers pay under the running promotions.
  const byPrice = query.ordem === 'menor-preco' || query.ordem === 'maior-preco' || min != null || max != null
  const set = byPrice ? await atPaidPrices(db, matched, new Date()) : matched
  const slice = (pagina: number) => sliceOf(set, { ordem: query.ordem, ranked, min, max, offset: (pagina - 1) * pageSize, limit: pageSize })
  let pagina = query.pagina
  let page = slice(pagina)
  const paginas = Math.max(1, Math.ceil(page.total / pageSize))
  // A page past the end shows the last page (bookmarks outlive stock).
  if (pagina > paginas) {
    pagina = paginas
    if (page.total > 0) page = slice(pagina)
  }
  return {
    ids: page.ids,
    total: page.total,
    pagina,
    paginas,
    categorias: facets.has('categorias') ? facetList(page.categories, names.categorias, FACET_LIMIT) : [],
    marcas: facets.has('marcas') ? facetList(page.brands, names.marcas, FACET_LIMIT) : [],
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
        FROM (SELECT o.product_id, min(o.price_cents) AS cents FROM variation_options o WHERE o.active ${only} GROUP BY o.product_id) m
        WHERE p.id = m.product_id AND p.price_cents <> m.cents`,
  )
}
