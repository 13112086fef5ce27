import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pesquisaResponseSchema, pesquisaQuerySchema } from '../../../contract/catalog'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database } from '../../db/client'
import { categories, productSearch, products, searchHistory, sessions } from '../../db/schema'
import { storeProfile } from '../../store-profile'
import { createSession } from '../session/session'
import { invalidateCatalogCaches } from './caches'
import { normalizeTerm, searchCatalog, tsqueryText } from './search'
import { searchColumns } from './search-text'
import { flushSearchHistory, rememberSearch } from '../session/search-history'
import { insertCatalogFixture } from '../../../tests/support/catalog-fixtures'
import { getVocabulary } from './vocabulary'

let database: Database
const deps = () => ({ db: database.db, store: storeProfile })
const search = async (p: string, extra: Record<string, string> = {}) => {
  const [result] = pesquisaResponseSchema.parse(await searchCatalog(deps(), pesquisaQuerySchema.parse({ p, ...extra })))
  return result
}
const titles = (r: { data: Array<{ titulo: string }> }) => r.data.map((d) => d.titulo)

beforeAll(async () => {
  database = await createTestDatabase()
  await insertCatalogFixture(database.db)
})
afterAll(() => database?.close())

describe('normalizeTerm', () => {
  it('trims, collapses spaces, cuts at 100 characters and folds accents into index words', () => {
    expect(normalizeTerm('  Câmera   Canon  ')).toEqual({ term: 'Câmera Canon', tokens: ['camera', 'canon'] })
    expect(normalizeTerm('x'.repeat(10_000)).term).toHaveLength(100)
    expect(normalizeTerm("'; drop table products; --")).toEqual({
      term: "'; drop table products; --",
      tokens: ['drop', 'table', 'products'],
    })
    expect(normalizeTerm('%_\\"\u0000').tokens).toEqual([])
  })

  it('builds a tsquery with every word required and the last one as a prefix', () => {
    expect(tsqueryText(['notebook', 'dell'])).toBe('notebook & dell:*')
    expect(tsqueryText(['a'])).toBe('a')
  })
})

describe(`search (${testDbKind})`, () => {
  it('finds by title words, ranking title matches above body-only matches', async () => {
    const r = await search('smartphone')
    expect(r.total).toBe(4)
    // The case mentions "smartphone" only in its specifications: it comes last.
    expect(titles(r).at(-1)).toBe('Capa Protetora Galaxy A55')
    expect(
      titles(r)
        .slice(0, 3)
        .every((t) => t.startsWith('Smartphone')),
    ).toBe(true)
    expect(titles(r)).not.toContain('Smartphone Antigo Desativado')
    expect(r.vqd).toBeUndefined()
  })

  it('is accent- and case-insensitive', async () => {
    const plain = await search('camera')
    const accented = await search('CÂMERA')
    expect(titles(plain).sort()).toEqual(['Câmera Digital Canon EOS Rebel T7', 'Câmera de Segurança Wi-Fi Full HD'])
    expect(titles(accented).sort()).toEqual(titles(plain).sort())
  })

  it('matches the last word as a prefix while typing', async () => {
    const r = await search('notebook del')
    // One exact hit (few): near spellings follow it, ranked below.
    expect(titles(r)[0]).toBe('Notebook Dell Inspiron 15 Intel Core i5 8GB')
    expect(titles(r)).not.toContain('Fone de Ouvido Sony WH-1000XM5')
  })

  it('matches brand and category words from the body', async () => {
    const r = await search('sony')
    expect(titles(r)).toEqual(['Fone de Ouvido Sony WH-1000XM5'])
  })

  it('suggests the closest catalog term for a typo and still finds the products', async () => {
    const phone = await search('smartfone')
    expect(phone.vqd).toBe('smartphone')
    expect(titles(phone).filter((t) => t.startsWith('Smartphone')).length).toBeGreaterThanOrEqual(3)

    const notebook = await search('notebok')
    expect(notebook.vqd).toBe('notebook')
    expect(titles(notebook)).toContain('Notebook Dell Inspiron 15 Intel Core i5 8GB')

    const two = await search('notebok dell')
    expect(two.vqd).toBe('notebook dell')
  })

  it('never suggests the term that was typed', async () => {
    const r = await search('canon')
    expect(r.total).toBe(1)
    expect(r.vqd).toBeUndefined()
  })

  it('gives facets of the matched set', async () => {
    const r = await search('samsung')
    expect(r.marcas).toEqual([{ titulo: 'Samsung', link: 'samsung', qtd: 6 }])
    expect(r.categorias.find((c) => c.link === 'smartphones')?.qtd).toBe(2)
    expect(r.categorias.reduce((n, c) => n + c.qtd, 0)).toBe(6)
  })

  it('sorts and filters by effective price and pages', async () => {
    const cheap = await search('samsung', { ordem: 'menor-preco' })
    const prices = cheap.data.map((d) => d.valor)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    // The Galaxy A55 costs 2.099 in its cheapest colour: a 2.050–2.150 range finds it.
    const ranged = await search('samsung', { min: '2050', max: '2150' })
    expect(titles(ranged)).toEqual(['Smartphone Samsung Galaxy A55 5G 256GB'])
    const backwards = await search('samsung', { min: '2150', max: '2050' })
    expect(titles(backwards)).toEqual(titles(ranged))
    const sold = await search('samsung', { ordem: 'mais-vendidos' })
    expect(sold.data[0].titulo).toBe('Carregador Turbo USB-C 25W Samsung')
    const late = await search('samsung', { pagina: '50' })
    expect(late.pagina).toBe(1)
    expect(late.data).toHaveLength(6)
  })

  it.each([
    ['quotes', '"galaxy" \'a55\''],
    ['sql', "'; drop table products; --"],
    ['like wildcards', '%_%'],
    ['backslashes', '\\\\ \\'],
    ['emoji', '📱 smartphone 🔥'],
    ['only punctuation', '!!! ??? ...'],
    ['tsquery syntax', 'a & | ! <-> :* ( )'],
    ['stop words only', 'de a o para'],
    ['NUL byte', 'smart\u0000phone'],
    ['10 KB', 'notebook '.repeat(1200)],
    ['lone surrogate', 'tv \ud83d'],
  ])('strange input (%s) gives results or the empty state', async (_name, p) => {
    const r = await search(p)
    expect(r.pagina).toBe(1)
    expect(r.total).toBeGreaterThanOrEqual(0)
  })

  it('a blank term is an empty result', async () => {
    expect(await search('   ')).toMatchObject({ data: [], total: 0, paginas: 1, termo: '' })
  })

  it('keeps the visitor search history: trimmed, once per term, most recent first, at most 8', async () => {
    const { session } = await createSession(database.db)
    const handle = { current: () => session }
    for (const term of ['  tv  ', 'notebook', 'tv', 'x'.repeat(300)]) {
      await searchCatalog(deps(), pesquisaQuerySchema.parse({ p: term }), handle)
    }
    await searchCatalog(deps(), pesquisaQuerySchema.parse({ p: '   ' }), handle)
    await flushSearchHistory(database.db)
    const rows = await database.db.select().from(searchHistory)
    expect(rows.map((r) => r.term).sort()).toEqual(['notebook', 'tv', 'x'.repeat(80)])
    for (let i = 0; i < 10; i++) await searchCatalog(deps(), pesquisaQuerySchema.parse({ p: `termo ${i}` }), handle)
    await flushSearchHistory(database.db)
    expect((await database.db.select().from(searchHistory)).length).toBe(8)
    await database.db.delete(sessions)
  })

  it('queued searches: one row per term per batch, sessions that ended meanwhile are skipped', async () => {
    const { session } = await createSession(database.db)
    const gone = await createSession(database.db)
    const writes = [rememberSearch(database.db, session.id, 'drone'), rememberSearch(database.db, session.id, ' drone ')]
    writes.push(rememberSearch(database.db, gone.session.id, 'tablet'))
    await database.db.delete(sessions).where(eq(sessions.id, gone.session.id))
    await flushSearchHistory(database.db)
    expect(await Promise.all(writes)).toEqual([true, true, true])
    const rows = await database.db.select().from(searchHistory)
    expect(rows.map((r) => [r.sessionId, r.term])).toEqual([[session.id, 'drone']])
    await database.db.delete(sessions)
  })

  it('a visitor without a session gets none: a search is a read', async () => {
    const count = async () => (await database.db.select().from(sessions)).length
    const before = await count()
    const result = await searchCatalog(deps(), pesquisaQuerySchema.parse({ p: 'tv' }), { current: () => null })
    expect(result[0].termo).toBe('tv')
    await flushSearchHistory(database.db)
    expect(await count()).toBe(before)
    expect(await database.db.select().from(searchHistory)).toHaveLength(0)
  })

  it('the vocabulary holds title words and is cached', async () => {
    invalidateCatalogCaches(database.db)
    const v = await getVocabulary(database.db)
    expect(v.known.has('smartphone')).toBe(true)
    expect(v.known.has('camera')).toBe(true)
    expect(v.known.has('desativado')).toBe(false)
    expect(await getVocabulary(database.db)).toBe(v)
  })

  it('the search copy follows every product write: new, renamed, repriced, switched off, deleted', async () => {
    const db = database.db
    const [category] = await db.select({ id: categories.id }).from(categories).limit(1)
    const [created] = await db
      .insert(products)
      .values({
        hash: 'h-periscopio',
        linkReal: 'periscopio-submarino',
        titulo: 'Periscópio Submarino',
        priceCents: 123_45,
        categoryId: category.id,
        sku: 'SKU-PERISCOPIO',
        ...searchColumns({ titulo: 'Periscópio Submarino', categorias: ['Ótica'] }),
      })
      .returning({ id: products.id })
    const found = async (p: string) => {
      invalidateCatalogCaches(db)
      return titles(await search(p))
    }
    expect(await found('periscopio')).toEqual(['Periscópio Submarino'])

    await db
      .update(products)
      .set({ titulo: 'Luneta Submarina', ...searchColumns({ titulo: 'Luneta Submarina', categorias: ['Ótica'] }) })
      .where(eq(products.id, created.id))
    expect(await found('periscopio')).toEqual([])
    expect(await found('luneta')).toEqual(['Luneta Submarina'])

    await db.update(products).set({ priceCents: 99 }).where(eq(products.id, created.id))
    const [copy] = await db.select().from(productSearch).where(eq(productSearch.id, created.id))
    expect(copy.priceCents).toBe(99)

    await db.update(products).set({ active: false }).where(eq(products.id, created.id))
    expect(await found('luneta')).toEqual([])

    await db.delete(products).where(eq(products.id, created.id))
    expect(await db.select().from(productSearch).where(eq(productSearch.id, created.id))).toEqual([])
    const [{ n: copies }] = await db.select({ n: count() }).from(productSearch)
    const [{ n: all }] = await db.select({ n: count() }).from(products)
    expect(copies).toBe(all)
  })
})
