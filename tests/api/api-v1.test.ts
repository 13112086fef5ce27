// The integrations API (/api/v1) end to end over the HTTP app, on the test database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL): keys and scopes, the error shape, orders (paging, detail,
// invoice, shipment, delivery), products (price, stock set and adjusted with Idempotency-Key), the
// rate limit, webhooks' registration rules, and the OpenAPI document.
import { Validator } from '@seriousme/openapi-schema-validator'
import { and, desc, eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessKeyCheckDigit } from '../../contract/fiscal'
import type { Database, Db } from '../../server/db/client'
import { auditLog, integrationEvents, invoices, orders, products, stockLedger } from '../../server/db/schema'
import { take } from '../../server/domain/account/limits'
import { createApiKey, flushApiKeyUsage, listApiKeys, revokeApiKey } from '../../server/domain/integrations/keys'
import { isPublicAddress } from '../../server/domain/integrations/webhook-url'
import { placeOrder } from '../../server/domain/order/place'
import { isRefusal } from '../../server/domain/refusal'
import type { Env } from '../../server/env'
import type { SandboxProvider } from '../../server/integrations/payments/sandbox'
import type { Jobs } from '../../server/jobs/runner'
import { storeProfile } from '../../server/store-profile'
import { createTestApp, testEnv } from '../support/app'
import { FIXTURE } from '../support/cart-fixtures'
import { insertCatalogFixture, type CatalogFixture } from '../support/catalog-fixtures'
import { completeCheckout, createShopper, fillCart, installTestSandbox } from '../support/checkout'
import { createTestDatabase, testDbKind } from '../support/db'
import { runJobs } from '../support/jobs'
import { TEST_CARD } from '../support/order-bed'

let database: Database
let db: Db
let fx: CatalogFixture
let sandbox: SandboxProvider
let jobs: Jobs
const env: Env = { ...testEnv, dataDir: `${testEnv.dataDir}-api-v1-${process.pid}` }

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  jobs = await runJobs(database, env)
  fx = await insertCatalogFixture(db)
  sandbox = installTestSandbox(db)
}, 60_000)
afterAll(async () => {
  await jobs?.stop()
  await database?.close()
})

const ALL = ['pedidos:ler', 'pedidos:escrever', 'produtos:ler', 'produtos:escrever', 'estoque:escrever', 'webhooks:gerenciar']

async function key(scopes: string[] = ALL, name = `ERP ${scopes.length}`): Promise<{ id: number; chave: string }> {
  const made = await createApiKey(db, { name, scopes, actor: { kind: 'cli' } })
  if (isRefusal(made)) throw made
  return made
}

/** A client of the HTTP app speaking with `chave` (none: no Authorization header). */
function client(chave?: string, envOver: Partial<Env> = {}) {
  const { app } = createTestApp(db, { ...env, ...envOver })
  return async (method: string, path: string, json?: unknown, headers: Record<string, string> = {}) => {
    const h = new Headers(headers)
    if (chave) h.set('authorization', `Bearer ${chave}`)
    if (json !== undefined) h.set('content-type', 'application/json')
    const res = await app.request(`http://localhost/api/v1${path}`, { method, headers: h, body: json === undefined ? undefined : JSON.stringify(json) })
    const text = await res.text()
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers, read field by field in the assertions
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, any>, headers: res.headers }
  }
}

let shopperSeq = 0
async function order(method: 'pix' | 'cartao' = 'cartao'): Promise<string> {
  const shopper = await createShopper(db, `Api ${testDbKind} ${++shopperSeq}`)
  await fillCart(db, shopper, fx.ids[FIXTURE.CAPA], 1)
  await completeCheckout(db, shopper, method)
  const placed = await placeOrder(
    { db, env, store: storeProfile, log: pino({ level: 'silent' }), payments: sandbox },
    shopper,
    method === 'cartao' ? { cartao: TEST_CARD } : {},
  )
  if (isRefusal(placed)) throw placed
  return placed.pedido
}

const accessKey = (n: number) => {
  const first43 = `3526121234567800019055001${String(n).padStart(9, '0')}1${'12345678'}`
  return `${first43}${accessKeyCheckDigit(first43)}`
}

const sku = async (link: string) => (await db.select({ sku: products.sku }).from(products).where(eq(products.id, fx.ids[link])))[0].sku
const stockOf = async (link: string) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, fx.ids[link])))[0].stock

describe('keys and scopes', () => {
  it('answers 401 without a key or with an unknown one, 403 without the scope, each as { erro: { codigo, mensagem } }', async () => {
    const none = await client()('GET', '/pedidos')
    expect(none.status).toBe(401)
    expect(none.body).toEqual({ erro: { codigo: 'integrations.noKey', mensagem: expect.stringContaining('Authorization') } })
    const wrong = await client('vt_nao-existe')('GET', '/pedidos')
    expect(wrong.status).toBe(401)
    expect(wrong.body.erro.codigo).toBe('integrations.badKey')
    const reader = await key(['produtos:ler'])
    const denied = await client(reader.chave)('GET', '/pedidos')
    expect(denied.status).toBe(403)
    expect(denied.body.erro).toEqual({ codigo: 'integrations.scope', mensagem: 'Esta chave não tem o escopo pedidos:ler.' })
  })

  it('lets no key without estoque:escrever change stock, absolute or relative', async () => {
    const k = await key(['produtos:ler', 'produtos:escrever'])
    const call = client(k.chave)
    const before = await stockOf(FIXTURE.CAPA)
    const capa = await sku(FIXTURE.CAPA)
    const set = await call('PUT', `/produtos/${capa}/estoque`, { quantidade: 5 })
    const adjust = await call('POST', `/produtos/${capa}/estoque/ajustes`, { delta: -1, motivo: 'avaria' }, { 'idempotency-key': 'sem-escopo-1' })
    expect([set.status, adjust.status]).toEqual([403, 403])
    expect(set.body.erro.codigo).toBe('integrations.scope')
    expect(await stockOf(FIXTURE.CAPA)).toBe(before)
  })

  it('refuses a revoked key at once, on every instance', async () => {
    const k = await key(['pedidos:ler'])
    const [one, two] = [client(k.chave), client(k.chave)]
    expect((await one('GET', '/pedidos')).status).toBe(200)
    expect((await two('GET', '/pedidos')).status).toBe(200)
    const revoked = await revokeApiKey(db, { id: k.id, actor: { kind: 'cli' } })
    expect(isRefusal(revoked)).toBe(false)
    expect((await one('GET', '/pedidos')).status).toBe(401)
    expect((await two('GET', '/pedidos')).body.erro.codigo).toBe('integrations.badKey')
  })

  it('limits each key per minute: 429 with Retry-After, other keys unaffected', async () => {
    const k = await key(['pedidos:ler'])
    const other = await key(['pedidos:ler'])
    await take(db, 'apiChave', `chave:${k.id}`, 600)
    const limited = await client(k.chave)('GET', '/pedidos')
    expect(limited.status).toBe(429)
    expect(limited.body.erro.codigo).toBe('integrations.rateLimited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await client(other.chave)('GET', '/pedidos')).status).toBe(200)
  })

  it("counts each key's calls and reads for the owner, written in a batch rather than once per call", async () => {
    const k = await key(['pedidos:ler', 'estoque:escrever'], 'ERP Contado')
    const other = await key(['pedidos:ler'], 'ERP Outro')
    const call = client(k.chave)
    for (let i = 0; i < 4; i++) expect((await call('GET', '/pedidos')).status).toBe(200)
    expect((await call('PUT', `/produtos/${await sku(FIXTURE.CAPA)}/estoque`, { quantidade: 40 })).status).toBe(200)
    expect((await call('GET', '/webhooks')).status).toBe(403)
    expect((await client(other.chave)('GET', '/pedidos')).status).toBe(200)
    const counts = async () => Object.fromEntries((await listApiKeys(db)).map((r) => [r.id, [r.chamadas, r.leituras, Boolean(r.ultimoUso)]]))
    // The last use is written at once (first call); the counts wait for the minute's batch.
    expect((await counts())[k.id]).toEqual([0, 0, true])
    await flushApiKeyUsage(db)
    expect((await counts())[k.id]).toEqual([6, 5, true])
    expect((await counts())[other.id]).toEqual([1, 1, true])
    await flushApiKeyUsage(db)
    expect((await counts())[k.id]).toEqual([6, 5, true])
  })
})

describe('orders', () => {
  it('pages every order by last change with the cursor, none twice, and filters by status and date', async () => {
    const codes = [await order('pix'), await order('pix'), await order('pix')]
    const call = client((await key(['pedidos:ler'])).chave)
    const seen: string[] = []
    let cursor: string | null = null
    for (let page = 0; page < 50; page++) {
      const res = await call('GET', `/pedidos?limite=2${cursor ? `&cursor=${cursor}` : ''}`)
      expect(res.status).toBe(200)
      expect(res.body.dados.length).toBeLessThanOrEqual(2)
      seen.push(...res.body.dados.map((o: { codigo: string }) => o.codigo))
      cursor = res.body.proximo
      if (!cursor) break
    }
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen.length).toBe(await db.$count(orders))
    for (const code of codes) expect(seen).toContain(code)
    const waiting = await call('GET', '/pedidos?status=aguardando_pagamento&limite=100')
    expect(waiting.body.dados.every((o: { status: string }) => o.status === 'aguardando_pagamento')).toBe(true)
    expect(waiting.body.dados.map((o: { codigo: string }) => o.codigo)).toEqual(expect.arrayContaining(codes))
    const future = await call('GET', `/pedidos?atualizado_desde=${encodeURIComponent('2999-01-01T00:00:00Z')}`)
    expect(future.body).toEqual({ dados: [], proximo: null })
    expect((await call('GET', '/pedidos?cursor=lixo')).body.erro.codigo).toBe('integrations.badCursor')
    expect((await call('GET', '/pedidos?status=voando')).status).toBe(400)
  })

  it('gives an order with items, buyer, address, payment, shipping and invoice; 404 for another', async () => {
    const code = await order('cartao')
    const call = client((await key(['pedidos:ler'])).chave)
    const res = await call('GET', `/pedidos/${code}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      codigo: code,
      status: 'pago',
      metodo_pagamento: 'cartao',
      comprador: { email: expect.stringContaining('@') },
      endereco: { cep: expect.any(String) },
      itens: [{ sku: await sku(FIXTURE.CAPA), quantidade: 1, preco_unitario: 49.9 }],
      pagamento: { metodo: 'cartao' },
      frete: { rastreio: null },
      nota_fiscal: null,
    })
    const missing = await call('GET', '/pedidos/VT-0000-999999')
    expect(missing.status).toBe(404)
    expect(missing.body.erro.codigo).toBe('integrations.orderNotFound')
  })

  it('takes the ERP invoice (key checked), the shipment and the delivery, each audited as the key', async () => {
    const code = await order('cartao')
    const k = await key(['pedidos:ler', 'pedidos:escrever'], 'ERP Fiscal')
    const call = client(k.chave)
    const bad = await call('PUT', `/pedidos/${code}/nota-fiscal`, {
      chave: `${accessKey(7).slice(0, 43)}${(Number(accessKey(7)[43]) + 1) % 10}`,
      numero: 7,
      serie: 1,
    })
    expect(bad.status).toBe(422)
    expect(bad.body.erro.codigo).toBe('integrations.invoiceKey')
    const invoice = { chave: accessKey(Number(code.slice(-6))), numero: 7, serie: 1, xml_url: 'https://erp.example.com/nfe.xml' }
    const set = await call('PUT', `/pedidos/${code}/nota-fiscal`, invoice)
    expect(set.status).toBe(200)
    expect(set.body.nota_fiscal).toMatchObject({ chave: invoice.chave, numero: 7, serie: 1, situacao: 'autorizada', origem: 'erp' })
    expect((await call('PUT', `/pedidos/${code}/nota-fiscal`, invoice)).status).toBe(200)
    const [orderRow] = await db.select({ id: orders.id }).from(orders).where(eq(orders.code, code))
    expect(await db.select().from(invoices).where(eq(invoices.orderId, orderRow.id))).toHaveLength(1)
    const unpaid = await order('pix')
    expect((await call('PUT', `/pedidos/${unpaid}/nota-fiscal`, { ...invoice, chave: accessKey(1) })).body.erro.codigo).toBe('integrations.invoiceNotAllowed')

    expect((await call('POST', `/pedidos/${code}/entrega`)).body.erro.codigo).toBe('integrations.deliverNotAllowed')
    const shipped = await call('POST', `/pedidos/${code}/envio`, { transportadora: 'correios', rastreio: 'qb123456789br' })
    expect(shipped.status).toBe(200)
    expect(shipped.body).toMatchObject({ status: 'enviado', frete: { transportadora: 'correios', rastreio: 'QB123456789BR' } })
    expect((await call('POST', `/pedidos/${code}/envio`, { transportadora: 'correios', rastreio: 'QB1' })).status).toBe(422)
    const delivered = await call('POST', `/pedidos/${code}/entrega`)
    expect(delivered.body.status).toBe('entregue')
    const lines = await db.select().from(auditLog).where(eq(auditLog.entityId, code)).orderBy(auditLog.id)
    expect(lines.map((l) => [l.action, l.actorKind, l.actorId, l.actorLabel])).toEqual([
      ['pedido.nota_fiscal', 'api', k.id, 'API (ERP Fiscal)'],
      ['pedido.avancar', 'api', k.id, 'API (ERP Fiscal)'],
      ['pedido.avancar', 'api', k.id, 'API (ERP Fiscal)'],
      ['pedido.avancar', 'api', k.id, 'API (ERP Fiscal)'],
    ])
    const events = await db
      .select({ type: integrationEvents.type })
      .from(integrationEvents)
      .where(eq(integrationEvents.resource, `pedido:${code}`))
      .orderBy(integrationEvents.id)
    expect(events.map((e) => e.type)).toEqual(['pedido.criado', 'pedido.pago', 'nota_fiscal.emitida', 'pedido.enviado', 'pedido.entregue'])
  })
})

describe('products and stock', () => {
  it('lists and gives products by SKU with their variations', async () => {
    const call = client((await key(['produtos:ler'])).chave)
    const first = await call('GET', '/produtos?limite=3')
    expect(first.body.dados).toHaveLength(3)
    const next = await call('GET', `/produtos?limite=3&cursor=${first.body.proximo}`)
    expect(next.body.dados[0].sku).not.toBe(first.body.dados[0].sku)
    const a55 = await call('GET', `/produtos/${await sku(FIXTURE.A55)}`)
    expect(a55.body.variacoes[0].opcoes.map((o: { nome: string }) => o.nome)).toEqual(expect.arrayContaining(['Azul', 'Preto']))
    expect((await call('GET', '/produtos/NAO-EXISTE')).body.erro.codigo).toBe('integrations.productNotFound')
  })

  it('changes the price and "de" price through the editor\'s save, refusing a "de" below the price', async () => {
    const k = await key(['produtos:ler', 'produtos:escrever'])
    const call = client(k.chave)
    const dell = await sku(FIXTURE.DELL)
    const done = await call('PATCH', `/produtos/${dell}`, { preco: 3799.9, preco_de: 4299 })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ preco: 3799.9, preco_de: 4299 })
    expect((await call('PATCH', `/produtos/${dell}`, { preco_de: 100 })).status).toBe(422)
    const [line] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'produto.editar'), eq(auditLog.actorId, k.id)))
    expect(line.actorKind).toBe('api')
  })

  it('sets stock absolutely and adjusts it once per Idempotency-Key, into the stock ledger', async () => {
    const k = await key(['estoque:escrever'], 'ERP Estoque')
    const call = client(k.chave)
    const capa = await sku(FIXTURE.CAPA)
    const set = await call('PUT', `/produtos/${capa}/estoque`, { quantidade: 40 })
    expect(set.body).toMatchObject({ sku: capa, depois: 40 })
    expect((await call('POST', `/produtos/${capa}/estoque/ajustes`, { delta: -2, motivo: 'avaria' })).body.erro.codigo).toBe('integrations.idempotencyRequired')
    const first = await call('POST', `/produtos/${capa}/estoque/ajustes`, { delta: -2, motivo: 'avaria' }, { 'idempotency-key': 'ajuste-1' })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ antes: 40, depois: 38 })
    const again = await call('POST', `/produtos/${capa}/estoque/ajustes`, { delta: -2, motivo: 'avaria' }, { 'idempotency-key': 'ajuste-1' })
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('idempotency-replayed')).toBe('true')
    expect(await stockOf(FIXTURE.CAPA)).toBe(38)
    const other = await call('POST', `/produtos/${capa}/estoque/ajustes`, { delta: -3, motivo: 'avaria' }, { 'idempotency-key': 'ajuste-1' })
    expect(other.body.erro.codigo).toBe('integrations.idempotencyReused')
    expect((await call('POST', `/produtos/${capa}/estoque/ajustes`, { delta: -100, motivo: 'x' }, { 'idempotency-key': 'ajuste-2' })).status).toBe(422)
    const a55 = await call('PUT', `/produtos/${await sku(FIXTURE.A55)}/estoque`, { quantidade: 1 })
    expect(a55.body.erro.codigo).toBe('integrations.optionRequired')
    const ledger = await db.select().from(stockLedger).where(eq(stockLedger.productId, fx.ids[FIXTURE.CAPA])).orderBy(desc(stockLedger.id)).limit(2)
    expect(ledger.map((l) => [l.after, l.actorKind, l.actorLabel])).toEqual([
      [38, 'api', 'API (ERP Estoque)'],
      [40, 'api', 'API (ERP Estoque)'],
    ])
    const events = await db.select().from(integrationEvents).where(eq(integrationEvents.type, 'estoque.alterado')).orderBy(desc(integrationEvents.id)).limit(1)
    expect(events[0].data).toMatchObject({ sku: capa, antes: 40, depois: 38, motivo: 'avaria' })
  })
})

describe('webhooks', () => {
  it('registers only https URLs of public addresses unless WEBHOOKS_ALLOW_PRIVATE, and lists and removes them', async () => {
    const k = await key(['webhooks:gerenciar'])
    const strict = client(k.chave)
    expect((await strict('POST', '/webhooks', { url: 'http://example.com/h', eventos: ['pedido.criado'] })).body.erro.codigo).toBe('integrations.webhookUrl')
    expect((await strict('POST', '/webhooks', { url: 'https://127.0.0.1/h', eventos: ['pedido.criado'] })).body.erro.codigo).toBe('integrations.webhookPrivate')
    expect((await strict('POST', '/webhooks', { url: 'https://[::ffff:10.0.0.1]/h', eventos: ['pedido.criado'] })).body.erro.codigo).toBe(
      'integrations.webhookPrivate',
    )
    expect((await strict('POST', '/webhooks', { url: 'https://8.8.8.8/h', eventos: ['voo.criado'] })).status).toBe(422)
    const loose = client(k.chave, { WEBHOOKS_ALLOW_PRIVATE: 'true' })
    const made = await loose('POST', '/webhooks', { url: 'http://127.0.0.1:9/h', eventos: ['pedido.criado'] })
    expect(made.status).toBe(201)
    expect(made.body.segredo).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/)
    expect((await loose('GET', '/webhooks')).body.dados.map((w: { id: number }) => w.id)).toContain(made.body.id)
    const test = await loose('POST', `/webhooks/${made.body.id}/teste`)
    expect(test.body).toMatchObject({ entregue: false, status: null })
    expect((await loose('DELETE', `/webhooks/${made.body.id}`)).status).toBe(204)
    expect((await loose('DELETE', `/webhooks/${made.body.id}`)).status).toBe(404)
  })

  it('tells public addresses from private ones', () => {
    expect(['8.8.8.8', '2606:4700::1111', '::ffff:1.1.1.1'].map(isPublicAddress)).toEqual([true, true, true])
    expect(
      ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '0.0.0.0'].some(
        isPublicAddress,
      ),
    ).toBe(false)
  })
})

describe('OpenAPI', () => {
  it('publishes a valid OpenAPI 3.1 document of every call, and a readable page', async () => {
    const call = client()
    const doc = await call('GET', '/openapi.json')
    expect(doc.status).toBe(200)
    expect(doc.body.openapi).toBe('3.1.0')
    const result = await new Validator().validate(doc.body as never)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/pedidos',
        '/pedidos/{codigo}',
        '/pedidos/{codigo}/nota-fiscal',
        '/produtos/{sku}/estoque',
        '/produtos/{sku}/estoque/ajustes',
        '/webhooks',
        '/webhooks/{id}/teste',
      ]),
    )
    const { app } = createTestApp(db, env)
    const page = await app.request('http://localhost/api/v1/docs')
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('PUT /api/v1/produtos/{sku}/estoque')
  })
})
