import type { Faceta, Ordem } from '../../../contract/catalog'

/**
 * Every product a listing or a search matches, as columns in memory: what the page, the sort, the
 * price range and the sidebar facets are computed from. The database finds the set once (the
 * full-text match is the costly part); another page, order or price range of the same set is a walk
 * over these arrays. See decision 0013.
 */
export type MatchSet = {
  size: number
  id: Int32Array
  category: Int32Array
  /** 0 when the product has no brand. */
  brand: Int32Array
  /** Cents (products.price_cents: the lowest option price for products with variations). */
  price: Float64Array
  sold: Int32Array
  /** Views so far (only loaded for the orders that break ties with them, else 0). */
  views: Int32Array
  /** Creation time in microseconds since 1970. */
  created: Float64Array
  /** Relevance score (higher first); 0 for listings. */
  rank: Float64Array
  /** Positions sorted per order, built the first time an order is asked for. */
  sorted: Map<string, Uint32Array>
  /** Highest category and brand id in the set (the size of the facet counters). */
  maxCategory: number
  maxBrand: number
  /** Total and facets of the whole set (no price range), counted the first time they are needed. */
  whole?: Counts
  /** The set at the prices shoppers pay under the promotions running (withPrices), for the last key asked. */
  priced?: { key: string; set: MatchSet }
}

type Counts = Pick<Slice, 'total' | 'categories' | 'brands'>

/** What a match-set statement writes of each product, in this order (views and rank only when asked for). */
export type MatchField = 'id' | 'category' | 'brand' | 'price' | 'sold' | 'views' | 'created' | 'rank'

/**
 * The set from the one text the statement aggregates: each product's fields in `fields` order, every
 * value comma-separated (one aggregate of a row's values costs less than one aggregate per column).
 * A field left out is zeros; no text is the empty set.
 */
export function matchSetFrom(text: string | null, fields: readonly MatchField[]): MatchSet {
  const values = text ? numbersIn(text) : new Float64Array(0)
  const width = fields.length
  const size = Math.floor(values.length / width)
  const column = <A extends Int32Array | Float64Array>(field: MatchField, into: A): A => {
    const at = fields.indexOf(field)
    if (at >= 0) for (let i = 0; i < size; i++) into[i] = values[i * width + at]
    return into
  }
  const set: MatchSet = {
    size,
    id: column('id', new Int32Array(size)),
    category: column('category', new Int32Array(size)),
    brand: column('brand', new Int32Array(size)),
    price: column('price', new Float64Array(size)),
    sold: column('sold', new Int32Array(size)),
    views: column('views', new Int32Array(size)),
    created: column('created', new Float64Array(size)),
    rank: column('rank', new Float64Array(size)),
    sorted: new Map(),
    maxCategory: 0,
    maxBrand: 0,
  }
  for (let i = 0; i < size; i++) {
    if (set.category[i] > set.maxCategory) set.maxCategory = set.category[i]
    if (set.brand[i] > set.maxBrand) set.maxBrand = set.brand[i]
  }
  return set
}

/** The comma-separated numbers of a text. */
function numbersIn(text: string): Float64Array {
  return Float64Array.from(text.split(','), Number)
}

/** Bytes a set holds (the memory bound of the cache), counting one sorted order. */
export function matchSetBytes(set: MatchSet): number {
  return set.size * (4 * 5 + 8 * 3 + 4)
}

/**
 * The set with another price column, `price(i)` for position i (the price the shopper pays after the
 * automatic promotions, listing-prices.ts), made once per `key` and kept on the set: the orders by
 * price and the price range of a listing walk it. The other columns are shared; only the last key is
 * kept, as the running promotions change rarely and each change drops the sets anyway.
 */
export function withPrices(set: MatchSet, key: string, price: (i: number) => number): MatchSet {
  if (set.priced?.key === key) return set.priced.set
  const column = new Float64Array(set.size)
  for (let i = 0; i < set.size; i++) column[i] = price(i)
  const view: MatchSet = { ...set, price: column, sorted: new Map(), whole: set.whole, priced: undefined }
  set.priced = { key, set: view }
  return view
}

type Compare = (s: MatchSet, a: number, b: number) => number

// Ties always end on the id, so every order is total and pages never overlap.
const byId = (s: MatchSet, a: number, b: number) => s.id[a] - s.id[b]
const bySales: Compare = (s, a, b) => s.sold[b] - s.sold[a] || s.views[b] - s.views[a] || byId(s, a, b)
const ORDERS: Record<string, Compare> = {
  'menor-preco': (s, a, b) => s.price[a] - s.price[b] || byId(s, a, b),
  'maior-preco': (s, a, b) => s.price[b] - s.price[a] || byId(s, a, b),
  'mais-vendidos': bySales,
  novidades: (s, a, b) => s.created[b] - s.created[a] || s.id[b] - s.id[a],
  ranked: (s, a, b) => s.rank[b] - s.rank[a] || s.sold[b] - s.sold[a] || byId(s, a, b),
  relevancia: bySales,
}

/** Listing orders that break ties with views (the set must be loaded with them). */
export function orderNeedsViews(ordem: Ordem, ranked: boolean): boolean {
  return ordem === 'mais-vendidos' || (ordem === 'relevancia' && !ranked)
}

function sortedFor(set: MatchSet, ordem: Ordem, ranked: boolean): Uint32Array {
  const name = ordem === 'relevancia' && ranked ? 'ranked' : ordem
  let positions = set.sorted.get(name)
  if (!positions) {
    const compare = ORDERS[name]
    positions = new Uint32Array(set.size)
    for (let i = 0; i < set.size; i++) positions[i] = i
    positions.sort((a, b) => compare(set, a, b))
    set.sorted.set(name, positions)
  }
  return positions
}

export type Slice = {
  ids: number[]
  total: number
  /** Per category / brand id: matches within the price range. */
  categories: Map<number, number>
  brands: Map<number, number>
}

/**
 * One page of the set in the given order, within [min, max] cents (null: open), with the total and
 * the facet counts of everything in range. The page walks the sorted positions only as far as it
 * needs; the counts are one pass over the prices (or, without a range, counted once per set).
 */
export function sliceOf(
  set: MatchSet,
  options: { ordem: Ordem; ranked: boolean; min: number | null; max: number | null; offset: number; limit: number },
): Slice {
  const { min, max, offset, limit } = options
  const open = min == null && max == null
  const low = min ?? -Infinity
  const high = max ?? Infinity
  const positions = sortedFor(set, options.ordem, options.ranked)
  const ids: number[] = []
  let skipped = 0
  for (let k = 0; k < positions.length && ids.length < limit; k++) {
    const i = positions[k]
    const price = set.price[i]
    if (price < low || price > high) continue
    if (skipped < offset) skipped++
    else ids.push(set.id[i])
  }
  const counts = open ? (set.whole ??= countIn(set, low, high)) : countIn(set, low, high)
  return { ids, ...counts }
}

/** Ids up to this are counted in typed arrays; a catalog with larger ids is counted in maps. */
const DENSE_IDS = 65_536

/** Matches within [low, high] cents, in all and per category and brand. */
function countIn(set: MatchSet, low: number, high: number): Counts {
  if (set.maxCategory >= DENSE_IDS || set.maxBrand >= DENSE_IDS) return countInMaps(set, low, high)
  const perCategory = new Int32Array(set.maxCategory + 1)
  const perBrand = new Int32Array(set.maxBrand + 1)
  let total = 0
  for (let i = 0; i < set.size; i++) {
    const price = set.price[i]
    if (price < low || price > high) continue
    total++
    perCategory[set.category[i]]++
    perBrand[set.brand[i]]++
  }
  const nonZero = (counts: Int32Array, from: number) => {
    const found = new Map<number, number>()
    for (let id = from; id < counts.length; id++) if (counts[id] > 0) found.set(id, counts[id])
    return found
  }
  // Brand 0 is "no brand": not a facet.
  return { total, categories: nonZero(perCategory, 0), brands: nonZero(perBrand, 1) }
}

function countInMaps(set: MatchSet, low: number, high: number): Counts {
  const categories = new Map<number, number>()
  const brands = new Map<number, number>()
  let total = 0
  for (let i = 0; i < set.size; i++) {
    const price = set.price[i]
    if (price < low || price > high) continue
    total++
    categories.set(set.category[i], (categories.get(set.category[i]) ?? 0) + 1)
    if (set.brand[i] !== 0) brands.set(set.brand[i], (brands.get(set.brand[i]) ?? 0) + 1)
  }
  return { total, categories, brands }
}

const collator = new Intl.Collator('pt-BR')

/** Sidebar entries: the most frequent first (then by title), at most `limit`, unknown ids left out. */
export function facetList(counts: Map<number, number>, names: ReadonlyMap<number, { titulo: string; link: string }>, limit: number): Faceta[] {
  const out: Faceta[] = []
  for (const [id, qtd] of counts) {
    const name = names.get(id)
    if (name) out.push({ titulo: name.titulo, link: name.link, qtd })
  }
  out.sort((a, b) => b.qtd - a.qtd || collator.compare(a.titulo, b.titulo))
  return out.slice(0, limit)
}
