import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { asc, eq, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AFTER_SALE_MESSAGES as M } from '../../contract/after-sale'
import { captchaResponseSchema } from '../../contract/account'
import { productCardSchema, productDetailSchema } from '../../contract/catalog'
import type { Database, Db } from '../../server/db/client'
import { contactMessages, orderEvents, orderItems, orders, products, refunds, returnRequestItems, returnRequests, reviews } from '../../server/db/schema'
import { FIXTURE, publicHashes } from '../support/cart-fixtures'
import { insertCatalogFixture, type CatalogFixture } from '../support/catalog-fixtures'
import { getProductDetail, loadCards, pricingRules } from '../../server/domain/catalog'
import { placeOrder } from '../../server/domain/order/place'
import { moderateReview } from '../../server/domain/review/moderate'
import { customerAfterSale } from '../../server/domain/after-sale/after-sale'
import { requestReturn } from '../../server/domain/after-sale/returns'
import { approveReturn, receiveReturn, refundReturn } from '../../server/domain/after-sale/admin-returns'
import { RETURNS } from '../../contract/messages/returns'
import { advanceOrder } from '../../server/domain/order/status'
import { cancelByCustomer } from '../../server/domain/order/customer-cancel'
import { isRefusal } from '../../server/domain/refusal'
import { storeProfile } from '../../server/store-profile'
import { createTestApp, testEnv } from '../support/app'
import { completeCheckout, createShopper, fillCart, installTestSandbox, type Shopper } from '../support/checkout'
import { createTestDatabase } from '../support/db'
import type { SandboxProvider } from '../../server/integrations/payments/sandbox'
import { drained, runJobs } from '../support/jobs'
import type { Jobs } from '../../server/jobs/runner'

let database: Database
let db: Db
let fx: CatalogFixture
let hashes: Record<string, string>
let sandbox: SandboxProvider
const { IPHONE, CANON, CAPA } = FIXTURE

let jobs: Jobs
beforeAll(async () => {
  database = await createTestDatabase()
  jobs = await runJobs(database, mailEnv)
  db = database.db
  fx = await insertCatalogFixture(db)
  ;({ hashes } = await publicHashes(db))
  sandbox = installTestSandbox(db)
})
afterAll(async () => {
  await jobs?.stop()
  await database?.close()
})

type Res = { status: number; body: Record<string, unknown> }
// Its own outbox: other test files read theirs for e-mails of orders with the same codes.
const mailEnv = { ...testEnv, dataDir: `${testEnv.dataDir}-after-sale-${process.pid}` }

async function post(shopper: Shopper | null, path: string, json: unknown, ip = '198.51.100.7'): Promise<Res> {
  const { request } = createTestApp(db)
  const headers: Record<string, string> = { 'x-forwarded-for': ip }
  if (shopper) headers.cookie = `vt_sid=${shopper.token}`
  const res = await request(`/_next/api/${path}`, { method: 'POST', json, headers })
  expect(res.headers.get('cache-control'), path).toBe('private, no-store')
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** A shopper's order of `products` (1 each), placed through the checkout, left in `status`. */
async function orderOf(
  shopper: Shopper,
  productLinks: string[],
  status: (typeof orders.$inferSelect)['status'] | null = 'entregue',
  method: 'pix' | 'cartao' = 'pix',
  quantity = 1,
): Promise<string> {
  for (const link of productLinks) await fillCart(db, shopper, fx.ids[link]!, quantity)
  await completeCheckout(db, shopper, method)
  const card = { numero: '4111111111111111', nome: 'ANA TESTE', validade: '12/30', cvv: '123' }
  const placed = await placeOrder(
    { db, env: mailEnv, store: storeProfile, log: pino({ level: 'silent' }), payments: sandbox },
    shopper,
    method === 'cartao' ? { cartao: card } : {},
  )
  if (!('pedido' in placed)) throw new Error(`pedido não criado: ${JSON.stringify(placed)}`)
  const code = placed.pedido
  if (status) await db.update(orders).set({ status }).where(eq(orders.code, code))
  return code
}

/** Who moderates in these tests. */
const actor = { kind: 'system', job: 'teste' } as const

let seq = 0
const newShopper = () => createShopper(db, `cliente${++seq}`)
const review = (pedido: string, link: string, over: Record<string, unknown> = {}) => ({
  pedido,
  produto: hashes[link],
  nota: 5,
  titulo: 'Muito bom',
  texto: 'Chegou rápido e funciona bem.',
  ...over,
})
const reviewCount = async () => Number((await db.select({ n: sql<number>`count(*)` }).from(reviews))[0]!.n)

describe('reviews from buyers', () => {
  it('the buyer of a delivered product reviews it once; it shows only after approval, with stars on the card', async () => {
    const ana = await newShopper()
    const code = await orderOf(ana, [IPHONE])
    const deps = { db, store: storeProfile }
    const before = await getProductDetail(deps, IPHONE)
    expect(before!.response[0].avaliacoes).toBeUndefined()

    const ok = await post(ana, 'avaliacoes/', review(code, IPHONE, { nota: 4, texto: 'Ótimo.\n<script>alert(1)</script> veja https://exemplo.com' }))
    expect(ok).toEqual({ status: 200, body: { estado: 'sucesso', msg: M.avaliacaoEnviada } })
    const again = await post(ana, 'avaliacoes/', review(code, IPHONE))
    expect(again).toEqual({ status: 409, body: { estado: 'erro', msg: M.jaAvaliado } })

    // Pending: the product page is unchanged.
    expect((await getProductDetail(deps, IPHONE))!.response[0].avaliacoes).toBeUndefined()
    const [row] = await db.select().from(reviews).where(eq(reviews.customerId, ana.customerId))
    expect(row).toMatchObject({
      status: 'pendente',
      rating: 4,
      authorName: `${'cliente' + seq} T.`,
      body: 'Ótimo.\n<script>alert(1)</script> veja https://exemplo.com',
    })

    await moderateReview(db, { id: row!.id, status: 'aprovada', reply: 'Obrigado pela compra!', actor })
    // The reviews trigger announces the product; the cached answers are dropped when it is heard.
    await expect.poll(async () => (await getProductDetail(deps, IPHONE))!.response[0].avaliacoes?.qtd).toBe(1)
    const detail = productDetailSchema.parse((await getProductDetail(deps, IPHONE))!.response[0])
    expect(detail.avaliacoes).toMatchObject({ media: 4, qtd: 1, distribuicao: [0, 0, 0, 1, 0] })
    expect(detail.avaliacoes!.lista[0]).toMatchObject({ nota: 4, titulo: 'Muito bom', resposta: 'Obrigado pela compra!' })
    const [card] = await loadCards(db, [fx.ids[IPHONE]!], pricingRules(storeProfile))
    expect(productCardSchema.parse(card).nota).toEqual({ media: 4, qtd: 1 })

    // A second buyer's 5 makes it 4,5 over two; hiding one drops it from page and card at once.
    const bia = await newShopper()
    const code2 = await orderOf(bia, [IPHONE])
    expect((await post(bia, 'avaliacoes/', review(code2, IPHONE, { nota: 5 }))).status).toBe(200)
    const [second] = await db.select().from(reviews).where(eq(reviews.customerId, bia.customerId))
    await moderateReview(db, { id: second!.id, status: 'aprovada', actor })
    await expect
      .poll(async () => (await getProductDetail(deps, IPHONE))!.response[0].avaliacoes)
      .toMatchObject({ media: 4.5, qtd: 2, distribuicao: [0, 0, 0, 1, 1] })
    await moderateReview(db, { id: row!.id, status: 'oculta', actor })
    await expect.poll(async () => (await getProductDetail(deps, IPHONE))!.response[0].avaliacoes).toMatchObject({ media: 5, qtd: 1 })
    await expect.poll(async () => (await loadCards(db, [fx.ids[IPHONE]!], pricingRules(storeProfile)))[0]!.nota).toEqual({ media: 5, qtd: 1 })
  })

  it('refuses another customer’s order, a product not bought, an order not delivered, and junk — nothing written', async () => {
    const carla = await newShopper()
    const dani = await newShopper()
    const delivered = await orderOf(carla, [CANON])
    const shipped = await orderOf(dani, [CAPA], 'enviado')
    const before = await reviewCount()
    const cases: Array<[Shopper | null, unknown, number, string]> = [
      [dani, review(delivered, CANON), 404, M.pedido],
      [carla, review(delivered, IPHONE), 403, M.naoComprado],
      [dani, review(shipped, CAPA), 409, M.naoEntregue],
      [carla, review(delivered, CANON, { nota: 6 }), 422, M.nota],
      [carla, review(delivered, CANON, { nota: 'cinco' }), 422, M.nota],
      [carla, review(delivered, CANON, { titulo: '   ' }), 422, M.titulo],
      [carla, review(delivered, CANON, { texto: 'x'.repeat(2001) }), 422, M.textoLongo],
      [carla, review(delivered, CANON, { texto: '\u0001\u0002' }), 422, M.texto],
      [carla, review(delivered, CANON, { texto: 'a\u0000b' }), 422, ''],
      [carla, review('VT-1', CANON), 422, M.codigoPedido],
      [carla, review(delivered, CANON, { produto: '../x' }), 422, M.produto],
      [carla, { ...review(delivered, CANON), extra: 1 }, 422, ''],
    ]
    for (const [who, body, status, msg] of cases) {
      const r = await post(who, 'avaliacoes/', body)
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(status)
      expect(r.body.estado).toBe('erro')
      if (msg) expect(r.body.msg).toBe(msg)
      else expect(String(r.body.msg)).toMatch(/[a-zà-ú]/i)
    }
    expect((await post(null, 'avaliacoes/', review(delivered, CANON))).status).toBe(401)
    expect(await reviewCount()).toBe(before)
  })
})

describe('Fale conosco', () => {
  async function solvedCaptcha(): Promise<string> {
    const { request } = createTestApp(db)
    const challenge = captchaResponseSchema.parse(await (await request('/_auth/captcha/')).json()) as never
    const solution = await solveChallenge({ challenge, deriveKey })
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
  }
  const message = (over: Record<string, unknown> = {}) => ({
    nome: 'Rita Souza',
    email: 'Rita@Example.com',
    pedido: '',
    assunto: 'Dúvida sobre entrega',
    mensagem: 'Olá, quando chega?',
    ...over,
  })

  it('a visitor needs the captcha; the message is stored as nova; a customer needs none', async () => {
    const refused = await post(null, 'fale-conosco/', message(), '203.0.113.1')
    expect(refused).toEqual({ status: 422, body: { estado: 'erro', msg: M.captcha } })
    const sent = await post(null, 'fale-conosco/', message({ altcha: await solvedCaptcha(), pedido: 'vt-2026-000130' }), '203.0.113.1')
    expect(sent).toEqual({ status: 200, body: { estado: 'sucesso', msg: M.mensagemEnviada } })
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.email, 'rita@example.com'))
    expect(row).toMatchObject({ status: 'nova', name: 'Rita Souza', orderCode: 'VT-2026-000130', subject: 'Dúvida sobre entrega', customerId: null })

    const eva = await newShopper()
    expect((await post(eva, 'fale-conosco/', message({ email: 'eva@example.com' }), '203.0.113.2')).status).toBe(200)
  })

  it('junk is refused with a pt-BR message and the e-mail is rationed per hour', async () => {
    const fabi = await newShopper()
    const before = (await db.select().from(contactMessages)).length
    for (const [over, msg] of [
      [{ nome: '' }, M.nome],
      [{ email: 'nao-e-email' }, M.email],
      [{ pedido: 'pedido 12' }, M.codigoPedido],
      [{ assunto: ' ' }, M.assunto],
      [{ mensagem: 'x'.repeat(2001) }, M.textoLongo],
    ] as const) {
      expect(await post(fabi, 'fale-conosco/', message({ email: 'fabi@example.com', ...over }), '203.0.113.3')).toEqual({
        status: 422,
        body: { estado: 'erro', msg },
      })
    }
    expect((await db.select().from(contactMessages)).length).toBe(before)
    for (let i = 0; i < 5; i++) expect((await post(fabi, 'fale-conosco/', message({ email: 'fabi@example.com' }), '203.0.113.3')).status).toBe(200)
    expect(await post(fabi, 'fale-conosco/', message({ email: 'fabi@example.com' }), '203.0.113.3')).toEqual({
      status: 429,
      body: { estado: 'erro', msg: M.mensagensDemais },
    })
    expect((await db.select().from(contactMessages)).length).toBe(before + 5)
  })
})

/** Marks an order delivered at `at` the way the timeline records it. */
async function deliver(code: string, at: Date): Promise<number> {
  const [o] = await db.update(orders).set({ status: 'entregue', updatedAt: at }).where(eq(orders.code, code)).returning({ id: orders.id })
  await db.insert(orderEvents).values({
    orderId: o!.id,
    kind: 'status',
    actorKind: 'cli',
    actorLabel: 'linha de comando',
    summary: 'Pedido entregue',
    data: { from: 'enviado', to: 'entregue' },
    createdAt: at,
  })
  return o!.id
}
const itemsOf = (orderId: number) => db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id)
const DAY = 86_400_000

describe('Desistir da compra (7 days after delivery, America/Sao_Paulo)', () => {
  it('asks to return some items within the window: request, items, order event and the instructions e-mail', async () => {
    const gil = await newShopper()
    const code = await orderOf(gil, [CAPA, CANON], 'enviado')
    const orderId = await deliver(code, new Date(Date.now() - 6 * DAY))
    const view = await customerAfterSale(db, storeProfile, gil.customerId, code)
    expect(view!.etapas.map((e) => [e.chave, e.feito])).toEqual([
      ['placed', true],
      ['paid', true],
      ['separated', true],
      ['shipped', true],
      ['delivered', true],
    ])
    expect(view!.acoes).toMatchObject({ cancelar: false, desistir: { estado: 'disponivel' } })
    const [capa] = await itemsOf(orderId)
    const ok = await post(gil, `pedidos/${code}/desistir/`, {
      motivo: 'arrependimento',
      detalhes: 'Não preciso mais.',
      itens: [{ item: capa!.id, quantidade: 1 }],
    })
    expect(ok).toEqual({ status: 200, body: { estado: 'sucesso', msg: M.devolucaoSolicitada } })
    const [asked] = await db.select().from(returnRequests).where(eq(returnRequests.orderId, orderId))
    expect(asked).toMatchObject({ status: 'solicitada', reason: 'arrependimento', details: 'Não preciso mais.' })
    expect(await db.select({ q: returnRequestItems.quantity }).from(returnRequestItems).where(eq(returnRequestItems.returnRequestId, asked!.id))).toEqual([
      { q: 1 },
    ])
    await drained(database)
    const kinds = (await db.select({ kind: orderEvents.kind }).from(orderEvents).where(eq(orderEvents.orderId, orderId))).map((e) => e.kind)
    expect(kinds).toEqual(expect.arrayContaining(['return', 'email']))
    expect((await post(gil, `pedidos/${code}/desistir/`, { motivo: 'outro', itens: [{ item: capa!.id, quantidade: 1 }] })).body.msg).toBe(M.jaSolicitada)
    expect((await customerAfterSale(db, storeProfile, gil.customerId, code))!.acoes.desistir).toMatchObject({ estado: 'solicitada' })
  })

  it('refuses after the deadline, before delivery, another customer, items not in the order and junk — nothing written', async () => {
    const hugo = await newShopper()
    const ivo = await newShopper()
    const late = await orderOf(hugo, [CAPA], 'enviado')
    const lateId = await deliver(late, new Date(Date.now() - 9 * DAY))
    const shipped = await orderOf(ivo, [CAPA], 'enviado')
    const [item] = await itemsOf(lateId)
    const [other] = await itemsOf((await db.select({ id: orders.id }).from(orders).where(eq(orders.code, shipped)))[0]!.id)
    const body = (over: Record<string, unknown> = {}) => ({ motivo: 'arrependimento', itens: [{ item: item!.id, quantidade: 1 }], ...over })
    const before = (await db.select().from(returnRequests)).length
    const cases: Array<[Shopper, string, unknown, number, string]> = [
      [hugo, late, body(), 409, M.foraDoPrazo],
      [ivo, shipped, body({ itens: [{ item: other!.id, quantidade: 1 }] }), 409, M.naoEntreguePedido],
      [ivo, late, body(), 404, M.pedido],
      [hugo, 'VT-0000-000000', body(), 404, M.pedido],
      [hugo, 'nao-e-codigo', body(), 404, M.pedido],
      [hugo, late, body({ motivo: 'porque sim' }), 422, M.motivo],
      [hugo, late, body({ itens: [] }), 422, M.itens],
      [hugo, late, body({ itens: [{ item: item!.id, quantidade: 0 }] }), 422, M.quantidade],
      [hugo, late, body({ detalhes: 'x'.repeat(2001) }), 422, M.textoLongo],
    ]
    for (const [who, code, json, status, msg] of cases)
      expect(await post(who, `pedidos/${code}/desistir/`, json), `${code} ${JSON.stringify(json).slice(0, 60)}`).toEqual({
        status,
        body: { estado: 'erro', msg },
      })
    expect((await customerAfterSale(db, storeProfile, hugo.customerId, late))!.acoes.desistir).toMatchObject({ estado: 'encerrado' })
    expect((await db.select().from(returnRequests)).length).toBe(before)
  })

  it('the last day counts whole in São Paulo: 23:59 of the 7th day yes, 00:00 of the 8th no; other items and excess quantity refused', async () => {
    const juca = await newShopper()
    const code = await orderOf(juca, [CAPA], 'enviado')
    // Delivered 10/11 at 23:30 in São Paulo (11/11 02:30 UTC): the last day is 17/11.
    const orderId = await deliver(code, new Date('2026-11-11T02:30:00Z'))
    const [item] = await itemsOf(orderId)
    const who = { customerId: juca.customerId, ip: null }
    const input = { motivo: 'arrependimento' as const, detalhes: '', itens: [{ item: item!.id, quantidade: 1 }] }
    const at = (iso: string) => ({ db, now: new Date(iso) })
    expect(await requestReturn(at('2026-11-18T03:00:00Z'), who, code, input)).toMatchObject({ code: RETURNS.windowClosed.code, message: M.foraDoPrazo })
    expect(await requestReturn(at('2026-11-17T12:00:00Z'), who, code, { ...input, itens: [{ item: item!.id, quantidade: 2 }] })).toMatchObject({
      code: RETURNS.badQuantity.code,
    })
    expect(await requestReturn(at('2026-11-17T12:00:00Z'), who, code, { ...input, itens: [{ item: item!.id + 100_000, quantidade: 1 }] })).toMatchObject({
      code: RETURNS.badItems.code,
    })
    expect(await requestReturn(at('2026-11-18T02:59:00Z'), who, code, input)).toEqual({ estado: 'sucesso', msg: M.devolucaoSolicitada })
  })
})

describe('Cancelar pedido (before shipping)', () => {
  const stockOf = async (link: string) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, fx.ids[link]!)))[0]!.stock

  it('an unpaid order is cancelled at once, stock back; asking again changes nothing', async () => {
    const before = await stockOf(CAPA)
    const kay = await newShopper()
    const code = await orderOf(kay, [CAPA], null, 'pix', 3)
    expect(await stockOf(CAPA)).toBe(before - 3)
    expect(await post(kay, `pedidos/${code}/cancelar/`, {})).toEqual({ status: 200, body: { estado: 'sucesso', msg: M.cancelado } })
    expect(await stockOf(CAPA)).toBe(before)
    expect(await post(kay, `pedidos/${code}/cancelar/`, {})).toEqual({ status: 200, body: { estado: 'sucesso', msg: M.jaCancelado } })
    expect(await stockOf(CAPA)).toBe(before)
    const view = await customerAfterSale(db, storeProfile, kay.customerId, code)
    expect(view!.cancelamento).not.toBeNull()
    expect(view!.acoes.cancelar).toBe(false)
  })

  it('a paid card order is refunded in full; a shipped one, another customer’s and junk are refused', async () => {
    const leo = await newShopper()
    const code = await orderOf(leo, [CAPA], null, 'cartao', 2)
    const [row] = await db.select().from(orders).where(eq(orders.code, code))
    expect(row!.status).toBe('pago')
    const mia = await newShopper()
    expect(await post(mia, `pedidos/${code}/cancelar/`, {})).toEqual({ status: 404, body: { estado: 'erro', msg: M.pedido } })
    expect(await post(leo, `pedidos/${code}/cancelar/`, { motivo: 1 })).toMatchObject({ status: 422 })
    expect(await post(leo, 'pedidos/nada/cancelar/', {})).toEqual({ status: 404, body: { estado: 'erro', msg: M.pedido } })
    expect(await db.select().from(refunds).where(eq(refunds.orderId, row!.id))).toHaveLength(0)
    expect(await post(leo, `pedidos/${code}/cancelar/`, { motivo: 'Comprei errado' })).toEqual({
      status: 200,
      body: { estado: 'sucesso', msg: M.canceladoReembolso },
    })
    const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, row!.id))
    expect(refund).toMatchObject({ amountCents: row!.totalCents, status: 'done', actorKind: 'customer' })

    const shipped = await orderOf(leo, [CAPA], 'enviado')
    expect(await post(leo, `pedidos/${shipped}/cancelar/`, {})).toEqual({ status: 409, body: { estado: 'erro', msg: M.naoCancelavel } })
    expect((await db.select().from(orders).where(eq(orders.code, shipped)))[0]!.status).toBe('enviado')
  })

  it('the shopper cancelling while staff ship it: exactly one wins, the loser is told', async () => {
    for (let round = 0; round < 3; round++) {
      const nina = await newShopper()
      const code = await orderOf(nina, [CAPA], null, 'cartao')
      const staff = { kind: 'staff' as const, staffId: 1, name: 'Bruna (loja)', ip: '127.0.0.1' }
      expect(await advanceOrder(db, { code, actor: staff })).toMatchObject({ status: 'em_separacao' })
      const before = await stockOf(CAPA)
      const [cancel, ship] = await Promise.all([
        cancelByCustomer(db, { customerId: nina.customerId, ip: null }, code, '', { provider: sandbox }),
        advanceOrder(db, { code, actor: staff, expectedStatus: 'em_separacao', trackingCode: 'AA123456789BR' }),
      ])
      const [row] = await db.select().from(orders).where(eq(orders.code, code))
      const refunded = await db.select().from(refunds).where(eq(refunds.orderId, row!.id))
      if (row!.status === 'cancelado') {
        expect(cancel).toEqual({ estado: 'sucesso', msg: M.canceladoReembolso })
        expect(isRefusal(ship)).toBe(true)
        expect(refunded).toHaveLength(1)
        expect(await stockOf(CAPA)).toBe(before + 1)
      } else {
        expect(row!.status).toBe('enviado')
        expect(ship).toMatchObject({ status: 'enviado' })
        expect(isRefusal(cancel) && cancel.message).toBe(M.naoCancelavel)
        expect(refunded).toHaveLength(0)
        expect(await stockOf(CAPA)).toBe(before)
      }
    }
  })
})

describe('a return handled by staff (domain)', () => {
  const staff = { kind: 'staff' as const, staffId: 1, name: 'Bruna (loja)', ip: '127.0.0.1' }
  const stockOf = async (link: string) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, fx.ids[link]!)))[0]!.stock

  it('approve, receive (stock back only for resellable items), refund in full including shipping, once', async () => {
    const olga = await newShopper()
    const code = await orderOf(olga, [CAPA, CANON], null, 'cartao')
    const orderId = await deliver(code, new Date(Date.now() - DAY))
    const [capa, canon] = await itemsOf(orderId)
    const itens = [
      { item: capa!.id, quantidade: 1 },
      { item: canon!.id, quantidade: 1 },
    ]
    expect((await post(olga, `pedidos/${code}/desistir/`, { motivo: 'nao_atendeu', itens })).status).toBe(200)
    const [req] = await db.select().from(returnRequests).where(eq(returnRequests.orderId, orderId))
    expect(await receiveReturn(db, { id: req!.id, actor: staff, resellable: [] })).toMatchObject({ code: RETURNS.wrongStatus.code })
    expect(await approveReturn(db, { id: req!.id, actor: staff })).toMatchObject({ status: 'aprovada' })
    expect(await approveReturn(db, { id: req!.id, actor: staff })).toMatchObject({ code: RETURNS.wrongStatus.code })
    expect(await receiveReturn(db, { id: req!.id, actor: staff, resellable: [capa!.id + 100_000] })).toMatchObject({ code: RETURNS.notTheseItems.code })
    const [capaBefore, canonBefore] = [await stockOf(CAPA), await stockOf(CANON)]
    expect(await receiveReturn(db, { id: req!.id, actor: staff, resellable: [capa!.id] })).toMatchObject({ status: 'recebida' })
    expect([await stockOf(CAPA), await stockOf(CANON)]).toEqual([capaBefore + 1, canonBefore])
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId))
    const refund = () => refundReturn(db, { id: req!.id, actor: staff, expectedCents: row!.totalCents, provider: sandbox })
    const [first, second] = await Promise.all([refund(), refund()])
    expect([first, second].filter((r) => isRefusal(r)).map((r) => isRefusal(r) && r.code)).toEqual([RETURNS.wrongStatus.code])
    const rows = await db.select().from(refunds).where(eq(refunds.orderId, orderId))
    expect(rows.map((r) => r.amountCents)).toEqual([row!.totalCents])
    expect((await db.select().from(returnRequests).where(eq(returnRequests.id, req!.id)))[0]!.status).toBe('reembolsada')
    const steps = (
      await db.select({ kind: orderEvents.kind, data: orderEvents.data }).from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id))
    )
      .filter((e) => e.kind === 'return')
      .map((e) => e.data.step)
    expect(steps).toEqual(['solicitada', 'aprovada', 'recebida', 'reembolsada'])
  })
})
