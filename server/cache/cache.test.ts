import { describe, expect, it } from 'vitest'
import { cachePerDb, cacheStats, clearCatalogCaches, createCache, forgetTags } from './cache'

const spec = (name: string, extra: Partial<Parameters<typeof createCache>[0]> = {}) => ({ name, ttlMs: 1_000, maxEntries: 10, ...extra })

describe('Cache', () => {
  it('answers within the TTL, computes again after it, and counts hits and misses', async () => {
    const cache = createCache<Promise<number>>(spec('test-ttl'))
    let n = 0
    const compute = async () => ++n
    expect(await cache.getOrCompute('a', compute, { now: 0 })).toBe(1)
    expect(await cache.getOrCompute('a', compute, { now: 999 })).toBe(1)
    expect(await cache.getOrCompute('a', compute, { now: 1_000 })).toBe(2)
    const stats = cacheStats().find((s) => s.name === 'test-ttl')
    expect(stats).toMatchObject({ hits: 1, misses: 2, entries: 1, ttlMs: 1_000 })
  })

  it('shares a pending computation and forgets a failure at once', async () => {
    const cache = createCache<Promise<string>>(spec('test-fail'))
    let calls = 0
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve(`v${++calls}`), 5))
    const [a, b] = await Promise.all([cache.getOrCompute('k', slow), cache.getOrCompute('k', slow)])
    expect([a, b, calls]).toEqual(['v1', 'v1', 1])
    await expect(cache.getOrCompute('x', () => Promise.reject(new Error('falhou')))).rejects.toThrow('falhou')
    expect(await cache.getOrCompute('x', async () => 'ok')).toBe('ok')
  })

  it('drops the oldest beyond its count or its bytes, never the entry just set', () => {
    const cache = createCache<string>(spec('test-bounds', { maxEntries: 2, maxBytes: 100 }))
    cache.set('a', 'x', { bytes: 10 })
    cache.set('b', 'y', { bytes: 10 })
    cache.set('c', 'z', { bytes: 10 })
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'y', 'z'])
    cache.set('big', 'w', { bytes: 500 })
    expect([cache.get('b'), cache.get('c'), cache.get('big')]).toEqual([undefined, undefined, 'w'])
    expect(cache.bytes).toBe(500)
  })

  it.each([true, false])('forgets by tag only the entries that carry it (tag index: %s)', (indexTags) => {
    const cache = createCache<string>(spec(`test-tags-${indexTags}`, { indexTags }))
    cache.set('card-1', 'um', { tags: ['product:1'] })
    cache.set('card-2', 'dois', { tags: ['product:2'] })
    cache.set('page', 'ambos', { tags: ['product:1', 'product:2'] })
    expect(cache.forgetTags(['product:1'])).toBe(2)
    expect([cache.get('card-1'), cache.get('card-2'), cache.get('page')]).toEqual([undefined, 'dois', undefined])
    // A kind of tag no entry carries (a session's history) drops nothing; one they carry still does.
    expect(cache.forgetTags(['history:abc', 'cart:abc'])).toBe(0)
    expect(cache.get('card-2')).toBe('dois')
    expect(cache.forgetTags(['history:abc', 'product:2'])).toBe(1)
    expect(cache.get('card-2')).toBeUndefined()
  })

  it('gives a computed entry the tags of the cached values it read, before and after an await, and passes them on', async () => {
    const cards = createCache<string>(spec('test-flow-cards'))
    const pages = createCache<Promise<string>>(spec('test-flow-pages'))
    cards.set('1', 'card 1', { tags: ['product:1'] })
    cards.set('2', 'card 2', { tags: ['product:2'] })
    const page = (sink: Set<string>) =>
      pages.getOrCompute(
        'page',
        async (tags) => {
          const first = cards.get('1', Date.now(), tags)
          await new Promise((resolve) => setTimeout(resolve, 1))
          tags.add('set:x')
          return `${first} ${cards.get('2', Date.now(), tags)}`
        },
        { sink },
      )
    // Requests (the micro-cache) collect what their handler read: a miss, one asking while it is
    // pending, and a hit.
    const [miss, pending] = [new Set<string>(), new Set<string>()]
    const answers = await Promise.all([page(miss), page(pending)])
    expect(answers).toEqual(['card 1 card 2', 'card 1 card 2'])
    const hit = new Set<string>()
    await page(hit)
    for (const tags of [miss, pending, hit]) expect([...tags].sort()).toEqual(['product:1', 'product:2', 'set:x'])
    expect(pages.forgetTags(['product:2'])).toBe(1)
    expect(pages.entry('page')).toBeUndefined()
  })
})

describe('caches per database', () => {
  it('reach only the caches of that database, by tag or catalog-wide', () => {
    const dbA = {}
    const dbB = {}
    const cards = cachePerDb<string>(spec('test-per-db-cards', { scope: 'catalog' }))
    const sessions = cachePerDb<string>(spec('test-per-db-sessions', { scope: 'session' }))
    for (const db of [dbA, dbB]) {
      cards.of(db).set('1', 'card', { tags: ['product:1'] })
      sessions.of(db).set('s', 'session', { tags: ['cart:s'] })
    }
    forgetTags(dbA, ['product:1', 'cart:s'])
    expect([cards.of(dbA).get('1'), sessions.of(dbA).get('s')]).toEqual([undefined, undefined])
    expect([cards.of(dbB).get('1'), sessions.of(dbB).get('s')]).toEqual(['card', 'session'])
    clearCatalogCaches(dbB)
    expect([cards.of(dbB).get('1'), sessions.of(dbB).get('s')]).toEqual([undefined, 'session'])
  })
})
