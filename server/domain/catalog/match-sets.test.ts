import { describe, expect, it } from 'vitest'
import { facetList, matchSetFrom, orderNeedsViews, sliceOf, type MatchColumns } from './match-sets'

// Five products: id, category, brand (0 = none), price (cents), sold, views, created (µs), rank.
const rows = [
  [10, 1, 7, 5000, 3, 0, 100, 0.5],
  [11, 1, 0, 1500, 9, 4, 300, 2.1],
  [12, 2, 7, 9900, 3, 8, 200, 0.5],
  [13, 2, 8, 1500, 0, 1, 300, 1.0],
  [14, 3, 8, 25000, 9, 4, 50, 2.1],
]
const columns = (withViews: boolean): MatchColumns => {
  const col = (i: number) => rows.map((r) => r[i]).join(',')
  return { id: col(0), category: col(1), brand: col(2), price: col(3), sold: col(4), views: withViews ? col(5) : null, created: col(6), rank: col(7) }
}
const all = { min: null, max: null, offset: 0, limit: 100 }

describe('match sets', () => {
  it('reads the aggregated columns; a missing column is zeros and an empty set is empty', () => {
    const set = matchSetFrom(columns(false))
    expect(set.size).toBe(5)
    expect([...set.id]).toEqual([10, 11, 12, 13, 14])
    expect([...set.views]).toEqual([0, 0, 0, 0, 0])
    expect([...set.price]).toEqual([5000, 1500, 9900, 1500, 25000])
    const empty = matchSetFrom({ id: null, category: null, brand: null, price: null, sold: null, views: null, created: null, rank: null })
    expect(empty.size).toBe(0)
    expect(sliceOf(empty, { ordem: 'relevancia', ranked: true, ...all })).toEqual({ ids: [], total: 0, categories: new Map(), brands: new Map() })
  })

  it('sorts every order with ties ending on the id, as the SQL orders did', () => {
    const set = matchSetFrom(columns(true))
    const ids = (ordem: Parameters<typeof sliceOf>[1]['ordem'], ranked = false) => sliceOf(set, { ordem, ranked, ...all }).ids
    expect(ids('menor-preco')).toEqual([11, 13, 10, 12, 14])
    expect(ids('maior-preco')).toEqual([14, 12, 10, 11, 13])
    // sold DESC, views DESC, id ASC
    expect(ids('mais-vendidos')).toEqual([11, 14, 12, 10, 13])
    expect(ids('relevancia')).toEqual([11, 14, 12, 10, 13])
    // created DESC, id DESC
    expect(ids('novidades')).toEqual([13, 11, 12, 10, 14])
    // rank DESC, sold DESC, id ASC
    expect(ids('relevancia', true)).toEqual([11, 14, 13, 10, 12])
  })

  it('pages, filters by price (inclusive) and counts facets of everything in range', () => {
    const set = matchSetFrom(columns(true))
    const page = sliceOf(set, { ordem: 'menor-preco', ranked: false, min: 1500, max: 9900, offset: 1, limit: 2 })
    expect(page.ids).toEqual([13, 10])
    expect(page.total).toBe(4)
    expect([...page.categories]).toEqual([[1, 2], [2, 2]])
    // Products without a brand are not a facet.
    expect([...page.brands].sort()).toEqual([[7, 2], [8, 1]])
    expect(sliceOf(set, { ordem: 'menor-preco', ranked: false, min: 30000, max: null, offset: 0, limit: 10 }).total).toBe(0)
  })

  it('counts the same with ids too large for the dense counters', () => {
    const big = columns(true)
    big.category = rows.map((r) => r[1] * 100_000).join(',')
    big.brand = rows.map((r) => r[2] * 100_000).join(',')
    const page = sliceOf(matchSetFrom(big), { ordem: 'menor-preco', ranked: false, min: 1500, max: 9900, offset: 1, limit: 2 })
    expect(page.total).toBe(4)
    expect([...page.categories].sort()).toEqual([[100_000, 2], [200_000, 2]])
    expect([...page.brands].sort()).toEqual([[700_000, 2], [800_000, 1]])
  })

  it('facets: most frequent first, then by title in Portuguese order, unknown ids out, cut at the limit', () => {
    const names = new Map([
      [1, { titulo: 'Áudio', link: 'audio' }],
      [2, { titulo: 'Acessórios', link: 'acessorios' }],
      [3, { titulo: 'Games', link: 'games' }],
    ])
    const counts = new Map([[3, 5], [1, 2], [2, 2], [99, 7]])
    expect(facetList(counts, names, 10)).toEqual([
      { titulo: 'Games', link: 'games', qtd: 5 },
      { titulo: 'Acessórios', link: 'acessorios', qtd: 2 },
      { titulo: 'Áudio', link: 'audio', qtd: 2 },
    ])
    expect(facetList(counts, names, 1)).toHaveLength(1)
  })

  it('only the sales orders need views', () => {
    expect(orderNeedsViews('mais-vendidos', true)).toBe(true)
    expect(orderNeedsViews('relevancia', false)).toBe(true)
    expect(orderNeedsViews('relevancia', true)).toBe(false)
    expect(orderNeedsViews('menor-preco', false)).toBe(false)
  })
})
