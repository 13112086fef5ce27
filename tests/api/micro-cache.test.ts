import { eq, sql } from 'drizzle-orm'
import { NOT_A_VIEW_HEADER } from '../../contract/catalog'
import pino from 'pino'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../server/db/client'
import { productStats, searchHistory } from '../../server/db/schema'
import { flushProductViews, flushSearchHistory, invalidateCatalogCaches } from '../../server/domain/catalog'
import { addToCart, listCart } from '../../server/domain/cart'
import { FIXTURE, publicHashes } from '../support/cart-fixtures'
import { insertCatalogFixture, type CatalogFixture } from '../support/catalog-fixtures'
import { createSession } from '../../server/domain/session/session'
import { BusyError } from '../../server/lib/limiter'
import { createHttpApp, nulInPath, type PageHandler } from '../../server/http/app'
import { SECURITY_HEADERS } from '../../server/http/security-headers'
import { MICRO_CACHE_STALE_MS, MICRO_CACHE_TTL_MS } from '../../server/http/micro-cache'
import { INTERNAL_HEADERS, SEARCH_HEADER, VIEW_HEADER, privateAnswer, sharedAnswer } from '../../server/http/cache-headers'
import { storeProfile } from '../../server/store-profile'
import { testEnv } from '../support/app'
import { createTestDatabase, statementsDuring, testDbKind } from '../support/db'

let database: Database
let fx: CatalogFixture
const PRODUCT = 'fone-de-ouvido-sony-wh-1000xm5'
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126 Safari/537.36' }
const BOT = { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }

beforeAll(async () => {
  database = await createTestDatabase()
  fx = await insertCatalogFixture(database.db)
})
afterAll(() => database?.close())

/** A page handler standing in for React Router: shared pages, a personal page, a product page. */
let rendered = 0
/** '/lento' renders only when this settles. */
let slowGate: Promise<void> = Promise.resolve()
const pages: PageHandler = async (request, ctx) => {
  rendered++
  const path = new URL(request.url).pathname
  const html = `<!doctype html><title>${path}</title>${'<p>vitrine</p>'.repeat(200)}`
  const headers = { 'content-type': 'text/html; charset=utf-8' }
  if (path === '/pessoal') return new Response(html, { headers })
  if (path === '/meu-carrinho') {
    // The cart page's shape: the session's own cart, private.
    const cart = await listCart(ctx, ctx.session.current())
    const lines = cart.itens.map((i) => `<li>${i.titulo} × ${i.quantidade} = ${i.valor_total}</li>`).join('')
    return new Response(`${html}<ul>${lines}</ul><p>render ${rendered}</p>`, { headers: { ...headers, ...privateAnswer() } })
  }
  if (path === '/lento') await slowGate
  if (path === '/lento' || path === '/rapido') {
    return new Response(`${html}<p>${rendered}</p>`, { headers: { ...headers, ...sharedAnswer() } })
  }
  if (path.startsWith('/produto/')) {
    return new Response(html, { headers: { ...headers, ...sharedAnswer({ [VIEW_HEADER]: String(fx.ids[PRODUCT]) }) } })
  }
  return new Response(html, { headers: { ...headers, ...sharedAnswer() } })
}

function app(extra: { microCacheBytes?: number } = {}) {
  return createHttpApp({
    ...extra,
    db: database.db,
    env: testEnv,
    store: storeProfile,
    log: pino({ level: 'silent' }),
    isReady: () => true,
    pages,
    // A call whose work was refused by a full queue (server/lib/limiter.ts).
    mount: (h) => {
      h.get('/_next/api/ocupado', () => Promise.reject(new BusyError()))
      // Answers the micro-cache never handles: a static file and a POST's answer.
      const css = 'a{color:red}'.repeat(300)
      h.get('/assets/estilo.css', (c) => c.body(css, 200, { 'content-type': 'text/css', ...sharedAnswer() }))
      h.post('/_next/api/eco', (c) => c.json({ texto: css }))
    },
  })
}
const views = async () => (await database.db.select().from(productStats).where(eq(productStats.productId, fx.ids[PRODUCT])))[0]?.viewCount ?? 0
const noInternalHeaders = (res: Response) => INTERNAL_HEADERS.every((h) => !res.headers.has(h))

describe(`micro-cache of one visitor's answers (${testDbKind})`, () => {
  const gz = { 'accept-encoding': 'gzip' }
  const page = async (a: ReturnType<typeof app>, token?: string) => {
    const res = await a.request('http://localhost/meu-carrinho', { headers: token ? { ...gz, cookie: `vt_sid=${token}` } : gz })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(noInternalHeaders(res)).toBe(true)
    return { cache: res.headers.get('x-cache'), html: gunzipSync(Buffer.from(await res.arrayBuffer())).toString() }
  }
  const deps = { db: undefined as unknown as Database['db'], store: storeProfile }

  it('never keeps the cart page: every request renders the cart as it is now (decision 0034)', async () => {
    deps.db = database.db
    const { hashes } = await publicHashes(database.db)
    const a = app()
    const alice = await createSession(database.db)
    const bob = await createSession(database.db)
    await addToCart(deps, alice.session, { id: hashes[FIXTURE.IPHONE], qtd: 1 })
    await addToCart(deps, bob.session, { id: hashes[FIXTURE.CANON], qtd: 2 })
    rendered = 0
    const first = await page(a, alice.token)
    expect(first.cache).toBeNull()
    expect(first.html).toContain('iPhone')
    expect((await page(a, alice.token)).cache).toBeNull()
    const other = await page(a, bob.token)
    expect(other.html).toContain('Canon')
    expect(other.html).not.toContain('iPhone')
    expect(rendered).toBe(3)
    // A cart written by anyone (here: plain SQL, as another instance would) shows on the next request.
    await database.db.execute(sql`UPDATE cart_items SET quantity = 3 WHERE cart_id = (SELECT id FROM carts WHERE session_id = ${alice.session.id})`)
    expect((await page(a, alice.token)).html).toContain('× 3')
  })
})

describe(`micro-cache of shared answers (${testDbKind})`, () => {
  it('keeps a shared catalog answer, the same for visitors with and without a session', async () => {
    const a = app()
    const url = 'http://localhost/_next/api/itens-categoria?id=celulares'
    const first = await a.request(url)
    expect(first.headers.get('x-cache')).toBe('MISS')
    const { token } = await createSession(database.db)
    const second = await a.request(url, { headers: { cookie: `vt_sid=${token}` } })
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(await second.json()).toEqual(await first.json())
    expect(noInternalHeaders(first) && noInternalHeaders(second)).toBe(true)
    expect(second.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('sends the kept answer gzipped to clients that accept it, plain to the others', async () => {
    const a = app()
    const url = 'http://localhost/_next/api/inicio?bloco=recentes'
    const plain = await a.request(url)
    const packed = await a.request(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(packed.headers.get('x-cache')).toBe('HIT')
    expect(packed.headers.get('content-encoding')).toBe('gzip')
    expect(packed.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(plain.headers.get('content-encoding')).toBeNull()
    const text = await plain.text()
    expect(gunzipSync(Buffer.from(await packed.arrayBuffer())).toString()).toBe(text)
    // Only the gzip copy is kept: a plain hit is unpacked from it.
    const again = await a.request(url)
    expect(again.headers.get('x-cache')).toBe('HIT')
    expect(again.headers.get('content-encoding')).toBeNull()
    expect(await again.text()).toBe(text)
  })

  it('holds at most its byte bound, dropping the oldest answers first', async () => {
    const a = app({ microCacheBytes: 1 })
    const first = 'http://localhost/_next/api/inicio?bloco=recentes'
    const second = 'http://localhost/_next/api/inicio?bloco=TopPdts'
    await a.request(first)
    expect((await a.request(first)).headers.get('x-cache')).toBe('HIT')
    await a.request(second)
    expect((await a.request(second)).headers.get('x-cache')).toBe('HIT')
    expect((await a.request(first)).headers.get('x-cache')).toBe('MISS')
  })

  it('gzips a new answer fast and, once it is asked again, keeps a smaller copy of the same text', async () => {
    const a = app()
    const url = 'http://localhost/_next/api/inicio?bloco=recentes'
    const headers = { 'accept-encoding': 'gzip' }
    const first = await a.request(url, { headers })
    expect(first.headers.get('x-cache')).toBe('MISS')
    const firstBytes = Buffer.from(await first.arrayBuffer())
    const text = gunzipSync(firstBytes).toString()
    expect(JSON.parse(text).length).toBeGreaterThan(0)
    // The hit sends the fast copy and has the smaller one made; the next hit sends that.
    const second = await a.request(url, { headers })
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(gunzipSync(Buffer.from(await second.arrayBuffer())).toString()).toBe(text)
    await vi.waitFor(async () => {
      const later = Buffer.from(await (await a.request(url, { headers })).arrayBuffer())
      expect(gunzipSync(later).toString()).toBe(text)
      expect(later.byteLength).toBeLessThan(firstBytes.byteLength)
    })
  })

  it('never keeps personal answers (DataMenu)', async () => {
    const a = app()
    const url = 'http://localhost/_next/api/DataMenu/'
    await a.request(url)
    const again = await a.request(url)
    expect(again.headers.get('x-cache')).toBeNull()
    expect(noInternalHeaders(again)).toBe(true)
    // With a session: one statement reads the session, its badge and its searches (decision 0037).
    const visitor = await createSession(database.db)
    const headers = { cookie: `vt_sid=${visitor.token}` }
    await a.request(url, { headers })
    const sent = await statementsDuring(database.db, async () => {
      const mine = await a.request(url, { headers })
      expect(await mine.json()).toMatchObject({ ItensCar: 0, histBusca: [] })
    })
    expect(sent).toBe(1)
  })

  it('keeps detalhe-produto not in the cart (crr 0) only for visitors whose cart does not hold the product', async () => {
    const a = app()
    const url = `http://localhost/_next/api/detalhe-produto?id=${PRODUCT}`
    const crr = async (res: Response) => ((await res.json()) as [{ crr: { crr: number } }])[0].crr.crr
    expect((await a.request(url)).headers.get('x-cache')).toBe('MISS')
    const anonymous = await a.request(url)
    expect(anonymous.headers.get('x-cache')).toBe('HIT')
    expect(anonymous.headers.get('cache-control')).toBe('private, no-store')
    expect(noInternalHeaders(anonymous)).toBe(true)
    expect(await crr(anonymous)).toBe(0)

    const emptyCart = await createSession(database.db)
    const withoutIt = await a.request(url, { headers: { cookie: `vt_sid=${emptyCart.token}` } })
    expect(withoutIt.headers.get('x-cache')).toBe('HIT')

    const { carts, cartItems } = await import('../../server/db/schema')
    const buyer = await createSession(database.db)
    const [cart] = await database.db.insert(carts).values({ sessionId: buyer.session.id }).returning()
    await database.db.insert(cartItems).values({ cartId: cart.id, productId: fx.ids[PRODUCT], token: 'mc-1', quantity: 1 })
    const inCart = await a.request(url, { headers: { cookie: `vt_sid=${buyer.token}` } })
    expect(inCart.headers.get('x-cache')).toBeNull()
    expect(await crr(inCart)).toBe(1)
    // …and the crr-1 answer is never kept for others.
    expect(await crr(await a.request(url))).toBe(0)
    await database.db.delete(carts)
  })

  it('detalhe-produto counts every view itself (crawlers and the in-cart check excluded), gzipped on request', async () => {
    const a = app()
    const url = `http://localhost/_next/api/detalhe-produto?id=${PRODUCT}`
    await flushProductViews(database.db)
    const before = await views()
    const first = await a.request(url, { headers: BROWSER })
    const second = await a.request(url, { headers: { ...BROWSER, 'accept-encoding': 'gzip' } })
    await a.request(url, { headers: BOT })
    // The product page's own in-cart check after a cached page is not another view.
    await a.request(url, { headers: { ...BROWSER, [NOT_A_VIEW_HEADER]: '1' } })
    const plain = await first.text()
    // Under 1 KB gzip is not worth it; the fixture's details are around that size.
    expect(second.headers.get('content-encoding')).toBe(plain.length >= 1024 ? 'gzip' : null)
    const body = Buffer.from(await second.arrayBuffer())
    expect(JSON.parse((plain.length >= 1024 ? gunzipSync(body) : body).toString())).toEqual(JSON.parse(plain))
    await flushProductViews(database.db)
    expect(await views()).toBe(before + 2)
  })

  it('a kept product page still counts views for people, not for crawlers', async () => {
    const a = app()
    const url = `http://localhost/produto/${PRODUCT}`
    await a.request(url, { headers: BROWSER })
    await flushProductViews(database.db)
    const before = await views()
    const hit = await a.request(url, { headers: BROWSER })
    expect(hit.headers.get('x-cache')).toBe('HIT')
    expect(noInternalHeaders(hit)).toBe(true)
    await a.request(url, { headers: BOT })
    await flushProductViews(database.db)
    expect(await views()).toBe(before + 1)
  })

  it('pages: shared ones are kept, personal ones are not; both carry the security headers and gzip', async () => {
    const a = app()
    rendered = 0
    const gz = { 'accept-encoding': 'gzip' }
    await a.request('http://localhost/sobre/quem-somos/', { headers: gz })
    const kept = await a.request('http://localhost/sobre/quem-somos/', { headers: gz })
    expect(kept.headers.get('x-cache')).toBe('HIT')
    await a.request('http://localhost/pessoal', { headers: gz })
    const personal = await a.request('http://localhost/pessoal', { headers: gz })
    expect(personal.headers.get('x-cache')).toBeNull()
    expect(rendered).toBe(3)
    for (const res of [kept, personal]) {
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('content-encoding')).toBe('gzip')
      expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toContain('<p>vitrine</p>')
    }
  })

  it('a kept answer over https carries HSTS and every security header, hit or miss; over http no HSTS', async () => {
    const a = app()
    const url = '/_next/api/inicio?bloco=TopPdts'
    const gz = { 'accept-encoding': 'gzip' }
    const answers = [
      await a.request(`https://loja.test${url}`, { headers: gz }),
      await a.request(`https://loja.test${url}`, { headers: gz }),
      await a.request(`https://loja.test${url}`),
    ]
    expect(answers.map((r) => r.headers.get('x-cache'))).toEqual(['MISS', 'HIT', 'HIT'])
    for (const res of answers) {
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/)
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(res.headers.get(name)).toBe(value)
    }
    const plain = await a.request(`http://loja.test${url}`, { headers: gz })
    expect(plain.headers.get('x-cache')).toBe('HIT')
    expect(plain.headers.get('strict-transport-security')).toBeNull()
    expect(plain.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('an encoded NUL in the path is refused before any cache; in the query it is only a character', () => {
    expect(nulInPath('http://loja.test/produto/a%00b')).toBe(true)
    expect(nulInPath('http://loja.test/produto/a%00')).toBe(true)
    expect(nulInPath('https://loja.test:8443/x/%00?p=1')).toBe(true)
    expect(nulInPath('http://loja.test/busca?p=%00')).toBe(false)
    expect(nulInPath('http://loja.test/a%000b')).toBe(true)
    expect(nulInPath('http://loja.test/a%0b')).toBe(false)
  })

  it('a kept search still joins the history of the visitor who repeats it; a visitor without a session gets the copy and no session', async () => {
    const a = app()
    const url = `http://localhost/_next/api/pesquisa?p=${encodeURIComponent('fone sony')}`
    const first = await a.request(url)
    // A search is a read: a visitor without a session gets none, and the answer is kept.
    expect(first.headers.get('set-cookie')).toBeNull()
    expect(first.headers.get('x-cache')).toBe('MISS')
    expect(first.headers.has(SEARCH_HEADER)).toBe(false)

    const other = await createSession(database.db)
    const hit = await a.request(url, { headers: { cookie: `vt_sid=${other.token}` } })
    expect(hit.headers.get('x-cache')).toBe('HIT')
    await flushSearchHistory(database.db)
    const kept = await database.db.select().from(searchHistory).where(eq(searchHistory.sessionId, other.session.id))
    expect(kept.map((r) => r.term)).toEqual(['fone sony'])

    const stranger = await a.request(url)
    expect(stranger.headers.get('x-cache')).toBe('HIT')
    expect(stranger.headers.get('set-cookie')).toBeNull()
    expect(await stranger.json()).toEqual(await hit.json())
  })

  it('one compression path: a static file and a POST answer are gzipped like the rest, internal headers out', async () => {
    const a = app()
    const gz = { 'accept-encoding': 'gzip' }
    for (const res of [
      await a.request('http://localhost/assets/estilo.css', { headers: gz }),
      await a.request('http://localhost/_next/api/eco', { method: 'POST', headers: { ...gz, origin: 'http://localhost' } }),
    ]) {
      expect(res.status).toBe(200)
      expect(res.headers.get('content-encoding')).toBe('gzip')
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
      expect(noInternalHeaders(res)).toBe(true)
      expect(res.headers.get('x-cache')).toBeNull()
      expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toContain('a{color:red}')
    }
    const plain = await a.request('http://localhost/assets/estilo.css')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe('a{color:red}'.repeat(300))
  })

  it('a hit reads no session row: a kept page or search names the session by its token hash (decision 0035)', async () => {
    const a = app()
    const product = `http://localhost/produto/${PRODUCT}`
    const search = `http://localhost/_next/api/pesquisa?p=${encodeURIComponent('fone bluetooth')}`
    const visitor = await createSession(database.db)
    const cookie = { ...BROWSER, cookie: `vt_sid=${visitor.token}` }
    await a.request(product, { headers: cookie })
    await a.request(search, { headers: cookie })
    await flushSearchHistory(database.db)
    const sent = await statementsDuring(database.db, async () => {
      expect((await a.request(product, { headers: cookie })).headers.get('x-cache')).toBe('HIT')
      expect((await a.request(search, { headers: cookie })).headers.get('x-cache')).toBe('HIT')
    })
    expect(sent).toBe(0)
    // The term still reached the history; a cookie naming no session records nothing.
    const ended = 'x'.repeat(43)
    expect((await a.request(search, { headers: { cookie: `vt_sid=${ended}` } })).headers.get('x-cache')).toBe('HIT')
    await flushSearchHistory(database.db)
    const kept = await database.db.select().from(searchHistory).where(eq(searchHistory.sessionId, visitor.session.id))
    expect(kept.map((r) => r.term)).toEqual(['fone bluetooth'])
  })

  it('an expired copy is still served while one request renders its replacement, never beyond the stale window', async () => {
    const a = app()
    const clock = vi.spyOn(Date, 'now')
    try {
      const t0 = 1_000_000_000_000
      clock.mockReturnValue(t0)
      const first = await a.request('http://localhost/lento')
      expect(first.headers.get('x-cache')).toBe('MISS')
      const original = await first.text()

      clock.mockReturnValue(t0 + MICRO_CACHE_TTL_MS + 1)
      let open = () => {}
      slowGate = new Promise((resolve) => (open = resolve))
      const refresher = a.request('http://localhost/lento')
      await new Promise((resolve) => setTimeout(resolve, 20))
      // Meanwhile everyone else gets the old copy at once.
      const meanwhile = await a.request('http://localhost/lento')
      expect(meanwhile.headers.get('x-cache')).toBe('HIT')
      expect(await meanwhile.text()).toBe(original)
      open()
      const renewed = await refresher
      expect(renewed.headers.get('x-cache')).toBe('MISS')
      expect(await renewed.text()).not.toBe(original)
      expect((await a.request('http://localhost/lento')).headers.get('x-cache')).toBe('HIT')

      // Expired with nobody refreshing: the next request renders (it does not get the old copy).
      await a.request('http://localhost/rapido')
      clock.mockReturnValue(t0 + 2 * MICRO_CACHE_TTL_MS + 2)
      expect((await a.request('http://localhost/rapido')).headers.get('x-cache')).toBe('MISS')
      // Past the stale window the copy is dropped.
      clock.mockReturnValue(t0 + 4 * MICRO_CACHE_TTL_MS + MICRO_CACHE_STALE_MS)
      expect((await a.request('http://localhost/lento')).headers.get('x-cache')).toBe('MISS')
    } finally {
      clock.mockRestore()
      slowGate = Promise.resolve()
    }
  })

  it('forgets everything when the catalog changes', async () => {
    const a = app()
    const url = 'http://localhost/_next/api/itens-categoria?id=celulares&ordem=novidades'
    await a.request(url)
    expect((await a.request(url)).headers.get('x-cache')).toBe('HIT')
    invalidateCatalogCaches(database.db)
    expect((await a.request(url)).headers.get('x-cache')).toBe('MISS')
  })

  it('an overloaded store answers 503 with Retry-After and a pt-BR message, never kept', async () => {
    const a = app()
    for (let i = 0; i < 2; i++) {
      const res = await a.request('http://localhost/_next/api/ocupado')
      expect(res.status).toBe(503)
      expect(res.headers.get('retry-after')).toBe('2')
      expect(res.headers.get('x-cache')).toBeNull()
      expect(await res.json()).toEqual({ estado: 'erro', msg: new BusyError().message })
    }
  })

  it('does not keep failures', async () => {
    const a = app()
    for (let i = 0; i < 2; i++) {
      const missing = await a.request('http://localhost/_next/api/itens-categoria?id=nao-existe')
      expect(missing.status).toBe(404)
      expect(missing.headers.get('x-cache')).toBeNull()
    }
  })
})
