import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CHECKOUT_MESSAGES,
  calcularFreteSuccessSchema,
  indisponivelMsg,
  dadosCompraSuccessSchema,
  pedidoSuccessSchema,
  resumoCompraSuccessSchema,
  semEstoqueMsg,
} from '../../contract/checkout'
import { listarCarrinhoSuccessSchema } from '../../contract/cart'
import type { Database, Db } from '../../server/db/client'
import { orderItems, orders, payments, products, sandboxPayments, variationOptions } from '../../server/db/schema'
import { rows } from '../../server/db/sql'
import { listCart } from '../../server/domain/cart'
import { FIXTURE, publicHashes } from '../support/cart-fixtures'
import { insertCatalogFixture, type CatalogFixture } from '../support/catalog-fixtures'
import { checkoutState } from '../../server/domain/checkout/checkout'
import { readyForCheckout } from '../../server/domain/checkout/lines'
import { expireOrders } from '../../server/domain/order/expiry'
import { placeOrder } from '../../server/domain/order/place'
import { ORDERS } from '../../contract/messages/orders'
import { advanceOrder } from '../../server/domain/order/status'
import { cancelOrder } from '../../server/domain/order/cancel'
import type { SandboxProvider } from '../../server/integrations/payments/sandbox'
import { signWebhook } from '../../server/integrations/payments/webhook'
import type { RequestContext } from '../../server/http/context'
import { storeProfile } from '../../server/store-profile'
import { checkoutCartOrBack } from '../../app/lib/checkout-cart.server'
import { toCents } from '../../contract/pricing'
import { createTestApp, testEnv } from '../support/app'
import { completeCheckout, createShopper, fillCart, installTestSandbox, TEST_WEBHOOK_SECRET, type Shopper } from '../support/checkout'
import { createTestDatabase, testDbKind } from '../support/db'
import pino from 'pino'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { runJobs } from '../support/jobs'
import type { Jobs } from '../../server/jobs/runner'

let database: Database
let db: Db
let fx: CatalogFixture
let hashes: Record<string, string>
let sandbox: SandboxProvider
const { A55, IPHONE, CANON, CAPA, DELL, FONE, INACTIVE } = FIXTURE

let jobs: Jobs
beforeAll(async () => {
  database = await createTestDatabase()
  jobs = await runJobs(database)
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

async function callAs(shopper: Shopper | null, path: string, json?: unknown): Promise<Res> {
  const { request } = createTestApp(db)
  const headers = shopper ? { cookie: `vt_sid=${shopper.token}` } : undefined
  const res = await request(`/_next/api/${path}`, json === undefined ? { headers } : { method: 'POST', json, headers })
  expect(res.headers.get('cache-control'), path).toBe('private, no-store')
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const stockOf = async (link: string) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, fx.ids[link])))[0].stock
const orderCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(orders))[0].n
const checkoutRows = () => rows(db, sql`SELECT * FROM checkouts ORDER BY id`)

let shopperCount = 0
async function shopper(): Promise<Shopper> {
  shopperCount += 1
  return createShopper(db, `cliente${shopperCount}`)
}

const startedAt = Date.now()

/** The first .eml of the outbox written during this run that `match` accepts (order e-mails are sent after the answer). */
async function waitForMail(match: (text: string) => boolean): Promise<string> {
  const dir = path.join(testEnv.dataDir, 'outbox')
  for (let i = 0; i < 50; i++) {
    for (const name of existsSync(dir) ? readdirSync(dir) : []) {
      const file = path.join(dir, name)
      if (statSync(file).mtimeMs < startedAt - 1000) continue
      const text = readFileSync(file, 'utf8').replace(/=\r?\n/g, '')
      if (match(text)) return text
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('e-mail não encontrado na caixa de saída')
}

const identification = { nome: 'Ana Maria de Souza', email: 'ana@example.com', cpf: '390.533.447-05', celular: '(11) 9 8765-4321' }

describe(`checkout API (${testDbKind})`, () => {
  it("answers 'auth' (401) to a visitor on every checkout call", async () => {
    const gets = ['checkout/1/', 'dados-compra/', 'calcular-frete-qqer/', 'checkout/resumo/', 'pedidos/VT-2026-000124/']
    const posts: Array<[string, unknown]> = [
      ['checkout/step/1/', identification],
      ['checkout/step/2/', { cep: '01310200', numero: '10', destinatario: 'Ana Souza' }],
      ['checkout/endereco/', { id: '1' }],
      ['checkout/envio/', { opcao: 0 }],
      ['checkout/pagamento/', { metodo: 'pix' }],
      ['checkout/finalizar/', {}],
      ['pagamentos/simular/', { pedido: 'VT-2026-000124' }],
    ]
    for (const path of gets) expect(await callAs(null, path), path).toEqual({ status: 401, body: { estado: 'erro', msg: 'auth' } })
    for (const [path, json] of posts) expect(await callAs(null, path, json), path).toEqual({ status: 401, body: { estado: 'erro', msg: 'auth' } })
  })

  it('walks the whole checkout by the calls and places a Pix order that takes the stock', async () => {
    const ana = await shopper()
    // The first call of /checkout/address says whether identification was done.
    expect((await callAs(ana, 'checkout/1/')).body).toEqual({ estado: 'error', msg: CHECKOUT_MESSAGES.identificacao })
    expect(await callAs(ana, 'checkout/step/1/', identification)).toEqual({ status: 200, body: { estado: 'sucesso' } })
    expect((await callAs(ana, 'checkout/1/')).body).toEqual({ estado: 'sucesso' })

    const step2 = await callAs(ana, 'checkout/step/2/', {
      cep: '200.40-020',
      logradouro: 'Rua da Assembleia',
      numero: '10',
      bairro: 'Centro',
      destinatario: 'Ana Maria de Souza',
      complemento: 'Sala 5',
    })
    expect(step2.status).toBe(200)
    const dados = dadosCompraSuccessSchema.parse((await callAs(ana, 'dados-compra/')).body)
    expect(dados.user).toEqual({ nome: 'Ana', sobrenome: 'Maria de Souza', telefone: '(11) 9 8765-4321' })
    expect(dados.endereco).toMatchObject({ cep: '20040020', numero: '10', comp: 'Sala 5', cidade: 'Rio de Janeiro' })
    expect(dados.estacao).toBeNull()

    const before = await stockOf(CANON)
    const { request } = createTestApp(db)
    const cookie = { cookie: `vt_sid=${ana.token}` }
    expect((await request('/_next/api/carrinho/add/', { method: 'POST', json: { id: hashes[CANON], qtd: 1 }, headers: cookie })).status).toBe(200)

    const frete = calcularFreteSuccessSchema.parse((await callAs(ana, 'calcular-frete-qqer/')).body)
    expect(frete.opcs.map((o) => o.nome)).toEqual(['Padrão', 'Expressa', 'Retirar em uma estação'])
    // R$ 3.299 passes the free-shipping threshold: 'Padrão' is free; express to RJ is the SE rate.
    expect(frete.opcs[0]).toMatchObject({ valor: 0, prazo: storeProfile.frete.prazosDiasUteis.SE })
    expect(frete.opcs[1]).toMatchObject({ valor: storeProfile.frete.expressa.baseCentavos.SE / 100, prazo: 1 })
    expect(frete.opcs[2]).toMatchObject({ valor: 0 })
    expect(frete.estacao.length).toBe(storeProfile.frete.estacoes.length)
    expect(frete.escolha).toEqual({ opcao: null, estacao: null })

    expect((await callAs(ana, 'checkout/envio/', { opcao: 2, estacao: 'se' })).status).toBe(200)
    expect(dadosCompraSuccessSchema.parse((await callAs(ana, 'dados-compra/')).body).estacao).toEqual({ nome: 'Estação Sé' })
    expect((await callAs(ana, 'checkout/envio/', { opcao: 1 })).status).toBe(200)
    expect((await callAs(ana, 'checkout/pagamento/', { metodo: 'pix' })).status).toBe(200)

    const resumo = resumoCompraSuccessSchema.parse((await callAs(ana, 'checkout/resumo/')).body)
    expect(resumo.pendente).toEqual([])
    expect(resumo.itens).toHaveLength(1)
    const pix = Math.round(329900 * 0.95) / 100
    expect(resumo.desconto).toBeCloseTo(3299 - pix, 2)
    expect(resumo.total).toBeCloseTo(pix + storeProfile.frete.expressa.baseCentavos.SE / 100, 2)
    expect(resumo.loja.cnpj).toBe(storeProfile.cnpj)
    expect(resumo.arrependimento).toMatch(/7 dias/)

    const placed = await callAs(ana, 'checkout/finalizar/', { total: resumo.total })
    expect(placed.status).toBe(200)
    const code = placed.body.pedido as string
    expect(code).toMatch(/^VT-\d{4}-\d{6}$/)
    expect(await stockOf(CANON)).toBe(before - 1)

    const pedido = pedidoSuccessSchema.parse((await callAs(ana, `pedidos/${code}/`)).body).pedido
    expect(pedido).toMatchObject({ status: 'aguardando_pagamento', situacao: 'Aguardando pagamento', total: resumo.total, simulavel: true })
    expect(pedido.itens[0]).toMatchObject({ titulo: 'Câmera Digital Canon EOS Rebel T7', quantidade: 1, valor: 3299 })
    expect(pedido.pagamento.pix?.copiaECola).toContain('br.gov.bcb.pix')
    expect(pedido.pagamento.pix?.qrSvg).toMatch(/^<svg/)
    expect(pedido.endereco).toMatchObject({ cep: '20040020', numero: '10' })

    // The cart is empty and the next checkout is prefilled from this order.
    const cart = listarCarrinhoSuccessSchema.parse(await (await request('/_next/api/listar-carrinho/', { headers: cookie })).json())
    expect(cart.itens).toEqual([])
    expect(cart.compra).toEqual([{ nome: 'Ana Maria de Souza', email: 'ana@example.com', cpf: '39053344705', celular: '11987654321' }])

    // The order e-mail, with the Pix code, lands in the outbox (no SMTP_URL in tests).
    const mail = await waitForMail((text) => text.includes(`Pedido ${code} recebido`) && text.includes('ana@example.com'))
    expect(mail).toContain('Pix Copia e Cola')
    expect(mail).toContain(`http://localhost/compras/pedido/${code}`)

    // Another customer cannot see it; a retry of the same checkout answers the same order.
    expect((await callAs(await shopper(), `pedidos/${code}/`)).status).toBe(404)
    expect((await callAs(ana, 'checkout/finalizar/', {})).body).toEqual({ estado: 'sucesso', pedido: code })

    // 'Simular pagamento' goes through the webhook path: paid, and once only.
    expect((await callAs(ana, 'pagamentos/simular/', { pedido: code })).body).toEqual({ estado: 'sucesso', status: 'pago' })
    expect((await callAs(ana, 'pagamentos/simular/', { pedido: code })).status).toBe(409)
    expect(pedidoSuccessSchema.parse((await callAs(ana, `pedidos/${code}/`)).body).pedido).toMatchObject({ status: 'pago', simulavel: false })
  })

  it('a double submit places one order', async () => {
    const bia = await shopper()
    await fillCart(db, bia, fx.ids[CAPA], 2)
    await completeCheckout(db, bia, 'boleto')
    const before = await orderCount()
    const answers = await Promise.all([callAs(bia, 'checkout/finalizar/', {}), callAs(bia, 'checkout/finalizar/', {}), callAs(bia, 'checkout/finalizar/', {})])
    const codes = new Set(answers.map((a) => a.body.pedido))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    expect(codes.size).toBe(1)
    expect(await orderCount()).toBe(before + 1)
    const [code] = codes as Set<string>
    const pedido = pedidoSuccessSchema.parse((await callAs(bia, `pedidos/${code}/`)).body).pedido
    expect(pedido.pagamento.boleto?.linhaDigitavel).toMatch(/^\d{47}$/)
    expect(pedido.pagamento.boleto?.barrasSvg).toMatch(/^<svg/)
    // The stock was taken once (100 − 2), the voided extra authorizations hold nothing.
    expect(await stockOf(CAPA)).toBe(98)
  })

  it('charges the price of now, and refuses a total the shopper saw before a change', async () => {
    const caio = await shopper()
    await fillCart(db, caio, fx.ids[IPHONE], 1)
    await completeCheckout(db, caio, 'cartao', 3)
    const seen = resumoCompraSuccessSchema.parse((await callAs(caio, 'checkout/resumo/')).body).total
    await db.update(products).set({ priceCents: 549990 }).where(eq(products.id, fx.ids[IPHONE]))
    const before = await orderCount()
    const card = { numero: '4111 1111 1111 1111', nome: 'ANA SOUZA', validade: '12/30', cvv: '123' }
    const refused = await callAs(caio, 'checkout/finalizar/', { total: seen, cartao: card })
    expect(refused).toEqual({ status: 409, body: { estado: 'erro', msg: CHECKOUT_MESSAGES.precoMudou, total: 5499.9 } })
    expect(await orderCount()).toBe(before)
    const placed = await callAs(caio, 'checkout/finalizar/', { total: 5499.9, cartao: card })
    expect(placed.status).toBe(200)
    const [item] = await db
      .select()
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.code, placed.body.pedido as string))
    expect(item.order_items.unitPriceCents).toBe(549990)
    expect(item.orders).toMatchObject({ status: 'pago', installments: 3, totalCents: 549990 })
    await db.update(products).set({ priceCents: 599990 }).where(eq(products.id, fx.ids[IPHONE]))
  })

  it('a declined card leaves no order and no stock taken; another card then works', async () => {
    const duda = await shopper()
    await fillCart(db, duda, fx.ids[DELL], 1)
    await completeCheckout(db, duda, 'cartao')
    const [stock, count] = [await stockOf(DELL), await orderCount()]
    const declined = await callAs(duda, 'checkout/finalizar/', { cartao: { numero: '4000000000000002', nome: 'DUDA', validade: '12/30', cvv: '123' } })
    expect(declined.status).toBe(402)
    expect(declined.body.msg).toMatch(/recusado/)
    expect(JSON.stringify(declined.body)).not.toContain('4000000000000002')
    const invalid = await callAs(duda, 'checkout/finalizar/', { cartao: { numero: '4111111111111112', nome: 'DUDA', validade: '12/30', cvv: '123' } })
    expect(invalid.status).toBe(422)
    expect(await callAs(duda, 'checkout/finalizar/', {})).toEqual({ status: 422, body: { estado: 'erro', msg: CHECKOUT_MESSAGES.cartao } })
    expect([await stockOf(DELL), await orderCount()]).toEqual([stock, count])
    const approved = await callAs(duda, 'checkout/finalizar/', { cartao: { numero: '5555555555554444', nome: 'DUDA', validade: '12/30', cvv: '123' } })
    expect(approved.status).toBe(200)
    expect(await stockOf(DELL)).toBe(stock - 1)
    // No card number is kept anywhere.
    const kept = JSON.stringify(await rows(db, sql`SELECT details FROM payments UNION ALL SELECT payment FROM sandbox_payments`))
    expect(kept).not.toMatch(/5555555555554444|4000000000000002|555555/)
  })

  it('a card hold that cannot be captured leaves no order standing: stock, cart and checkout as they were', async () => {
    const gabi = await shopper()
    await fillCart(db, gabi, fx.ids[DELL], 1)
    await completeCheckout(db, gabi, 'cartao')
    const stock = await stockOf(DELL)
    const deps = { db, env: testEnv, store: storeProfile, log: pino({ level: 'silent' }) }
    const card = { numero: '4111111111111111', nome: 'GABI', validade: '12/30', cvv: '123' }
    const failing = {
      ...sandbox,
      capture: async () => ({ ok: false as const, code: 'indisponivel' as const, message: 'Serviço de pagamento indisponível. Tente novamente em instantes.' }),
    }
    const refused = await placeOrder({ ...deps, payments: failing }, gabi, { cartao: card })
    expect(refused).toMatchObject({ category: 'unavailable' })
    const [cancelled] = await db.select().from(orders).where(eq(orders.customerId, gabi.customerId))
    expect(cancelled).toMatchObject({ status: 'cancelado', cancelReason: 'pagamento' })
    expect(await stockOf(DELL)).toBe(stock)
    const again = await placeOrder({ ...deps, payments: sandbox }, gabi, { cartao: card })
    expect(again).toMatchObject({ estado: 'sucesso' })
    expect('pedido' in again && again.pedido).not.toBe(cancelled.code)
    expect(await stockOf(DELL)).toBe(stock - 1)
  })

  it('refuses out of stock naming the product, with nothing placed', async () => {
    const eva = await shopper()
    const option = (await db.select().from(variationOptions).where(eq(variationOptions.name, 'Preto')))[0]
    await fillCart(db, eva, fx.ids[A55], option.stock + 1, option.id)
    await completeCheckout(db, eva, 'pix')
    const before = await orderCount()
    expect(await callAs(eva, 'checkout/finalizar/', {})).toEqual({
      status: 409,
      body: { estado: 'erro', msg: semEstoqueMsg('Smartphone Samsung Galaxy A55 5G 256GB') },
    })
    expect(await orderCount()).toBe(before)
  })

  it('a line the cart cannot buy: every checkout page goes back to the cart, resumo and placement refuse it, nothing written', async () => {
    const rui = await shopper()
    await fillCart(db, rui, fx.ids[CAPA], 2)
    // 15 in stock: the cart's rule (lineAvailability) marks the line.
    await fillCart(db, rui, fx.ids[FONE], 16)
    await completeCheckout(db, rui, 'pix')
    const deps = { db, env: testEnv, store: storeProfile, log: pino({ level: 'silent' }) }
    const session = { id: rui.sessionId, customerId: rui.customerId }
    const pageContext = { ...deps, session: { current: () => session } } as unknown as RequestContext
    /** Where a checkout page's loader sends the shopper (null: the page shows). */
    const pageGoesTo = () =>
      checkoutCartOrBack(pageContext).then(
        () => null,
        (r: Response) => [r.status, r.headers.get('location')],
      )
    const written = async () => [
      await orderCount(),
      (await db.select().from(payments)).length,
      (await db.select().from(sandboxPayments)).length,
      await stockOf(FONE),
      await stockOf(CAPA),
    ]
    const before = await written()

    const listing = await listCart(deps, session)
    expect(listing.itens.map((l) => [l.disponivel, l.max])).toEqual([
      [true, await stockOf(CAPA)],
      [false, 15],
    ])
    expect(readyForCheckout(listing)).toBe(false)
    expect(await pageGoesTo()).toEqual([302, '/compras/carrinho/'])
    // Checkout's quote counts what the cart's total counts, by the same rule.
    const state = await checkoutState(deps, rui)
    expect(state.quote.lines.map((l) => [l.disponivel, l.max])).toEqual(listing.itens.map((l) => [l.disponivel, l.max]))
    expect(state.quote.subtotalCents).toBe(toCents(listing.total))
    const short = { status: 409, body: { estado: 'erro', msg: semEstoqueMsg('Fone de Ouvido Sony WH-1000XM5') } }
    expect(await callAs(rui, 'checkout/resumo/')).toEqual(short)
    expect(await callAs(rui, 'checkout/finalizar/', {})).toEqual(short)

    // A product no longer sold says so.
    await db.execute(sql`UPDATE cart_items SET quantity = 15 WHERE product_id = ${fx.ids[FONE]}`)
    await fillCart(db, rui, fx.ids[INACTIVE], 1)
    expect((await listCart(deps, session)).itens.map((l) => [l.disponivel, l.max])).toEqual([
      [true, await stockOf(CAPA)],
      [true, 15],
      [false, 0],
    ])
    expect(await pageGoesTo()).toEqual([302, '/compras/carrinho/'])
    const gone = { status: 409, body: { estado: 'erro', msg: indisponivelMsg('Smartphone Antigo Desativado') } }
    expect(await callAs(rui, 'checkout/resumo/')).toEqual(gone)
    expect(await callAs(rui, 'checkout/finalizar/', {})).toEqual(gone)
    // Refused before the payment was asked for: no order, no payment, no stock taken.
    expect(await written()).toEqual(before)

    // Fixed in the cart: the pages show, the summary prices the whole cart, and the order is placed.
    await db.execute(sql`DELETE FROM cart_items WHERE product_id = ${fx.ids[INACTIVE]}`)
    const fixed = await listCart(deps, session)
    expect(readyForCheckout(fixed)).toBe(true)
    expect(await pageGoesTo()).toBeNull()
    expect(resumoCompraSuccessSchema.parse((await callAs(rui, 'checkout/resumo/')).body).subtotal).toBe(fixed.total)
    expect((await callAs(rui, 'checkout/finalizar/', {})).status).toBe(200)
    expect(await stockOf(FONE)).toBe(0)
    // Empty now: back to the cart too.
    expect(await pageGoesTo()).toEqual([302, '/compras/carrinho/'])
  })

  it('a failure forced in the middle of placing leaves nothing placed and voids the payment', async () => {
    const fabi = await shopper()
    await fillCart(db, fabi, fx.ids[CAPA], 3)
    await completeCheckout(db, fabi, 'pix')
    const [stock, count, paid] = [await stockOf(CAPA), await orderCount(), (await db.select().from(payments)).length]
    const deps = { db, env: testEnv, store: storeProfile, log: pino({ level: 'silent' }), payments: sandbox }
    await expect(placeOrder({ ...deps, midTransaction: () => Promise.reject(new Error('falha forçada')) }, fabi, {})).rejects.toThrow('falha forçada')
    expect([await stockOf(CAPA), await orderCount(), (await db.select().from(payments)).length]).toEqual([stock, count, paid])
    const ledger = await db.select().from(sandboxPayments)
    expect(ledger.filter((l) => (l.payment as { status: string }).status === 'pending')).toHaveLength(
      (await rows(db, sql`SELECT 1 FROM payments WHERE status = 'pending'`)).length,
    )
    // The cart is still there; placing again works.
    expect(await placeOrder(deps, fabi, {})).toMatchObject({ estado: 'sucesso' })
    expect(await stockOf(CAPA)).toBe(stock - 3)
  })

  it('webhooks: bad signature refused, replay changes nothing, unknown order 404', async () => {
    const gil = await shopper()
    await fillCart(db, gil, fx.ids[CAPA], 1)
    await completeCheckout(db, gil, 'pix')
    const code = (await callAs(gil, 'checkout/finalizar/', {})).body.pedido as string
    const [row] = await db.select().from(payments).innerJoin(orders, eq(orders.id, payments.orderId)).where(eq(orders.code, code))
    const event = {
      id: 'evt-1',
      orderCode: code,
      paymentId: row.payments.providerPaymentId,
      method: 'pix' as const,
      status: 'paid' as const,
      amountCents: row.payments.amountCents,
      createdAt: new Date().toISOString(),
    }
    const post = async (delivery: { rawBody: string; headers: Record<string, string> }) => {
      const { request } = createTestApp(db)
      const res = await request('/_next/api/pagamentos/webhook/', { method: 'POST', body: delivery.rawBody, headers: delivery.headers })
      return { status: res.status, body: await res.json() }
    }
    const forged = signWebhook(event, 'outro-segredo-qualquer-com-32-caracteres!')
    expect((await post(forged)).status).toBe(401)
    const tampered = signWebhook(event, TEST_WEBHOOK_SECRET)
    expect((await post({ ...tampered, rawBody: tampered.rawBody.replace('"paid"', '"voided"') })).status).toBe(401)
    expect((await db.select().from(orders).where(eq(orders.code, code)))[0].status).toBe('aguardando_pagamento')
    expect((await post(signWebhook({ ...event, orderCode: 'VT-2000-999999' }, TEST_WEBHOOK_SECRET))).status).toBe(404)
    expect((await post(signWebhook({ ...event, amountCents: 1 }, TEST_WEBHOOK_SECRET))).status).toBe(409)
    const good = signWebhook(event, TEST_WEBHOOK_SECRET)
    expect(await post(good)).toEqual({ status: 200, body: { estado: 'sucesso', aplicado: true } })
    const after = (await db.select().from(orders).where(eq(orders.code, code)))[0]
    expect(after.status).toBe('pago')
    expect(await post(good)).toEqual({ status: 200, body: { estado: 'sucesso', aplicado: false } })
    // A later 'voided' for a paid payment does not move it back.
    expect((await post(signWebhook({ ...event, id: 'evt-2', status: 'voided' }, TEST_WEBHOOK_SECRET))).status).toBe(200)
    expect((await db.select().from(orders).where(eq(orders.code, code)))[0]).toMatchObject({ status: 'pago', paidAt: after.paidAt })
  })

  it('a payment arriving for an order a person cancelled is refunded, and the order stays cancelled', async () => {
    const ivo = await shopper()
    await fillCart(db, ivo, fx.ids[CAPA], 1)
    await completeCheckout(db, ivo, 'pix')
    const code = (await callAs(ivo, 'checkout/finalizar/', {})).body.pedido as string
    const [row] = await db.select().from(payments).innerJoin(orders, eq(orders.id, payments.orderId)).where(eq(orders.code, code))
    // The shopper's bank pays while staff cancel (as a gateway may report it: paid before the withdrawal arrived).
    const paid = await sandbox.simulatePayment(row.payments.providerPaymentId)
    if (!paid.ok) throw new Error(paid.message)
    const outcome = await cancelOrder(db, { code, actor: { kind: 'cli' }, reason: 'cliente desistiu' })
    expect(outcome).toMatchObject({ money: 'reembolsado', refundedCents: row.payments.amountCents })
    const { request } = createTestApp(db)
    const res = await request('/_next/api/pagamentos/webhook/', { method: 'POST', body: paid.delivery.rawBody, headers: paid.delivery.headers })
    expect(res.status).toBe(200)
    const [after] = await db.select().from(payments).innerJoin(orders, eq(orders.id, payments.orderId)).where(eq(orders.code, code))
    expect(after.orders.status).toBe('cancelado')
    expect(after.payments.status).toBe('refunded')
    expect(await sandbox.status(row.payments.providerPaymentId)).toMatchObject({
      ok: true,
      payment: { status: 'refunded', refundedCents: row.payments.amountCents },
    })
  })

  it('bad input, another customer’s ids and out-of-range choices: 4xx in pt-BR, nothing changed', async () => {
    const hugo = await shopper()
    const iris = await shopper()
    await callAs(hugo, 'checkout/step/1/', identification)
    const before = await checkoutRows()
    const cases: Array<[string, unknown, number]> = [
      ['checkout/step/1/', { ...identification, cpf: '111.111.111-11' }, 422],
      ['checkout/step/1/', { ...identification, nome: 'Ana' }, 422],
      ['checkout/step/1/', { ...identification, extra: 1 }, 422],
      ['checkout/step/1/', [], 422],
      ['checkout/step/2/', { cep: '0000-000', numero: '1', destinatario: 'Hugo Teste' }, 422],
      ['checkout/step/2/', { cep: '00000-000', numero: '1', destinatario: 'Hugo Teste' }, 404],
      ['checkout/step/2/', { cep: '000.00-001', numero: '1', destinatario: 'Hugo Teste' }, 404],
      ['checkout/step/2/', { cep: '01310200', numero: '1a', destinatario: 'Hugo Teste' }, 422],
      ['checkout/endereco/', { id: String(iris.addressId) }, 404],
      ['checkout/endereco/', { id: '1; drop table orders' }, 422],
      ['checkout/endereco/', { id: 'abc' }, 404],
      ['checkout/envio/', { opcao: 3 }, 422],
      ['checkout/envio/', { opcao: -1 }, 422],
      ['checkout/envio/', { opcao: 1.5 }, 422],
      ['checkout/envio/', { opcao: 2 }, 422],
      ['checkout/envio/', { opcao: 2, estacao: 'lua' }, 404],
      ['checkout/envio/', { opcao: '0' }, 422],
      ['checkout/pagamento/', { metodo: 'cheque' }, 422],
      ['checkout/pagamento/', { metodo: 'cartao', parcelas: 24 }, 422],
      ['checkout/pagamento/', { metodo: 'pix', parcelas: 3 }, 422],
      ['checkout/finalizar/', { cartao: { numero: 1 } }, 422],
      ['pagamentos/simular/', { pedido: 'VT-1' }, 422],
      ['pagamentos/simular/', { pedido: 'VT-2000-999999' }, 404],
    ]
    for (const [path, json, status] of cases) {
      const res = await callAs(hugo, path, json)
      expect(res.status, `${path} ${JSON.stringify(json)}`).toBe(status)
      expect(res.body.estado).toBe('erro')
      expect(res.body.msg as string).not.toMatch(/^(Invalid|Expected|Required)/)
    }
    expect(await checkoutRows()).toEqual(before)
    expect((await callAs(hugo, 'pedidos/nao-e-codigo/')).status).toBe(404)
    // Finalizar with nothing chosen, and an empty cart.
    expect((await callAs(hugo, 'checkout/finalizar/', {})).status).toBe(409)
  })

  it("dados-compra and calcular-frete-qqer say 'sedrc' without an address and 'EsEdrc' with none chosen", async () => {
    const joao = await shopper()
    await db.execute(sql`DELETE FROM addresses WHERE customer_id = ${joao.customerId}`)
    expect(await callAs(joao, 'dados-compra/')).toEqual({ status: 409, body: { estado: 'erro', msg: 'sedrc' } })
    expect(await callAs(joao, 'calcular-frete-qqer/')).toEqual({ status: 409, body: { estado: 'erro', msg: 'sedrc' } })
    await db.execute(
      sql`INSERT INTO addresses (customer_id, nome, cep, estado, cidade, bairro, rua, numero, is_default) VALUES (${joao.customerId}, 'João', '01001000', 'SP', 'São Paulo', 'Sé', 'Praça da Sé', '1', false)`,
    )
    expect(await callAs(joao, 'dados-compra/')).toEqual({ status: 409, body: { estado: 'erro', msg: 'EsEdrc' } })
    const [{ id }] = await rows<{ id: number }>(db, sql`SELECT id FROM addresses WHERE customer_id = ${joao.customerId}`)
    expect((await callAs(joao, 'checkout/endereco/', { id: String(id) })).status).toBe(200)
    expect(dadosCompraSuccessSchema.parse((await callAs(joao, 'dados-compra/')).body).endereco.cep).toBe('01001000')
  })

  it('expires an unpaid Pix at its deadline, giving the stock back, once', async () => {
    // Earlier tests' unpaid orders out of the way first: only this one's stock is counted.
    await expireOrders(db, sandbox, new Date(Date.now() + 86_400_000 * 30))
    const kim = await shopper()
    await fillCart(db, kim, fx.ids[CAPA], 4)
    await completeCheckout(db, kim, 'pix')
    const stock = await stockOf(CAPA)
    const code = (await callAs(kim, 'checkout/finalizar/', {})).body.pedido as string
    expect(await stockOf(CAPA)).toBe(stock - 4)
    expect(await expireOrders(db, sandbox, new Date(Date.now() + 29 * 60_000))).not.toContain(code)
    const later = new Date(Date.now() + 31 * 60_000)
    const [first, second] = await Promise.all([expireOrders(db, sandbox, later), expireOrders(db, sandbox, later)])
    expect([...first, ...second].filter((c) => c === code)).toHaveLength(1)
    expect(await stockOf(CAPA)).toBe(stock)
    expect((await db.select().from(orders).where(eq(orders.code, code)))[0]).toMatchObject({ status: 'cancelado', cancelReason: 'expirado' })
    expect((await callAs(kim, 'pagamentos/simular/', { pedido: code })).status).toBe(409)
  })

  it('the operator moves a paid order along, tracking code required to ship', async () => {
    const lia = await shopper()
    await fillCart(db, lia, fx.ids[CAPA], 1)
    await completeCheckout(db, lia, 'pix')
    const code = (await callAs(lia, 'checkout/finalizar/', {})).body.pedido as string
    const cli = { code, actor: { kind: 'cli' } as const }
    expect(await advanceOrder(db, cli)).toMatchObject({ code: ORDERS.noNextStep.code })
    await callAs(lia, 'pagamentos/simular/', { pedido: code })
    expect(await advanceOrder(db, cli)).toEqual({ code, from: 'pago', status: 'em_separacao' })
    expect(await advanceOrder(db, cli)).toMatchObject({ code: ORDERS.trackingRequired.code })
    expect(await advanceOrder(db, { ...cli, trackingCode: 'AA123456789BR', carrier: 'correios' })).toEqual({ code, from: 'em_separacao', status: 'enviado' })
    expect(pedidoSuccessSchema.parse((await callAs(lia, `pedidos/${code}/`)).body).pedido.envio.rastreio).toBe('AA123456789BR')
    expect(await advanceOrder(db, cli)).toEqual({ code, from: 'enviado', status: 'entregue' })
    expect(await advanceOrder(db, cli)).toMatchObject({ code: ORDERS.noNextStep.code })
  })
})

describe(`concurrent placements (${testDbKind})`, () => {
  it('100 shoppers for a stock of 10: exactly 10 orders, stock 0, never negative', { timeout: 120_000 }, async () => {
    const [p] = await db
      .insert(products)
      .values({
        hash: 'corrida',
        linkReal: 'produto-corrida',
        titulo: 'Produto da Corrida',
        priceCents: 10000,
        stock: 10,
        categoryId: fx.cat.audio.id,
        sku: 'CORRIDA',
        pesoG: 300,
      })
      .returning()
    const shoppers: Shopper[] = []
    for (let i = 0; i < 100; i++) {
      const s = await createShopper(db, `corrida${i}`)
      await fillCart(db, s, p.id, 1)
      await completeCheckout(db, s, 'pix')
      shoppers.push(s)
    }
    const answers = await Promise.all(shoppers.map((s) => callAs(s, 'checkout/finalizar/', {})))
    const ok = answers.filter((a) => a.status === 200)
    expect(ok).toHaveLength(10)
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.msg === semEstoqueMsg('Produto da Corrida'))).toBe(true)
    expect(answers.filter((a) => a.status !== 200 && a.status !== 409)).toEqual([])
    const [after] = await db.select().from(products).where(eq(products.id, p.id))
    expect(after).toMatchObject({ stock: 0, soldCount: 10 })
    expect((await rows(db, sql`SELECT count(*)::int AS n FROM order_items WHERE product_id = ${p.id}`))[0]).toEqual({ n: 10 })
    // Each order closed its own checkout.
    expect(
      (
        await rows(
          db,
          sql`SELECT count(DISTINCT c.id)::int AS n FROM checkouts c JOIN order_items oi ON oi.order_id = c.order_id WHERE oi.product_id = ${p.id}`,
        )
      )[0],
    ).toEqual({ n: 10 })
  })
})
