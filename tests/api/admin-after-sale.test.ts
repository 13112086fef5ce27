import { and, asc, eq, sql } from 'drizzle-orm'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, Db } from '../../server/db/client'
import { auditLog, contactMessages, orderEvents, orderItems, orders, payments, products, refunds, returnRequests, reviews } from '../../server/db/schema'
import { getProductDetail } from '../../server/domain/catalog'
import { FIXTURE, publicHashes } from '../support/cart-fixtures'
import { insertCatalogFixture, type CatalogFixture } from '../support/catalog-fixtures'
import { saveCheckout } from '../../server/domain/checkout/record'
import { placeOrder } from '../../server/domain/order/place'
import { requestReturn } from '../../server/domain/after-sale/returns'
import { customerAfterSale } from '../../server/domain/after-sale/after-sale'
import { approveReturn, receiveReturn, refundReturn } from '../../server/domain/after-sale/admin-returns'
import { returnActions, returnForStaff } from '../../server/domain/after-sale/admin-detail'
import { listReturnsForStaff } from '../../server/domain/after-sale/admin-list'
import { listMessagesForStaff, messageForStaff } from '../../server/domain/contact/admin'
import { listReviewsForStaff } from '../../server/domain/review/admin-list'
import {
  messageActionResponseSchema,
  messageListQuerySchema,
  moderateResponseSchema,
  refundReturnResponseSchema,
  returnActionResponseSchema,
} from '../../contract/admin/after-sale'
import { RETURNS } from '../../contract/messages/returns'
import { writeReview } from '../../server/domain/review/write'
import { storeProfile } from '../../server/store-profile'
import type { SandboxProvider } from '../../server/integrations/payments/sandbox'
import { adminClient, type AdminClient, type TestStaff, signedIn, staffOfEachRole } from '../support/admin'
import { createTestApp, testEnv } from '../support/app'
import { BUYER_CPF, createShopper, fillCart, installTestSandbox, type Shopper } from '../support/checkout'
import { createTestDatabase, testDbKind } from '../support/db'
import { drained, runJobs } from '../support/jobs'
import type { Jobs } from '../../server/jobs/runner'

let database: Database
let db: Db
let fx: CatalogFixture
let hashes: Record<string, string>
let sandbox: SandboxProvider
let dataDir: string
let dono: TestStaff
let operacao: TestStaff
let atendimento: TestStaff
const { IPHONE, CANON, CAPA } = FIXTURE
const DAY = 86_400_000

let jobs: Jobs
beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  fx = await insertCatalogFixture(db)
  ;({ hashes } = await publicHashes(db))
  sandbox = installTestSandbox(db)
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-admin-after-sale-'))
  jobs = await runJobs(database, { dataDir })
  ;({ dono, operacao, atendimento } = await staffOfEachRole(db))
}, 60_000)
afterAll(async () => {
  await jobs?.stop()
  await database?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const as = (member: TestStaff) => signedIn(db, member, { dataDir })

let seq = 0
const newShopper = () => createShopper(db, `posvenda${++seq}`)

/** A shopper's card order of `lines` (link, quantity), placed through the checkout and delivered `daysAgo`. */
async function deliveredOrder(shopper: Shopper, lines: Array<[string, number]>, daysAgo = 1): Promise<{ code: string; id: number }> {
  for (const [link, quantity] of lines) await fillCart(db, shopper, fx.ids[link]!, quantity)
  // Option 1 (never free, unlike 'Padrão' above the threshold): the refund must give the shipping back too.
  await saveCheckout(db, shopper, {
    nome: 'Ana Maria Teste',
    email: 'ana@example.com',
    cpf: BUYER_CPF,
    celular: '11987654321',
    addressId: shopper.addressId,
    shippingIndex: 1,
    paymentMethod: 'cartao',
    parcelas: 1,
  })
  const card = { numero: '4111111111111111', nome: 'ANA TESTE', validade: '12/30', cvv: '123' }
  const placed = await placeOrder({ db, env: { ...testEnv, dataDir }, store: storeProfile, log: pino({ level: 'silent' }), payments: sandbox }, shopper, {
    cartao: card,
  })
  if (!('pedido' in placed)) throw new Error(`pedido não criado: ${JSON.stringify(placed)}`)
  const at = new Date(Date.now() - daysAgo * DAY)
  const [o] = await db.update(orders).set({ status: 'entregue', updatedAt: at }).where(eq(orders.code, placed.pedido)).returning({ id: orders.id })
  await db.insert(orderEvents).values({
    orderId: o!.id,
    kind: 'status',
    actorKind: 'cli',
    actorLabel: 'linha de comando',
    summary: 'Pedido entregue',
    data: { from: 'enviado', to: 'entregue' },
    createdAt: at,
  })
  return { code: placed.pedido, id: o!.id }
}

const staffActor = (member: TestStaff) => ({ kind: 'staff' as const, staffId: member.id, name: member.nome, ip: null })
const itemsOf = (orderId: number) => db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id)
const stockOf = async (link: string) => (await db.select({ stock: products.stock }).from(products).where(eq(products.id, fx.ids[link]!)))[0]!.stock
const audits = (action: string, entityId?: string) =>
  db
    .select()
    .from(auditLog)
    .where(entityId ? and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)) : eq(auditLog.action, action))
    .orderBy(asc(auditLog.id))

/** A return request of `items` (order item id, quantity) made by the shopper through the domain. */
async function askReturn(shopper: Shopper, code: string, itens: Array<{ item: number; quantidade: number }>): Promise<number> {
  const asked = await requestReturn({ db }, { customerId: shopper.customerId, ip: null }, code, {
    motivo: 'arrependimento',
    detalhes: 'Não quero mais.',
    itens,
  })
  expect(asked).toMatchObject({ estado: 'sucesso' })
  const [row] = await db
    .select({ id: returnRequests.id })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(eq(orders.code, code))
  return row!.id
}

describe(`back office after-sale API (${testDbKind})`, () => {
  it('roles: nobody gets 401; Atendimento moderates and answers but cannot manage or refund returns (403, audited)', async () => {
    const shopper = await newShopper()
    const { code, id } = await deliveredOrder(shopper, [[CAPA, 1]])
    const [item] = await itemsOf(id)
    const returnId = await askReturn(shopper, code, [{ item: item!.id, quantidade: 1 }])
    const nobody = adminClient(db, { dataDir })
    for (const p of ['/admin/api/avaliacoes/1', '/admin/api/mensagens/1/encerrar', `/admin/api/devolucoes/${returnId}/aprovar`])
      expect((await nobody.post(p, {})).status, p).toBe(401)

    const at = await as(atendimento)
    // Past the permission: the review and the message are not there.
    expect((await at.post('/admin/api/avaliacoes/99999999', { situacao: 'aprovada' })).status).toBe(404)
    expect((await at.post('/admin/api/mensagens/99999999/encerrar', {})).status).toBe(404)
    // Atendimento reads returns (to answer the customer) but moves neither stock nor money: no button, and 403.
    expect(returnActions(atendimento, (await returnForStaff(db, returnId))!)).toEqual({ approve: false, receive: false, refuse: false, refund: null })
    expect(returnActions(operacao, (await returnForStaff(db, returnId))!)).toEqual({ approve: true, receive: false, refuse: true, refund: null })
    for (const [action, body] of [
      ['aprovar', {}],
      ['receber', { revenda: [item!.id] }],
      ['reembolsar', { valorCents: 100 }],
    ] as const) {
      expect(await at.post(`/admin/api/devolucoes/${returnId}/${action}`, body)).toMatchObject({ status: 403, body: { estado: 'erro' } })
    }
    const denied = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'acesso negado'), eq(auditLog.actorId, atendimento.id)))
    expect(denied.map((a) => a.entityId).sort()).toEqual(['orders:refund', 'returns:manage', 'returns:manage'])
    expect((await db.select().from(returnRequests).where(eq(returnRequests.id, returnId)))[0]!.status).toBe('solicitada')

    // Operação approves.
    const op = await as(operacao)
    const approved = await op.post(`/admin/api/devolucoes/${returnId}/aprovar`, {})
    expect(approved).toMatchObject({ status: 200, body: { estado: 'sucesso', situacao: 'aprovada' } })
    expect(returnActionResponseSchema.parse(approved.body)).toEqual({ estado: 'sucesso', msg: 'Devolução aprovada.', id: returnId, situacao: 'aprovada' })
    expect(await audits('devolucao.aprovar', String(returnId))).toHaveLength(1)
  })

  it('approving a review shows it on the product page at once, with the store’s reply; hiding removes it; junk refused', async () => {
    const shopper = await newShopper()
    const { code } = await deliveredOrder(shopper, [[IPHONE, 1]])
    expect(
      await writeReview(db, shopper.customerId, {
        pedido: code,
        produto: hashes[IPHONE]!,
        nota: 4,
        titulo: 'Bom aparelho',
        texto: 'Veja <b>isto</b>: https://exemplo.com',
      }),
    ).toMatchObject({ estado: 'sucesso' })
    const [row] = await db.select().from(reviews).where(eq(reviews.customerId, shopper.customerId))
    const deps = { db, store: storeProfile }
    const c = await as(atendimento)

    const list = await listReviewsForStaff(db, { situacao: 'pendente' })
    expect(list.rows.find((r) => r.id === row!.id)).toMatchObject({ texto: 'Veja <b>isto</b>: https://exemplo.com', pedido: code })
    expect(list.counts.pendente).toBeGreaterThanOrEqual(1)

    for (const [body, status] of [
      [{ situacao: 'publicada' }, 422],
      [{}, 422],
      [{ resposta: 'x'.repeat(2001) }, 422],
      [{ situacao: 'aprovada', extra: 1 }, 422],
    ] as const) {
      const r = await c.post(`/admin/api/avaliacoes/${row!.id}`, body)
      expect(r.status, JSON.stringify(body).slice(0, 40)).toBe(status)
      expect(String(r.body.msg)).toMatch(/[a-zà-ú]/i)
    }
    expect((await c.post('/admin/api/avaliacoes/abc', { situacao: 'aprovada' })).status).toBe(404)
    expect((await c.post('/admin/api/avaliacoes/99999999', { situacao: 'aprovada' })).status).toBe(404)
    expect((await db.select().from(reviews).where(eq(reviews.id, row!.id)))[0]!.status).toBe('pendente')

    const approved = await c.post(`/admin/api/avaliacoes/${row!.id}`, { situacao: 'aprovada', resposta: 'Obrigado pela compra!' })
    expect(approved.status).toBe(200)
    expect(moderateResponseSchema.parse(approved.body)).toEqual({
      estado: 'sucesso',
      msg: 'Avaliação aprovada: já aparece na página do produto.',
      id: row!.id,
      situacao: 'aprovada',
      resposta: 'Obrigado pela compra!',
    })
    // The reviews trigger announces the product: the cached detail is dropped as soon as it is heard.
    await expect.poll(async () => (await getProductDetail(deps, IPHONE))!.response[0].avaliacoes?.qtd).toBe(1)
    expect((await getProductDetail(deps, IPHONE))!.response[0].avaliacoes!.lista[0]).toMatchObject({
      nota: 4,
      titulo: 'Bom aparelho',
      resposta: 'Obrigado pela compra!',
    })
    const [line] = await audits('avaliacao.moderar', String(row!.id))
    expect(line).toMatchObject({
      actorId: atendimento.id,
      before: { status: 'pendente', resposta: null },
      after: { status: 'aprovada', resposta: 'Obrigado pela compra!' },
    })

    expect((await c.post(`/admin/api/avaliacoes/${row!.id}`, { situacao: 'oculta' })).status).toBe(200)
    await expect.poll(async () => (await getProductDetail(deps, IPHONE))!.response[0].avaliacoes).toBeUndefined()
  })

  it('answering a message e-mails the customer (respondida), closing ends it; pages by cursor', async () => {
    const inserted = await db
      .insert(contactMessages)
      .values(Array.from({ length: 7 }, (_, i) => ({ name: `Cliente ${i}`, email: `msg${i}@example.com`, subject: `Assunto ${i}`, message: `Mensagem ${i}` })))
      .returning({ id: contactMessages.id })
    const target = inserted[6]!.id
    const c = await as(atendimento)

    const page = (query: Record<string, string>) => listMessagesForStaff(db, messageListQuerySchema.parse({ situacao: 'nova', por: '5', ...query }))
    const page1 = await page({})
    expect(page1.rows).toHaveLength(5)
    expect(page1.rows[0]!.id).toBe(target)
    const second = await page({ apos: page1.next! })
    expect(second.rows.map((r) => r.id)).toEqual([inserted[1]!.id, inserted[0]!.id])
    expect(second.next).toBeNull()
    const back = await page({ antes: second.prev! })
    expect(back.rows.map((r) => r.id)).toEqual(page1.rows.map((r) => r.id))
    expect(messageListQuerySchema.safeParse({ situacao: 'lida' }).success).toBe(false)
    expect(messageListQuerySchema.safeParse({ apos: 'abc' }).success).toBe(false)

    expect(await messageForStaff(db, target)).toMatchObject({ subject: 'Assunto 6', status: 'nova' })
    expect(await c.post(`/admin/api/mensagens/${target}/responder`, { resposta: '  ' })).toMatchObject({ status: 422, body: { msg: 'Escreva a resposta.' } })
    // The same answer sent twice at once (a double click, two tabs): both answered, one e-mail.
    const twice = await Promise.all([1, 2].map(() => c.post(`/admin/api/mensagens/${target}/responder`, { resposta: 'Chega amanhã.\nObrigado!' })))
    for (const answer of twice) expect(answer).toMatchObject({ status: 200, body: { estado: 'sucesso', situacao: 'respondida' } })
    await drained(database)
    const outbox = path.join(dataDir, 'outbox')
    const sent = readdirSync(outbox)
      .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
      .filter((m) => m.includes('To: msg6@example.com'))
    expect(sent).toHaveLength(1)
    expect(sent[0]).toContain('Subject: Re: Assunto 6')
    expect(await audits('mensagem.responder', String(target))).toHaveLength(1)

    const closed = await c.post(`/admin/api/mensagens/${target}/encerrar`, {})
    expect([closed.status, messageActionResponseSchema.parse(closed.body).situacao]).toEqual([200, 'encerrada'])
    expect((await c.post(`/admin/api/mensagens/${target}/encerrar`, {})).status).toBe(409)
    expect((await c.post(`/admin/api/mensagens/${target}/responder`, { resposta: 'De novo' })).status).toBe(409)
    expect(await audits('mensagem.encerrar', String(target))).toHaveLength(1)
  })

  it('a whole return: approve, receive (resellable back to stock), refund everything paid — shipping included', async () => {
    const shopper = await newShopper()
    const { code, id } = await deliveredOrder(shopper, [
      [CAPA, 2],
      [CANON, 1],
    ])
    const [capa, canon] = await itemsOf(id)
    const returnId = await askReturn(shopper, code, [
      { item: capa!.id, quantidade: 2 },
      { item: canon!.id, quantidade: 1 },
    ])
    const [order] = await db.select().from(orders).where(eq(orders.id, id))
    expect(order!.shippingCents).toBeGreaterThan(0)
    const c = await as(dono)
    expect((await c.post(`/admin/api/devolucoes/${returnId}/receber`, { revenda: [] })).status).toBe(409)
    expect((await c.post(`/admin/api/devolucoes/${returnId}/aprovar`, {})).status).toBe(200)
    expect((await c.post(`/admin/api/devolucoes/${returnId}/reembolsar`, { valorCents: order!.totalCents })).status).toBe(409)
    expect(await c.post(`/admin/api/devolucoes/${returnId}/receber`, { revenda: [capa!.id + 100_000] })).toMatchObject({
      status: 422,
      body: { msg: 'Marque apenas itens desta devolução.' },
    })
    expect((await c.post(`/admin/api/devolucoes/${returnId}/receber`, { revenda: 'todos' })).status).toBe(422)
    const [capaBefore, canonBefore] = [await stockOf(CAPA), await stockOf(CANON)]
    expect((await c.post(`/admin/api/devolucoes/${returnId}/receber`, { revenda: [capa!.id] })).status).toBe(200)
    expect([await stockOf(CAPA), await stockOf(CANON)]).toEqual([capaBefore + 2, canonBefore])

    const detail = (await returnForStaff(db, returnId))!
    expect(detail).toMatchObject({ whole: true, refundCents: order!.totalCents })
    // An amount the person did not see is refused and changes nothing.
    expect((await c.post(`/admin/api/devolucoes/${returnId}/reembolsar`, { valorCents: order!.totalCents - 1 })).status).toBe(409)
    expect(await db.select().from(refunds).where(eq(refunds.orderId, id))).toHaveLength(0)
    expect((await db.select().from(returnRequests).where(eq(returnRequests.id, returnId)))[0]!.status).toBe('recebida')

    const refunded = await c.post(`/admin/api/devolucoes/${returnId}/reembolsar`, { valorCents: order!.totalCents })
    expect(refundReturnResponseSchema.parse(refunded.body)).toMatchObject({ situacao: 'reembolsada', valorCents: order!.totalCents, reembolso: 'done' })
    expect(refunded).toMatchObject({
      status: 200,
      body: { valorCents: order!.totalCents, reembolso: 'done' },
    })
    expect((await db.select().from(refunds).where(eq(refunds.orderId, id))).map((r) => [r.amountCents, r.status])).toEqual([[order!.totalCents, 'done']])
    const [line] = await audits('devolucao.reembolsar', String(returnId))
    expect(line).toMatchObject({ before: { status: 'recebida' }, after: { status: 'reembolsada', valorCents: order!.totalCents } })
  })

  it('a partial return refunds the units returned at what was paid for them plus the shipping', async () => {
    const shopper = await newShopper()
    const { code, id } = await deliveredOrder(shopper, [
      [CAPA, 3],
      [CANON, 1],
    ])
    const [capa] = await itemsOf(id)
    const returnId = await askReturn(shopper, code, [{ item: capa!.id, quantidade: 2 }])
    const [order] = await db.select().from(orders).where(eq(orders.id, id))
    const goods = capa!.unitPriceCents * 2
    const expected = goods - Math.round((goods * order!.discountCents) / order!.subtotalCents) + order!.shippingCents
    expect(order!.shippingCents).toBeGreaterThan(0)
    expect(expected).toBeLessThan(order!.totalCents)
    const c = await as(operacao)
    expect((await c.post(`/admin/api/devolucoes/${returnId}/aprovar`, {})).status).toBe(200)
    const before = await stockOf(CAPA)
    expect((await c.post(`/admin/api/devolucoes/${returnId}/receber`, { revenda: [] })).status).toBe(200)
    expect(await stockOf(CAPA)).toBe(before)
    expect(await returnForStaff(db, returnId)).toMatchObject({ whole: false, refundCents: expected })
    expect(await c.post(`/admin/api/devolucoes/${returnId}/reembolsar`, { valorCents: expected })).toMatchObject({
      status: 200,
      body: { valorCents: expected },
    })
    expect((await db.select().from(refunds).where(eq(refunds.orderId, id))).map((r) => r.amountCents)).toEqual([expected])
  })

  it('an order with no paid charge: the return page says why instead of offering a refund, and the server refuses one', async () => {
    const shopper = await newShopper()
    const { code, id } = await deliveredOrder(shopper, [[CAPA, 3]])
    const [capa] = await itemsOf(id)
    // Paid outside the store (an imported or hand-made order): no payment row.
    await db.delete(payments).where(eq(payments.orderId, id))
    const returnId = await askReturn(shopper, code, [{ item: capa!.id, quantidade: 1 }])
    const c = await as(dono)
    expect((await c.post(`/admin/api/devolucoes/${returnId}/aprovar`, {})).status).toBe(200)
    expect((await c.post(`/admin/api/devolucoes/${returnId}/receber`, { revenda: [] })).status).toBe(200)
    const detail = (await returnForStaff(db, returnId))!
    expect(detail.refundCents).toBeGreaterThan(0)
    // No refund button for anyone, and the server refuses one.
    expect(returnActions(dono, detail).refund).toBeNull()
    expect(detail).toMatchObject({
      paid: false,
      noRefund: {
        code: RETURNS.noPayment.code,
        message: `Este pedido não tem pagamento registrado para reembolsar: a loja não recebeu nenhum pagamento (Cartão) no pedido ${code}. Se o cliente pagou por outro meio, combine a devolução do valor com ele diretamente.`,
      },
    })
    expect(await c.post(`/admin/api/devolucoes/${returnId}/reembolsar`, { valorCents: detail.refundCents! })).toMatchObject({
      status: 409,
      body: { msg: `O pedido ${code} não tem pagamento a reembolsar.` },
    })
    expect(await refundReturn(db, { id: returnId, actor: staffActor(dono), expectedCents: detail.refundCents! })).toMatchObject({ code: RETURNS.notPaid.code })
    // A paid order's return has nothing to explain.
    const other = await newShopper()
    const paidOrder = await deliveredOrder(other, [[CAPA, 1]])
    const [line] = await itemsOf(paidOrder.id)
    const paidReturn = await askReturn(other, paidOrder.code, [{ item: line!.id, quantidade: 1 }])
    expect(await returnForStaff(db, paidReturn)).toMatchObject({ paid: true, noRefund: null })
  })

  it('a refund clicked twice, or from two tabs at once, gives the money back exactly once', async () => {
    for (let round = 0; round < 3; round++) {
      const shopper = await newShopper()
      const { code, id } = await deliveredOrder(shopper, [[CAPA, 1]])
      const [capa] = await itemsOf(id)
      const returnId = await askReturn(shopper, code, [{ item: capa!.id, quantidade: 1 }])
      const [order] = await db.select().from(orders).where(eq(orders.id, id))
      const [a, b] = [await as(dono), await as(operacao)]
      expect((await a.post(`/admin/api/devolucoes/${returnId}/aprovar`, {})).status).toBe(200)
      expect((await a.post(`/admin/api/devolucoes/${returnId}/receber`, { revenda: [capa!.id] })).status).toBe(200)
      const body = { valorCents: order!.totalCents }
      const answers = await Promise.all([
        a.post(`/admin/api/devolucoes/${returnId}/reembolsar`, body),
        b.post(`/admin/api/devolucoes/${returnId}/reembolsar`, body),
        a.post(`/admin/api/devolucoes/${returnId}/reembolsar`, body),
      ])
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409])
      const rows = await db.select().from(refunds).where(eq(refunds.orderId, id))
      expect(rows.map((r) => r.amountCents)).toEqual([order!.totalCents])
      expect(await audits('devolucao.reembolsar', String(returnId))).toHaveLength(1)
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, id), eq(orderEvents.kind, 'refund')))
      expect(Number(n)).toBeGreaterThanOrEqual(1)
    }
  }, 60_000)

  it('a refund the payment provider refuses puts the return back to "recebida", to be refunded again', async () => {
    const shopper = await newShopper()
    const { code, id } = await deliveredOrder(shopper, [[CAPA, 1]])
    const [capa] = await itemsOf(id)
    const returnId = await askReturn(shopper, code, [{ item: capa!.id, quantidade: 1 }])
    const actor = staffActor(dono)
    await approveReturn(db, { id: returnId, actor })
    await receiveReturn(db, { id: returnId, actor, resellable: [] })
    const [order] = await db.select().from(orders).where(eq(orders.id, id))
    const refusing = {
      ...sandbox,
      refund: async () => ({ ok: false as const, code: 'recusado' as const, message: 'saldo insuficiente' }),
    } as unknown as SandboxProvider
    expect(await refundReturn(db, { id: returnId, actor, expectedCents: order!.totalCents, provider: refusing })).toMatchObject({ category: 'payment' })
    expect((await db.select().from(returnRequests).where(eq(returnRequests.id, returnId)))[0]!.status).toBe('recebida')
    expect((await db.select().from(refunds).where(eq(refunds.orderId, id))).map((r) => r.status)).toEqual(['failed'])
    // The step and its undoing, each with its audit line.
    expect((await audits('devolucao.reembolsar', String(returnId))).map((a) => [a.before, a.after])).toEqual([
      [{ status: 'recebida' }, { status: 'reembolsada', valorCents: order!.totalCents }],
      [{ status: 'reembolsada' }, { status: 'recebida', valorCents: order!.totalCents }],
    ])
    expect(await refundReturn(db, { id: returnId, actor, expectedCents: order!.totalCents, provider: sandbox })).toMatchObject({
      status: 'done',
      amountCents: order!.totalCents,
    })
    expect((await db.select().from(returnRequests).where(eq(returnRequests.id, returnId)))[0]!.status).toBe('reembolsada')
  })

  /** The e-mails in the outbox about `code` whose text has `words` (soft line breaks joined). */
  const mailsAbout = (code: string, words: string) => {
    const outbox = path.join(dataDir, 'outbox')
    return readdirSync(outbox)
      .map((f) => readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, ''))
      .filter((m) => m.includes(`pedido ${code}`) && m.includes(words))
  }
  const statusOf = async (returnId: number) => (await db.select().from(returnRequests).where(eq(returnRequests.id, returnId)))[0]!

  it('refusing a request: returns:manage only, a reason required, junk refused; one e-mail; the shopper reads it and may ask again', async () => {
    const shopper = await newShopper()
    const { code, id } = await deliveredOrder(shopper, [[CAPA, 1]])
    const [item] = await itemsOf(id)
    const returnId = await askReturn(shopper, code, [{ item: item!.id, quantidade: 1 }])
    const refuseAs = (c: AdminClient, body: unknown) => c.post(`/admin/api/devolucoes/${returnId}/recusar`, body)

    const at = await as(atendimento)
    expect(await refuseAs(at, { motivo: 'uso_indevido', situacao: 'solicitada' })).toMatchObject({ status: 403, body: { estado: 'erro' } })
    const op = await as(operacao)
    for (const [body, msg] of [
      [{}, 'Escolha o motivo da recusa.'],
      [{ motivo: 'nao_gostei', situacao: 'solicitada' }, 'Escolha o motivo da recusa.'],
      [{ motivo: 'outro', situacao: 'solicitada' }, 'Explique o motivo da recusa ao cliente.'],
      [{ motivo: 'outro', detalhes: '   ', situacao: 'solicitada' }, 'Explique o motivo da recusa ao cliente.'],
      [{ motivo: 'outro', detalhes: '\u0007\u001b', situacao: 'solicitada' }, 'Explique o motivo da recusa ao cliente.'],
      [{ motivo: 'uso_indevido', detalhes: 'x'.repeat(501), situacao: 'solicitada' }, 'Use no máximo 500 caracteres.'],
      [{ motivo: 'uso_indevido', detalhes: 42, situacao: 'solicitada' }, 'Explicação inválida.'],
      [{ motivo: 'uso_indevido' }, 'Situação inválida: recarregue a página.'],
      [{ motivo: 'uso_indevido', situacao: 'recebida' }, 'Situação inválida: recarregue a página.'],
    ] as const) {
      const r = await refuseAs(op, body)
      expect([r.status, r.body.msg], JSON.stringify(body).slice(0, 60)).toEqual([422, msg])
    }
    expect((await refuseAs(op, { motivo: 'uso_indevido', situacao: 'solicitada', extra: 1 })).status).toBe(422)
    expect((await op.post('/admin/api/devolucoes/99999999/recusar', { motivo: 'uso_indevido', situacao: 'solicitada' })).status).toBe(404)
    expect(await statusOf(returnId)).toMatchObject({ status: 'solicitada', refusalReason: null })
    expect(await audits('devolucao.recusar', String(returnId))).toHaveLength(0)

    const words = '<script>alert(1)</script> Tela riscada\u0007 e sem a caixa.'
    expect(await refuseAs(op, { motivo: 'uso_indevido', detalhes: `  ${words}  `, situacao: 'solicitada' })).toMatchObject({
      status: 200,
      body: { estado: 'sucesso', situacao: 'recusada', msg: 'Devolução recusada: o cliente foi avisado por e-mail.' },
    })
    const saved = '<script>alert(1)</script> Tela riscada  e sem a caixa.'
    expect(await statusOf(returnId)).toMatchObject({ status: 'recusada', refusalReason: 'uso_indevido', refusalDetails: saved })
    const [line] = await audits('devolucao.recusar', String(returnId))
    expect(line).toMatchObject({ actorId: operacao.id, before: { status: 'solicitada' }, after: { status: 'recusada', motivo: 'uso_indevido' } })
    const events = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, id), eq(orderEvents.kind, 'return')))
    expect(events.map((e) => e.summary)).toContain('Devolução recusada')
    // Clicked again: refused, and still one e-mail, one audit line.
    expect(await refuseAs(op, { motivo: 'outro', detalhes: 'De novo', situacao: 'solicitada' })).toMatchObject({
      status: 409,
      body: { msg: 'Esta devolução já foi recusada.' },
    })
    expect((await op.post(`/admin/api/devolucoes/${returnId}/aprovar`, {})).status).toBe(409)
    await drained(database)
    const sent = mailsAbout(code, 'recusada')
    expect(sent).toHaveLength(1)
    expect(sent[0]).toContain('Produto com sinais de uso indevido')
    expect(sent[0]).toContain('garantia legal de 90 dias')
    // The staff's words, escaped in the HTML part (the plain-text part carries them as they are).
    const html = sent[0]!.slice(sent[0]!.indexOf('text/html'))
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Tela riscada')
    expect(html).not.toContain('<script>')
    expect(await audits('devolucao.recusar', String(returnId))).toHaveLength(1)

    // The shopper's order: the refusal with its reason, and (within the 7 days) the form again.
    const view = await customerAfterSale(db, storeProfile, shopper.customerId, code)
    expect(view!.acoes.desistir).toMatchObject({ estado: 'disponivel', recusa: { motivo: 'Produto com sinais de uso indevido', detalhes: saved } })
    // After the 7 days: the refusal stays, the form does not; a new request is refused.
    const later = new Date(Date.now() + 10 * DAY)
    expect((await customerAfterSale(db, storeProfile, shopper.customerId, code, later))!.acoes.desistir).toMatchObject({
      estado: 'encerrado',
      recusa: { motivo: 'Produto com sinais de uso indevido' },
    })
    const input = { motivo: 'avariado' as const, detalhes: '', itens: [{ item: item!.id, quantidade: 1 }] }
    const who = { customerId: shopper.customerId, ip: null }
    expect(await requestReturn({ db, now: later }, who, code, input)).toMatchObject({ code: RETURNS.windowClosed.code })
    // Within them: a new request, the one live request of the order; a second one is the first.
    expect(await requestReturn({ db }, who, code, input)).toMatchObject({ estado: 'sucesso' })
    expect(await requestReturn({ db }, who, code, input)).toMatchObject({ code: RETURNS.alreadyRequested.code })
    const rows = await db.select().from(returnRequests).where(eq(returnRequests.orderId, id)).orderBy(returnRequests.id)
    expect(rows.map((r) => r.status)).toEqual(['recusada', 'solicitada'])
    expect((await customerAfterSale(db, storeProfile, shopper.customerId, code))!.acoes.desistir).toMatchObject({ estado: 'solicitada' })
    const list = await listReturnsForStaff(db, { situacao: 'recusada' })
    expect(list.rows.map((r) => r.id)).toContain(returnId)
  })

  it('an approved request can be refused; a received or refunded one cannot (409, nothing written)', async () => {
    const c = await as(dono)
    const shopper = await newShopper()
    const { code, id } = await deliveredOrder(shopper, [[CAPA, 1]])
    const [item] = await itemsOf(id)
    const approved = await askReturn(shopper, code, [{ item: item!.id, quantidade: 1 }])
    expect((await c.post(`/admin/api/devolucoes/${approved}/aprovar`, {})).status).toBe(200)
    expect(await c.post(`/admin/api/devolucoes/${approved}/recusar`, { motivo: 'itens_divergentes', situacao: 'aprovada' })).toMatchObject({
      status: 200,
      body: { situacao: 'recusada' },
    })

    for (const refunded of [false, true]) {
      const other = await newShopper()
      const order = await deliveredOrder(other, [[CAPA, 1]])
      const [line] = await itemsOf(order.id)
      const returnId = await askReturn(other, order.code, [{ item: line!.id, quantidade: 1 }])
      expect((await c.post(`/admin/api/devolucoes/${returnId}/aprovar`, {})).status).toBe(200)
      expect((await c.post(`/admin/api/devolucoes/${returnId}/receber`, { revenda: [] })).status).toBe(200)
      if (refunded) {
        const { refundCents } = (await returnForStaff(db, returnId))!
        expect((await c.post(`/admin/api/devolucoes/${returnId}/reembolsar`, { valorCents: refundCents })).status).toBe(200)
      }
      const word = refunded ? 'reembolsada' : 'recebida'
      for (const situacao of ['solicitada', 'aprovada']) {
        expect(await c.post(`/admin/api/devolucoes/${returnId}/recusar`, { motivo: 'fora_do_prazo', situacao })).toMatchObject({
          status: 409,
          body: { estado: 'erro', msg: `Esta devolução já foi ${word}: os produtos chegaram, ela não pode mais ser recusada.` },
        })
      }
      expect(await statusOf(returnId)).toMatchObject({ status: word, refusalReason: null })
      expect(await audits('devolucao.recusar', String(returnId))).toHaveLength(0)
      expect(mailsAbout(order.code, 'recusada')).toHaveLength(0)
    }
  })

  it('refuse racing approve (two people, same page): exactly one wins, the loser is told in pt-BR', async () => {
    const winners: string[] = []
    for (let round = 0; round < 4; round++) {
      const shopper = await newShopper()
      const { code, id } = await deliveredOrder(shopper, [[CAPA, 1]])
      const [item] = await itemsOf(id)
      const returnId = await askReturn(shopper, code, [{ item: item!.id, quantidade: 1 }])
      const [a, b] = [await as(dono), await as(operacao)]
      const approve = () => a.post(`/admin/api/devolucoes/${returnId}/aprovar`, {})
      const refuse = () => b.post(`/admin/api/devolucoes/${returnId}/recusar`, { motivo: 'uso_indevido', situacao: 'solicitada' })
      // Either one sent first, in turn.
      const [approved, refused] = round % 2 ? await Promise.all([approve(), refuse()]) : (await Promise.all([refuse(), approve()])).reverse()
      expect([approved.status, refused.status].sort()).toEqual([200, 409])
      const winner = approved.status === 200 ? 'aprovada' : 'recusada'
      winners.push(winner)
      expect((await statusOf(returnId)).status).toBe(winner)
      const loser = approved.status === 200 ? refused : approved
      expect(String(loser.body.msg)).toMatch(
        winner === 'aprovada'
          ? /^Esta devolução mudou para "Aprovada" enquanto você decidia/
          : /^Esta devolução está "Recusada": não pode passar a "Aprovada"\.$/,
      )
      expect((await audits('devolucao.aprovar', String(returnId))).length + (await audits('devolucao.recusar', String(returnId))).length).toBe(1)
      await drained(database)
      expect(mailsAbout(code, 'recusada')).toHaveLength(winner === 'recusada' ? 1 : 0)
    }
    expect(winners).toHaveLength(4)
  }, 60_000)

  it('Fale conosco asks the captcha of visitors only: the form learns who writes, the server enforces it', async () => {
    const shopper = await newShopper()
    const ask = async (cookie?: string) => {
      const res = await createTestApp(db).app.request('http://localhost/_next/api/fale-conosco/', { headers: cookie ? { cookie } : {} })
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      return res.json()
    }
    expect(await ask()).toEqual({ estado: 'sucesso', cliente: null })
    expect(await ask(`vt_sid=${shopper.token}`)).toEqual({ estado: 'sucesso', cliente: { nome: `posvenda${seq} Teste`, email: `posvenda${seq}@example.com` } })
    const send = (cookie?: string) =>
      createTestApp(db).app.request('http://localhost/_next/api/fale-conosco/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ nome: 'Ana', email: 'ana@example.com', pedido: '', assunto: 'Oi', mensagem: 'Olá' }),
      })
    expect((await send()).status).toBe(422)
    expect((await send(`vt_sid=${shopper.token}`)).status).toBe(200)
  })
})
