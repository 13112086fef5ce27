import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listarCarrinhoSuccessSchema } from '../../../contract/cart'
import { CART } from '../../../contract/messages/cart-reasons'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database, Db } from '../../db/client'
import { carts, customers, orders, products, sessions, variationOptions, wholesaleTiers } from '../../db/schema'
import { rows } from '../../db/sql'
import { isRefusal, refuse } from '../refusal'
import { randomToken } from '../../lib/tokens'
import { storeProfile } from '../../store-profile'
import { forgetProducts } from '../catalog/caches'
import { pricingRules } from '../catalog/rules'
import { loadCheckoutLines } from '../checkout/lines'
import { insertCatalogFixture, type CatalogFixture } from '../../../tests/support/catalog-fixtures'
import { countCartItems, isInCart } from './in-cart'
import { sessionCartId } from './owner'
import { FIXTURE, publicHashes } from '../../../tests/support/cart-fixtures'
import {
  addToCart,
  changeQuantity,
  changeVariation,
  deleteIdleCarts,
  IDLE_CART_MS,
  listCart,
  mergeCarts,
  removeFromCart,
  type CartDeps,
  type CartSession,
} from './index'

let database: Database
let db: Db
let deps: CartDeps
let fx: CatalogFixture

const { A55, IPHONE, S24, CANON, CAPA, DELL, INACTIVE } = FIXTURE
let hashes: Record<string, string>
let options: Record<string, string>

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  deps = { db, store: storeProfile }
  fx = await insertCatalogFixture(db)
  ;({ hashes, options } = await publicHashes(db))
  // A wholesale tier the stock can reach: from 5 capas, R$ 39,90 each (list R$ 49,90).
  await db.insert(wholesaleTiers).values({ productId: fx.ids[CAPA], minQty: 5, priceCents: 3990 })
})
afterAll(() => database?.close())

async function newSession(customerId: number | null = null): Promise<CartSession> {
  const id = randomToken(16)
  await db.insert(sessions).values({ id, customerId, expiresAt: new Date(Date.now() + 86_400_000) })
  return { id, customerId }
}

/** Every row of a session's cart, updated_at included: refusals must leave it exactly as it was. */
function cartRows(session: CartSession) {
  return rows(
    db,
    sql`SELECT ct.id, ct.updated_at::text, ci.token, ci.product_id, ci.option_id, ci.quantity
        FROM carts ct LEFT JOIN cart_items ci ON ci.cart_id = ct.id WHERE ct.session_id = ${session.id} ORDER BY ci.id`,
  )
}

async function lines(session: CartSession) {
  return listarCarrinhoSuccessSchema.parse(await listCart(deps, session)).itens
}

/**
 * The listing once a catalog write has been heard (decision 0117): the products' facts are the
 * catalog's kept ones, dropped when the database announces the change — at once on PGlite, on the
 * listening connection on PostgreSQL. Polls until `test` holds, for at most 1 s.
 */
async function listedWithin(session: CartSession, test: (listing: Awaited<ReturnType<typeof listCart>>) => boolean) {
  const started = Date.now()
  for (;;) {
    const listing = await listCart(deps, session)
    if (test(listing) || Date.now() - started > 1000) return listing
    await new Promise((r) => setTimeout(r, 10))
  }
}

async function add(session: CartSession, link: string, qtd: number, variacao?: string) {
  return addToCart(deps, session, { id: hashes[link], qtd, variacao })
}

describe(`cart (${testDbKind})`, () => {
  it('creates the cart at the first add and lists every field of both views, priced from the database', async () => {
    const s = await newSession()
    expect(await listCart(deps, s)).toEqual({ itens: [], total: 0, compra: [] })
    expect(await cartRows(s)).toEqual([])
    expect(await add(s, IPHONE, 2)).toEqual({ estado: 'sucesso', itens: 2 })
    const listing = listarCarrinhoSuccessSchema.parse(await listCart(deps, s))
    const [line] = listing.itens
    expect(line).toMatchObject({
      hash: hashes[IPHONE],
      titulo: 'Smartphone Apple iPhone 15 128GB Preto',
      imgs: { link: `produtos/${IPHONE}-1.jpg` },
      categoria: 'Smartphones',
      quantidade: 2,
      valor: 5999.9,
      valor_total: 11999.8,
      // 5 % off with Pix, rounded to the centavo: 5999,90 × 0,95 = 5699,905.
      discountedPricePix: 5699.91,
      installmentPrice: 5999.9,
      variacao: [],
      itens_vari: [],
      disponivel: true,
      max: 20,
    })
    expect(line.id).toBe(line.token)
    expect(line.token).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(listing.total).toBe(11999.8)
    expect(listing.compra).toEqual([])
    expect(await countCartItems(db, s.id)).toBe(2)
  })

  it('adds to the existing line of the same product and option', async () => {
    const s = await newSession()
    await add(s, IPHONE, 1)
    expect(await add(s, IPHONE, 3)).toEqual({ estado: 'sucesso', itens: 4 })
    expect((await lines(s)).map((l) => l.quantidade)).toEqual([4])
    expect(await add(s, A55, 1, options.Azul)).toEqual({ estado: 'sucesso', itens: 5 })
    expect(await add(s, A55, 1, options.Preto)).toEqual({ estado: 'sucesso', itens: 6 })
    expect(await add(s, A55, 1, options.Azul)).toEqual({ estado: 'sucesso', itens: 7 })
    const a55 = (await lines(s)).filter((l) => l.hash === hashes[A55])
    expect(a55.map((l) => [l.variacao, l.quantidade, l.valor])).toEqual([
      [[{ v1: 'Cor', v2: 'Azul', v3: options.Azul }], 2, 2199],
      [[{ v1: 'Cor', v2: 'Preto', v3: options.Preto }], 1, 2099],
    ])
    expect(a55[0].itens_vari).toEqual([
      {
        nome: 'Cor',
        data: [
          { name: 'Azul', hash: options.Azul, valor: 2199, qtd: 3 },
          { name: 'Preto', hash: options.Preto, valor: 2099, qtd: 2 },
        ],
      },
    ])
  })

  it('refuses what does not fit the product, leaving the cart as it was', async () => {
    const s = await newSession()
    await add(s, CAPA, 1)
    const before = await cartRows(s)
    const cases: Array<[Promise<unknown>, object]> = [
      [add(s, A55, 1), refuse(CART.selecioneVariacao)],
      [add(s, A55, 1, 'nao-existe'), refuse(CART.variacao)],
      [add(s, CAPA, 1, options.Azul), refuse(CART.variacao)],
      [addToCart(deps, s, { id: 'nao-existe', qtd: 1 }), refuse(CART.produto)],
      [add(s, INACTIVE, 1), refuse(CART.produto)],
    ]
    for (const [result, expected] of cases) expect(await result).toEqual(expected)
    expect(await cartRows(s)).toEqual(before)
  })

  it('caps adds at the option stock, and at the product stock without variations; sold out is refused', async () => {
    const s = await newSession()
    expect(await add(s, A55, 3, options.Preto)).toEqual(refuse(CART.restam(2)))
    expect(await cartRows(s)).toEqual([])
    expect(await add(s, A55, 2, options.Preto)).toMatchObject({ estado: 'sucesso' })
    // The other option has its own stock (3).
    expect(await add(s, A55, 3, options.Azul)).toMatchObject({ estado: 'sucesso', itens: 5 })
    const before = await cartRows(s)
    expect(await add(s, A55, 1, options.Preto)).toEqual(refuse(CART.restam(2, 2)))
    expect(await add(s, CANON, 5)).toEqual(refuse(CART.restam(4)))
    expect(await add(s, S24, 1)).toEqual(refuse(CART.esgotado))
    expect(await cartRows(s)).toEqual(before)
    expect(await add(s, CANON, 4)).toMatchObject({ estado: 'sucesso', itens: 9 })
  })

  it('switches to the wholesale price as the quantity reaches the minimum, and back', async () => {
    const s = await newSession()
    await add(s, CAPA, 4)
    const [line] = await lines(s)
    expect([line.valor, line.valor_total, line.discountedPricePix]).toEqual([49.9, 199.6, 47.41])
    expect(await changeQuantity(deps, s, { pdt: line.token, qtd: 5 })).toEqual({ estado: 'sucesso', valor: 199.5 })
    const [wholesale] = await lines(s)
    expect([wholesale.quantidade, wholesale.valor, wholesale.valor_total, wholesale.discountedPricePix]).toEqual([5, 39.9, 199.5, 37.91])
    expect(await changeQuantity(deps, s, { pdt: line.token, qtd: 4 })).toEqual({ estado: 'sucesso', valor: 199.6 })
    // Adding crosses it too.
    await add(s, CAPA, 2)
    expect((await lines(s))[0]).toMatchObject({ quantidade: 6, valor: 39.9, valor_total: 239.4 })
  })

  it('re-prices every read after a price change, of the product and of an option', async () => {
    const s = await newSession()
    await add(s, DELL, 1)
    await add(s, A55, 1, options.Azul)
    await db.update(products).set({ priceCents: 359900 }).where(eq(products.id, fx.ids[DELL]))
    await db.update(variationOptions).set({ priceCents: 189900 }).where(eq(variationOptions.hash, options.Azul))
    try {
      const listing = listarCarrinhoSuccessSchema.parse(await listedWithin(s, (l) => l.total === 5498))
      expect(listing.itens.map((l) => [l.valor, l.valor_total])).toEqual([
        [3599, 3599],
        [1899, 1899],
      ])
      expect(listing.total).toBe(5498)
    } finally {
      await db.update(products).set({ priceCents: 389900 }).where(eq(products.id, fx.ids[DELL]))
      await db.update(variationOptions).set({ priceCents: 219900 }).where(eq(variationOptions.hash, options.Azul))
      forgetProducts(db, [fx.ids[DELL], fx.ids[A55]])
    }
  })

  it('a price written by plain SQL shows within 1 s, with no writer forgetting anything; a quantity change at once (decisions 0034, 0117)', async () => {
    const s = await newSession()
    await add(s, DELL, 1)
    expect((await listCart(deps, s)).itens[0].valor).toBe(3899)
    await db.execute(sql`UPDATE products SET price_cents = 359900 WHERE id = ${fx.ids[DELL]}`)
    try {
      expect((await listedWithin(s, (l) => l.itens[0].valor !== 3899)).itens[0].valor).toBe(3599)
      const [line] = await lines(s)
      await changeQuantity(deps, s, { pdt: line.token, qtd: 2 })
      expect((await listCart(deps, s)).itens[0]).toMatchObject({ quantidade: 2, valor_total: 7198 })
    } finally {
      await db.update(products).set({ priceCents: 389900 }).where(eq(products.id, fx.ids[DELL]))
    }
  })

  it('marks lines that can no longer be bought, leaves them out of the total and never changes their quantity', async () => {
    const s = await newSession()
    await add(s, CANON, 3)
    await add(s, A55, 2, options.Preto)
    await add(s, IPHONE, 1)
    await add(s, CAPA, 2)
    const before = await cartRows(s)
    const listing = listarCarrinhoSuccessSchema.parse(await listCart(deps, s))
    expect(listing.itens.map((l) => [l.disponivel, l.max])).toEqual([
      [true, 4],
      [true, 2],
      [true, 20],
      [true, 100],
    ])
    expect(listing.total).toBe(9897 + 4198 + 5999.9 + 99.8)

    // Behind the cart's back: the Canon's stock falls under the line, the Preto option sells out,
    // the iPhone is no longer sold. The writers say which products changed.
    await db.update(products).set({ stock: 2 }).where(eq(products.id, fx.ids[CANON]))
    await db.update(variationOptions).set({ stock: 0 }).where(eq(variationOptions.hash, options.Preto))
    await db.update(products).set({ active: false }).where(eq(products.id, fx.ids[IPHONE]))
    forgetProducts(db, [fx.ids[CANON], fx.ids[A55], fx.ids[IPHONE]])
    try {
      const marked = listarCarrinhoSuccessSchema.parse(await listCart(deps, s))
      expect(marked.itens.map((l) => [l.hash, l.quantidade, l.disponivel, l.max])).toEqual([
        [hashes[CANON], 3, false, 2],
        [hashes[A55], 2, false, 0],
        [hashes[IPHONE], 1, false, 0],
        [hashes[CAPA], 2, true, 100],
      ])
      // Still priced, so the shopper sees what the line was; only the capas count.
      expect(marked.itens[0]).toMatchObject({ valor: 3299, valor_total: 9897 })
      expect(marked.total).toBe(99.8)
      expect(await cartRows(s)).toEqual(before)
      // Checkout reads the same lines through the same query, and refuses them (order/place.ts).
      const { lines: checkoutLines } = await loadCheckoutLines(db, s.id, pricingRules(storeProfile))
      expect(checkoutLines.map((l) => [l.productId, l.quantity, l.active, l.stock])).toEqual([
        [fx.ids[CANON], 3, true, 2],
        [fx.ids[A55], 2, true, 0],
        [fx.ids[IPHONE], 1, false, 20],
        [fx.ids[CAPA], 2, true, 100],
      ])
      expect(checkoutLines[0]).toMatchObject({ titulo: 'Câmera Digital Canon EOS Rebel T7', variacao: '', unitCents: 329900, totalCents: 989700 })
      expect(checkoutLines[1].variacao).toBe('Cor: Preto')

      // Lowering the short line to what is left makes it buyable; a product no longer sold can only be removed.
      const [canon, a55, iphone] = marked.itens
      expect(await changeQuantity(deps, s, { pdt: canon.token, qtd: 3 })).toMatchObject({ wire: { estado: 'MaxLimite', max: 2 } })
      expect(await changeQuantity(deps, s, { pdt: canon.token, qtd: 2 })).toEqual({ estado: 'sucesso', valor: 6598 })
      const refused = refuse(CART.produtoForaDeVenda)
      expect(await changeQuantity(deps, s, { pdt: iphone.token, qtd: 1 })).toEqual(refused)
      // A sold-out option is fixed by choosing another one.
      expect(await changeVariation(deps, s, { id: a55.token, vrc: options.Azul })).toMatchObject({ estado: 'sucesso', v_t: 4398 })
      const fixed = listarCarrinhoSuccessSchema.parse(await listCart(deps, s))
      expect(fixed.itens.map((l) => l.disponivel)).toEqual([true, true, false, true])
      expect(fixed.total).toBe(6598 + 4398 + 99.8)
      expect(await removeFromCart(deps, s, iphone.token)).toMatchObject({ estado: 'sucesso' })
      expect((await listCart(deps, s)).itens.every((l) => l.disponivel)).toBe(true)
    } finally {
      await db.update(products).set({ stock: 4 }).where(eq(products.id, fx.ids[CANON]))
      await db.update(variationOptions).set({ stock: 2 }).where(eq(variationOptions.hash, options.Preto))
      await db.update(products).set({ active: true }).where(eq(products.id, fx.ids[IPHONE]))
      forgetProducts(db, [fx.ids[CANON], fx.ids[A55], fx.ids[IPHONE]])
    }
  })

  it('alterar-pedido and atualizar-variacao refuse a line whose product is no longer sold, leaving it as it was', async () => {
    const s = await newSession()
    await add(s, A55, 1, options.Azul)
    const [line] = await lines(s)
    const before = await cartRows(s)
    await db.update(products).set({ active: false }).where(eq(products.id, fx.ids[A55]))
    forgetProducts(db, [fx.ids[A55]])
    try {
      const refused = refuse(CART.produtoForaDeVenda)
      expect(await changeQuantity(deps, s, { pdt: line.token, qtd: 1 })).toEqual(refused)
      expect(await changeVariation(deps, s, { id: line.token, vrc: options.Preto })).toEqual(refused)
      expect(await cartRows(s)).toEqual(before)
      expect((await lines(s))[0]).toMatchObject({ disponivel: false, max: 0, quantidade: 1 })
    } finally {
      await db.update(products).set({ active: true }).where(eq(products.id, fx.ids[A55]))
      forgetProducts(db, [fx.ids[A55]])
    }
  })

  it('alterar-pedido: above the stock is MaxLimite with the quantity unchanged; 0 is ignored', async () => {
    const s = await newSession()
    await add(s, CANON, 2)
    const [line] = await lines(s)
    const before = await cartRows(s)
    expect(await changeQuantity(deps, s, { pdt: line.token, qtd: 5 })).toEqual(refuse(CART.restam(4), { estado: 'MaxLimite', max: 4 }))
    expect(await changeQuantity(deps, s, { pdt: line.token, qtd: 0 })).toEqual({ estado: 'sucesso', valor: 6598 })
    expect(await cartRows(s)).toEqual(before)
    expect(await changeQuantity(deps, s, { pdt: line.token, qtd: 4 })).toEqual({ estado: 'sucesso', valor: 13196 })
    expect(await changeQuantity(deps, s, { pdt: line.token, qtd: 1 })).toEqual({ estado: 'sucesso', valor: 3299 })
    expect((await lines(s))[0].quantidade).toBe(1)
  })

  it('alterar-pedido caps per option', async () => {
    const s = await newSession()
    await add(s, A55, 1, options.Preto)
    const [line] = await lines(s)
    expect(await changeQuantity(deps, s, { pdt: line.token, qtd: 3 })).toMatchObject({ wire: { estado: 'MaxLimite', max: 2 } })
    expect(await changeQuantity(deps, s, { pdt: line.token, qtd: 2 })).toEqual({ estado: 'sucesso', valor: 4198 })
  })

  it('atualizar-variacao moves a line to another option, and merges into its line capped at the stock', async () => {
    const s = await newSession()
    await add(s, A55, 2, options.Azul)
    const [azul] = await lines(s)
    expect(await changeVariation(deps, s, { id: azul.token, vrc: options.Preto })).toEqual({
      estado: 'sucesso',
      v_u: 2099,
      v_t: 4198,
      msg: 'Variação atualizada!',
    })
    expect((await lines(s)).map((l) => [l.token, l.variacao[0].v2, l.quantidade])).toEqual([[azul.token, 'Preto', 2]])

    // Azul 2 + Preto 2 → Preto, capped at Preto's 2 units; one line, the changed one's token.
    await add(s, A55, 2, options.Azul)
    const azulAgain = (await lines(s)).find((l) => l.variacao[0].v2 === 'Azul')!
    expect(await changeVariation(deps, s, { id: azulAgain.token, vrc: options.Preto })).toMatchObject({ estado: 'sucesso', v_t: 4198 })
    expect((await lines(s)).map((l) => [l.token, l.variacao[0].v2, l.quantidade])).toEqual([[azulAgain.token, 'Preto', 2]])

    // Merging under the cap adds the quantities.
    await add(s, A55, 1, options.Azul)
    const preto = (await lines(s)).find((l) => l.variacao[0].v2 === 'Preto')!
    await changeQuantity(deps, s, { pdt: preto.token, qtd: 1 })
    expect(await changeVariation(deps, s, { id: preto.token, vrc: options.Azul })).toMatchObject({ estado: 'sucesso', v_u: 2199, v_t: 4398 })
    expect((await lines(s)).map((l) => [l.variacao[0].v2, l.quantidade])).toEqual([['Azul', 2]])
    expect(await countCartItems(db, s.id)).toBe(2)
  })

  it('atualizar-variacao refuses an option of another product, a sold-out option and an unknown line', async () => {
    const s = await newSession()
    await add(s, A55, 1, options.Azul)
    await add(s, CAPA, 1)
    const [line, capa] = await lines(s)
    const before = await cartRows(s)
    const other = await db.select({ hash: variationOptions.hash }).from(variationOptions).where(eq(variationOptions.productId, fx.ids[CAPA]))
    expect(other).toEqual([])
    expect(await changeVariation(deps, s, { id: capa.token, vrc: options.Preto })).toEqual(refuse(CART.variacao))
    expect(await changeVariation(deps, s, { id: line.token, vrc: 'nao-existe' })).toEqual(refuse(CART.variacao))
    expect(await changeVariation(deps, s, { id: 'nao-existe', vrc: options.Preto })).toEqual(refuse(CART.item))
    await db.update(variationOptions).set({ stock: 0 }).where(eq(variationOptions.hash, options.Preto))
    try {
      expect(await changeVariation(deps, s, { id: line.token, vrc: options.Preto })).toEqual(refuse(CART.variacaoEsgotada))
    } finally {
      await db.update(variationOptions).set({ stock: 2 }).where(eq(variationOptions.hash, options.Preto))
    }
    expect(await cartRows(s)).toEqual(before)
  })

  it("removes a line by its token; another visitor's token or an unknown one changes nothing", async () => {
    const s = await newSession()
    const other = await newSession()
    await add(s, IPHONE, 1)
    await add(s, CAPA, 2)
    await add(other, CAPA, 1)
    const [, capa] = await lines(s)
    const [othersLine] = await lines(other)
    const before = [await cartRows(s), await cartRows(other)]
    expect(await removeFromCart(deps, s, othersLine.token)).toEqual(refuse(CART.item))
    expect(await changeQuantity(deps, s, { pdt: othersLine.token, qtd: 1 })).toMatchObject({ code: CART.item.code })
    expect(await changeQuantity(deps, s, { pdt: othersLine.token, qtd: 0 })).toMatchObject({ code: CART.item.code })
    expect(await changeVariation(deps, s, { id: othersLine.token, vrc: options.Azul })).toMatchObject({ code: CART.item.code })
    expect(await removeFromCart(deps, s, 'nao-existe')).toMatchObject({ code: CART.item.code })
    expect([await cartRows(s), await cartRows(other)]).toEqual(before)
    expect(await removeFromCart(deps, s, capa.token)).toEqual({ estado: 'sucesso', itens: 1, msg: 'Produto removido do carrinho' })
    expect((await lines(s)).map((l) => l.hash)).toEqual([hashes[IPHONE]])
    // A session without a cart has no line to change.
    const empty = await newSession()
    expect(await removeFromCart(deps, empty, capa.token)).toMatchObject({ code: CART.item.code })
  })

  it('parallel adds for the last units never leave a line above the stock', async () => {
    // On PostgreSQL, open the pool's connections first so the adds really run side by side.
    await Promise.all(Array.from({ length: 4 }, () => db.execute(sql`SELECT pg_sleep(0.02)`)))
    for (let round = 0; round < 5; round++) {
      const s = await newSession()
      // The cart and the line exist already: nothing but the cart's lock orders the adds.
      await add(s, CANON, 1)
      const results = await Promise.all(Array.from({ length: 10 }, () => add(s, CANON, 1)))
      expect(results.filter((r) => !isRefusal(r))).toHaveLength(3)
      expect((await lines(s)).map((l) => l.quantidade)).toEqual([4])
    }
  })

  it("lists the buyer record of the customer's latest order", async () => {
    const [customer] = await db
      .insert(customers)
      .values({ nome: 'Maria', sobrenome: 'Silva', email: `maria-${randomToken(4)}@example.com`, passwordHash: 'x' })
      .returning()
    const order = (code: string, nome: string, createdAt: Date) => ({
      code,
      customerId: customer.id,
      paymentMethod: 'pix' as const,
      buyerNome: nome,
      buyerEmail: 'maria@example.com',
      buyerCpf: '529.982.247-25',
      buyerCelular: '(11) 9 8765-4321',
      shippingMethod: 'Entrega padrão',
      shippingAddress: {
        destinatario: nome,
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
      createdAt,
    })
    await db.insert(orders).values([order('VT-1', 'Maria Antiga', new Date(2025, 0, 1)), order('VT-2', 'Maria Silva', new Date(2025, 5, 1))])
    const s = await newSession(customer.id)
    expect((await listCart(deps, s)).compra).toEqual([{ nome: 'Maria Silva', email: 'maria@example.com', cpf: '52998224725', celular: '11987654321' }])
    expect((await listCart(deps, await newSession())).compra).toEqual([])
  })

  it('deletes anonymous carts idle for 30 days and carts whose session is gone; customers keep theirs', async () => {
    const now = new Date()
    const idle = await newSession()
    const recent = await newSession()
    const orphan = await newSession()
    const [customer] = await db
      .insert(customers)
      .values({ nome: 'C', email: `c-${randomToken(4)}@example.com`, passwordHash: 'x' })
      .returning()
    const owned = await newSession(customer.id)
    for (const s of [idle, recent, orphan, owned]) await add(s, CAPA, 1)
    const age = (s: CartSession, ms: number) =>
      db
        .update(carts)
        .set({ updatedAt: new Date(now.getTime() - ms) })
        .where(sql`${carts.id} = ${sessionCartId(s.id)}`)
    await age(idle, IDLE_CART_MS + 60_000)
    await age(recent, IDLE_CART_MS - 60_000)
    await age(owned, IDLE_CART_MS * 2)
    await db.delete(sessions).where(eq(sessions.id, orphan.id))
    expect(await countCartItems(db, idle.id)).toBe(1)

    expect(await deleteIdleCarts(db, now)).toBe(2)
    expect(await lines(idle)).toEqual([])
    expect(await countCartItems(db, idle.id)).toBe(0)
    expect(await lines(recent)).toHaveLength(1)
    expect(await lines(owned)).toHaveLength(1)
    const left = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM carts WHERE session_id IS NULL AND customer_id IS NULL`)
    expect(Number(left[0].n)).toBe(0)
    expect(await deleteIdleCarts(db, now)).toBe(0)
  })

  it('merges one cart into another in one statement: quantities add up to the stock, other lines move with their tokens', async () => {
    const visitor = await newSession()
    const customer = await newSession()
    await add(visitor, CANON, 3)
    await add(visitor, CAPA, 2)
    await add(customer, CANON, 2)
    await add(customer, IPHONE, 1)
    const capaToken = (await lines(visitor)).find((l) => l.hash === hashes[CAPA])!.token
    const cartOf = async (s: CartSession) => (await db.select({ id: carts.id }).from(carts).where(eq(carts.sessionId, s.id)))[0].id
    const from = await cartOf(visitor)
    expect(await mergeCarts(db, from, await cartOf(customer))).toBe(2)
    const merged = await lines(customer)
    // Lines keep when they were added: the visitor's capa came first.
    expect(merged.map((l) => [l.hash, l.quantidade])).toEqual([
      [hashes[CAPA], 2],
      [hashes[CANON], 4],
      [hashes[IPHONE], 1],
    ])
    expect(merged.find((l) => l.hash === hashes[CAPA])!.token).toBe(capaToken)
    expect(await db.select().from(carts).where(eq(carts.id, from))).toEqual([])
  })
})

describe(`in-cart checks of many visitors at once (${testDbKind}, decision 0114)`, () => {
  it('gathered in one statement, each visitor learns about their own cart', async () => {
    const visitors = await Promise.all(Array.from({ length: 8 }, () => newSession()))
    // Odd visitors hold the iPhone; every other one holds the Dell; the first holds nothing.
    for (const [i, v] of visitors.entries()) {
      if (i % 2 === 1) await add(v, IPHONE, 1)
      if (i > 0 && i % 2 === 0) await add(v, DELL, 1)
    }
    // Ids that need quoting in an array literal reach the statement intact (and hold nothing).
    const odd = ['a"b', 'c\\d', '{x,y}', '']
    const asked = await Promise.all([
      ...visitors.flatMap((v) => [isInCart(db, v.id, fx.ids[IPHONE]), isInCart(db, v.id, fx.ids[DELL])]),
      ...odd.map((id) => isInCart(db, id, fx.ids[IPHONE])),
    ])
    expect(asked).toEqual([...visitors.flatMap((_, i) => [i % 2 === 1, i > 0 && i % 2 === 0]), ...odd.map(() => false)])
  })
})
