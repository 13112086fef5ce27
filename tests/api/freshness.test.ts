import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { products } from '../../server/db/schema'
import { forgetProducts, getProductDetail, invalidateCatalogCaches, listCategory } from '../../server/domain/catalog'
import { insertCatalogFixture, type CatalogFixture } from '../support/catalog-fixtures'
import { createSession } from '../../server/domain/session/session'
import { createHttpApp, type PageHandler } from '../../server/http/app'
import { sharedAnswer } from '../../server/http/cache-headers'
import { storeProfile } from '../../server/store-profile'
import { testEnv } from '../support/app'
import { createTestDatabase, testDbKind } from '../support/db'

let database: Database
let fx: CatalogFixture
const CHANGED = 'notebook-dell-inspiron-15-intel-core-i5-8gb'

beforeAll(async () => {
  database = await createTestDatabase()
  fx = await insertCatalogFixture(database.db)
})
afterAll(() => database?.close())

/**
 * Pages as React Router's loaders build them: from the same domain calls, in the request, so the
 * caches they read tag the micro-cache's copy.
 */
const pages: PageHandler = async (request, ctx) => {
  const path = new URL(request.url).pathname
  const headers = { 'content-type': 'application/json', ...sharedAnswer() }
  const [, kind, id] = path.split('/')
  if (kind === 'produto') return new Response(JSON.stringify((await getProductDetail(ctx, id))?.response), { headers })
  if (kind === 'categoria') return new Response(JSON.stringify(await listCategory(ctx, { id, ordem: 'relevancia', pagina: 1 })), { headers })
  return new Response('não encontrada', { status: 404 })
}

function app() {
  return createHttpApp({ db: database.db, env: testEnv, store: storeProfile, log: pino({ level: 'silent' }), isReady: () => true, pages })
}

/** Every card or detail of `link` found anywhere in an answer: its price and stock. */
function shown(value: unknown, link: string, out: Array<{ valor: number; qtd: number }> = []) {
  if (Array.isArray(value)) for (const v of value) shown(v, link, out)
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>
    if (o.link_real === link && typeof o.valor === 'number') out.push({ valor: o.valor, qtd: Number(o.qtd) })
    for (const v of Object.values(o)) shown(v, link, out)
  }
  return out
}

// Answers that show the product (by every route an answer can hold it: card, detail, similar,
// listing set, parent category, brand, search, home list, pages) and answers that do not.
const SHOWING = [
  `/_next/api/detalhe-produto?id=${CHANGED}`,
  '/_next/api/detalhe-produto?id=notebook-samsung-galaxy-book4-intel-core-i7',
  '/_next/api/pesquisa?p=notebook',
  '/_next/api/itens-categoria?id=notebooks',
  '/_next/api/itens-categoria?id=informatica',
  '/_next/api/itens-marca/dell',
  '/_next/api/inicio?bloco=TopPdts',
  '/_next/api/inicio?bloco=recentes',
  `/produto/${CHANGED}`,
  '/categoria/notebooks',
]
const OTHERS = [
  '/_next/api/detalhe-produto?id=fone-de-ouvido-sony-wh-1000xm5',
  '/_next/api/itens-categoria?id=audio',
  '/_next/api/pesquisa?p=camera',
  '/_next/api/itens-marca/canon',
  '/categoria/cameras',
]

describe(`narrow invalidation: forgetProducts (${testDbKind})`, () => {
  it('after a price and stock change of one product, every answer showing it is new at once; the others stay cached', async () => {
    invalidateCatalogCaches(database.db)
    const a = app()
    // A shopper with a session (a search without one goes to the handler, which creates it).
    const { token } = await createSession(database.db)
    const get = async (path: string) => {
      const res = await a.request(`http://localhost${path}`, { headers: { cookie: `vt_sid=${token}` } })
      expect(res.status, path).toBe(200)
      return { cache: res.headers.get('x-cache'), body: await res.json() }
    }
    for (const path of [...SHOWING, ...OTHERS]) await get(path)
    for (const path of SHOWING) {
      const { cache, body } = await get(path)
      expect(cache, path).toBe('HIT')
      expect(shown(body, CHANGED).length, `${path} shows the product`).toBeGreaterThan(0)
      expect(
        shown(body, CHANGED).every((c) => c.valor === 3899 && c.qtd === 7),
        path,
      ).toBe(true)
    }
    for (const path of OTHERS) expect(shown((await get(path)).body, CHANGED), path).toEqual([])

    await database.db.update(products).set({ priceCents: 3_499_00, stock: 2 }).where(eq(products.id, fx.ids[CHANGED]))
    forgetProducts(database.db, [fx.ids[CHANGED]])

    for (const path of SHOWING) {
      const { cache, body } = await get(path)
      expect(cache, path).toBe('MISS')
      const cards = shown(body, CHANGED)
      expect(cards.length, path).toBeGreaterThan(0)
      expect(
        cards.every((c) => c.valor === 3499 && c.qtd === 2),
        `${path}: ${JSON.stringify(cards)}`,
      ).toBe(true)
    }
    for (const path of OTHERS) expect((await get(path)).cache, path).toBe('HIT')
  })

  it('a price change moves the product in price orders and ranges at once (its match sets are dropped)', async () => {
    invalidateCatalogCaches(database.db)
    const a = app()
    const cheapest = async () => {
      const res = await a.request('http://localhost/_next/api/itens-categoria?id=informatica&ordem=menor-preco')
      return ((await res.json()) as { data: Array<{ link_real: string }> }).data[0]?.link_real
    }
    expect(await cheapest()).not.toBe('notebook-samsung-galaxy-book4-intel-core-i7')
    await database.db.update(products).set({ priceCents: 100 }).where(eq(products.id, fx.ids['notebook-samsung-galaxy-book4-intel-core-i7']))
    forgetProducts(database.db, [fx.ids['notebook-samsung-galaxy-book4-intel-core-i7']])
    expect(await cheapest()).toBe('notebook-samsung-galaxy-book4-intel-core-i7')
  })
})
