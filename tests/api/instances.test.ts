import { eq, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { customers, products } from '../../server/db/schema'
import { rows } from '../../server/db/sql'
import { FIXTURE, publicHashes } from '../support/cart-fixtures'
import { insertCatalogFixture } from '../support/catalog-fixtures'
import { createSession } from '../../server/domain/session/session'
import { createHttpApp } from '../../server/http/app'
import { storeProfile } from '../../server/store-profile'
import { testEnv } from '../support/app'
import { createTestDatabase, testDbKind } from '../support/db'
import { startInstance, type Instance } from '../support/instances'

/**
 * Caches kept coherent by the database (decisions 0033, 0034): every change is written by plain SQL,
 * behind the store's back, and must show on the instances that had the old answers cached.
 */
const url = process.env.TEST_DATABASE_URL
const PRODUCT = FIXTURE.DELL
let database: Database & { url?: string }
let hash: string
let categoryNdi: string

beforeAll(async () => {
  database = await createTestDatabase()
  await insertCatalogFixture(database.db)
  hash = (await publicHashes(database.db)).hashes[PRODUCT]
  const [row] = await rows<{ ndi: string }>(
    database.db,
    sql`SELECT c.ndi FROM products p JOIN categories c ON c.id = p.category_id WHERE p.link_real = ${PRODUCT}`,
  )
  categoryNdi = row.ndi
})
afterAll(() => database?.close())

type Get = (path: string, headers?: Record<string, string>) => Promise<Response>

type Shown = { detail: string; page: string; listing: string; cart?: string }

/**
 * The product as three answers show it: detalhe-produto, the product page and its category's
 * listing; with a `cookie` whose cart holds it, also listar-carrinho (its line's price and max).
 */
async function shownBy(get: Get, cookie?: string): Promise<Shown> {
  const one = async (res: Response) => {
    if (res.status !== 200) return `status ${res.status}`
    const [first] = shown(await res.json())
    return first ? `${first.valor}/${first.qtd}` : 'ausente'
  }
  const found: Shown = {
    detail: await one(await get(`/_next/api/detalhe-produto?id=${hash}`)),
    page: await one(await get(`/produto/${PRODUCT}`)),
    listing: await one(await get(`/_next/api/itens-categoria?id=${categoryNdi}`)),
  }
  if (cookie) {
    const { itens } = (await (await get('/_next/api/listar-carrinho/', { cookie })).json()) as { itens: Array<{ hash: string; valor: number; max: number }> }
    const line = itens.find((i) => i.hash === hash)
    found.cart = line ? `${line.valor}/${line.max}` : 'ausente'
  }
  return found
}

/** The product's own card or detail wherever an answer holds it: its price and stock. */
function shown(value: unknown, out: Array<{ valor: number; qtd: number }> = []) {
  if (Array.isArray(value)) for (const v of value) shown(v, out)
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>
    if (o.link_real === PRODUCT && typeof o.valor === 'number') out.push({ valor: o.valor, qtd: Number(o.qtd) })
    for (const v of Object.values(o)) shown(v, out)
  }
  return out
}

/** Polls until `test` holds, every 20 ms; answers how long it took (ms), or throws after `limitMs`. */
async function within(limitMs: number, test: () => Promise<boolean>): Promise<number> {
  const started = Date.now()
  for (;;) {
    if (await test()) return Date.now() - started
    if (Date.now() - started > limitMs) throw new Error(`não mudou em ${limitMs} ms`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe(`one process: the change notification drops the cached answers at once (${testDbKind})`, () => {
  it('a price written by plain SQL shows on the next request, with no writer calling forgetProducts', async () => {
    const app = createHttpApp({ db: database.db, env: testEnv, store: storeProfile, log: pino({ level: 'silent' }), isReady: () => true })
    const get: Get = async (path, headers) => app.request(`http://localhost${path}`, { headers })
    const before = await shownBy(get)
    expect(before.detail).toBe('3899/7')
    // Cached now: the second read is the micro-cache's copy.
    expect((await get(`/_next/api/detalhe-produto?id=${hash}`)).headers.get('x-cache')).toBe('HIT')
    await database.db.execute(sql`UPDATE products SET price_cents = 379900 WHERE link_real = ${PRODUCT}`)
    try {
      // PGlite: the notification arrives before the UPDATE's own answer; PostgreSQL: on its connection.
      await within(1000, async () => (await get(`/_next/api/detalhe-produto?id=${hash}`)).headers.get('x-cache') !== 'HIT')
      const after = await shownBy(get)
      expect(after.detail).toBe('3799/7')
      expect(after.listing).toBe('3799/7')
    } finally {
      await database.db.execute(sql`UPDATE products SET price_cents = 389900 WHERE link_real = ${PRODUCT}`)
    }
  })
})

describe.skipIf(!url)('two store processes on one PostgreSQL database', () => {
  let a: Instance
  let b: Instance
  /** A visitor whose cart holds the product: its line shows the change too (decision 0117). */
  let shopper: string
  beforeAll(async () => {
    ;[a, b] = await Promise.all([startInstance(database.url!), startInstance(database.url!)])
    const { token } = await createSession(database.db)
    shopper = `vt_sid=${token}`
    expect((await a.post('/_next/api/carrinho/add/', { id: hash, qtd: 1 }, shopper)).status).toBe(200)
  }, 60_000)
  afterAll(() => {
    a?.child.kill('SIGTERM')
    b?.child.kill('SIGTERM')
  })

  /** Both instances serve cached copies, then `write` runs; answers the slower instance's delay (ms). */
  async function change(write: string, expected: (shown: Shown) => boolean): Promise<number> {
    for (const i of [a, b]) {
      await shownBy(i.get, shopper)
      expect((await i.get(`/_next/api/detalhe-produto?id=${hash}`)).headers.get('x-cache')).toBe('HIT')
      expect((await i.get(`/produto/${PRODUCT}`)).headers.get('x-cache')).toBe('HIT')
    }
    await database.db.execute(sql.raw(write))
    const delays = await Promise.all([a, b].map((i) => within(1000, async () => expected(await shownBy(i.get, shopper)))))
    return Math.max(...delays)
  }

  it('a price, stock or active change by plain SQL shows in detail, page, listing and cart of both within 1 s', { timeout: 60_000 }, async () => {
    const price = await change(
      `UPDATE products SET price_cents = 359900 WHERE link_real = '${PRODUCT}'`,
      (s) => s.detail === '3599/7' && s.page === '3599/7' && s.listing === '3599/7' && s.cart === '3599/7',
    )
    const stock = await change(
      `UPDATE products SET stock = 3 WHERE link_real = '${PRODUCT}'`,
      (s) => s.detail === '3599/3' && s.page === '3599/3' && s.listing === '3599/3' && s.cart === '3599/3',
    )
    // No longer sold: gone from the catalog; the cart keeps the line, unavailable (max 0).
    const off = await change(
      `UPDATE products SET active = false WHERE link_real = '${PRODUCT}'`,
      (s) => s.detail === 'status 404' && s.page === 'status 404' && s.listing === 'ausente' && s.cart === '3599/0',
    )
    await database.db.update(products).set({ active: true, stock: 7, priceCents: 389900 }).where(eq(products.linkReal, PRODUCT))
    await within(1000, async () => (await shownBy(b.get)).listing === '3899/7')
    process.stdout.write(`instances: change seen by both in ${price} / ${stock} / ${off} ms (price / stock / active)\n`)
    expect(Math.max(price, stock, off)).toBeLessThanOrEqual(1000)
  })

  it('a cart add on A is in listar-carrinho and the badge on B at once; logout on A is refused on B at once', { timeout: 30_000 }, async () => {
    const [customer] = await database.db
      .insert(customers)
      .values({ nome: 'Dois', sobrenome: 'Processos', email: 'dois.processos@example.com', passwordHash: 'x' })
      .returning({ id: customers.id })
    const { token } = await createSession(database.db, customer.id)
    const cookie = `vt_sid=${token}`
    expect((await a.post('/_next/api/carrinho/add/', { id: hash, qtd: 2 }, cookie)).status).toBe(200)
    const listed = (await (await b.get('/_next/api/listar-carrinho/', { cookie })).json()) as { itens: Array<{ quantidade: number }> }
    expect(listed.itens.map((i) => i.quantidade)).toEqual([2])
    const menu = (await (await b.get('/_next/api/DataMenu/', { cookie })).json()) as { ItensCar: number }
    expect(menu.ItensCar).toBe(2)

    expect((await b.get('/_next/api/lista-enderecos/', { cookie })).status).toBe(200)
    expect((await a.post('/_auth/sair/', {}, cookie)).status).toBe(200)
    const refused = await b.get('/_next/api/lista-enderecos/', { cookie })
    expect(refused.status).toBe(401)
    expect(await refused.json()).toEqual({ estado: 'erro', msg: 'auth' })
    // Every call that needs the session answers 401, never 500.
    for (const path of ['/_next/api/checkout/resumo/', '/_next/api/dados-compra/', '/_next/api/lista-enderecos/']) {
      expect((await b.get(path, { cookie })).status, path).toBe(401)
    }
    expect((await b.post('/_next/api/checkout/envio/', { opcao: 0 }, cookie)).status).toBe(401)
  })

  it('the listener killed: the instance logs it, drops its catalog caches, listens again and the next change propagates', { timeout: 60_000 }, async () => {
    await shownBy(a.get)
    expect((await a.get(`/_next/api/detalhe-produto?id=${hash}`)).headers.get('x-cache')).toBe('HIT')
    const killed = await rows<{ pid: number }>(
      database.db,
      sql`SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
    )
    expect(killed.length).toBeGreaterThanOrEqual(2)
    await within(2000, async () => a.logs.some((l) => l.includes('escuta de mudanças do catálogo perdida')))
    // The caches were emptied: the next read is made afresh.
    expect((await a.get(`/_next/api/detalhe-produto?id=${hash}`)).headers.get('x-cache')).toBe('MISS')
    await within(3000, async () => a.logs.some((l) => l.includes('restabelecida')) && b.logs.some((l) => l.includes('restabelecida')))
    const delay = await change(
      `UPDATE products SET price_cents = 369900 WHERE link_real = '${PRODUCT}'`,
      (s) => s.detail === '3699/7' && s.listing === '3699/7' && s.cart === '3699/7',
    )
    expect(delay).toBeLessThanOrEqual(1000)
    await database.db.update(products).set({ priceCents: 389900 }).where(eq(products.linkReal, PRODUCT))
  })
})
