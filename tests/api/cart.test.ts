import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CART_MESSAGES,
  alterarPedidoResponseSchema,
  atualizarVariacaoResponseSchema,
  carrinhoAddResponseSchema,
  carrinhoRmvResponseSchema,
  listarCarrinhoErroSchema,
  listarCarrinhoSuccessSchema,
} from '../../contract/cart'
import { detalheProdutoResponseSchema } from '../../contract/catalog'
import { dataMenuResponseSchema } from '../../contract/menu'
import { freteEstimarResponseSchema } from '../../contract/shipping'
import type { Database, Db } from '../../server/db/client'
import { customers, orders, products, variationOptions, variations } from '../../server/db/schema'
import { rows } from '../../server/db/sql'
import { FIXTURE, publicHashes } from '../support/cart-fixtures'
import { forgetProducts } from '../../server/domain/catalog/caches'
import { insertCatalogFixture, type CatalogFixture } from '../support/catalog-fixtures'
import { createSession, findSession } from '../../server/domain/session/session'
import { addToCart, cartRowsRead, listCart } from '../../server/domain/cart'
import { storeProfile } from '../../server/store-profile'
import { createTestApp } from '../support/app'
import { createTestDatabase, statementsDuring, testDbKind } from '../support/db'

let database: Database
let db: Db
let fx: CatalogFixture
let hashes: Record<string, string>
let options: Record<string, string>
const { A55, IPHONE, S24, CANON, CAPA, FONE } = FIXTURE

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  fx = await insertCatalogFixture(db)
  // A second product with variations, for "a variation of another product".
  const [axis] = await db.insert(variations).values({ productId: fx.ids[FONE], nome: 'Cor' }).returning()
  await db.insert(variationOptions).values({ variationId: axis.id, productId: fx.ids[FONE], name: 'Prata', hash: 'fone-prata', priceCents: 199900, stock: 5 })
  ;({ hashes, options } = await publicHashes(db))
})
afterAll(() => database?.close())

type Visitor = ReturnType<typeof createTestApp>

async function call(visitor: Visitor, path: string, json?: unknown) {
  const res = await visitor.request(`/_next/api/${path}`, json === undefined ? {} : { method: 'POST', json })
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, res }
}

const add = (v: Visitor, link: string, qtd: number, variacao?: string) => call(v, 'carrinho/add/', { id: hashes[link], qtd, ...(variacao ? { variacao } : {}) })

async function listing(v: Visitor) {
  const { status, body, res } = await call(v, 'listar-carrinho/')
  expect(status).toBe(200)
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  return listarCarrinhoSuccessSchema.parse(body)
}

/** Every cart row in the database: bad input must leave them exactly as they were. */
const allCartRows = () =>
  rows(
    db,
    sql`SELECT ct.id, ct.session_id, ct.customer_id, ct.updated_at::text, ci.id AS line, ci.token, ci.product_id, ci.option_id, ci.quantity, ci.added_at::text
        FROM carts ct LEFT JOIN cart_items ci ON ci.cart_id = ct.id ORDER BY ct.id, ci.id`,
  )

/** DataMenu's badge equals the pieces listar-carrinho lists, after every write. */
async function expectBadgeMatches(v: Visitor) {
  const { itens } = await listing(v)
  const menu = dataMenuResponseSchema.parse((await call(v, 'DataMenu/')).body)
  expect(menu.ItensCar).toBe(itens.reduce((sum, l) => sum + l.quantidade, 0))
}

async function inCart(v: Visitor, link: string): Promise<number> {
  const [detail] = detalheProdutoResponseSchema.parse((await call(v, `detalhe-produto?id=${link}`)).body)
  return detail.crr.crr
}

describe(`cart API (${testDbKind})`, () => {
  it("listar-carrinho reads the lines in the session's own statement, as a statement of their own would (decision 0037)", async () => {
    const { token, session } = await createSession(db)
    const deps = { db, store: storeProfile }
    for (const [link, qtd, variacao] of [
      [IPHONE, 2],
      [FONE, 1, 'fone-prata'],
      [CANON, 1],
    ] as const) {
      expect(await addToCart(deps, session, { id: hashes[link], qtd, ...(variacao ? { variacao } : {}) })).toMatchObject({ estado: 'sucesso' })
    }
    const found = await findSession(db, token, Date.now(), cartRowsRead)
    const along = await listCart(deps, session, found?.along)
    expect(along.itens.map((i) => i.quantidade)).toEqual([2, 1, 1])
    expect(along).toEqual(await listCart(deps, session))
    const v = createTestApp(db)
    const sent = await statementsDuring(db, async () => {
      const res = await v.request('/_next/api/listar-carrinho/', { headers: { cookie: `vt_sid=${token}` } })
      expect(listarCarrinhoSuccessSchema.parse(await res.json())).toEqual(JSON.parse(JSON.stringify(along)))
    })
    // One statement: the session with its cart rows (a batched read of sessions, decision 0114);
    // the products are the catalog's kept ones (decision 0117).
    expect(sent).toBe(1)
  })

  it('listar-carrinho without a session is an empty cart, and creates nothing', async () => {
    const v = createTestApp(db)
    const { status, body, res } = await call(v, 'listar-carrinho/')
    expect(status).toBe(200)
    expect(body).toEqual({ itens: [], total: 0, compra: [] })
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('x-vitrine-cache')).toBeNull()
  })

  it('carrinho/add creates the session and the cart; the badge and the in-cart marker follow every write', async () => {
    const v = createTestApp(db)
    const before = await allCartRows()
    const first = await add(v, IPHONE, 2)
    expect(first.status).toBe(200)
    expect(carrinhoAddResponseSchema.parse(first.body)).toEqual({ estado: 'sucesso', itens: 2 })
    expect(first.res.headers.get('set-cookie')).toMatch(/^vt_sid=/)
    expect(first.res.headers.get('cache-control')).toBe('private, no-store')
    expect(first.res.headers.get('x-vitrine-cache')).toBeNull()
    expect((await allCartRows()).length).toBe(before.length + 1)
    expect(await inCart(v, IPHONE)).toBe(1)
    await expectBadgeMatches(v)

    expect((await add(v, IPHONE, 1)).body).toEqual({ estado: 'sucesso', itens: 3 })
    expect((await add(v, A55, 1, options.Azul)).body).toEqual({ estado: 'sucesso', itens: 4 })
    await expectBadgeMatches(v)
    const cart = await listing(v)
    expect(cart.itens.map((l) => [l.hash, l.quantidade, l.valor, l.valor_total])).toEqual([
      [hashes[IPHONE], 3, 5999.9, 17999.7],
      [hashes[A55], 1, 2199, 2199],
    ])
    expect(cart.total).toBe(20198.7)
    expect(cart.itens[1].variacao).toEqual([{ v1: 'Cor', v2: 'Azul', v3: options.Azul }])

    const changed = await call(v, 'alterar-pedido/', { pdt: cart.itens[0].token, qtd: 1 })
    expect(alterarPedidoResponseSchema.parse(changed.body)).toEqual({ estado: 'sucesso', valor: 5999.9 })
    await expectBadgeMatches(v)
    const varied = await call(v, 'atualizar-variacao/', { id: cart.itens[1].token, vrc: options.Preto })
    expect(atualizarVariacaoResponseSchema.parse(varied.body)).toEqual({ estado: 'sucesso', v_u: 2099, v_t: 2099, msg: 'Variação atualizada!' })
    await expectBadgeMatches(v)
    const removed = await call(v, 'carrinho/rmv/', { id: cart.itens[0].token })
    expect(carrinhoRmvResponseSchema.parse(removed.body)).toEqual({ estado: 'sucesso', itens: 1, msg: 'Produto removido do carrinho' })
    expect(removed.res.headers.get('cache-control')).toBe('private, no-store')
    expect(await inCart(v, IPHONE)).toBe(0)
    await expectBadgeMatches(v)
  })

  it('refuses adds the stock or the product does not allow, with the cart as before', async () => {
    const v = createTestApp(db)
    await add(v, CANON, 3)
    const before = await allCartRows()
    const cases: Array<[Promise<Awaited<ReturnType<typeof call>>>, number, string]> = [
      [add(v, CANON, 2), 409, 'Só restam 4 unidades deste produto. Você já tem 3 no carrinho.'],
      [add(v, IPHONE, 21), 409, 'Só restam 20 unidades deste produto.'],
      [add(v, S24, 1), 409, 'Produto esgotado.'],
      [add(v, A55, 1), 422, 'Selecione uma variação do produto!'],
      [add(v, A55, 3, options.Preto), 409, 'Só restam 2 unidades deste produto.'],
    ]
    for (const [pending, status, msg] of cases) {
      const { status: got, body } = await pending
      expect([got, body]).toEqual([status, { estado: 'erro', msg }])
    }
    expect(await allCartRows()).toEqual(before)
  })

  it('alterar-pedido: MaxLimite above the stock and 0 ignored, quantity unchanged', async () => {
    const v = createTestApp(db)
    await add(v, CANON, 2)
    const [line] = (await listing(v)).itens
    const before = await allCartRows()
    const max = await call(v, 'alterar-pedido/', { pdt: line.token, qtd: 9 })
    expect(max.status).toBe(200)
    expect(alterarPedidoResponseSchema.parse(max.body)).toEqual({ estado: 'MaxLimite', msg: 'Só restam 4 unidades deste produto.', max: 4 })
    const zero = await call(v, 'alterar-pedido/', { pdt: line.token, qtd: 0 })
    expect([zero.status, zero.body]).toEqual([200, { estado: 'sucesso', valor: 6598 }])
    expect(await allCartRows()).toEqual(before)
  })

  it('listar-carrinho marks lines that can no longer be bought and leaves them out of total; the badge still counts them', async () => {
    const v = createTestApp(db)
    await add(v, CANON, 3)
    await add(v, CAPA, 2)
    await add(v, A55, 1, options.Azul)
    const before = await allCartRows()
    await db.update(products).set({ stock: 1 }).where(eq(products.id, fx.ids[CANON]))
    await db.update(products).set({ active: false }).where(eq(products.id, fx.ids[A55]))
    forgetProducts(db, [fx.ids[CANON], fx.ids[A55]])
    try {
      const cart = await listing(v)
      expect(cart.itens.map((l) => [l.hash, l.quantidade, l.disponivel, l.max])).toEqual([
        [hashes[CANON], 3, false, 1],
        [hashes[CAPA], 2, true, 100],
        [hashes[A55], 1, false, 0],
      ])
      expect(cart.total).toBe(99.8)
      await expectBadgeMatches(v)
      const [canon, , a55] = cart.itens
      // A product no longer sold: 409 with what to do; the quantity of a short line lowered by the shopper only.
      const refused = await call(v, 'alterar-pedido/', { pdt: a55.token, qtd: 1 })
      expect([refused.status, refused.body]).toEqual([409, { estado: 'erro', msg: 'Este produto não está mais disponível. Remova-o do carrinho.' }])
      expect((await call(v, 'atualizar-variacao/', { id: a55.token, vrc: options.Preto })).status).toBe(409)
      expect(await allCartRows()).toEqual(before)
      expect((await call(v, 'alterar-pedido/', { pdt: canon.token, qtd: 1 })).body).toEqual({ estado: 'sucesso', valor: 3299 })
      expect((await listing(v)).itens.map((l) => l.disponivel)).toEqual([true, true, false])
      expect((await listing(v)).total).toBe(3299 + 99.8)
    } finally {
      await db.update(products).set({ stock: 4 }).where(eq(products.id, fx.ids[CANON]))
      await db.update(products).set({ active: true }).where(eq(products.id, fx.ids[A55]))
      forgetProducts(db, [fx.ids[CANON], fx.ids[A55]])
    }
  })

  it("answers compra with the buyer record of a logged-in customer's latest order", async () => {
    const [customer] = await db.insert(customers).values({ nome: 'Maria', email: 'maria.api@example.com', passwordHash: 'x' }).returning()
    await db.insert(orders).values({
      code: 'VT-API-1',
      customerId: customer.id,
      paymentMethod: 'pix',
      buyerNome: 'Maria Silva',
      buyerEmail: 'maria.api@example.com',
      buyerCpf: '52998224725',
      buyerCelular: '11987654321',
      shippingMethod: 'Entrega padrão',
      shippingAddress: {
        destinatario: 'Maria',
        cep: '01001000',
        rua: 'Praça da Sé',
        numero: '1',
        complemento: '',
        bairro: 'Sé',
        cidade: 'São Paulo',
        estado: 'SP',
      },
      subtotalCents: 100,
      totalCents: 100,
    })
    const { token } = await createSession(db, customer.id)
    const v = createTestApp(db)
    const res = await v.request('/_next/api/listar-carrinho/', { headers: { cookie: `vt_sid=${token}` } })
    expect(listarCarrinhoSuccessSchema.parse(await res.json()).compra).toEqual([
      { nome: 'Maria Silva', email: 'maria.api@example.com', cpf: '52998224725', celular: '11987654321' },
    ])
  })

  it('a failing listar-carrinho is a non-2xx JSON answer with message', async () => {
    const v = createTestApp(db)
    await add(v, CAPA, 1)
    // The cart's rows are read with the session first (decision 0037); that failing, the session is
    // read alone, then the rows: with the table out of reach both fail.
    await db.execute(sql`ALTER TABLE cart_items RENAME TO cart_items_fora`)
    try {
      const { status, body, res } = await call(v, 'listar-carrinho/')
      expect(status).toBe(500)
      expect(listarCarrinhoErroSchema.parse(body)).toEqual({ estado: 'erro', msg: CART_MESSAGES.indisponivel, message: CART_MESSAGES.indisponivel })
      expect(res.headers.get('cache-control')).toBe('private, no-store')
    } finally {
      await db.execute(sql`ALTER TABLE cart_items_fora RENAME TO cart_items`)
    }
    expect((await listing(v)).itens).toHaveLength(1)
  })

  it('parallel adds for the last units never leave a line above the stock', async () => {
    const v = createTestApp(db)
    await add(v, CANON, 1)
    const answers = await Promise.all(Array.from({ length: 8 }, () => add(v, CANON, 1)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3)
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.estado)).toEqual(['erro', 'erro', 'erro', 'erro', 'erro'])
    expect((await listing(v)).itens.map((l) => l.quantidade)).toEqual([4])
  })

  describe('bad input answers 4xx {estado, msg} in pt-BR and leaves every cart as it was', () => {
    let owner: Visitor
    let stranger: Visitor
    let token: string
    let a55Token: string
    let othersToken: string

    beforeAll(async () => {
      owner = createTestApp(db)
      stranger = createTestApp(db)
      await add(owner, CAPA, 2)
      await add(owner, A55, 1, options.Azul)
      await add(stranger, CAPA, 1)
      ;[{ token }, { token: a55Token }] = (await listing(owner)).itens
      ;[{ token: othersToken }] = (await listing(stranger)).itens
    })

    const big = 'x'.repeat(100 * 1024)
    const cases: Array<[string, string, () => unknown, number]> = [
      ['add: unknown product', 'carrinho/add/', () => ({ id: 'nao-existe', qtd: 1 }), 404],
      ['add: unknown option', 'carrinho/add/', () => ({ id: hashes[A55], qtd: 1, variacao: 'nao-existe' }), 422],
      ['add: variation of another product', 'carrinho/add/', () => ({ id: hashes[A55], qtd: 1, variacao: options.Prata }), 422],
      ['add: variation on a product without any', 'carrinho/add/', () => ({ id: hashes[CAPA], qtd: 1, variacao: options.Azul }), 422],
      ['add: negative qtd', 'carrinho/add/', () => ({ id: hashes[CAPA], qtd: -1 }), 422],
      ['add: zero qtd', 'carrinho/add/', () => ({ id: hashes[CAPA], qtd: 0 }), 422],
      ['add: fractional qtd', 'carrinho/add/', () => ({ id: hashes[CAPA], qtd: 1.5 }), 422],
      ['add: huge qtd', 'carrinho/add/', () => ({ id: hashes[CAPA], qtd: 1e12 }), 422],
      ['add: qtd as text', 'carrinho/add/', () => ({ id: hashes[CAPA], qtd: '2' }), 422],
      ['add: non-numeric qtd', 'carrinho/add/', () => ({ id: hashes[CAPA], qtd: 'muitos' }), 422],
      ['add: missing qtd', 'carrinho/add/', () => ({ id: hashes[CAPA] }), 422],
      ['add: id with a slash', 'carrinho/add/', () => ({ id: 'a/b', qtd: 1 }), 422],
      ['add: unknown field', 'carrinho/add/', () => ({ id: hashes[CAPA], qtd: 1, valor: 0.01 }), 422],
      ['add: an array', 'carrinho/add/', () => [{ id: hashes[CAPA], qtd: 1 }], 422],
      ['add: 100 KB', 'carrinho/add/', () => ({ id: hashes[CAPA], qtd: 1, pad: big }), 413],
      ['rmv: unknown line', 'carrinho/rmv/', () => ({ id: 'nao-existe' }), 404],
      ["rmv: another visitor's line", 'carrinho/rmv/', () => ({ id: othersToken }), 404],
      ['rmv: empty id', 'carrinho/rmv/', () => ({ id: '' }), 422],
      ['alterar: unknown line', 'alterar-pedido/', () => ({ pdt: 'nao-existe', qtd: 1 }), 404],
      ["alterar: another visitor's line", 'alterar-pedido/', () => ({ pdt: othersToken, qtd: 1 }), 404],
      ["alterar: another visitor's line, qtd 0", 'alterar-pedido/', () => ({ pdt: othersToken, qtd: 0 }), 404],
      ['alterar: negative qtd', 'alterar-pedido/', () => ({ pdt: token, qtd: -2 }), 422],
      ['alterar: fractional qtd', 'alterar-pedido/', () => ({ pdt: token, qtd: 0.5 }), 422],
      ['alterar: huge qtd', 'alterar-pedido/', () => ({ pdt: token, qtd: 10_000 }), 422],
      ['alterar: non-numeric qtd', 'alterar-pedido/', () => ({ pdt: token, qtd: 'dois' }), 422],
      ['alterar: null qtd', 'alterar-pedido/', () => ({ pdt: token, qtd: null }), 422],
      ['alterar: 100 KB', 'alterar-pedido/', () => ({ pdt: token, qtd: 1, pad: big }), 413],
      ['variação: unknown line', 'atualizar-variacao/', () => ({ id: 'nao-existe', vrc: options.Preto }), 404],
      ["variação: another visitor's line", 'atualizar-variacao/', () => ({ id: othersToken, vrc: options.Preto }), 404],
      ['variação: unknown option', 'atualizar-variacao/', () => ({ id: a55Token, vrc: 'nao-existe' }), 422],
      ['variação: option of another product', 'atualizar-variacao/', () => ({ id: a55Token, vrc: options.Prata }), 422],
      ['variação: a line without variations', 'atualizar-variacao/', () => ({ id: token, vrc: options.Preto }), 422],
      ['variação: missing vrc', 'atualizar-variacao/', () => ({ id: a55Token }), 422],
    ]

    it.each(cases)('%s', async (_name, path, body, status) => {
      const before = await allCartRows()
      const { status: got, body: answer, res } = await call(owner, path, body())
      expect(got).toBe(status)
      expect(answer).toEqual({ estado: 'erro', msg: expect.any(String) })
      expect(answer.msg).not.toMatch(/^(Invalid|Too|Expected|Unrecognized|Required)/)
      expect(res.headers.get('x-vitrine-cache')).toBeNull()
      expect(await allCartRows()).toEqual(before)
    })

    it.each(['carrinho/add/', 'carrinho/rmv/', 'alterar-pedido/', 'atualizar-variacao/'])('%s: malformed JSON, another content type', async (path) => {
      const before = await allCartRows()
      const malformed = await owner.request(`/_next/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":' })
      expect(malformed.status).toBe(400)
      expect(await malformed.json()).toMatchObject({ estado: 'erro', msg: expect.stringMatching(/JSON inválido/) })
      const form = await owner.request(`/_next/api/${path}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'id=1' })
      expect(form.status).toBe(415)
      expect(await allCartRows()).toEqual(before)
    })

    it('line changes from a visitor without a session answer 404 and create nothing', async () => {
      const before = await allCartRows()
      for (const [path, body] of [
        ['carrinho/rmv/', { id: token }],
        ['alterar-pedido/', { pdt: token, qtd: 1 }],
        ['atualizar-variacao/', { id: a55Token, vrc: options.Preto }],
      ] as const) {
        const visitor = createTestApp(db)
        const { status, body: answer, res } = await call(visitor, path, body)
        expect([status, answer]).toEqual([404, { estado: 'erro', msg: CART_MESSAGES.item }])
        expect(res.headers.get('set-cookie')).toBeNull()
      }
      expect(await allCartRows()).toEqual(before)
    })

    it("the owner's cart is intact after all of it", async () => {
      const { itens } = await listing(owner)
      expect(itens.map((l) => [l.token, l.quantidade])).toEqual([
        [token, 2],
        [a55Token, 1],
      ])
      expect((await listing(stranger)).itens.map((l) => l.token)).toEqual([othersToken])
    })
  })

  describe('frete/estimar', () => {
    it("answers the store's standard rate and the delivery time of the CEP's region", async () => {
      const v = createTestApp(db)
      for (const [cep, cidade, uf, prazo] of [
        ['01.001-000', 'São Paulo', 'SP', 4],
        ['69005-000', 'Manaus', 'AM', 10],
        ['40010000', 'Salvador', 'BA', 8],
      ] as const) {
        const { status, body, res } = await call(v, 'frete/estimar/', { cep })
        expect(status).toBe(200)
        expect(freteEstimarResponseSchema.parse(body)).toMatchObject({ estado: 'sucesso', valor: 25, prazo, cidade, uf, estimativa: false })
        // The home deliveries checkout offers, Padrão (the answer's valor/prazo) first.
        expect((body as { opcoes: Array<{ nome: string; valor: number }> }).opcoes.map((o) => [o.nome, o.valor])).toEqual([
          ['Padrão', 25],
          ['Expressa', storeProfile.frete.expressa.baseCentavos[uf === 'SP' ? 'SE' : uf === 'AM' ? 'N' : 'NE'] / 100],
        ])
        expect(res.headers.get('set-cookie')).toBeNull()
      }
    })

    it("is free from the store's threshold, counting what the session's cart can buy", async () => {
      const v = createTestApp(db)
      const estimate = async () => freteEstimarResponseSchema.parse((await call(v, 'frete/estimar/', { cep: '01001-000' })).body)
      await add(v, CAPA, 5)
      // 5 × R$ 49,90 = R$ 249,50, under the R$ 299,00 of config/store.json.
      expect(await estimate()).toMatchObject({ estado: 'sucesso', valor: 25, prazo: 4 })
      await add(v, CAPA, 1)
      expect(await estimate()).toMatchObject({ estado: 'sucesso', valor: 0, prazo: 4 })
      // A line that cannot be bought does not count.
      await add(v, CANON, 1)
      const [capa] = (await listing(v)).itens
      await call(v, 'alterar-pedido/', { pdt: capa.token, qtd: 1 })
      expect(await estimate()).toMatchObject({ valor: 0 })
      await db.update(products).set({ stock: 0 }).where(eq(products.id, fx.ids[CANON]))
      forgetProducts(db, [fx.ids[CANON]])
      try {
        expect(await estimate()).toMatchObject({ valor: 25 })
      } finally {
        await db.update(products).set({ stock: 4 }).where(eq(products.id, fx.ids[CANON]))
        forgetProducts(db, [fx.ids[CANON]])
      }
    })

    it('an unknown CEP is 404 CEP inexistente; a malformed one 422', async () => {
      const v = createTestApp(db)
      expect(await call(v, 'frete/estimar/', { cep: '00000-000' }).then((r) => [r.status, r.body])).toEqual([404, { estado: 'erro', msg: 'CEP inexistente.' }])
      for (const cep of ['', '123', '0100100a', 1001000, '01001-0000']) {
        const { status, body } = await call(v, 'frete/estimar/', { cep })
        expect(status, String(cep)).toBe(422)
        expect(body).toEqual({ estado: 'erro', msg: expect.stringMatching(/CEP/) })
      }
    })
  })
})

it('the registry and the routes agree: no cart call answers 501 any more', async () => {
  const v = createTestApp(db)
  for (const path of ['carrinho/add/', 'carrinho/rmv/', 'alterar-pedido/', 'atualizar-variacao/', 'frete/estimar/']) {
    expect((await call(v, path, {})).status, path).not.toBe(501)
  }
  expect((await call(v, 'listar-carrinho/')).status).toBe(200)
})
