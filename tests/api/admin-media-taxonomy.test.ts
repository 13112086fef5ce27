import { and, asc, eq } from 'drizzle-orm'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loader as categoriaLoader } from '../../app/routes/categoria'
import { loader as marcaLoader } from '../../app/routes/marca'
import type { Database, Db } from '../../server/db/client'
import { auditLog, brands, categories, productImages, products } from '../../server/db/schema'
import { getProductDetail, listBrand, listCategory } from '../../server/domain/catalog'
import { MAX_IMAGES_PER_PRODUCT } from '../../contract/admin/media-limits'
import { createCategory, listAdminBrands, updateBrand, updateCategory } from '../../server/domain/catalog/admin-taxonomy'
import { TAXONOMY } from '../../contract/messages/taxonomy'
import { insertCatalogFixture } from '../support/catalog-fixtures'
import { createHttpApp } from '../../server/http/app'
import { mountMedia } from '../../server/http/media'
import { mediaStorageOf } from '../../server/integrations/storage'
import { storeProfile } from '../../server/store-profile'
import { adminClient, type AdminClient, type TestStaff, signedIn, staffOfEachRole } from '../support/admin'
import { testEnv } from '../support/app'
import { createTestDatabase, testDbKind } from '../support/db'

let database: Database
let db: Db
let dataDir: string
let dono: TestStaff
let operacao: TestStaff
let atendimento: TestStaff
let productId: number

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-admin-media-'))
  await insertCatalogFixture(db)
  const [p] = await db.select({ id: products.id }).from(products).where(eq(products.linkReal, 'fone-de-ouvido-sony-wh-1000xm5'))
  productId = p.id
  ;({ dono, operacao, atendimento } = await staffOfEachRole(db))
}, 60_000)
afterAll(async () => {
  await database?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const as = (member: TestStaff) => signedIn(db, member, { dataDir })

/** A tiny picture in each accepted format, made here (never a file on disk). */
const picture = (format: 'jpeg' | 'png' | 'webp' | 'avif', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .toFormat(format)
    .toBuffer()

async function upload(c: AdminClient, bytes: Uint8Array, options: { alt?: string; type?: string; product?: number } = {}) {
  const query = options.alt === undefined ? '' : `?alt=${encodeURIComponent(options.alt)}`
  const res = await c.request(`/admin/api/produtos/${options.product ?? productId}/imagens${query}`, {
    method: 'POST',
    body: bytes as BodyInit,
    headers: { 'content-type': options.type ?? 'application/octet-stream' },
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const imagesOf = () => db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position), asc(productImages.id))
const uploadedFiles = () => {
  const dir = path.join(dataDir, 'media/produtos/u', String(productId))
  return existsSync(dir) ? readdirSync(dir) : []
}
const audits = (action: string) => db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id))
const deps = () => ({ db, store: storeProfile })

describe(`back office images (${testDbKind})`, () => {
  it('keeps JPEG, PNG, WebP and AVIF: the file under media, the row last, an audit line; the storefront serves it', async () => {
    const c = await as(operacao)
    const before = (await imagesOf()).length
    for (const format of ['jpeg', 'png', 'webp', 'avif'] as const) {
      // The declared type says nothing: a PNG sent as image/jpeg is still a PNG.
      const sent = await upload(c, await picture(format), { alt: `Foto ${format}`, type: 'image/jpeg' })
      expect(sent.status, format).toBe(200)
      const image = sent.body.image as { id: number; link: string; width: number; height: number; alt: string; position: number }
      expect(image).toMatchObject({ width: 40, height: 30, alt: `Foto ${format}` })
      expect(image.link).toMatch(new RegExp(`^produtos/u/${productId}/[a-z0-9]{16}\\.(jpg|png|webp|avif)$`))
      expect(existsSync(path.join(dataDir, 'media', image.link))).toBe(true)
    }
    const rows = await imagesOf()
    expect(rows).toHaveLength(before + 4)
    expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i))
    expect(await audits('produto.imagem.enviar')).toHaveLength(4)

    // The storefront's media route renders the upload like a seeded image.
    const storefront = createHttpApp({
      db,
      env: { ...testEnv, dataDir },
      store: storeProfile,
      log: pino({ level: 'silent' }),
      isReady: () => true,
      microCache: false,
      mount: (a) => mountMedia(a, { dataDir, storage: mediaStorageOf({ ...testEnv, dataDir }) }),
    })
    for (const r of rows.filter((i) => i.link.startsWith('produtos/u/'))) {
      const res = await storefront.request(`http://localhost/_next/img/${r.link}?w=160`, { headers: { accept: 'image/webp,*/*' } })
      expect(res.status, r.link).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/webp')
    }
    // Caches drop when the database announces the change (asynchronous on PostgreSQL): poll.
    await expect
      .poll(async () => (await getProductDetail(deps(), 'fone-de-ouvido-sony-wh-1000xm5'))?.response[0].imgs.map((i) => i.link), { timeout: 5_000 })
      .toEqual(rows.map((r) => r.link))
  })

  it('refuses by content, not by name: text named .jpg, a GIF, a truncated JPEG, an empty body, too big', async () => {
    const c = await as(dono)
    const rowsBefore = (await imagesOf()).length
    const filesBefore = uploadedFiles().length
    const text = new TextEncoder().encode('isto não é uma imagem, apenas texto com nome de foto.jpg\n'.repeat(4))
    expect(await upload(c, text, { type: 'image/jpeg' })).toMatchObject({
      status: 415,
      body: { estado: 'erro', msg: 'Arquivo não aceito: envie uma imagem JPEG, PNG, WebP ou AVIF.' },
    })
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer()
    expect((await upload(c, gif, { type: 'image/png' })).status).toBe(415)
    // JPEG magic bytes on a broken file.
    const jpeg = await picture('jpeg', 300, 300)
    expect(await upload(c, jpeg.subarray(0, 200))).toMatchObject({
      status: 422,
      body: { msg: 'Não foi possível ler esta imagem: o arquivo parece corrompido.' },
    })
    expect(await upload(c, new Uint8Array(0))).toMatchObject({ status: 422, body: { msg: 'Nenhum arquivo recebido.' } })
    // Declared above 10 MB: refused unread; streamed (no length) above it: refused at the limit.
    const big = new Uint8Array(11 * 1024 * 1024)
    big.set(jpeg.subarray(0, 16))
    expect(await upload(c, big)).toMatchObject({ status: 413, body: { msg: 'Imagem grande demais: envie até 10 MB.' } })
    const fifty = new Uint8Array(50 * 1024 * 1024)
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < fifty.length; at += 1024 * 1024) controller.enqueue(fifty.subarray(at, at + 1024 * 1024))
        controller.close()
      },
    })
    const res = await c.request(`/admin/api/produtos/${productId}/imagens`, { method: 'POST', body: streamed, duplex: 'half' } as RequestInit)
    expect(res.status).toBe(413)
    // Nothing half-kept.
    expect(await imagesOf()).toHaveLength(rowsBefore)
    expect(uploadedFiles()).toHaveLength(filesBefore)
    expect(await upload(c, await picture('png'), { product: 99_999_999 })).toMatchObject({ status: 404, body: { msg: 'Produto não encontrado.' } })
    expect(uploadedFiles()).toHaveLength(filesBefore)
  })

  it('leaves no file when the row cannot be written (refused inside the transaction)', async () => {
    const c = await as(dono)
    // Another product filled to the limit: the file is written first, then the transaction refuses.
    const [other] = await db.select({ id: products.id }).from(products).where(eq(products.linkReal, 'camera-de-seguranca-wi-fi-full-hd'))
    const filled = await db.select().from(productImages).where(eq(productImages.productId, other.id))
    await db.insert(productImages).values(
      Array.from({ length: MAX_IMAGES_PER_PRODUCT - filled.length }, (_, i) => ({
        productId: other.id,
        position: filled.length + i,
        link: `produtos/enche-${i}.jpg`,
      })),
    )
    const dir = path.join(dataDir, 'media/produtos/u', String(other.id))
    expect(await upload(c, await picture('png'), { product: other.id })).toMatchObject({
      status: 409,
      body: { msg: expect.stringContaining(`já tem ${MAX_IMAGES_PER_PRODUCT} imagens`) },
    })
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([])
    expect(await db.select().from(productImages).where(eq(productImages.productId, other.id))).toHaveLength(MAX_IMAGES_PER_PRODUCT)
    expect((await upload(c, await picture('png'), { alt: 'x'.repeat(301) })).status).toBe(400)
  })

  it('reorders, picks the main image, sets alt text and deletes — audited, positions kept dense', async () => {
    const c = await as(operacao)
    const ids = (await imagesOf()).map((r) => r.id)
    expect(ids.length).toBeGreaterThanOrEqual(4)
    const reversed = [...ids].reverse()
    expect(await c.post(`/admin/api/produtos/${productId}/imagens/ordem`, { ids: reversed })).toMatchObject({ status: 200, body: { ids: reversed } })
    expect((await imagesOf()).map((r) => r.id)).toEqual(reversed)
    // A stale order (an image missing, a foreign id, a repeat) changes nothing.
    expect(await c.post(`/admin/api/produtos/${productId}/imagens/ordem`, { ids: reversed.slice(1) })).toMatchObject({
      status: 409,
      body: { msg: expect.stringContaining('recarregue') },
    })
    expect((await c.post(`/admin/api/produtos/${productId}/imagens/ordem`, { ids: [...reversed.slice(1), reversed[1]] })).status).toBe(409)
    expect((await c.post(`/admin/api/produtos/${productId}/imagens/ordem`, { ids: 'x' })).status).toBe(422)

    const main = ids[2]
    expect(await c.post(`/admin/api/produtos/${productId}/imagens/${main}/principal`)).toMatchObject({ status: 200 })
    const afterMain = await imagesOf()
    expect(afterMain[0].id).toBe(main)
    expect(afterMain.map((r) => r.position)).toEqual(afterMain.map((_, i) => i))
    await expect
      .poll(async () => (await getProductDetail(deps(), 'fone-de-ouvido-sony-wh-1000xm5'))?.response[0].imgs[0].link, { timeout: 5_000 })
      .toBe(afterMain[0].link)

    expect(await c.post(`/admin/api/produtos/${productId}/imagens/${main}`, { alt: '  Fone preto de lado  ' })).toMatchObject({
      status: 200,
      body: { image: { alt: 'Fone preto de lado' } },
    })
    // The storefront's product answer carries it (and the gallery reads it out).
    await expect
      .poll(async () => (await getProductDetail(deps(), 'fone-de-ouvido-sony-wh-1000xm5'))?.response[0].imgs[0], { timeout: 5_000 })
      .toEqual({ link: afterMain[0].link, alt: 'Fone preto de lado' })
    expect(await c.post(`/admin/api/produtos/${productId}/imagens/${main}`, { alt: 'x'.repeat(301) })).toMatchObject({
      status: 422,
      body: { msg: 'Texto alternativo longo demais (até 300 caracteres).' },
    })
    // Another product's image through this product: not found.
    const [other] = await db
      .select()
      .from(productImages)
      .where(and(eq(productImages.position, 0)))
      .limit(50)
    const foreign = (await db.select().from(productImages)).find((r) => r.productId !== productId) ?? other
    expect((await c.post(`/admin/api/produtos/${productId}/imagens/${foreign.id}/principal`)).status).toBe(404)

    const uploaded = afterMain.find((r) => r.link.startsWith('produtos/u/'))!
    expect(await c.post(`/admin/api/produtos/${productId}/imagens/${uploaded.id}/excluir`)).toMatchObject({ status: 200 })
    const afterDelete = await imagesOf()
    expect(afterDelete.map((r) => r.id)).not.toContain(uploaded.id)
    expect(afterDelete.map((r) => r.position)).toEqual(afterDelete.map((_, i) => i))
    expect(existsSync(path.join(dataDir, 'media', uploaded.link))).toBe(false)
    expect((await c.post(`/admin/api/produtos/${productId}/imagens/${uploaded.id}/excluir`)).status).toBe(404)
    for (const action of ['produto.imagem.ordenar', 'produto.imagem.principal', 'produto.imagem.alt', 'produto.imagem.excluir']) {
      const [line] = await audits(action)
      expect(line, action).toMatchObject({ actorId: operacao.id, entity: 'product', entityId: String(productId) })
    }
  })

  it('Atendimento may not change; nobody gets 401', async () => {
    const c = await as(atendimento)
    const [first] = await imagesOf()
    expect((await upload(c, await picture('png'))).status).toBe(403)
    expect((await c.post(`/admin/api/produtos/${productId}/imagens/${first.id}/principal`)).status).toBe(403)
    expect((await c.post(`/admin/api/produtos/${productId}/imagens/${first.id}/excluir`)).status).toBe(403)
    expect((await c.post('/admin/api/categorias', { titulo: 'Nova' })).status).toBe(403)
    expect((await c.post('/admin/api/marcas', { titulo: 'Nova' })).status).toBe(403)
    const nobody = adminClient(db, { dataDir })
    expect((await upload(nobody, await picture('png'))).status).toBe(401)
    expect((await nobody.post('/admin/api/marcas', { titulo: 'Nova' })).status).toBe(401)
  })
})

/** Runs a page loader as React Router would, giving back its answer or the Response it threw. */
async function page(load: typeof categoriaLoader | typeof marcaLoader, url: string, id: string): Promise<Response | { found: boolean }> {
  const args = { request: new Request(`http://localhost${url}`), params: { id }, context: { db, env: testEnv, store: storeProfile } }
  try {
    const out = (await (load as (a: unknown) => Promise<unknown>)(args)) as { found?: boolean; data?: { found: boolean }; init?: { status?: number } }
    return out.data ?? (out as { found: boolean })
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

describe(`back office categories and brands (${testDbKind})`, () => {
  const menu = async () => {
    const c = adminClient(db, { dataDir })
    return (await c.get('/_next/api/DataMenu/')).body as {
      Categorias: Array<{ ndi: string; subcategorias: Array<{ ndi: string }> }>
      Sgt: Array<{ ndi: string }>
    }
  }
  const menuLinks = async () => (await menu()).Categorias.flatMap((c) => [c.ndi, ...c.subcategorias.map((s) => s.ndi)])

  it('creates a category with a link made from its title; refuses junk and a taken link (409)', async () => {
    const c = await as(operacao)
    const made = await c.post('/admin/api/categorias', { titulo: 'Games e Consoles' })
    expect(made).toMatchObject({ status: 200, body: { categoria: { titulo: 'Games e Consoles', link: 'games-e-consoles', pai: null, oculta: false } } })
    const sub = await c.post('/admin/api/categorias', { titulo: 'Controles', link: 'controles', pai: (made.body.categoria as { id: number }).id })
    expect(sub.status).toBe(200)
    expect(await c.post('/admin/api/categorias', { titulo: 'Outra', link: 'games-e-consoles' })).toMatchObject({
      status: 409,
      body: { msg: TAXONOMY.categoryLinkTaken.message },
    })
    // A token opens /categoria/{x} too: it is taken as well.
    expect((await c.post('/admin/api/categorias', { titulo: 'Outra', link: 'tok-tvs' })).status).toBe(409)
    expect(await c.post('/admin/api/categorias', { titulo: '  ' })).toMatchObject({ status: 422, body: { msg: TAXONOMY.badTitle.message } })
    expect(await c.post('/admin/api/categorias', { titulo: 'X', link: 'Com Espaço' })).toMatchObject({ status: 422, body: { msg: TAXONOMY.badLink.message } })
    expect(await c.post('/admin/api/categorias', { titulo: 'X', pai: 99_999_999 })).toMatchObject({
      status: 404,
      body: { msg: TAXONOMY.parentNotFound.message },
    })
    expect((await c.post('/admin/api/categorias', { titulo: 'X', extra: 1 })).status).toBe(422)
    expect(await audits('categoria.criar')).toHaveLength(2)
    await expect.poll(menuLinks, { timeout: 5_000 }).toContain('controles')
  })

  it('renames a category: the old link answers 301 to the new one, forever, query kept', async () => {
    const c = await as(operacao)
    const [tvs] = await db.select().from(categories).where(eq(categories.ndi, 'tvs'))
    expect(await c.post(`/admin/api/categorias/${tvs.id}`, { titulo: 'Televisores', link: 'televisores' })).toMatchObject({
      status: 200,
      body: { categoria: { titulo: 'Televisores', link: 'televisores' } },
    })
    const moved = await page(categoriaLoader, '/categoria/tvs?pagina=1&ordem=menor_preco', 'tvs')
    expect(moved).toBeInstanceOf(Response)
    expect((moved as Response).status).toBe(301)
    expect((moved as Response).headers.get('location')).toBe('/categoria/televisores?pagina=1&ordem=menor_preco')
    expect(await page(categoriaLoader, '/categoria/televisores', 'televisores')).toMatchObject({ found: true })
    // Renamed again: both old links lead to the current one (no chain).
    expect((await c.post(`/admin/api/categorias/${tvs.id}`, { link: 'tv-e-video' })).status).toBe(200)
    expect(((await page(categoriaLoader, '/categoria/tvs', 'tvs')) as Response).headers.get('location')).toBe('/categoria/tv-e-video')
    expect(((await page(categoriaLoader, '/categoria/televisores', 'televisores')) as Response).headers.get('location')).toBe('/categoria/tv-e-video')
    // A link never used answers 404.
    expect(await page(categoriaLoader, '/categoria/nunca-existiu', 'nunca-existiu')).toMatchObject({ found: false })
    // Taking another category's link: 409, nothing changed.
    expect((await c.post(`/admin/api/categorias/${tvs.id}`, { link: 'audio' })).status).toBe(409)
    const [line] = await audits('categoria.editar')
    expect(line).toMatchObject({ actorId: operacao.id, entity: 'category', entityId: String(tvs.id), before: { link: 'tvs' }, after: { link: 'televisores' } })
  })

  it('moves a subcategory under another parent, never under itself or its own subtree', async () => {
    const c = await as(dono)
    const byNdi = async (ndi: string) => (await db.select().from(categories).where(eq(categories.ndi, ndi)))[0]
    const [notebooks, informatica, celulares, smartphones] = await Promise.all(['notebooks', 'informatica', 'celulares', 'smartphones'].map(byNdi))
    expect(await c.post(`/admin/api/categorias/${notebooks.id}`, { pai: celulares.id })).toMatchObject({
      status: 200,
      body: { categoria: { pai: celulares.id } },
    })
    await expect
      .poll(async () => (await menu()).Categorias.find((m) => m.ndi === 'celulares')?.subcategorias.map((s) => s.ndi), { timeout: 5_000 })
      .toContain('notebooks')
    expect((await listCategory(deps(), { id: 'celulares', ordem: 'relevancia', pagina: 1 }))?.subcategorias.map((s) => s.ndi)).toContain('notebooks')
    // Cycles: under itself, under its own child.
    expect(await c.post(`/admin/api/categorias/${celulares.id}`, { pai: celulares.id })).toMatchObject({ status: 422, body: { msg: TAXONOMY.cycle.message } })
    expect((await c.post(`/admin/api/categorias/${celulares.id}`, { pai: smartphones.id })).status).toBe(422)
    // Back, and up to the top level.
    expect((await c.post(`/admin/api/categorias/${notebooks.id}`, { pai: informatica.id })).status).toBe(200)
    expect((await byNdi('notebooks')).parentId).toBe(informatica.id)
  })

  it('hides a category: gone from the menu, the suggestions, its parent panel, facets and its listing at once; shown again', async () => {
    const c = await as(operacao)
    const [smartphones] = await db.select().from(categories).where(eq(categories.ndi, 'smartphones'))
    const [celulares] = await db.select().from(categories).where(eq(categories.ndi, 'celulares'))
    // Warm the caches first, so the test sees them dropped.
    expect(await menuLinks()).toContain('smartphones')
    const samsungBefore = await listBrand(deps(), 'samsung', { ordem: 'relevancia', pagina: 1 })
    expect(samsungBefore?.categorias.map((f) => f.link)).toContain('smartphones')

    expect(await c.post(`/admin/api/categorias/${smartphones.id}`, { oculta: true })).toMatchObject({ status: 200, body: { categoria: { oculta: true } } })
    await expect.poll(menuLinks, { timeout: 5_000 }).not.toContain('smartphones')
    await expect
      .poll(async () => (await listBrand(deps(), 'samsung', { ordem: 'relevancia', pagina: 1 }))?.categorias.map((f) => f.link), { timeout: 5_000 })
      .not.toContain('smartphones')
    expect((await listCategory(deps(), { id: 'celulares', ordem: 'relevancia', pagina: 1 }))?.subcategorias.map((s) => s.ndi)).not.toContain('smartphones')
    expect(await listCategory(deps(), { id: 'smartphones', ordem: 'relevancia', pagina: 1 })).toBeNull()
    expect(await page(categoriaLoader, '/categoria/smartphones', 'smartphones')).toMatchObject({ found: false })
    // Its products keep their own pages, without links to the hidden category.
    const iphone = async () => (await getProductDetail(deps(), 'smartphone-apple-iphone-15-128gb-preto'))?.response[0]
    await expect.poll(async () => (await iphone())?.categoria.link, { timeout: 5_000 }).toBe('')
    expect((await iphone())?.breadcrumb.map((b) => b.ndi)).toEqual(['celulares'])

    // A hidden parent takes its subcategories and its suggestion with it.
    expect((await c.post(`/admin/api/categorias/${smartphones.id}`, { oculta: false })).status).toBe(200)
    expect((await c.post(`/admin/api/categorias/${celulares.id}`, { oculta: true })).status).toBe(200)
    await expect.poll(async () => (await menu()).Sgt.map((s) => s.ndi), { timeout: 5_000 }).not.toContain('celulares')
    expect(await menuLinks()).not.toContain('smartphones')
    expect(await listCategory(deps(), { id: 'smartphones', ordem: 'relevancia', pagina: 1 })).toBeNull()
    expect((await c.post(`/admin/api/categorias/${celulares.id}`, { oculta: false })).status).toBe(200)
    await expect.poll(menuLinks, { timeout: 5_000 }).toContain('smartphones')
  })

  it('brands: create, rename with a 301 from the old link, 409 on a taken link, hide from facets and pages', async () => {
    const c = await as(operacao)
    expect(await c.post('/admin/api/marcas', { titulo: 'Xiaomi' })).toMatchObject({
      status: 200,
      body: { marca: { titulo: 'Xiaomi', link: 'xiaomi', oculta: false, produtos: 0 } },
    })
    expect(await c.post('/admin/api/marcas', { titulo: 'Outra', link: 'xiaomi' })).toMatchObject({
      status: 409,
      body: { msg: TAXONOMY.brandLinkTaken.message },
    })
    const [sony] = await db.select().from(brands).where(eq(brands.link, 'sony'))
    expect(await c.post(`/admin/api/marcas/${sony.id}`, { titulo: 'Sony Brasil', link: 'sony-brasil' })).toMatchObject({
      status: 200,
      body: { marca: { titulo: 'Sony Brasil', link: 'sony-brasil' } },
    })
    const moved = (await page(marcaLoader, '/marca/sony/?pagina=1', 'sony')) as Response
    expect(moved.status).toBe(301)
    expect(moved.headers.get('location')).toBe('/marca/sony-brasil/?pagina=1')
    expect(await page(marcaLoader, '/marca/sony-brasil/', 'sony-brasil')).toMatchObject({ found: true })
    expect((await c.post(`/admin/api/marcas/${sony.id}`, { link: 'samsung' })).status).toBe(409)
    expect((await c.post(`/admin/api/marcas/${sony.id}`, {})).status).toBe(422)
    expect((await c.post('/admin/api/marcas/99999999', { titulo: 'X' })).status).toBe(404)

    // Hidden: its page answers 404 (and its old link too), it leaves the facets.
    const [audio] = await db.select().from(categories).where(eq(categories.ndi, 'audio'))
    const facet = async () => (await listCategory(deps(), { id: 'audio', ordem: 'relevancia', pagina: 1 }))?.marcas.map((m) => m.link)
    expect(await facet()).toContain('sony-brasil')
    expect((await c.post(`/admin/api/marcas/${sony.id}`, { oculta: true })).status).toBe(200)
    await expect.poll(facet, { timeout: 5_000 }).not.toContain('sony-brasil')
    expect(await page(marcaLoader, '/marca/sony-brasil/', 'sony-brasil')).toMatchObject({ found: false })
    expect(await page(marcaLoader, '/marca/sony/', 'sony')).toMatchObject({ found: false })
    // Its products keep their pages, without a link to the brand's (gone) page.
    await expect
      .poll(async () => (await getProductDetail(deps(), 'fone-de-ouvido-sony-wh-1000xm5'))?.response[0].marca, { timeout: 5_000 })
      .toEqual({ titulo: 'Sony Brasil', link: '' })
    expect(audio).toBeDefined()
    expect((await audits('marca.editar')).length).toBeGreaterThanOrEqual(2)
    expect(await listAdminBrands(db)).toEqual(expect.arrayContaining([expect.objectContaining({ link: 'sony-brasil', oculta: true })]))
  })

  it('says each no by its code: a taken link, a cycle, a missing parent or brand, nothing to change', async () => {
    const actor = { kind: 'staff' as const, staffId: operacao.id, name: operacao.nome, ip: null }
    const byNdi = async (ndi: string) => (await db.select().from(categories).where(eq(categories.ndi, ndi)))[0]
    const [celulares, smartphones] = await Promise.all(['celulares', 'smartphones'].map(byNdi))
    expect(await createCategory(db, { titulo: 'Outra', link: 'celulares', actor })).toMatchObject({ code: TAXONOMY.categoryLinkTaken.code })
    expect(await createCategory(db, { titulo: 'Outra', pai: 99_999_999, actor })).toMatchObject({ code: TAXONOMY.parentNotFound.code })
    expect(await updateCategory(db, { id: celulares.id, pai: smartphones.id, actor })).toMatchObject({ code: TAXONOMY.cycle.code })
    expect(await updateCategory(db, { id: celulares.id, actor })).toMatchObject({ code: TAXONOMY.nothingToChange.code })
    expect(await updateBrand(db, { id: 99_999_999, titulo: 'X', actor })).toMatchObject({ code: TAXONOMY.brandNotFound.code })
    const [samsung] = await db.select().from(brands).where(eq(brands.link, 'samsung'))
    expect(await updateBrand(db, { id: samsung.id, titulo: 'Samsung', link: 'samsung-br', actor })).toMatchObject({
      linkAntigo: 'samsung',
      marca: { link: 'samsung-br' },
    })
    expect(await updateBrand(db, { id: samsung.id, link: 'samsung', actor })).toMatchObject({ linkAntigo: 'samsung-br' })
  })
})
