// Automatic promotions on the pages every visitor shares (docs/decisions/0127-promotions.md): the
// cards and the product page show them, priced as the cart charges, and the kept answers follow a
// promotion's start and end through the 'promocoes-agenda' round and the timers it arms.
import { eq, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductCard, ProductDetail } from '../../contract/catalog'
import { toReais } from '../../contract/pricing'
import type { Database } from '../../server/db/client'
import { promotions } from '../../server/db/schema'
import { rows } from '../../server/db/sql'
import { invalidateCatalogCaches } from '../../server/domain/catalog'
import { promotionClockRound, promotionTimers } from '../../server/domain/promotions/clock'
import { priceCart } from '../../server/domain/promotions/price'
import { createHttpApp } from '../../server/http/app'
import { storeProfile } from '../../server/store-profile'
import { testEnv } from '../support/app'
import { insertCatalogFixture, type CatalogFixture } from '../support/catalog-fixtures'
import { createTestDatabase, testDbKind } from '../support/db'
import { startInstance, type Instance } from '../support/instances'

const url = process.env.TEST_DATABASE_URL
let database: Database & { url?: string }
let fx: CatalogFixture
const FONE = 'fone-de-ouvido-sony-wh-1000xm5'
const DETAIL = `/_next/api/detalhe-produto?id=${FONE}`
const LISTING = '/_next/api/itens-categoria?id=audio'
const timers = promotionTimers(() => {})

beforeAll(async () => {
  database = await createTestDatabase()
  fx = await insertCatalogFixture(database.db)
})
afterAll(async () => {
  timers.stop()
  await database?.close()
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Polls until `test` holds, every 20 ms; answers how long it took (ms), or throws after `limitMs`. */
async function within(limitMs: number, test: () => Promise<boolean>): Promise<number> {
  const started = Date.now()
  for (;;) {
    if (await test()) return Date.now() - started
    if (Date.now() - started > limitMs) throw new Error(`não mudou em ${limitMs} ms`)
    await sleep(20)
  }
}

function app() {
  const a = createHttpApp({ db: database.db, env: testEnv, store: storeProfile, log: pino({ level: 'silent' }), isReady: () => true })
  return async (path: string) => {
    const res = await a.request(`http://localhost${path}`)
    expect(res.status, path).toBe(200)
    return { cache: res.headers.get('x-cache'), body: (await res.json()) as unknown }
  }
}
type Get = ReturnType<typeof app>

const detailOf = async (get: Get) => ((await get(DETAIL)).body as [ProductDetail, ProductCard[]])[0]
const cardOf = async (get: Get) => ((await get(LISTING)).body as { data: ProductCard[] }).data.find((c) => c.link_real === FONE)!
const shows = async (get: Get, name: string) => (await detailOf(get)).promocoes?.[0]?.nome === name && (await cardOf(get)).promocao?.nome === name

/** What the cart charges for one unit (priceCart, no coupon), by Pix or by card. */
function charged(cents: number, method: 'pix' | 'cartao', promotion: { kind: 'percentual' | 'fixo'; value: number }) {
  return toReais(
    priceCart({
      lines: [{ productId: 1, categoryIds: [], brandId: null, quantity: 1, unitCents: cents, buyable: true }],
      promotions: [{ id: 1, name: 'x', minQuantity: 1, scope: {}, kind: promotion.kind, value: promotion.value }],
      couponCode: null,
      coupon: null,
      pixPercent: storeProfile.pix.descontoPercentual,
      method,
      shipping: null,
      now: new Date(),
    }).totalCents,
  )
}

describe(`promotions on the kept pages (${testDbKind})`, () => {
  it('cards and the product page show a running promotion "de … por …", priced as the cart charges it', async () => {
    invalidateCatalogCaches(database.db)
    const [promo] = await database.db
      .insert(promotions)
      .values({ name: 'Semana do Áudio', kind: 'percentual', value: 10, scope: { categorias: [fx.cat.audio.id] }, startsAt: new Date(Date.now() - 60_000) })
      .returning()
    try {
      const get = app()
      await within(1000, () => shows(get, 'Semana do Áudio'))
      const card = await cardOf(get)
      // 1.999,00 − 10 % = 1.799,10; Pix 5 % of it.
      expect(card).toMatchObject({ valor: 1999, valorDe: 1999, promocao: { nome: 'Semana do Áudio', valor: 1799.1 } })
      expect(card.valorPix).toBe(charged(199_900, 'pix', promo))
      expect(card.promocao!.valor).toBe(charged(199_900, 'cartao', promo))
      const detail = await detailOf(get)
      expect(detail).toMatchObject({ valor: 1999, valorPix: card.valorPix, promocoes: [{ nome: 'Semana do Áudio', tipo: 'percentual', valor: 10, minimo: 1 }] })
      // A product of another category shows none.
      const other = ((await get('/_next/api/itens-categoria?id=cameras')).body as { data: ProductCard[] }).data
      expect(other.length).toBeGreaterThan(0)
      expect(other.some((c) => c.promocao)).toBe(false)
    } finally {
      await database.db.delete(promotions).where(eq(promotions.id, promo.id))
    }
  })

  it('listings sort and filter by price at what the shopper pays under the running promotions', async () => {
    invalidateCatalogCaches(database.db)
    const get = app()
    const celulares = (query: string) => `/_next/api/itens-categoria?id=celulares&${query}`
    const links = async (query: string) => ((await get(celulares(query))).body as { data: ProductCard[] }).data.map((c) => c.link_real)
    const paid = async (query: string) => ((await get(celulares(query))).body as { data: ProductCard[] }).data.map((c) => c.promocao?.valor ?? c.valor)
    const listed = await links('ordem=menor-preco')
    // Before: the list prices (capa 49,90, carregador 129,90, A55 2.099,00, iPhone 5.999,90, S24 8.999,00).
    expect(await paid('ordem=menor-preco')).toEqual([49.9, 129.9, 2099, 5999.9, 8999])
    const [capa, carregador, a55, iphone, s24] = listed
    const [promo, progressive] = await database.db
      .insert(promotions)
      .values([
        // On the parent category (its subcategories' products), the A55 excluded: the iPhone drops to 1.799,97.
        {
          name: 'Semana dos Celulares',
          kind: 'percentual',
          value: 70,
          scope: { categorias: [fx.cat.celulares.id], excluidos: [fx.ids[a55]] },
          startsAt: new Date(Date.now() - 60_000),
        },
        // From 2 units only: a card shows one unit, so the listing ignores it.
        {
          name: 'Leve 2 Samsung',
          kind: 'fixo',
          value: 200_000,
          minQuantity: 2,
          scope: { marcas: [fx.brand.samsung.id] },
          startsAt: new Date(Date.now() - 60_000),
        },
      ])
      .returning()
    try {
      await within(1000, async () => (await links('ordem=menor-preco'))[2] === iphone)
      expect(await links('ordem=menor-preco')).toEqual([capa, carregador, iphone, a55, s24])
      expect(await paid('ordem=menor-preco')).toEqual([14.97, 38.97, 1799.97, 2099, 2699.7])
      expect(await links('ordem=maior-preco')).toEqual([s24, a55, iphone, carregador, capa])
      // The price range is over the same prices: the iPhone is now within R$ 2.000,00, the A55 is not.
      expect(await links('ordem=menor-preco&max=2000')).toEqual([capa, carregador, iphone])
      expect(((await get(celulares('max=2000&min=1000'))).body as { total: number }).total).toBe(1)
      // The other orders are the set's own, untouched.
      expect(await links('ordem=mais-vendidos')).toEqual(await links(''))
    } finally {
      await database.db.delete(promotions).where(sql`id IN (${promo.id}, ${progressive.id})`)
    }
    await within(1000, async () => (await links('ordem=menor-preco'))[2] === a55)
    expect(await links('ordem=menor-preco&max=2000')).toEqual([capa, carregador])
  })

  it("a promotion's start passing: the round announces it and every kept answer shows it within a second", async () => {
    const startsAt = new Date(Date.now() + 1500)
    const [promo] = await database.db
      .insert(promotions)
      .values({ name: 'Começa Já', kind: 'fixo', value: 10_000, scope: { produtos: [fx.ids[FONE]] }, startsAt })
      .returning()
    try {
      // The insert's own notification lands; then the answers are kept without the promotion.
      await sleep(300)
      const get = app()
      expect((await detailOf(get)).promocoes).toBeUndefined()
      expect((await cardOf(get)).promocao).toBeUndefined()
      expect((await get(DETAIL)).cache).toBe('HIT')
      await sleep(startsAt.getTime() - Date.now() + 50)
      // Started, but nothing announced it: what is kept still says the old price.
      expect((await get(DETAIL)).cache).toBe('HIT')
      expect((await detailOf(get)).promocoes).toBeUndefined()

      // The round's queue is there from the migrations, as the other scheduled rounds'.
      expect(await rows(database.db, sql`SELECT name, policy FROM pgboss.queue WHERE name = 'promocoes-agenda'`)).toEqual([
        { name: 'promocoes-agenda', policy: 'stately' },
      ])
      expect(await promotionClockRound(database.db, timers)).toMatchObject({ passed: 1 })
      await within(1000, () => shows(get, 'Começa Já'))
      expect(await cardOf(get)).toMatchObject({ promocao: { nome: 'Começa Já', valor: 1899 } })
    } finally {
      await database.db.delete(promotions).where(eq(promotions.id, promo.id))
    }
  })

  it('a promotion ending before the next round: the timer the round armed drops it from every kept answer at that moment', async () => {
    const endsAt = new Date(Date.now() + 1500)
    const [promo] = await database.db
      .insert(promotions)
      .values({ name: 'Acaba Já', kind: 'percentual', value: 20, scope: { marcas: [fx.brand.sony.id] }, startsAt: new Date(Date.now() - 60_000), endsAt })
      .returning()
    try {
      await sleep(300)
      const get = app()
      await within(1000, () => shows(get, 'Acaba Já'))
      expect((await get(DETAIL)).cache).toBe('HIT')
      expect((await promotionClockRound(database.db, timers)).armed).toBeGreaterThanOrEqual(1)
      await sleep(endsAt.getTime() - Date.now())
      // No round runs meanwhile: the armed timer announces the end.
      const took = await within(1500, async () => (await detailOf(get)).promocoes === undefined && (await cardOf(get)).promocao === undefined)
      expect(took).toBeLessThan(1500)
    } finally {
      await database.db.delete(promotions).where(eq(promotions.id, promo.id))
    }
  })
})

describe.skipIf(!url)('two store processes on one PostgreSQL database: a promotion starting', () => {
  let a: Instance
  let b: Instance
  beforeAll(async () => {
    ;[a, b] = await Promise.all([startInstance(database.url!), startInstance(database.url!)])
  }, 60_000)
  afterAll(() => {
    a?.child.kill('SIGTERM')
    b?.child.kill('SIGTERM')
  })

  /** The product page and detalhe-produto of an instance: the promotions each carries, by name. */
  const promotionsOn = async (i: Instance) => {
    // Both answer [detail, similar cards] (the instance's page stands in with the loader's own call).
    const [page] = (await (await i.get(`/produto/${FONE}`)).json()) as [ProductDetail]
    const [detail] = (await (await i.get(DETAIL)).json()) as [ProductDetail]
    return [page, detail].map((d) => (d.promocoes ?? []).map((p) => p.nome).join(',')).join('|')
  }

  it('the kept product pages of both show it within 1 s of its start, announced by a round run elsewhere', { timeout: 30_000 }, async () => {
    const startsAt = new Date(Date.now() + 2500)
    const [promo] = await database.db
      .insert(promotions)
      .values({ name: 'Começa nas Duas', kind: 'percentual', value: 15, scope: { produtos: [fx.ids[FONE]] }, startsAt })
      .returning()
    const roundTimers = promotionTimers(() => {})
    try {
      // The insert's own announcement lands; each instance then keeps its pages without the promotion.
      await sleep(400)
      for (const i of [a, b]) {
        expect(await promotionsOn(i)).toBe('|')
        expect((await i.get(`/produto/${FONE}`)).headers.get('x-cache')).toBe('HIT')
        expect((await i.get(DETAIL)).headers.get('x-cache')).toBe('HIT')
      }
      // The round runs in a third process (a worker): it arms the timer for the start.
      expect((await promotionClockRound(database.db, roundTimers)).armed).toBeGreaterThanOrEqual(1)
      await sleep(startsAt.getTime() - Date.now() - 50)
      // Not started yet: still the kept pages without it.
      expect(await promotionsOn(a)).toBe('|')
      const seen = await Promise.all([a, b].map((i) => within(2000, async () => (await promotionsOn(i)) === 'Começa nas Duas|Começa nas Duas')))
      const late = Date.now() - startsAt.getTime()
      process.stdout.write(`promoções: início visto nas duas instâncias em ${late} ms (esperas ${seen.join(' / ')} ms)\n`)
      expect(late).toBeLessThanOrEqual(1000)
    } finally {
      roundTimers.stop()
      await database.db.delete(promotions).where(eq(promotions.id, promo.id))
    }
  })
})
