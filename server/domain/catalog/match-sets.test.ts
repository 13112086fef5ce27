import { describe, expect, it } from 'vitest'
import { facetList, matchSetFrom, orderNeedsViews, sliceOf, withPrices, type MatchField, type MatchSet } from './match-sets'

// Five products: id, category, brand (0 = none), price (cents), sold, views, created (µs), rank.
const rows = [
  [10, 1, 7, 5000, 3, 0, 100, 0.5],
  [11, 1, 0, 1500, 9, 4, 300, 2.1],
  [12, 2, 7, 9900, 3, 8, 200, 0.5],
  [13, 2, 8, 1500, 0, 1, 300, 1.0],
  [14, 3, 8, 25000, 9, 4, 50, 2.1],
]
const ALL: MatchField[] = ['id', 'category', 'brand', 'price', 'sold', 'views', 'created', 'rank']
/** The set as the statement writes it: each row's fields in order, all comma-separated. */
const setOf = (withViews: boolean, data = rows): MatchSet => {
  const fields = ALL.filter((f) => withViews || f !== 'views')
  return matchSetFrom(data.map((r) => fields.map((f) => r[ALL.indexOf(f)]).join(',')).join(','), fields)
}
const all = { min: null, max: null, offset: 0, limit: 100 }

describe('match sets', () => {
  it('reads the aggregated rows; a field left out is zeros and an empty set is empty', () => {
    const set = setOf(false)
    expect(set.size).toBe(5)
    expect([...set.id]).toEqual([10, 11, 12, 13, 14])
    expect([...set.views]).toEqual([0, 0, 0, 0, 0])
    expect([...set.price]).toEqual([5000, 1500, 9900, 1500, 25000])
    expect([...set.created]).toEqual([100, 300, 200, 300, 50])
    expect([...set.rank]).toEqual([0.5, 2.1, 0.5, 1.0, 2.1])
    const empty = matchSetFrom(null, ALL)
    expect(empty.size).toBe(0)
    expect(sliceOf(empty, { ordem: 'relevancia', ranked: true, ...all })).toEqual({ ids: [], total: 0, categories: new Map(), brands: new Map() })
  })

  it('reads integers exactly and fractions, signs and exponents as Number does', () => {
    const ranks = ['0.9969058036804199', '1', '2.5', '1e-05', '-0.25', '10.000000000000002', '3.0000000000000000000001']
    const text = ranks.map((r, i) => `${i + 1},7,0,199990,3,1786776515735123,${r}`).join(',')
    const set = matchSetFrom(text, ['id', 'category', 'brand', 'price', 'sold', 'created', 'rank'])
    expect([...set.id]).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(set.created[0]).toBe(1786776515735123)
    expect(set.price[6]).toBe(199990)
    ranks.forEach((r, i) => expect(set.rank[i]).toBeCloseTo(Number(r), 14))
  })

  it('sorts every order with ties ending on the id, as the SQL orders did', () => {
    const set = setOf(true)
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
    const set = setOf(true)
    const page = sliceOf(set, { ordem: 'menor-preco', ranked: false, min: 1500, max: 9900, offset: 1, limit: 2 })
    expect(page.ids).toEqual([13, 10])
    expect(page.total).toBe(4)
    expect([...page.categories]).toEqual([
      [1, 2],
      [2, 2],
    ])
    // Products without a brand are not a facet.
    expect([...page.brands].sort()).toEqual([
      [7, 2],
      [8, 1],
    ])
    expect(sliceOf(set, { ordem: 'menor-preco', ranked: false, min: 30000, max: null, offset: 0, limit: 10 }).total).toBe(0)
  })

  it('another price column: its orders and range walk it, kept per key, the set itself untouched', () => {
    const set = setOf(true)
    // Product 14 at a fifth of its price (25000 → 5000), 12 a little off (9900 → 9000).
    const paid = (i: number) => (set.id[i] === 14 ? 5000 : set.id[i] === 12 ? 9000 : set.price[i])
    let calls = 0
    const view = withPrices(set, '1', (i) => (calls++, paid(i)))
    expect(sliceOf(view, { ordem: 'menor-preco', ranked: false, ...all }).ids).toEqual([11, 13, 10, 14, 12])
    expect(sliceOf(view, { ordem: 'maior-preco', ranked: false, ...all }).ids).toEqual([12, 10, 14, 11, 13])
    expect(sliceOf(view, { ordem: 'menor-preco', ranked: false, min: null, max: 6000, offset: 0, limit: 10 })).toMatchObject({
      ids: [11, 13, 10, 14],
      total: 4,
    })
    expect(withPrices(set, '1', paid)).toBe(view)
    expect(calls).toBe(5)
    expect(withPrices(set, '2', (i) => set.price[i])).not.toBe(view)
    expect(sliceOf(set, { ordem: 'menor-preco', ranked: false, ...all }).ids).toEqual([11, 13, 10, 12, 14])
    expect([...set.price]).toEqual([5000, 1500, 9900, 1500, 25000])
  })

  it('counts the same with ids too large for the dense counters', () => {
    const big = setOf(
      true,
      rows.map((r) => r.map((v, i) => (i === 1 || i === 2 ? v * 100_000 : v))),
    )
    const page = sliceOf(big, { ordem: 'menor-preco', ranked: false, min: 1500, max: 9900, offset: 1, limit: 2 })
    expect(page.total).toBe(4)
    expect([...page.categories].sort()).toEqual([
      [100_000, 2],
      [200_000, 2],
    ])
    expect([...page.brands].sort()).toEqual([
      [700_000, 2],
      [800_000, 1],
    ])
  })

  it('facets: most frequent first, then by title in Portuguese order, unknown ids out, cut at the limit', () => {
    const names = new Map([
      [1, { titulo: 'Áudio', link: 'audio' }],
      [2, { titulo: 'Acessórios', link: 'acessorios' }],
      [3, { titulo: 'Games', link: 'games' }],
    ])
    const counts = new Map([
      [3, 5],
      [1, 2],
      [2, 2],
      [99, 7],
    ])
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
