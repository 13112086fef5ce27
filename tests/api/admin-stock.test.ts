import { and, asc, eq, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGES, PRODUCTS, STOCK, STOCK_DONE, VARIATIONS } from '../../contract/messages/products'
import { setMainImage } from '../../server/domain/catalog/admin-images'
import { receiveStock, setStock, stockSection } from '../../server/domain/catalog/admin-stock'
import { createGroup, createValue, removeGroup, removeValue, reorderGroups, variationsSection } from '../../server/domain/catalog/admin-variations'
import { CART_MESSAGES } from '../../contract/cart'
import type { Database, Db } from '../../server/db/client'
import { auditLog, orderItems, products, stockLedger, variationOptions, variations } from '../../server/db/schema'
import { rows } from '../../server/db/sql'
import { lineAvailability, readCartLines } from '../../server/domain/cart/lines'
import { loadCardRows, toVariacoes } from '../../server/domain/catalog/cards'
import { pricingRules } from '../../server/domain/catalog/rules'
import { insertCatalogFixture } from '../support/catalog-fixtures'
import { placeOrder } from '../../server/domain/order/place'
import type { SandboxProvider } from '../../server/integrations/payments/sandbox'
import { storeProfile } from '../../server/store-profile'
import { adminClient, type TestStaff, signedIn, staffOfEachRole } from '../support/admin'
import { testEnv } from '../support/app'
import { completeCheckout, createShopper, fillCart, installTestSandbox, type Shopper } from '../support/checkout'
import { createTestDatabase, testDbKind } from '../support/db'

let database: Database
let db: Db
let payments: SandboxProvider
let categoryId: number
let dono: TestStaff
let operacao: TestStaff
let atendimento: TestStaff
let seq = 0

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  const fx = await insertCatalogFixture(db)
  categoryId = fx.cat.audio.id
  payments = installTestSandbox(db)
  ;({ dono, operacao, atendimento } = await staffOfEachRole(db))
}, 60_000)
afterAll(() => database?.close())

const as = (member: TestStaff) => signedIn(db, member)

/** A product of its own for each test (no variations unless added). */
async function product(stock: number, titulo = `Produto Estoque ${seq + 1}`) {
  seq++
  const [p] = await db
    .insert(products)
    .values({ hash: `stk${seq}x${testDbKind}`, linkReal: `produto-estoque-${seq}`, titulo, priceCents: 10_000, stock, categoryId, sku: `STK-${seq}` })
    .returning()
  return p
}

const stockOf = async (id: number) => (await db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0].s
const ledgerOf = (productId: number) => db.select().from(stockLedger).where(eq(stockLedger.productId, productId)).orderBy(asc(stockLedger.id))
const audits = (productId: number, action: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(productId)), eq(auditLog.action, action)))
    .orderBy(asc(auditLog.id))
const deps = () => ({ db, env: testEnv, store: storeProfile, log: pino({ level: 'silent' }), payments })

/** A shopper with `quantity` of the product (or option) in the cart and the checkout done. */
async function buyer(productId: number, quantity: number, optionId: number | null = null): Promise<Shopper> {
  const s = await createShopper(db, `stk${++seq}${testDbKind}`)
  await fillCart(db, s, productId, quantity, optionId)
  await completeCheckout(db, s, 'pix')
  return s
}

const place = (s: Shopper) => placeOrder(deps(), s, {}).then((r) => ('pedido' in r ? (r.pedido as string) : null))

describe(`product stock API (${testDbKind})`, () => {
  it('changes need catalog:write (Atendimento 403, audited refusal); nobody 401', async () => {
    const p = await product(5)
    const nobody = adminClient(db)
    expect((await nobody.post(`/admin/api/produtos/${p.id}/estoque`, { esperado: 5, novo: 1 })).status).toBe(401)
    const a = await as(atendimento)
    expect(await stockSection(db, p.id)).toMatchObject({ exists: true, stock: 5, byOption: false })
    for (const [path, body] of [
      ['estoque', { esperado: 5, novo: 1 }],
      ['estoque/receber', { quantidade: 1 }],
      ['variacoes', { nome: 'Cor' }],
    ] as const) {
      expect((await a.post(`/admin/api/produtos/${p.id}/${path}`, body)).status, path).toBe(403)
    }
    expect(await stockOf(p.id)).toBe(5)
    const denied = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'acesso negado'), eq(auditLog.actorId, atendimento.id)))
    expect(denied.some((l) => l.entityId === 'catalog:write')).toBe(true)
    const o = await as(operacao)
    expect((await stockSection(db, 99999999)).exists).toBe(false)
    expect((await o.post('/admin/api/produtos/abc/estoque', { esperado: 0, novo: 1 })).status).toBe(404)
    expect(await o.post('/admin/api/produtos/99999999/estoque', { esperado: 0, novo: 1 })).toMatchObject({
      status: 404,
      body: { msg: PRODUCTS.notFound.message },
    })
  })

  it("says no with the catalog's codes, whoever calls (the editor's action and the API call the same functions)", async () => {
    const p = await product(4)
    const actor = { kind: 'staff' as const, staffId: operacao.id, name: operacao.nome, ip: null }
    const target = { productId: p.id, optionId: null }
    expect(await setStock(db, { ...target, expected: 3, count: 1, actor })).toMatchObject({ code: STOCK.changed.code, wire: { atual: 4 } })
    expect(await setStock(db, { ...target, expected: 4, count: -1, actor })).toMatchObject({ code: STOCK.negative.code })
    expect(await setStock(db, { productId: 2_000_000_000, optionId: null, expected: 0, count: 1, actor })).toMatchObject({ code: PRODUCTS.notFound.code })
    expect(await setStock(db, { ...target, optionId: 2_000_000_000, expected: 0, count: 1, actor })).toMatchObject({ code: STOCK.optionNotFound.code })
    expect(await receiveStock(db, { ...target, quantity: 0, max: 10, actor })).toMatchObject({ code: STOCK.receive.code })
    expect(await receiveStock(db, { ...target, quantity: 9, max: 10, actor })).toMatchObject({ code: STOCK.receiveMax.code })
    expect(await stockOf(p.id)).toBe(4)
    const group = await createGroup(db, { productId: p.id, nome: 'Cor', actor })
    expect(group).toMatchObject({ id: expect.any(Number) })
    expect(await createGroup(db, { productId: p.id, nome: 'cor', actor })).toMatchObject({ code: VARIATIONS.groupRepeated.code })
    expect(await createValue(db, { productId: p.id, groupId: 2_000_000_000, nome: 'Azul', actor })).toMatchObject({ code: VARIATIONS.groupNotFound.code })
    expect(await removeValue(db, { productId: p.id, valueId: 2_000_000_000, actor })).toMatchObject({ code: VARIATIONS.valueNotFound.code })
    expect(await reorderGroups(db, { productId: p.id, ordem: [1, 2], actor })).toMatchObject({ code: VARIATIONS.order.code })
    expect(await removeGroup(db, { productId: 2_000_000_000, groupId: 1, actor })).toMatchObject({ code: PRODUCTS.notFound.code })
    expect(await setMainImage(db, { productId: p.id, imageId: 2_000_000_000, actor })).toMatchObject({ code: IMAGES.notFound.code })
  })

  it('sets a count with the count the editor showed; a sale meanwhile → 409 with the current count, nothing overwritten', async () => {
    const p = await product(10)
    const o = await as(operacao)
    const url = `/admin/api/produtos/${p.id}/estoque`
    expect(await o.post(url, { esperado: 10, novo: 7 })).toMatchObject({
      status: 200,
      body: { estado: 'sucesso', antes: 10, depois: 7, msg: STOCK_DONE.adjusted(7) },
    })
    expect(await stockOf(p.id)).toBe(7)
    // A shopper buys 2 while the editor still shows 7.
    expect(await place(await buyer(p.id, 2))).toBeTruthy()
    expect(await stockOf(p.id)).toBe(5)
    const conflict = await o.post(url, { esperado: 7, novo: 20 })
    expect(conflict).toMatchObject({ status: 409, body: { estado: 'erro', msg: STOCK.changed(5).message, atual: 5 } })
    expect(conflict.body.msg).toContain('agora há 5 unidades')
    expect(await stockOf(p.id)).toBe(5)
    // The ledger, newest first in the section: the sale names its order, the edit its person.
    const section = await stockSection(db, p.id)
    expect(section.stock).toBe(5)
    expect(section.ledger.map((l) => [l.reason, l.before, l.after])).toEqual([
      ['Pedido', 7, 5],
      ['Ajuste', 10, 7],
      ['Cadastro', 0, 10],
    ])
    expect(section.ledger[0].orderCode).toMatch(/^VT-/)
    expect(section.ledger[1].actorLabel).toBe(operacao.nome)
    const lines = await audits(p.id, 'estoque.ajustar')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ actorId: operacao.id, before: { opcao: null, estoque: 10 }, after: { opcao: null, estoque: 7 } })
  })

  it('receives N units as a relative change (Recebimento), whatever sold meanwhile', async () => {
    const p = await product(4)
    const o = await as(dono)
    expect(await place(await buyer(p.id, 1))).toBeTruthy()
    expect(await o.post(`/admin/api/produtos/${p.id}/estoque/receber`, { quantidade: 6 })).toMatchObject({
      status: 200,
      body: { antes: 3, depois: 9, msg: '6 unidades recebidas: agora há 9 unidades.' },
    })
    expect(await stockOf(p.id)).toBe(9)
    expect((await ledgerOf(p.id)).at(-1)).toMatchObject({ reason: 'Recebimento', before: 3, after: 9, actorKind: 'staff', actorId: dono.id })
    expect(await audits(p.id, 'estoque.receber')).toHaveLength(1)
  })

  it('refuses negative, fractional and junk counts in pt-BR, changing nothing', async () => {
    const p = await product(3)
    const o = await as(operacao)
    const set = `/admin/api/produtos/${p.id}/estoque`
    const receive = `${set}/receber`
    const cases: Array<[string, unknown, string]> = [
      [set, { esperado: 3, novo: -1 }, STOCK.negative.message],
      [set, { esperado: 3, novo: 1.5 }, STOCK.fraction.message],
      [set, { esperado: 3, novo: '5' }, STOCK.type.message],
      [set, { esperado: 3, novo: 2_000_000 }, STOCK.max.message],
      [set, { novo: 2 }, STOCK.expected.message],
      [receive, { quantidade: 0 }, STOCK.receive.message],
      [receive, { quantidade: -3 }, STOCK.receive.message],
      [receive, { quantidade: 2.5 }, STOCK.receive.message],
      [receive, { quantidade: 999_999_999 }, STOCK.receiveMax.message],
    ]
    for (const [url, body, msg] of cases) expect(await o.post(url, body), JSON.stringify(body)).toMatchObject({ status: 422, body: { estado: 'erro', msg } })
    expect(await o.post(set, { esperado: 3, novo: 1, extra: 1 })).toMatchObject({ status: 422, body: { msg: 'Campo não reconhecido: extra.' } })
    expect(await o.post(receive, { quantidade: 999_999 })).toMatchObject({ status: 422, body: { msg: STOCK.receiveMax.message } })
    expect(await stockOf(p.id)).toBe(3)
    expect((await ledgerOf(p.id)).map((l) => l.reason)).toEqual(['Cadastro'])
  })

  it("sets and receives an option's own stock; another product's option is 404", async () => {
    const p = await product(0)
    const other = await product(0)
    const o = await as(operacao)
    const group = (await o.post(`/admin/api/produtos/${p.id}/variacoes`, { nome: 'Cor' })).body.id as number
    const azul = (await o.post(`/admin/api/produtos/${p.id}/variacoes/${group}/valores`, { nome: 'Azul', estoque: 2 })).body.id as number
    expect(await o.post(`/admin/api/produtos/${p.id}/estoque`, { opcao: azul, esperado: 2, novo: 5 })).toMatchObject({
      status: 200,
      body: { opcao: azul, depois: 5 },
    })
    expect(await o.post(`/admin/api/produtos/${p.id}/estoque/receber`, { opcao: azul, quantidade: 3 })).toMatchObject({ status: 200, body: { depois: 8 } })
    expect(await o.post(`/admin/api/produtos/${p.id}/estoque`, { opcao: azul, esperado: 5, novo: 1 })).toMatchObject({ status: 409, body: { atual: 8 } })
    expect(await o.post(`/admin/api/produtos/${other.id}/estoque`, { opcao: azul, esperado: 8, novo: 1 })).toMatchObject({
      status: 404,
      body: { msg: STOCK.optionNotFound.message },
    })
    const [row] = await db.select().from(variationOptions).where(eq(variationOptions.id, azul))
    expect(row.stock).toBe(8)
    const section = await stockSection(db, p.id)
    expect(section.byOption).toBe(true)
    expect(section.options).toEqual([expect.objectContaining({ id: azul, stock: 8, grupo: 'Cor', nome: 'Azul' })])
    expect(section.ledger.map((l) => [l.item, l.reason])).toEqual([
      ['Cor: Azul', 'Recebimento'],
      ['Cor: Azul', 'Ajuste'],
      ['Cor: Azul', 'Cadastro'],
    ])
  })

  it(
    'the race: staff sets and receives while 24 shoppers check out the same product — every move lands, never negative, no oversell',
    { timeout: 120_000 },
    async () => {
      const p = await product(10, 'Produto Disputado no Estoque')
      const shoppers: Shopper[] = []
      for (let i = 0; i < 24; i++) shoppers.push(await buyer(p.id, 1))
      const [o1, o2] = await Promise.all([as(operacao), as(dono)])
      const staffMoves = [
        o1.post(`/admin/api/produtos/${p.id}/estoque/receber`, { quantidade: 3 }),
        o2.post(`/admin/api/produtos/${p.id}/estoque`, { esperado: 10, novo: 12 }),
        o1.post(`/admin/api/produtos/${p.id}/estoque/receber`, { quantidade: 2 }),
        o2.post(`/admin/api/produtos/${p.id}/estoque`, { esperado: 10, novo: 15 }),
      ]
      const [orders, answers] = await Promise.all([Promise.all(shoppers.map(place)), Promise.all(staffMoves)])
      const placed = orders.filter(Boolean).length
      // Receipts always land; a set lands only on the count it saw, else 409 naming the count then.
      expect(answers[0].status).toBe(200)
      expect(answers[2].status).toBe(200)
      expect([200, 409]).toContain(answers[1].status)
      expect([200, 409]).toContain(answers[3].status)
      expect(answers[1].status === 200 && answers[3].status === 200).toBe(false)
      for (const a of [answers[1], answers[3]]) if (a.status === 409) expect(a.body.msg).toMatch(/agora há \d+ unidade/)

      const ledger = await ledgerOf(p.id)
      const final = await stockOf(p.id)
      // The ledger is one unbroken chain from the first count to the current one.
      expect(ledger[0]).toMatchObject({ reason: 'Cadastro', before: 0, after: 10 })
      for (let i = 1; i < ledger.length; i++) expect(ledger[i].before, `move ${i}`).toBe(ledger[i - 1].after)
      expect(ledger.at(-1)!.after).toBe(final)
      expect(ledger.every((l) => l.after >= 0)).toBe(true)
      // Every placed order took exactly its unit, and only those did.
      const sales = ledger.filter((l) => l.reason === 'Pedido')
      expect(sales).toHaveLength(placed)
      expect(sales.every((l) => l.before - l.after === 1 && l.orderCode)).toBe(true)
      expect(
        ledger
          .filter((l) => l.reason === 'Recebimento')
          .map((l) => l.after - l.before)
          .sort(),
      ).toEqual([2, 3])
      expect(ledger.filter((l) => l.reason === 'Ajuste')).toHaveLength(answers.filter((a, i) => i % 2 === 1 && a.status === 200).length)
      // No oversell: what was sold never exceeds what there was to sell.
      const supplied = ledger.reduce((sum, l) => sum + (l.reason === 'Pedido' ? 0 : l.after - l.before), 0)
      expect(placed).toBe(supplied - final)
      expect(final).toBeGreaterThanOrEqual(0)
      const [{ n }] = await rows<{ n: number }>(db, sql`SELECT coalesce(sum(oi.quantity), 0)::int AS n FROM order_items oi WHERE oi.product_id = ${p.id}`)
      expect(Number(n)).toBe(placed)
      expect(placed).toBeGreaterThanOrEqual(10)
    },
  )
})

describe(`product variations API (${testDbKind})`, () => {
  it('adds, renames, reorders and removes groups and values; audited; junk refused in pt-BR', async () => {
    const p = await product(0)
    const o = await as(operacao)
    const base = `/admin/api/produtos/${p.id}`
    expect(await o.post(`${base}/variacoes`, { nome: '  ' })).toMatchObject({ status: 422, body: { msg: VARIATIONS.groupName.message } })
    expect(await o.post(`${base}/variacoes`, { nome: 'x'.repeat(61) })).toMatchObject({ status: 422, body: { msg: VARIATIONS.groupNameLong.message } })
    const cor = (await o.post(`${base}/variacoes`, { nome: ' Cor ' })).body.id as number
    const mem = (await o.post(`${base}/variacoes`, { nome: 'Memória' })).body.id as number
    expect(await o.post(`${base}/variacoes`, { nome: 'cor' })).toMatchObject({ status: 409, body: { msg: VARIATIONS.groupRepeated.message } })

    // Values: the product's price unless given; a first stock (ledger 'Cadastro').
    const azul = await o.post(`${base}/variacoes/${cor}/valores`, { nome: 'Azul', estoque: 4 })
    expect(azul).toMatchObject({ status: 200, body: { estado: 'sucesso', msg: 'Valor “Azul” adicionado a Cor.' } })
    const preto = (await o.post(`${base}/variacoes/${cor}/valores`, { nome: 'Preto', precoCents: 12_500, estoque: 1 })).body.id as number
    const verde = (await o.post(`${base}/variacoes/${cor}/valores`, { nome: 'Verde' })).body.id as number
    const gb = (await o.post(`${base}/variacoes/${mem}/valores`, { nome: '128 GB', precoCents: 9_000, estoque: 2 })).body.id as number
    for (const [body, msg] of [
      [{ nome: 'azul' }, VARIATIONS.valueRepeated.message],
      [{ nome: '' }, VARIATIONS.valueName.message],
      [{ nome: 'Roxo', precoCents: 0 }, VARIATIONS.price.message],
      [{ nome: 'Roxo', precoCents: 10.5 }, VARIATIONS.price.message],
      [{ nome: 'Roxo', estoque: -2 }, STOCK.negative.message],
      [{ nome: 'Roxo', estoque: 0.5 }, STOCK.fraction.message],
    ] as const) {
      expect(await o.post(`${base}/variacoes/${cor}/valores`, body), JSON.stringify(body)).toMatchObject({
        status: msg === VARIATIONS.valueRepeated.message ? 409 : 422,
        body: { msg },
      })
    }
    const values = await db.select().from(variationOptions).where(eq(variationOptions.productId, p.id)).orderBy(asc(variationOptions.id))
    expect(values.map((v) => [v.name, v.priceCents, v.stock, v.position])).toEqual([
      ['Azul', 10_000, 4, 0],
      ['Preto', 12_500, 1, 1],
      ['Verde', 10_000, 0, 2],
      ['128 GB', 9_000, 2, 0],
    ])
    expect(values.every((v) => /^[A-Za-z0-9]{20}$/.test(v.hash))).toBe(true)
    // Listings sort on the lowest option price.
    expect((await db.select().from(products).where(eq(products.id, p.id)))[0].priceCents).toBe(9_000)

    // Rename and reprice; reorder values and groups (every id once, or 422).
    expect(await o.post(`${base}/valores/${verde}`, { nome: 'Verde-água', precoCents: 11_000 })).toMatchObject({ status: 200 })
    expect(await o.post(`${base}/valores/${verde}`, {})).toMatchObject({ status: 422, body: { msg: VARIATIONS.nothing.message } })
    expect(await o.post(`${base}/valores/${verde}`, { nome: 'Preto' })).toMatchObject({ status: 409, body: { msg: VARIATIONS.valueRepeated.message } })
    expect(await o.post(`${base}/variacoes/${cor}`, { nome: 'Cores' })).toMatchObject({ status: 200 })
    expect(await o.post(`${base}/variacoes/${cor}/valores/ordem`, { ordem: [verde, preto] })).toMatchObject({
      status: 422,
      body: { msg: VARIATIONS.order.message },
    })
    expect(await o.post(`${base}/variacoes/${cor}/valores/ordem`, { ordem: [verde, preto, gb] })).toMatchObject({ status: 422 })
    const azulId = values[0].id
    expect(await o.post(`${base}/variacoes/${cor}/valores/ordem`, { ordem: [verde, azulId, preto] })).toMatchObject({ status: 200 })
    expect(await o.post(`${base}/variacoes/ordem`, { ordem: [mem, cor] })).toMatchObject({ status: 200 })
    const [card] = await loadCardRows(db, [p.id])
    expect(toVariacoes(card.variacoes).map((v) => [v.nome, v.data.map((d) => d.name)])).toEqual([
      ['Memória', ['128 GB']],
      ['Cores', ['Verde-água', 'Azul', 'Preto']],
    ])

    // A value of another product, or a group of another product: 404.
    const other = await product(0)
    expect((await o.post(`/admin/api/produtos/${other.id}/valores/${verde}/remover`)).status).toBe(404)
    expect((await o.post(`/admin/api/produtos/${other.id}/variacoes/${cor}`, { nome: 'X' })).status).toBe(404)

    // Nobody holds these: removed for good.
    expect(await o.post(`${base}/valores/${verde}/remover`)).toMatchObject({ status: 200, body: { resultado: 'removido' } })
    expect(await o.post(`${base}/variacoes/${mem}/remover`)).toMatchObject({ status: 200, body: { resultado: 'removido' } })
    expect(await db.select().from(variations).where(eq(variations.productId, p.id))).toHaveLength(1)
    expect((await db.select().from(variationOptions).where(eq(variationOptions.productId, p.id))).map((v) => v.name).sort()).toEqual(['Azul', 'Preto'])
    expect((await db.select().from(products).where(eq(products.id, p.id)))[0].priceCents).toBe(10_000)
    // A deleted value's stock history stays, still naming it; the ledger is otherwise append-only.
    const history = await ledgerOf(p.id)
    expect(history.find((l) => l.item === 'Memória: 128 GB')).toMatchObject({ optionId: null, reason: 'Cadastro', before: 0, after: 2 })
    await expect(db.execute(sql`UPDATE stock_ledger SET after = 99 WHERE product_id = ${p.id}`)).rejects.toThrow()
    await expect(db.execute(sql`UPDATE stock_ledger SET option_id = NULL, after = 99 WHERE product_id = ${p.id}`)).rejects.toThrow()

    const actions = (
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, String(p.id)), eq(auditLog.entity, 'product')))
        .orderBy(asc(auditLog.id))
    ).map((l) => l.action)
    expect(actions).toEqual([
      'variacao.grupo.criar',
      'variacao.grupo.criar',
      'variacao.valor.criar',
      'variacao.valor.criar',
      'variacao.valor.criar',
      'variacao.valor.criar',
      'variacao.valor.alterar',
      'variacao.grupo.renomear',
      'variacao.valor.ordenar',
      'variacao.grupo.ordenar',
      'variacao.valor.remover',
      'variacao.grupo.remover',
    ])
    const a = await as(atendimento)
    expect((await a.post(`${base}/valores/${azulId}/remover`)).status).toBe(403)
  })

  it('a value in an order or a cart is deactivated, not deleted: the store stops offering it and the cart shows it unavailable', async () => {
    const p = await product(0, 'Fone Variado')
    const o = await as(operacao)
    const base = `/admin/api/produtos/${p.id}`
    const cor = (await o.post(`${base}/variacoes`, { nome: 'Cor' })).body.id as number
    const ids: Record<string, number> = {}
    for (const nome of ['Azul', 'Preto', 'Branco']) ids[nome] = (await o.post(`${base}/variacoes/${cor}/valores`, { nome, estoque: 5 })).body.id as number
    // Azul was bought; Preto waits in a cart.
    expect(await place(await buyer(p.id, 1, ids.Azul))).toBeTruthy()
    const holder = await createShopper(db, `cart${++seq}${testDbKind}`)
    await fillCart(db, holder, p.id, 1, ids.Preto)

    const section = await variationsSection(db, p.id)
    expect(section.groups[0].options.map((v) => [v.nome, v.inUse])).toEqual([
      ['Azul', true],
      ['Preto', true],
      ['Branco', false],
    ])
    expect(await o.post(`${base}/valores/${ids.Azul}/remover`)).toMatchObject({
      status: 200,
      body: { resultado: 'desativado', msg: expect.stringContaining('desativado') },
    })
    expect(await o.post(`${base}/variacoes/${cor}/remover`)).toMatchObject({ status: 200, body: { resultado: 'desativado', desativados: 2 } })
    const left = await db.select().from(variationOptions).where(eq(variationOptions.productId, p.id)).orderBy(asc(variationOptions.id))
    expect(left.map((v) => [v.name, v.active])).toEqual([
      ['Azul', false],
      ['Preto', false],
    ])
    const [item] = await db.select().from(orderItems).where(eq(orderItems.optionId, ids.Azul))
    expect(item).toMatchObject({ variacao: 'Cor: Azul' })
    expect(await db.select().from(variations).where(eq(variations.id, cor))).toHaveLength(1)
    expect(await audits(p.id, 'variacao.valor.desativar')).toHaveLength(1)

    // The store: no group, no option offered; the cart line is there but unavailable; adding it is refused.
    const [card] = await loadCardRows(db, [p.id])
    expect(toVariacoes(card.variacoes)).toEqual([])
    const {
      lines: [line],
    } = await readCartLines(db, holder.sessionId, pricingRules(storeProfile))
    expect(line.optionName).toBe('Preto')
    expect(lineAvailability(line)).toEqual({ disponivel: false, max: 0 })
    await completeCheckout(db, holder, 'pix')
    expect(await place(holder)).toBeNull()
    const store = adminClient(db)
    store.jar.set('vt_session', holder.token)
    const [preto] = await db.select().from(variationOptions).where(eq(variationOptions.id, ids.Preto))
    expect(await store.post('/_next/api/carrinho/add/', { id: p.hash, qtd: 1, variacao: preto.hash })).toMatchObject({
      body: { estado: 'erro', msg: CART_MESSAGES.variacao },
    })

    // Reactivated, it is offered again.
    expect(await o.post(`${base}/valores/${ids.Preto}`, { ativo: true })).toMatchObject({ status: 200, body: { msg: expect.stringContaining('reativado') } })
    const [again] = await loadCardRows(db, [p.id])
    expect(toVariacoes(again.variacoes)).toEqual([{ nome: 'Cor', data: [expect.objectContaining({ name: 'Preto', qtd: 5 })] }])
    const {
      lines: [back],
    } = await readCartLines(db, holder.sessionId, pricingRules(storeProfile))
    expect(lineAvailability(back).disponivel).toBe(true)
  })
})
