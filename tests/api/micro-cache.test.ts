import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { productStats } from '../../server/db/schema'
import { flushProductViews, invalidateCatalogCaches } from '../../server/domain/catalog'
import { insertCatalogFixture, type CatalogFixture } from '../../server/domain/catalog/test-fixtures'
import { createSession } from '../../server/domain/session/session'
import { createHttpApp } from '../../server/http/app'
import { VIEW_HEADER } from '../../server/http/micro-cache'
import { storeProfile } from '../../server/store-profile'
import { testEnv } from '../support/app'
import { createTestDatabase, testDbKind } from '../support/db'

let database: Database
let fx: CatalogFixture
const PRODUCT = 'fone-de-ouvido-sony-wh-1000xm5'
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36' }

beforeAll(async () => {
  database = await createTestDatabase()
  fx = await insertCatalogFixture(database.db)
})
afterAll(() => database?.close())

function app() {
  return createHttpApp({ db: database.db, env: testEnv, store: storeProfile, log: pino({ level: 'silent' }), isReady: () => true })
}
const views = async () =>
  (await database.db.select().from(productStats).where(eq(productStats.productId, fx.ids[PRODUCT])))[0]?.viewCount ?? 0

describe(`micro-cache for visitors without a session (${testDbKind})`, () => {
  it('answers a repeated anonymous read from memory, still counting product views, never leaking the view header', async () => {
    const a = app()
    const url = `http://localhost/_next/api/detalhe-produto?id=${PRODUCT}`
    const before = await views()
    const first = await a.request(url, { headers: BROWSER })
    const second = await a.request(url, { headers: BROWSER })
    expect(first.status).toBe(200)
    expect(first.headers.get('x-cache')).toBeNull()
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(first.headers.has(VIEW_HEADER) || second.headers.has(VIEW_HEADER)).toBe(false)
    expect(await second.json()).toEqual(await first.json())
    await flushProductViews(database.db)
    expect(await views()).toBe(before + 2)
  })

  it('crawlers are served but not counted', async () => {
    const a = app()
    const url = `http://localhost/_next/api/detalhe-produto?id=${PRODUCT}&bot=1`
    await a.request(url, { headers: BROWSER })
    await flushProductViews(database.db)
    const before = await views()
    const hit = await a.request(url, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } })
    expect(hit.headers.get('x-cache')).toBe('HIT')
    await flushProductViews(database.db)
    expect(await views()).toBe(before)
  })

  it('never serves or stores answers for a visitor with a session', async () => {
    const a = app()
    const { token } = await createSession(database.db)
    const url = 'http://localhost/_next/api/inicio?bloco=recentes'
    await a.request(url)
    const personal = await a.request(url, { headers: { cookie: `vt_sid=${token}` } })
    expect(personal.headers.get('x-cache')).toBeNull()
  })

  it('forgets everything when the catalog changes', async () => {
    const a = app()
    const url = 'http://localhost/_next/api/itens-categoria?id=celulares'
    await a.request(url)
    expect((await a.request(url)).headers.get('x-cache')).toBe('HIT')
    invalidateCatalogCaches(database.db)
    expect((await a.request(url)).headers.get('x-cache')).toBeNull()
  })

  it('does not keep failures, searches that set a cookie, or writes', async () => {
    const a = app()
    for (let i = 0; i < 2; i++) {
      const missing = await a.request('http://localhost/_next/api/detalhe-produto?id=nao-existe')
      expect(missing.status).toBe(404)
      expect(missing.headers.get('x-cache')).toBeNull()
      const search = await a.request('http://localhost/_next/api/pesquisa?p=fone')
      expect(search.headers.get('x-cache')).toBeNull()
    }
  })
})
