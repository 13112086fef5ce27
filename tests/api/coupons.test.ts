import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listarCarrinhoSuccessSchema } from '../../contract/cart'
import { COUPON } from '../../contract/messages/coupons'
import { carrinhoCupomResponseSchema } from '../../contract/promotions'
import type { Database, Db } from '../../server/db/client'
import { coupons, promotions } from '../../server/db/schema'
import { rows } from '../../server/db/sql'
import { FIXTURE, publicHashes } from '../support/cart-fixtures'
import { insertCatalogFixture, sessionWithCart, type CatalogFixture } from '../support/catalog-fixtures'
import { adoptCartAtLogin } from '../../server/domain/cart/merge'
import { applyCartCoupon } from '../../server/domain/promotions/cart-coupon'
import { isRefusal } from '../../server/domain/refusal'
import { storeProfile } from '../../server/store-profile'
import { createTestApp } from '../support/app'
import { createTestDatabase, testDbKind } from '../support/db'

let database: Database
let db: Db
let fx: CatalogFixture
let hashes: Record<string, string>

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  fx = await insertCatalogFixture(db)
  ;({ hashes } = await publicHashes(db))
  await db.insert(coupons).values([
    { code: 'DEZ', kind: 'percentual', value: 10 },
    { code: 'CEM', kind: 'fixo', value: 10_000, minCents: 10_000 },
  ])
})
afterAll(() => database?.close())

type Visitor = ReturnType<typeof createTestApp>
async function call(v: Visitor, path: string, json?: unknown) {
  const res = await v.request(`/_next/api/${path}`, json === undefined ? {} : { method: 'POST', json })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
const listing = async (v: Visitor) => listarCarrinhoSuccessSchema.parse((await call(v, 'listar-carrinho/')).body)

describe(`carrinho/cupom (${testDbKind})`, () => {
  it('keeps a code on the cart, trimmed and in any case, and the listing carries its discount', async () => {
    const v = createTestApp(db)
    await call(v, 'carrinho/add/', { id: hashes[FIXTURE.CAPA], qtd: 2 })
    const applied = await call(v, 'carrinho/cupom/', { codigo: '  dez ' })
    expect(applied.status).toBe(200)
    expect(carrinhoCupomResponseSchema.parse(applied.body)).toEqual({
      estado: 'sucesso',
      cupom: { codigo: 'DEZ', aplicado: true, valor: 9.98 },
      msg: 'Cupom aplicado.',
    })
    const cart = await listing(v)
    expect(cart.total).toBe(99.8)
    expect(cart.descontos).toEqual([{ tipo: 'cupom', nome: 'Cupom DEZ', valor: 9.98 }])
    expect(cart.totalCartao).toBe(89.82)
    // Pix 5 % of 89,82.
    expect(cart.totalPix).toBe(85.33)
    expect(await call(v, 'carrinho/cupom/remover/', {})).toMatchObject({ status: 200, body: { estado: 'sucesso', msg: 'Cupom removido.' } })
    expect((await listing(v)).cupom).toBeNull()
  })

  it('refuses what does not apply with its reason, keeping nothing; a cart that changes shows the coupon as not applied', async () => {
    const v = createTestApp(db)
    await call(v, 'carrinho/add/', { id: hashes[FIXTURE.CAPA], qtd: 1 })
    expect(await call(v, 'carrinho/cupom/', { codigo: 'CEM' })).toMatchObject({
      status: 409,
      body: { estado: 'erro', msg: 'Faltam R$ 50,10 para usar este cupom.' },
    })
    expect((await listing(v)).cupom).toBeNull()
    await call(v, 'carrinho/add/', { id: hashes[FIXTURE.CAPA], qtd: 2 })
    expect(await call(v, 'carrinho/cupom/', { codigo: 'cem' })).toMatchObject({ status: 200, body: { cupom: { aplicado: true, valor: 100 } } })
    const [{ token }] = (await listing(v)).itens
    await call(v, 'alterar-pedido/', { pdt: token, qtd: 1 })
    expect((await listing(v)).cupom).toEqual({
      codigo: 'CEM',
      aplicado: false,
      valor: 0,
      msg: 'Faltam R$ 50,10 para usar este cupom.',
      motivo: COUPON.belowMinimum.code,
    })
  })

  it('refuses with the catalog reason priceCart gave, code and category as the catalog has them', async () => {
    await sessionWithCart(db, 'sessao-motivo', fx.ids[FIXTURE.CAPA])
    const refused = await applyCartCoupon({ db, store: storeProfile }, { id: 'sessao-motivo', customerId: null }, { codigo: 'CEM', ip: '203.0.113.40' })
    if (!isRefusal(refused)) throw new Error('applied')
    const reason = COUPON.belowMinimum(10_000 - 4_990)
    expect({ code: refused.code, category: refused.category, message: refused.message }).toEqual({
      code: reason.code,
      category: reason.category,
      message: reason.message,
    })
    await db.execute(sql`DELETE FROM rate_limits`)
  })

  it('refuses junk and overlong codes in pt-BR, and more than a few unknown codes a minute per session', async () => {
    const v = createTestApp(db)
    await call(v, 'carrinho/add/', { id: hashes[FIXTURE.CAPA], qtd: 1 })
    expect(await call(v, 'carrinho/cupom/', { codigo: "'; DROP TABLE coupons;--" })).toMatchObject({ status: 422, body: { estado: 'erro' } })
    expect(await call(v, 'carrinho/cupom/', { codigo: 'A'.repeat(31) })).toMatchObject({
      status: 422,
      body: { msg: 'O código pode ter no máximo 30 caracteres.' },
    })
    for (let i = 0; i < 5; i++)
      expect(await call(v, 'carrinho/cupom/', { codigo: `NAO-EXISTE-${i}` })).toMatchObject({ status: 404, body: { msg: COUPON.unknown.message } })
    // The sixth unknown code within the minute is refused, and so is a good code until the minute ends.
    expect(await call(v, 'carrinho/cupom/', { codigo: 'NAO-EXISTE-6' })).toMatchObject({ status: 429, body: { msg: COUPON.tooMany.message } })
    expect(await call(v, 'carrinho/cupom/', { codigo: 'DEZ' })).toMatchObject({ status: 429 })
    // Another visitor is not held back by this one's guesses.
    const other = createTestApp(db)
    await call(other, 'carrinho/add/', { id: hashes[FIXTURE.CAPA], qtd: 1 })
    expect(await call(other, 'carrinho/cupom/', { codigo: 'DEZ' })).toMatchObject({ status: 200 })
    await db.execute(sql`DELETE FROM rate_limits`)
  })

  it('lists an automatic promotion on the line, with the Pix price after it', async () => {
    const [promo] = await db
      .insert(promotions)
      .values({
        name: 'Acessórios em dobro',
        kind: 'percentual',
        value: 20,
        minQuantity: 2,
        scope: { categorias: [fx.cat.celulares.id] },
        startsAt: new Date(Date.now() - 1_000),
      })
      .returning()
    try {
      const v = createTestApp(db)
      await call(v, 'carrinho/add/', { id: hashes[FIXTURE.CAPA], qtd: 2 })
      const [line] = (await listing(v)).itens
      expect(line.promocao).toEqual({ nome: 'Acessórios em dobro', valor: 39.92 })
      expect(line.discountedPricePix).toBe(37.92)
    } finally {
      await db.delete(promotions).where(sql`id = ${promo.id}`)
    }
  })

  it("keeps the coupon on the cart when the visitor logs in (the cart is the customer's on every device)", async () => {
    await sessionWithCart(db, 'sessao-cupom', fx.ids[FIXTURE.CAPA])
    await db.execute(sql`UPDATE carts SET coupon_code = 'DEZ' WHERE session_id = 'sessao-cupom'`)
    const [customer] = await rows<{ id: number }>(
      db,
      sql`INSERT INTO customers (nome, sobrenome, email, password_hash) VALUES ('Cupom', 'Teste', 'cupom@example.com', 'x') RETURNING id`,
    )
    await adoptCartAtLogin(db, 'sessao-cupom', 'sessao-nova', customer.id)
    const [cart] = await rows<{ coupon_code: string | null }>(db, sql`SELECT coupon_code FROM carts WHERE customer_id = ${customer.id}`)
    expect(cart.coupon_code).toBe('DEZ')
  })
})
