import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, Db } from '../../server/db/client'
import { auditLog, linkRedirects, products, stockLedger, variationOptions, variations, wholesaleTiers } from '../../server/db/schema'
import { rows } from '../../server/db/sql'
import { releaseStock, takeStock, type StockLine } from '../../server/domain/order/stock'
import { productCreateSchema, productListQuerySchema, productUpdateSchema } from '../../contract/admin/products'
import { PRODUCTS } from '../../contract/messages/products'
import { bulkProducts, createProduct, listAdminProducts, productEditorFields, readProductForm, updateProduct } from '../../server/domain/catalog/admin-products'
import { isRefusal } from '../../server/domain/refusal'
import { insertCatalogFixture, type CatalogFixture } from '../support/catalog-fixtures'
import { storeProfile } from '../../server/store-profile'
import { loader as productPageLoader } from '../../app/routes/produto'
import { adminClient, type TestStaff, signedIn, staffOfEachRole } from '../support/admin'
import { testEnv } from '../support/app'
import { createTestDatabase, testDbKind } from '../support/db'

let database: Database
let db: Db
let fixture: CatalogFixture
let dono: TestStaff
let operacao: TestStaff
let atendimento: TestStaff

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  fixture = await insertCatalogFixture(db)
  ;({ dono, operacao, atendimento } = await staffOfEachRole(db))
}, 60_000)
afterAll(async () => {
  await database?.close()
})

const as = (member: TestStaff) => signedIn(db, member)

let seq = 0
/** A valid editor body; `change` overrides fields. */
function body(change: Record<string, unknown> = {}) {
  const n = ++seq
  return {
    titulo: `Fone Teste ${n} ${testDbKind}`,
    link: `fone-teste-${n}-${testDbKind}`,
    sku: `FT-${n}-${testDbKind}`,
    categoria: fixture.cat.audio.id,
    marca: fixture.brand.sony.id,
    descricao: '<p>Som <b>limpo</b></p><script>alert(1)</script><a href="javascript:x">link</a>',
    especificacoes: [{ nome: 'Conexão', valor: 'Bluetooth 5.3' }],
    alturaMm: 100,
    larguraMm: 80,
    comprimentoMm: 40,
    pesoG: 250,
    preco: 199.9,
    precoDe: 249.9,
    atacado: [{ min: 10, preco: 179.9 }],
    video: '',
    ativo: true,
    estoque: 12,
    ...change,
  }
}

const audits = (action: string, entityId: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.id))
const productRow = async (id: number) => (await db.select().from(products).where(eq(products.id, id)))[0]

/** The storefront's /produto/{id} loader: its answer, or what it threw (a redirect or a 404). */
async function productPage(id: string): Promise<{ status: number; location: string | null }> {
  try {
    await productPageLoader({
      params: { id },
      context: { db, store: storeProfile, env: testEnv } as never,
      request: new Request(`http://localhost/produto/${id}`),
    } as never)
    return { status: 200, location: null }
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('location') }
    const init = (thrown as { init?: { status?: number } }).init
    if (init?.status) return { status: init.status, location: null }
    throw thrown
  }
}

/** The list as the Produtos page's loader reads it: the URL's query through its schema, then the domain. */
async function list(query = ''): Promise<{ status: number; body: Record<string, unknown> }> {
  const parsed = productListQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(query)))
  if (!parsed.success) return { status: 400, body: { msg: parsed.error.issues[0]?.message } }
  const result = await listAdminProducts(db, parsed.data)
  return isRefusal(result) ? { status: 422, body: { code: result.code, msg: result.message } } : { status: 200, body: result }
}

/** The product's own fields as the editor's loader reads them. */
const loadedProduct = async (id: number) => (await productEditorFields(db, id))!

describe(`back office products API (${testDbKind})`, () => {
  it('answers 401 to nobody; Atendimento reads but every write is 403 (and audited)', async () => {
    const nobody = adminClient(db)
    expect((await nobody.post('/admin/api/produtos', body())).status).toBe(401)
    const c = await as(atendimento)
    const id = ((await list()).body.rows as Array<{ id: number }>)[0].id
    expect(await c.post('/admin/api/produtos', body())).toMatchObject({ status: 403 })
    expect((await c.post(`/admin/api/produtos/${id}`, { ...body(), versao: 1 })).status).toBe(403)
    expect((await c.post('/admin/api/produtos/lote', { ids: [id], acao: 'desativar' })).status).toBe(403)
    const denied = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'acesso negado'), eq(auditLog.actorId, atendimento.id)))
    expect(denied.length).toBeGreaterThanOrEqual(3)
  })

  it('creates a product: sanitised description, tiers, the ledger says Cadastro and who, audited', async () => {
    const c = await as(operacao)
    const input = body()
    const created = await c.post('/admin/api/produtos', { ...input, ncm: '8518.30.00', gtin: '7891000315507', origem: 2 })
    expect(created.status).toBe(200)
    const id = created.body.id as number
    const row = await productRow(id)
    expect(row).toMatchObject({ ncm: '85183000', gtin: '7891000315507', origem: 2, unidade: 'UN', cest: null })
    expect(row).toMatchObject({ titulo: input.titulo, linkReal: input.link, priceCents: 19990, compareAtCents: 24990, stock: 12, version: 1, active: true })
    expect(row.descricao).toBe('<p>Som <strong>limpo</strong></p>link')
    expect(row.searchTitle).toContain('fone teste')
    expect(row.searchBody).toContain('sony')
    expect(
      await db.select({ min: wholesaleTiers.minQty, cents: wholesaleTiers.priceCents }).from(wholesaleTiers).where(eq(wholesaleTiers.productId, id)),
    ).toEqual([{ min: 10, cents: 17990 }])
    const [ledger] = await db.select().from(stockLedger).where(eq(stockLedger.productId, id))
    expect(ledger).toMatchObject({ before: 0, after: 12, reason: 'Cadastro', actorKind: 'staff', actorId: operacao.id })
    const [audit] = await audits('produto.criar', String(id))
    expect(audit).toMatchObject({ actorId: operacao.id })
    expect(audit.after).toMatchObject({ titulo: input.titulo, precoCents: 19990, estoque: 12 })
    // The storefront sees it, with the "de" price.
    const page = await c.app.request(`http://localhost/_next/api/detalhe-produto?id=${input.link}`)
    expect(page.status).toBe(200)
    const [detail] = (await page.json()) as [{ valor: number; valorDe?: number }]
    expect(detail).toMatchObject({ valor: 199.9, valorDe: 249.9 })
  })

  it('refuses bad fields with a pt-BR message on each field, writing nothing', async () => {
    const c = await as(dono)
    const before = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM products`)
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ titulo: '' }, 'titulo', /Informe o título/],
      [{ titulo: 'x'.repeat(256) }, 'titulo', /até 255/],
      [{ link: 'Com Espaço' }, 'link', /Link inválido/],
      [{ preco: -1 }, 'preco', /maior que zero/],
      [{ preco: 10.123 }, 'preco', /2 casas decimais/],
      [{ precoDe: 100 }, 'precoDe', /maior que o preço/],
      [{ atacado: [{ min: 5, preco: 300 }] }, 'atacado.0.preco', /menor que o preço/],
      [{ estoque: -3 }, 'estoque', /não pode ser negativo/],
      [{ estoque: 1.5 }, 'estoque', /número inteiro/],
      [{ video: '../../etc/passwd' }, 'video', /Vídeo inválido/],
      [{ categoria: 999_999 }, 'categoria', /Categoria não encontrada/],
      [{ ncm: '8517.13' }, 'ncm', /NCM inválido/],
      [{ gtin: '7891000315508' }, 'gtin', /GTIN inválido/],
      [{ origem: 9 }, 'origem', /Origem inválida/],
    ]
    for (const [change, campo, message] of cases) {
      const res = await c.post('/admin/api/produtos', body(change))
      expect(res.status, JSON.stringify(change)).toBe(422)
      expect(res.body.campo, JSON.stringify(change)).toBe(campo)
      expect(String(res.body.msg)).toMatch(message)
    }
    const all = await c.post('/admin/api/produtos', body({ titulo: '', preco: 0, link: 'A B' }))
    expect(Object.keys(all.body.campos as object)).toEqual(expect.arrayContaining(['titulo', 'preco', 'link']))
    expect((await c.post('/admin/api/produtos', { ...body(), extra: 1 })).status).toBe(422)
    expect((await c.request('/admin/api/produtos', { method: 'POST', body: 'x', headers: { 'content-type': 'application/json' } })).status).toBe(400)
    const after = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM products`)
    expect(after[0].n).toBe(before[0].n)
  })

  it('refuses a link or code another product has (409 on the field)', async () => {
    const c = await as(dono)
    const taken = await c.post('/admin/api/produtos', body({ link: 'smartphone-samsung-galaxy-a55-5g-256gb' }))
    expect(taken).toMatchObject({ status: 409, body: { campo: 'link' } })
    expect(String(taken.body.msg)).toMatch(/já é usado pelo produto/)
    expect(await c.post('/admin/api/produtos', body({ sku: 'SKU-1' }))).toMatchObject({ status: 409, body: { campo: 'sku' } })
  })

  it('saves with optimistic concurrency: the stale save is 409 naming who saved; the version moves', async () => {
    const a = await as(dono)
    const b = await as(operacao)
    const created = await a.post('/admin/api/produtos', body())
    const id = created.body.id as number
    const loaded = await loadedProduct(id)
    const form = { ...body(), link: loaded.link, sku: loaded.sku, titulo: loaded.titulo }
    delete (form as Record<string, unknown>).estoque
    // Both open version 1; both save at once: exactly one wins.
    const [r1, r2] = await Promise.all([
      a.post(`/admin/api/produtos/${id}`, { ...form, preco: 210, versao: loaded.versao }),
      b.post(`/admin/api/produtos/${id}`, { ...form, preco: 220, versao: loaded.versao }),
    ])
    expect([r1.status, r2.status].sort()).toEqual([200, 409])
    const lost = r1.status === 409 ? r1 : r2
    const winner = r1.status === 200 ? dono : operacao
    expect(String(lost.body.msg)).toContain(`alterado por ${winner.nome}`)
    const row = await productRow(id)
    expect(row.version).toBe(2)
    expect(row.priceCents).toBe(r1.status === 200 ? 21000 : 22000)
    const [edit] = await audits('produto.editar', String(id))
    expect(edit.before).toMatchObject({ precoCents: 19990, versao: 1 })
    expect(edit.after).toMatchObject({ versao: 2 })
    // The stock is never touched by a save of the product's own fields.
    expect(row.stock).toBe(12)
  }, 30_000)

  it('a product with variations: a new price reaches the values priced as the product; it shows its lowest', async () => {
    const c = await as(dono)
    const id = (await c.post('/admin/api/produtos', body({ preco: 100, atacado: [] }))).body.id as number
    const [group] = await db.insert(variations).values({ productId: id, nome: 'Cor' }).returning()
    await db.insert(variationOptions).values([
      { variationId: group.id, productId: id, name: 'Preto', hash: `vp-${id}-1`, priceCents: 10000, stock: 3 },
      { variationId: group.id, productId: id, name: 'Dourado', hash: `vp-${id}-2`, priceCents: 15000, stock: 3 },
    ])
    const loaded = await loadedProduct(id)
    const form = { ...body(), link: loaded.link, sku: loaded.sku, titulo: loaded.titulo, atacado: [] }
    delete (form as Record<string, unknown>).estoque
    expect((await c.post(`/admin/api/produtos/${id}`, { ...form, preco: 90, versao: loaded.versao })).status).toBe(200)
    const prices = async () =>
      (
        await db
          .select({ name: variationOptions.name, cents: variationOptions.priceCents })
          .from(variationOptions)
          .where(eq(variationOptions.productId, id))
          .orderBy(asc(variationOptions.id))
      ).map((o) => [o.name, o.cents])
    expect(await prices()).toEqual([
      ['Preto', 9000],
      ['Dourado', 15000],
    ])
    expect((await productRow(id)).priceCents).toBe(9000)
    // Above a value of its own price: the product shows (and sells from) the lowest value.
    expect((await c.post(`/admin/api/produtos/${id}`, { ...form, preco: 200, versao: loaded.versao + 1 })).status).toBe(200)
    expect(await prices()).toEqual([
      ['Preto', 20000],
      ['Dourado', 15000],
    ])
    expect((await productRow(id)).priceCents).toBe(15000)
  }, 30_000)

  it('a renamed link answers 301 to the new one forever; the old link can be taken again', async () => {
    const c = await as(dono)
    const input = body()
    const id = (await c.post('/admin/api/produtos', input)).body.id as number
    const first = { ...input, link: `${input.link}-novo`, versao: 1 }
    delete (first as Record<string, unknown>).estoque
    expect((await c.post(`/admin/api/produtos/${id}`, first)).status).toBe(200)
    expect(await productPage(input.link)).toEqual({ status: 301, location: `/produto/${input.link}-novo` })
    // Renamed again: both old links lead straight to the current one (no chain).
    expect((await c.post(`/admin/api/produtos/${id}`, { ...first, link: `${input.link}-final`, versao: 2 })).status).toBe(200)
    expect(await productPage(input.link)).toEqual({ status: 301, location: `/produto/${input.link}-final` })
    expect(await productPage(`${input.link}-novo`)).toEqual({ status: 301, location: `/produto/${input.link}-final` })
    await expect.poll(async () => (await productPage(`${input.link}-final`)).status, { timeout: 10_000 }).toBe(200)
    expect((await productPage('nunca-existiu-xyz')).status).toBe(404)
    // A new product takes an old link: it is that product's now.
    const taker = body({ link: input.link })
    expect((await c.post('/admin/api/produtos', taker)).status).toBe(200)
    // The page cache hears of the new product from the database's notification (asynchronous on PostgreSQL).
    await expect.poll(async () => (await productPage(input.link)).status, { timeout: 10_000 }).toBe(200)
    expect(
      await db
        .select()
        .from(linkRedirects)
        .where(and(eq(linkRedirects.kind, 'produto'), eq(linkRedirects.oldLink, input.link))),
    ).toEqual([])
  }, 30_000)

  it("says no with the catalog's codes, whoever calls (the pages' actions and the API call the same functions)", async () => {
    const actor = { kind: 'staff' as const, staffId: dono.id, name: dono.nome, ip: null }
    const input = body()
    const created = await createProduct(db, { input: productCreateSchema.parse(input), actor })
    if (isRefusal(created)) throw created
    expect(await createProduct(db, { input: productCreateSchema.parse(body({ link: input.link })), actor })).toMatchObject({
      code: PRODUCTS.linkTaken.code,
      wire: { campo: 'link' },
    })
    expect(await createProduct(db, { input: productCreateSchema.parse(body({ sku: input.sku })), actor })).toMatchObject({
      code: PRODUCTS.skuTaken.code,
      wire: { campo: 'sku' },
    })
    expect(await createProduct(db, { input: productCreateSchema.parse(body({ categoria: 999_999 })), actor })).toMatchObject({
      code: PRODUCTS.categoryNotFound.code,
    })
    expect(readProductForm(productCreateSchema, body({ titulo: '', preco: 0 }))).toMatchObject({ code: PRODUCTS.badField.code, wire: { campo: 'titulo' } })
    const form = { ...input, versao: created.versao }
    delete (form as Record<string, unknown>).estoque
    const update = productUpdateSchema.parse(form)
    expect(await updateProduct(db, { id: created.id, input: update, actor })).toMatchObject({ versao: created.versao + 1 })
    // The same version again: someone (here, the first save) saved since.
    expect(await updateProduct(db, { id: created.id, input: update, actor })).toMatchObject({
      code: PRODUCTS.changedBy.code,
      wire: { versaoAtual: created.versao + 1 },
    })
    expect(await updateProduct(db, { id: 2_000_000_000, input: update, actor })).toMatchObject({ code: PRODUCTS.notFound.code })
    expect(await bulkProducts(db, { input: { ids: [created.id, 2_000_000_000], acao: 'ativar' }, actor })).toMatchObject({ code: PRODUCTS.selectionGone.code })
    expect(await list('apos=AAAAAAAA')).toMatchObject({ body: { code: PRODUCTS.badCursor.code } })
  })

  it('lists with search, filters (stock counts active options), sort and keyset pages', async () => {
    const search = await list('q=galaxy')
    expect(search.status).toBe(200)
    expect((search.body.rows as Array<{ titulo: string }>).every((r) => /galaxy/i.test(r.titulo))).toBe(true)
    const bySku = await list('q=SKU-1')
    expect((bySku.body.rows as Array<{ sku: string }>).map((r) => r.sku)).toEqual(['SKU-1'])
    const byBrand = await list('q=dell')
    expect((byBrand.body.rows as Array<{ marca: string }>).length).toBeGreaterThan(0)
    expect((byBrand.body.rows as Array<{ marca: string }>).every((r) => r.marca === 'Dell')).toBe(true)
    // Stock: a product with options counts its active options only.
    const [withOptions] = await rows<{ product_id: number }>(
      db,
      sql`SELECT product_id FROM variation_options GROUP BY product_id HAVING sum(stock) > 0 LIMIT 1`,
    )
    const pid = Number(withOptions.product_id)
    await db.update(variationOptions).set({ active: false }).where(eq(variationOptions.productId, pid))
    const soldOut = await list('estoque=esgotado&por=100')
    expect((soldOut.body.rows as Array<{ id: number; estoque: number }>).some((r) => r.id === pid)).toBe(true)
    expect((soldOut.body.rows as Array<{ estoque: number }>).every((r) => r.estoque <= 0)).toBe(true)
    await db.update(variationOptions).set({ active: true }).where(eq(variationOptions.productId, pid))
    const low = await list('estoque=baixo&por=100')
    expect((low.body.rows as Array<{ estoque: number }>).every((r) => r.estoque > 0 && r.estoque < 8)).toBe(true)
    const withVideo = await list('video=sim&atacado=nao&ativo=sim&por=100')
    expect((withVideo.body.rows as Array<{ video: boolean; atacado: boolean; ativo: boolean }>).every((r) => r.video && !r.atacado && r.ativo)).toBe(true)
    // The products an NF-e cannot carry yet: those without NCM.
    await db.update(products).set({ ncm: '85171300' }).where(eq(products.id, pid))
    const noNcm = (await list('ncm=nao&por=100')).body.rows as Array<{ id: number }>
    expect(noNcm.length).toBeGreaterThan(0)
    expect(noNcm.some((r) => r.id === pid)).toBe(false)
    const withNcm = ((await list('ncm=sim&por=100')).body.rows as Array<{ id: number }>).map((r) => r.id)
    expect(withNcm).toContain(pid)
    expect(withNcm.some((id) => noNcm.some((r) => r.id === id))).toBe(false)
    await db.update(products).set({ ncm: null }).where(eq(products.id, pid))
    const inCategory = await list(`categoria=${fixture.cat.celulares.id}&por=100`)
    expect((inCategory.body.rows as unknown[]).length).toBeGreaterThan(0)
    // Pages: walking forwards by price gives every product once, in order.
    const seen: number[] = []
    let prices: number[] = []
    let next: string | null = null
    for (let guard = 0; guard < 20; guard++) {
      const page: { body: Record<string, unknown> } = await list(`ordem=menor_preco&por=10${next ? `&apos=${next}` : ''}`)
      const pageRows = page.body.rows as Array<{ id: number; precoCents: number }>
      seen.push(...pageRows.map((r) => r.id))
      prices = prices.concat(pageRows.map((r) => r.precoCents))
      next = page.body.next as string | null
      if (!next) break
    }
    const [{ n }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM products`)
    expect(new Set(seen).size).toBe(n)
    expect(seen.length).toBe(n)
    expect(prices).toEqual([...prices].sort((x, y) => x - y))
    expect(await list('estoque=nenhum')).toMatchObject({ status: 400, body: { msg: 'Filtro de estoque inválido.' } })
    expect(await list('apos=AAAAAAAA')).toMatchObject({ status: 422, body: { code: PRODUCTS.badCursor.code } })
  }, 30_000)

  it('bulk: activate/deactivate and move category in one audited transaction; a missing id changes nothing', async () => {
    const c = await as(operacao)
    const ids = [(await c.post('/admin/api/produtos', body())).body.id as number, (await c.post('/admin/api/produtos', body())).body.id as number]
    const off = await c.post('/admin/api/produtos/lote', { ids, acao: 'desativar' })
    expect(off).toMatchObject({ status: 200, body: { alterados: 2 } })
    expect((await productRow(ids[0])).active).toBe(false)
    expect((await productRow(ids[0])).version).toBe(2)
    expect((await audits('produto.desativar', String(ids[1]))).length).toBe(1)
    expect(await c.post('/admin/api/produtos/lote', { ids: [...ids, 999_999], acao: 'ativar' })).toMatchObject({ status: 404 })
    expect((await productRow(ids[0])).active).toBe(false)
    const moved = await c.post('/admin/api/produtos/lote', { ids, acao: 'categoria', categoria: fixture.cat.tvs.id })
    expect(moved).toMatchObject({ status: 200, body: { alterados: 2 } })
    const row = await productRow(ids[1])
    expect(row.categoryId).toBe(fixture.cat.tvs.id)
    expect(row.searchBody).toContain('tvs')
    expect(await c.post('/admin/api/produtos/lote', { ids, acao: 'categoria' })).toMatchObject({ status: 422, body: { campo: 'categoria' } })
  })

  it('bulk prices: a preview writes nothing; applying changes prices, "de", options and tiers', async () => {
    const c = await as(dono)
    const id = (await c.post('/admin/api/produtos', body({ preco: 100, precoDe: 120, atacado: [{ min: 5, preco: 90 }] }))).body.id as number
    const [withOptions] = await rows<{ product_id: number; price_cents: number }>(
      db,
      sql`SELECT product_id, min(price_cents)::int AS price_cents FROM variation_options GROUP BY product_id LIMIT 1`,
    )
    const other = Number(withOptions.product_id)
    const preview = await c.post('/admin/api/produtos/lote', { ids: [id, other], acao: 'preco', percentual: -10 })
    expect(preview.status).toBe(200)
    expect(preview.body.aplicado).toBe(false)
    expect((preview.body.preview as Array<{ id: number }>).find((r) => r.id === id)).toMatchObject({
      antes: 10000,
      depois: 9000,
      deAntes: 12000,
      deDepois: 10800,
      atacado: 1,
    })
    expect((await productRow(id)).priceCents).toBe(10000)
    const applied = await c.post('/admin/api/produtos/lote', { ids: [id, other], acao: 'preco', percentual: -10, aplicar: true })
    expect(applied).toMatchObject({ status: 200, body: { aplicado: true, alterados: 2 } })
    expect(await productRow(id)).toMatchObject({ priceCents: 9000, compareAtCents: 10800 })
    expect((await db.select().from(wholesaleTiers).where(eq(wholesaleTiers.productId, id)))[0].priceCents).toBe(8100)
    const [option] = await rows<{ price_cents: number }>(
      db,
      sql`SELECT min(price_cents)::int AS price_cents FROM variation_options WHERE product_id = ${other}`,
    )
    expect(option.price_cents).toBe(Math.round(withOptions.price_cents * 0.9))
    const [audit] = await audits('produto.preco', String(id))
    expect(audit).toMatchObject({ before: { precoCents: 10000 }, after: { precoCents: 9000, percentual: -10 } })
    expect(await c.post('/admin/api/produtos/lote', { ids: [id], acao: 'preco', percentual: -95 })).toMatchObject({
      status: 422,
      body: { campo: 'percentual' },
    })
    expect(await c.post('/admin/api/produtos/lote', { ids: [id], acao: 'preco', percentual: 0 })).toMatchObject({ status: 422 })
  })

  it('the stock filter answers by the options rule: active options summed, else the own stock', async () => {
    // One product of each kind; the whole list is then checked against the rule computed from the rows.
    const made: Record<string, number> = {}
    const kinds: Array<[string, number, Array<[number, boolean]>]> = [
      ['own-0', 0, []],
      ['own-3', 3, []],
      ['own-20', 20, []],
      [
        'all-inactive',
        50,
        [
          [9, false],
          [4, false],
        ],
      ],
      [
        'active-0',
        50,
        [
          [0, true],
          [6, false],
        ],
      ],
      [
        'active-5',
        0,
        [
          [2, true],
          [3, true],
          [40, false],
        ],
      ],
      [
        'active-30',
        0,
        [
          [10, true],
          [20, true],
        ],
      ],
    ]
    for (const [kind, stock, options] of kinds) {
      const n = ++seq
      const [p] = await db
        .insert(products)
        .values({
          hash: `stf${n}${testDbKind}`,
          linkReal: `filtro-estoque-${n}`,
          titulo: `Filtro Estoque ${kind}`,
          priceCents: 5000,
          stock,
          categoryId: fixture.cat.audio.id,
          sku: `STF-${n}`,
        })
        .returning({ id: products.id })
      made[kind] = p.id
      if (options.length) {
        const [v] = await db.insert(variations).values({ productId: p.id, nome: 'Cor' }).returning({ id: variations.id })
        await db.insert(variationOptions).values(
          options.map(([qty, active], i) => ({
            variationId: v.id,
            productId: p.id,
            name: `O${i}`,
            hash: `stf${n}o${i}${testDbKind}`,
            priceCents: 5000,
            stock: qty,
            active,
          })),
        )
      }
    }
    const rule = await rows<{ id: number; s: number }>(
      db,
      sql`SELECT p.id, (CASE WHEN EXISTS (SELECT 1 FROM variation_options vo WHERE vo.product_id = p.id)
            THEN (SELECT coalesce(sum(vo.stock) FILTER (WHERE vo.active), 0) FROM variation_options vo WHERE vo.product_id = p.id)
            ELSE p.stock END)::int AS s FROM products p`,
    )
    const expected = new Map(rule.map((r) => [Number(r.id), Number(r.s)]))
    expect([made['all-inactive'], made['active-0'], made['active-5'], made['active-30']].map((id) => expected.get(id))).toEqual([0, 0, 5, 30])
    const listed = async (estoque: string) => {
      const found = new Map<number, number>()
      let next: string | null = null
      for (let guard = 0; guard < 20; guard++) {
        const page: { status: number; body: Record<string, unknown> } = await list(`estoque=${estoque}&por=100${next ? `&apos=${next}` : ''}`)
        expect(page.status).toBe(200)
        for (const r of page.body.rows as Array<{ id: number; estoque: number }>) found.set(r.id, r.estoque)
        next = page.body.next as string | null
        if (!next) break
      }
      return found
    }
    const classes: Array<[string, (s: number) => boolean]> = [
      ['esgotado', (s) => s <= 0],
      ['baixo', (s) => s >= 1 && s < 8],
      ['disponivel', (s) => s > 0],
    ]
    for (const [estoque, holds] of classes) {
      const found = await listed(estoque)
      const want = [...expected].filter(([, s]) => holds(s))
      expect(
        [...found.keys()].sort((a, b) => a - b),
        estoque,
      ).toEqual(want.map(([id]) => id).sort((a, b) => a - b))
      for (const [id, s] of want) expect(found.get(id), `${estoque} ${id}`).toBe(s)
    }
    const soldOut = await listed('esgotado')
    expect([made['own-0'], made['all-inactive'], made['active-0']].every((id) => soldOut.has(id))).toBe(true)
    const low = await listed('baixo')
    expect([made['own-3'], made['active-5']].every((id) => low.has(id))).toBe(true)
  }, 30_000)

  it('products.stock_total follows checkout, cancel, staff stock and option edits (and no deadlock between checkouts)', async () => {
    const n = ++seq
    const [p] = await db
      .insert(products)
      .values({
        hash: `stt${n}${testDbKind}`,
        linkReal: `total-estoque-${n}`,
        titulo: 'Total Estoque',
        priceCents: 5000,
        stock: 7,
        categoryId: fixture.cat.audio.id,
        sku: `STT-${n}`,
      })
      .returning({ id: products.id })
    const total = async () => (await db.select({ t: products.stockTotal }).from(products).where(eq(products.id, p.id)))[0].t
    expect(await total()).toBe(7)
    const move = { reason: 'Pedido' as const, actor: { kind: 'system' as const, job: 'teste' }, orderCode: `T${n}` }
    // Own stock: checkout and cancel.
    await db.transaction((tx) => takeStock(tx, [{ productId: p.id, optionId: null, quantity: 2, titulo: 'x' }], move))
    expect(await total()).toBe(5)
    await db.transaction((tx) => releaseStock(tx, [{ productId: p.id, optionId: null, quantity: 2 }], { ...move, reason: 'Cancelamento' }))
    expect(await total()).toBe(7)
    // Options arrive: the total becomes their active sum.
    const [v] = await db.insert(variations).values({ productId: p.id, nome: 'Cor' }).returning({ id: variations.id })
    const option = async (name: string, stock: number, active = true) =>
      (
        await db
          .insert(variationOptions)
          .values({ variationId: v.id, productId: p.id, name, hash: `stt${n}${name}${testDbKind}`, priceCents: 5000, stock, active })
          .returning({ id: variationOptions.id })
      )[0].id
    const o1 = await option('A', 5)
    const o2 = await option('B', 3)
    const o3 = await option('C', 9, false)
    expect(await total()).toBe(8)
    const lines: StockLine[] = [
      { productId: p.id, optionId: o1, quantity: 2, titulo: 'x' },
      { productId: p.id, optionId: o2, quantity: 1, titulo: 'x' },
    ]
    await db.transaction((tx) => takeStock(tx, lines, move))
    expect(await total()).toBe(5)
    await db.transaction((tx) => releaseStock(tx, lines, { ...move, reason: 'Cancelamento' }))
    expect(await total()).toBe(8)
    // Staff edits of options, alone or several in one transaction (the total is written at commit).
    await db.update(variationOptions).set({ stock: 0 }).where(eq(variationOptions.id, o2))
    expect(await total()).toBe(5)
    await db.transaction(async (tx) => {
      await tx.update(variationOptions).set({ active: false }).where(eq(variationOptions.id, o1))
      await tx.update(variationOptions).set({ active: true }).where(eq(variationOptions.id, o3))
    })
    expect(await total()).toBe(9)
    await db.delete(variationOptions).where(eq(variationOptions.id, o3))
    expect(await total()).toBe(0)
    await db.update(variationOptions).set({ active: true, stock: 4 }).where(eq(variationOptions.id, o1))
    expect(await total()).toBe(4)
    // A staff change of the own stock while options exist does not leak into the total.
    await db.update(products).set({ stock: 70 }).where(eq(products.id, p.id))
    expect(await total()).toBe(4)
    // Checkouts racing on two options of one product (one takes both, the other the second): the
    // options are locked before the product in both, so they never deadlock.
    await db.update(variationOptions).set({ stock: 100 }).where(eq(variationOptions.productId, p.id))
    const both: StockLine[] = [
      { productId: p.id, optionId: o1, quantity: 1, titulo: 'x' },
      { productId: p.id, optionId: o2, quantity: 1, titulo: 'x' },
    ]
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.transaction((tx) => takeStock(tx, i % 2 ? both : [{ productId: p.id, optionId: o2, quantity: 1, titulo: 'x' }], move)),
      ),
    )
    const [a, b] = await rows<{ stock: number }>(db, sql`SELECT stock FROM variation_options WHERE id IN (${o1}, ${o2}) ORDER BY id`)
    expect([Number(a.stock), Number(b.stock)]).toEqual([94, 88])
    expect(await total()).toBe(94 + 88)
    // The last option gone: the product's own stock again.
    await db.delete(variationOptions).where(eq(variationOptions.productId, p.id))
    expect(await total()).toBe(70)
  }, 60_000)
})
