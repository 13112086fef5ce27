import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dataMenuResponseSchema } from '../../contract/menu'
import type { Database } from '../../server/db/client'
import { categories, newsletterSubscribers } from '../../server/db/schema'
import { NEWSLETTER, NEWSLETTER_MESSAGES } from '../../contract/messages/newsletter'
import { createTestApp } from '../support/app'
import { queuedMails } from '../support/jobs'
import { createTestDatabase, testDbKind } from '../support/db'

let database: Database

beforeAll(async () => {
  database = await createTestDatabase()
  const [tv] = await database.db.insert(categories).values({ titulo: 'TVs', ndi: 'tvs', token: 'tok-tvs', position: 1, suggested: true }).returning()
  await database.db.insert(categories).values([
    { titulo: 'Smart TVs', ndi: 'smart-tvs', token: 'tok-smart', parentId: tv.id, position: 1 },
    { titulo: 'Áudio', ndi: 'audio', token: 'tok-audio', position: 2 },
  ])
})
afterAll(() => database?.close())

describe(`foundation API (${testDbKind})`, () => {
  it('GET /healthz answers ok when ready and 503 before', async () => {
    const { request } = createTestApp(database.db)
    const res = await request('/healthz')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
  })

  it('GET /healthz?detalhe=1 lists every cache with its size and hit/miss counts', async () => {
    const { request } = createTestApp(database.db)
    type Health = { status: string; caches: Array<Record<string, unknown>> }
    const health = async () => (await (await request('/healthz?detalhe=1')).json()) as Health
    const hits = (body: Health) => Number(body.caches.find((c) => c.name === 'catalog-names')?.hits ?? 0)
    // On PostgreSQL the seed's own change notifications arrive asynchronously and may empty the
    // cache between two reads once; ask again until a read is served from it (bounded).
    let body = await health()
    for (let i = 0; i < 20 && hits(body) === 0; i++) {
      await request('/_next/api/DataMenu/')
      await request('/_next/api/DataMenu/')
      body = await health()
    }
    expect(body.status).toBe('ok')
    const names = body.caches.find((c) => c.name === 'catalog-names')
    expect(names).toMatchObject({ ttlMs: 30_000, entries: expect.any(Number), bytes: expect.any(Number) })
    expect(Number(names?.hits)).toBeGreaterThan(0)
    // At most nine named caches, all of answers every visitor shares (docs/architecture.md).
    const allowed = [
      'catalog-names',
      'match-sets',
      'micro-cache',
      'product-cards',
      'product-details',
      'promotions',
      'shipping-quotes',
      'shipping-settings',
      'vocabulary',
    ]
    expect(body.caches.map((c) => c.name).filter((n) => !allowed.includes(String(n)))).toEqual([])
  })

  it('DataMenu lists the category tree and suggested categories from the database', async () => {
    const { request } = createTestApp(database.db)
    const res = await request('/_next/api/DataMenu/')
    expect(res.status).toBe(200)
    const body = dataMenuResponseSchema.parse(await res.json())
    expect(body.ItensCar).toBe(0)
    expect(body.histBusca).toEqual([])
    expect(body.Categorias.map((c) => c.ndi)).toEqual(['tvs', 'audio'])
    expect(body.Categorias[0].subcategorias).toEqual([{ titulo: 'Smart TVs', ndi: 'smart-tvs' }])
    expect(body.Sgt).toEqual([{ titulo: 'TVs', ndi: 'tvs' }])
  })

  it('DataMenu counts the pieces in the session cart and its recent searches', async () => {
    const { createSession } = await import('../../server/domain/session/session')
    const { brands, carts, cartItems, products, searchHistory } = await import('../../server/db/schema')
    const { token, session } = await createSession(database.db)
    const [cat] = await database.db.select().from(categories).limit(1)
    const [brand] = await database.db.insert(brands).values({ titulo: 'Marca', link: 'marca' }).returning()
    const [p] = await database.db
      .insert(products)
      .values({ hash: 'h1', linkReal: 'p1', titulo: 'Produto', priceCents: 1000, stock: 5, categoryId: cat.id, brandId: brand.id, sku: 's1' })
      .returning()
    const [cart] = await database.db.insert(carts).values({ sessionId: session.id }).returning()
    await database.db.insert(cartItems).values({ cartId: cart.id, productId: p.id, token: 't1', quantity: 3 })
    await database.db.insert(searchHistory).values({ sessionId: session.id, term: 'fone' })
    const { app } = createTestApp(database.db)
    const res = await app.request('http://localhost/_next/api/DataMenu/', { headers: { cookie: `vt_sid=${token}` } })
    const body = dataMenuResponseSchema.parse(await res.json())
    expect(body.ItensCar).toBe(3)
    expect(body.histBusca).toEqual(['fone'])
  })

  it('newsletter: the same answer for any address, double opt-in, a way out in the e-mail and its header', async () => {
    const { request } = createTestApp(database.db)
    const post = (path: string, json: unknown, ip = '10.61.0.1') =>
      request(`/_next/api/newsletter/${path}`, { method: 'POST', json, headers: { 'x-forwarded-for': ip } })
    const first = await post('', { email: '  Ana.Souza@Example.com ' })
    expect(first.status).toBe(200)
    const answer = await first.json()
    expect(answer).toEqual({ estado: 'sucesso', msg: NEWSLETTER_MESSAGES.sent })
    const rows = await database.db.select().from(newsletterSubscribers)
    expect(rows.map((r) => [r.email, r.confirmedAt])).toEqual([['ana.souza@example.com', null]])
    const [mail] = await queuedMails(database, 'ana.souza@example.com')
    const token = rows[0].token
    expect(mail.text).toContain(`/newsletter/confirmar/${token}`)
    expect(mail.text).toContain(`/newsletter/sair/${token}`)
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<http://localhost/newsletter/sair/${token}>` })

    expect(await (await post('confirmar/', { token })).json()).toEqual({ estado: 'sucesso', msg: NEWSLETTER_MESSAGES.confirmed })
    expect((await database.db.select().from(newsletterSubscribers))[0].confirmedAt).not.toBeNull()
    // Subscribed or not, the answer is the same; a confirmed address is sent nothing more.
    expect(await (await post('', { email: 'ana.souza@example.com' })).json()).toEqual(answer)
    expect(await (await post('', { email: 'outra.pessoa@example.com' })).json()).toEqual(answer)
    expect(await queuedMails(database, 'ana.souza@example.com')).toHaveLength(1)
    expect((await post('confirmar/', { token: 'x'.repeat(30) })).status).toBe(422)

    expect(await (await post('sair/', { token })).json()).toEqual({ estado: 'sucesso', msg: NEWSLETTER_MESSAGES.unsubscribed })
    expect((await database.db.select().from(newsletterSubscribers)).map((r) => r.email)).toEqual(['outra.pessoa@example.com'])
  })

  it('newsletter sign-ups are limited per address (3 a day) and per IP (10 an hour)', async () => {
    const { request } = createTestApp(database.db)
    const post = (email: string, ip: string) => request('/_next/api/newsletter/', { method: 'POST', json: { email }, headers: { 'x-forwarded-for': ip } })
    for (let i = 0; i < 3; i++) expect((await post('limite@example.com', `10.62.0.${i}`)).status).toBe(200)
    const limited = await post('limite@example.com', '10.62.0.9')
    expect([limited.status, (await limited.json()).msg]).toEqual([429, NEWSLETTER.limited.message])
    for (let i = 0; i < 10; i++) expect((await post(`ip${i}@example.com`, '2001:db8:5::1')).status).toBe(200)
    expect((await post('mais-um@example.com', '2001:db8:5::ffff')).status).toBe(429)
  })

  it.each([
    ['malformed JSON', '{"email":', 400],
    ['wrong type', JSON.stringify({ email: 42 }), 422],
    ['invalid e-mail', JSON.stringify({ email: 'sem-arroba' }), 422],
    ['unknown field', JSON.stringify({ email: 'a@b.com.br', extra: 1 }), 422],
    ['oversized body', JSON.stringify({ email: 'a@b.com.br', pad: 'x'.repeat(110 * 1024) }), 413],
  ])('newsletter rejects %s with a pt-BR 4xx and writes nothing', async (_name, body, status) => {
    const { request } = createTestApp(database.db)
    const before = (await database.db.select().from(newsletterSubscribers)).length
    const res = await request('/_next/api/newsletter/', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(status)
    const json = await res.json()
    expect(json.estado).toBe('erro')
    expect(json.msg).not.toMatch(/invalid|expected|error/i)
    expect((await database.db.select().from(newsletterSubscribers)).length).toBe(before)
  })

  it('refuses a non-JSON body with 415', async () => {
    const { request } = createTestApp(database.db)
    const res = await request('/_next/api/newsletter/', { method: 'POST', body: 'email=a@b.com' })
    expect(res.status).toBe(415)
  })

  it('refuses cross-site writes', async () => {
    const { request } = createTestApp(database.db)
    const res = await request('/_next/api/newsletter/', {
      method: 'POST',
      json: { email: 'x@y.com.br' },
      headers: { origin: 'https://evil.example' },
    })
    expect(res.status).toBe(403)
  })

  it('unknown API paths are a JSON 404', async () => {
    const { request } = createTestApp(database.db)
    const res = await request('/_next/api/nada-aqui')
    expect(res.status).toBe(404)
    expect((await res.json()).estado).toBe('erro')
  })
})
