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
}

/** One row per column, as the aggregate query hands them back: comma-separated numbers. */
export type MatchColumns = Record<'id' | 'category' | 'brand' | 'price' | 'sold' | 'views' | 'created' | 'rank', string | null>

const numbers = (text: string | null, size: number): number[] => {
  if (!text) return new Array<number>(size).fill(0)
  const parts = text.split(',')
  const out = new Array<number>(parts.length)
  for (let i = 0; i < parts.length; i++) out[i] = parts[i] === '' ? 0 : Number(parts[i])
  return out
}

export function matchSetFrom(columns: MatchColumns): MatchSet {
  const id = Int32Array.from(numbers(columns.id, 0))
  const size = id.length
  const ints = (text: string | null) => Int32Array.from(numbers(text, size))
  const floats = (text: string | null) => Float64Array.from(numbers(text, size))
  return {
    size,
    id,
    category: ints(columns.category),
    brand: ints(columns.brand),
    price: floats(columns.price),
    sold: ints(columns.sold),
    views: ints(columns.views),
    created: floats(columns.created),
    rank: floats(columns.rank),
    sorted: new Map(),
  }
}

/** Bytes a set holds (the memory bound of the cache), counting one sorted order. */
export function matchSetBytes(set: MatchSet): number {
  return set.size * (4 * 5 + 8 * 3 + 4)
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
 * the facet counts of everything in range.
 */
export function sliceOf(
  set: MatchSet,
  options: { ordem: Ordem; ranked: boolean; min: number | null; max: number | null; offset: number; limit: number },
): Slice {
  const { min, max, offset, limit } = options
  const positions = sortedFor(set, options.ordem, options.ranked)
  const categories = new Map<number, number>()
  const brands = new Map<number, number>()
  const ids: number[] = []
  let total = 0
  for (let k = 0; k < positions.length; k++) {
    const i = positions[k]
    const price = set.price[i]
    if ((min != null && price < min) || (max != null && price > max)) continue
    if (total >= offset && ids.length < limit) ids.push(set.id[i])
    total++
    const c = set.category[i]
    categories.set(c, (categories.get(c) ?? 0) + 1)
    const b = set.brand[i]
    if (b !== 0) brands.set(b, (brands.get(b) ?? 0) + 1)
  }
  return { ids, total, categories, brands }
}

const collator = new Intl.Collator('pt-BR')

/** Sidebar entries: the most frequent first (then by title), at most `limit`, unknown ids left out. */
export function facetList(
  counts: Map<number, number>,
  names: ReadonlyMap<number, { titulo: string; link: string }>,
  limit: number,
): Faceta[] {
  const out: Faceta[] = []
  for (const [id, qtd] of counts) {
    const name = names.get(id)
    if (name) out.push({ titulo: name.titulo, link: name.link, qtd })
  }
  out.sort((a, b) => b.qtd - a.qtd || collator.compare(a.titulo, b.titulo))
  return out.slice(0, limit)
}
