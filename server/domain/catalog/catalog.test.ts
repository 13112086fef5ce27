import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  marcaCategoriaSchema,
  detalheProdutoResponseSchema,
  inicioResponseSchemas,
  itensCategoriaQuerySchema,
  itensCategoriaResponseSchema,
  itensMarcaResponseSchema,
  listingQuerySchema,
} from '../../../contract/catalog'
import { maxQuantity } from '../../../contract/pricing'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database } from '../../db/client'
import { meta, productStats, productViewsDaily } from '../../db/schema'
import { storeProfile } from '../../store-profile'
import { listBrand, listBrandInCategory, listCategory } from './browse'
import { getHomeBlock, listHomeBanners } from './home'
import { getProductDetail, recordProductView } from './product'
import { insertCatalogFixture, sessionWithCart, type CatalogFixture } from '../../../tests/support/catalog-fixtures'

let database: Database
let fx: CatalogFixture
const deps = () => ({ db: database.db, store: storeProfile })
const listing = (q: Record<string, string> = {}) => listingQuerySchema.parse(q)
const A55 = 'smartphone-samsung-galaxy-a55-5g-256gb'

beforeAll(async () => {
  database = await createTestDatabase()
  fx = await insertCatalogFixture(database.db)
})
afterAll(() => database?.close())

describe(`home blocks (${testDbKind})`, () => {
  it('slider: active slides by position', async () => {
    const slides = inicioResponseSchemas.slider.parse(await getHomeBlock(deps(), 'slider'))
    expect(slides.map((s) => s.titulo)).toEqual(['Notebooks em oferta', 'Semana do celular'])
    expect(slides[0]).toEqual({ imagem: 'banners/notebooks.jpg', titulo: 'Notebooks em oferta', link: '/categoria/informatica' })
  })

  it('ced: featured categories with their best sellers (subcategories included) and the featured image', async () => {
    const ced = inicioResponseSchemas.ced.parse(await getHomeBlock(deps(), 'ced'))
    expect(ced.map((c) => c.ndi)).toEqual(['celulares', 'informatica'])
    expect(ced[0].link_real).toBe(A55)
    expect(ced[0].imagem).toBe(`produtos/${A55}-1.jpg`)
    expect(ced[0].data).toHaveLength(5) // all active products of Celulares (≤ 6)
    expect(ced[0].data[0].titulo).toBe('Carregador Turbo USB-C 25W Samsung')
    expect(ced[0].data.map((d) => d.link_real)).not.toContain('smartphone-antigo-desativado')
    expect(ced[1].data.map((d) => d.titulo)).toEqual(['Notebook Dell Inspiron 15 Intel Core i5 8GB', 'Notebook Samsung Galaxy Book4 Intel Core i7'])
  })

  it('banners come from meta.home_banners; a malformed value means none', async () => {
    expect(await listHomeBanners(database.db)).toEqual([])
    const banner = { imagem: '/_next/static/banners/1.webp', titulo: 'Frete grátis', link: '/categoria/celulares' }
    await database.db.insert(meta).values({ key: 'home_banners', value: JSON.stringify([banner]) })
    expect(await listHomeBanners(database.db)).toEqual([banner])
    await database.db.update(meta).set({ value: '{not json' }).where(eq(meta.key, 'home_banners'))
    expect(await listHomeBanners(database.db)).toEqual([])
    await database.db.delete(meta).where(eq(meta.key, 'home_banners'))
  })

  it('TopPdts: most viewed active products; recentes: newest first', async () => {
    const top = inicioResponseSchemas.TopPdts.parse(await getHomeBlock(deps(), 'TopPdts'))
    expect(top.map((c) => c.link_real).slice(0, 3)).toEqual([
      'smartphone-apple-iphone-15-128gb-preto',
      'notebook-dell-inspiron-15-intel-core-i5-8gb',
      'smart-tv-samsung-55-polegadas-crystal-uhd-4k',
    ])
    expect(top).toHaveLength(11)
    const recent = inicioResponseSchemas.recentes.parse(await getHomeBlock(deps(), 'recentes'))
    expect(recent[0].titulo).toBe('Fone de Ouvido Sony WH-1000XM5')
    expect(recent.at(-1)?.link_real).toBe(A55)
  })

  it('a card carries prices, stock, wholesale, video and variations', async () => {
    const recent = await getHomeBlock(deps(), 'recentes')
    const card = recent.find((c) => c.link_real === A55)!
    expect(card).toMatchObject({
      img: `produtos/${A55}-1.jpg`,
      valor: 2099, // cheapest colour
      qtd: 5, // 3 + 2
      video: 1,
      atacado: 1,
      valorAtacado: 1999,
      valorPix: 1994.05,
      parcelas: { qtd: 10, valor: 209.9 },
      categoria: { titulo: 'Smartphones', link: 'smartphones' },
      marca: { titulo: 'Samsung', link: 'samsung' },
    })
    expect(card.vari_pdt).toEqual([
      {
        nome: 'Cor',
        data: [
          { name: 'Azul', hash: expect.any(String), valor: 2199, qtd: 3 },
          { name: 'Preto', hash: expect.any(String), valor: 2099, qtd: 2 },
        ],
      },
    ])
    const noBrand = recent.find((c) => c.titulo.startsWith('Câmera de Segurança'))!
    expect(noBrand).toMatchObject({ img: '', video: 0, atacado: 0, valorAtacado: null, marca: { titulo: '', link: '' } })
  })
})

describe(`product detail (${testDbKind})`, () => {
  it('by link_real: everything the page shows, with similar products', async () => {
    const found = await getProductDetail(deps(), A55)
    const [detail, similares] = detalheProdutoResponseSchema.parse(found!.response)
    expect(detail).toMatchObject({
      titulo: 'Smartphone Samsung Galaxy A55 5G 256GB',
      valor: 2099,
      qtd: 5,
      atacado: { min: 10, valor: 1999 },
      espec: { altu: '15,2 cm', comp: '8 cm', larg: '0,9 cm', peso: '0,21 kg' },
      especificacoes: [{ nome: 'Tela', valor: '6,6 polegadas' }],
      crr: { crr: 0 },
      categoria: { titulo: 'Smartphones', link: 'smartphones' },
      breadcrumb: [
        { titulo: 'Celulares', ndi: 'celulares' },
        { titulo: 'Smartphones', ndi: 'smartphones' },
      ],
      video: [{ link: `${A55}.mp4`, mime: 'video/mp4' }],
      imgs: [{ link: `produtos/${A55}-1.jpg` }, { link: `produtos/${A55}-2.jpg` }],
    })
    expect(maxQuantity(detail, detail.variacao[0].data[1].hash)).toBe(2)
    // Same subcategory first (in stock before sold out), then the rest of Celulares; never itself.
    expect(similares.map((s) => s.link_real)).toEqual([
      'smartphone-apple-iphone-15-128gb-preto',
      'carregador-turbo-usb-c-25w-samsung',
      'capa-protetora-galaxy-a55',
      'smartphone-samsung-galaxy-s24-ultra',
    ])
  })

  it('sanitises the description', async () => {
    const [detail] = (await getProductDetail(deps(), A55))!.response
    expect(detail.desc).toBe('<h3>Galaxy A55</h3><p>Tela <strong>Super AMOLED</strong> aqui</p><ul><li>5G</li></ul>')
  })

  it('by hash and by title', async () => {
    const [byLink] = (await getProductDetail(deps(), A55))!.response
    const byHash = await getProductDetail(deps(), byLink.hash)
    expect(byHash?.response[0].link_real).toBe(A55)
    const byTitle = await getProductDetail(deps(), 'Smartphone Samsung Galaxy A55 5G 256GB')
    expect(byTitle?.response[0].link_real).toBe(A55)
    const byFoldedTitle = await getProductDetail(deps(), 'câmera digital canon eos rebel t7')
    expect(byFoldedTitle?.response[0].titulo).toBe('Câmera Digital Canon EOS Rebel T7')
  })

  it('unknown, inactive or junk ids are not found', async () => {
    for (const id of ['', 'nao-existe', 'smartphone-antigo-desativado', "' OR 1=1 --", 'x'.repeat(10_000), '\u0000']) {
      expect(await getProductDetail(deps(), id)).toBeNull()
    }
  })

  it('crr tells whether the product is in the session cart', async () => {
    await sessionWithCart(database.db, 'sess-cart', fx.ids[A55])
    const [inCart] = (await getProductDetail(deps(), A55, { sessionId: 'sess-cart' }))!.response
    expect(inCart.crr).toEqual({ crr: 1 })
    const [other] = (await getProductDetail(deps(), 'capa-protetora-galaxy-a55', { sessionId: 'sess-cart' }))!.response
    expect(other.crr).toEqual({ crr: 0 })
  })

  it('records views when asked', async () => {
    const id = fx.ids['fone-de-ouvido-sony-wh-1000xm5']
    const views = async () => (await database.db.select().from(productStats).where(eq(productStats.productId, id)))[0]?.viewCount ?? 0
    const today = async () => (await database.db.select().from(productViewsDaily).where(eq(productViewsDaily.productId, id))).reduce((n, r) => n + r.views, 0)
    const before = await views()
    const beforeToday = await today()
    await getProductDetail(deps(), 'fone-de-ouvido-sony-wh-1000xm5')
    expect(await views()).toBe(before)
    const found = await getProductDetail(deps(), 'fone-de-ouvido-sony-wh-1000xm5', { recordView: true, sessionId: null })
    expect(await found?.viewRecorded).toBe(true)
    await recordProductView(database.db, id)
    expect(await views()).toBe(before + 2)
    // The day's total too (the store's calendar day), one row per product and day.
    expect(await today()).toBe(beforeToday + 2)
  })
})

describe(`listings (${testDbKind})`, () => {
  it('a top-level category lists its subcategories’ products, best sellers first, by ndi or token', async () => {
    const byNdi = itensCategoriaResponseSchema.parse(await listCategory(deps(), itensCategoriaQuerySchema.parse({ id: 'celulares' })))
    expect(byNdi.titulo).toBe('Celulares')
    expect(byNdi.total).toBe(5)
    expect(byNdi.data[0].titulo).toBe('Carregador Turbo USB-C 25W Samsung')
    expect(byNdi.subcategorias).toEqual([
      { titulo: 'Smartphones', ndi: 'smartphones' },
      { titulo: 'Acessórios para Celular', ndi: 'acessorios-celular' },
    ])
    expect(byNdi.marcas).toEqual([
      { titulo: 'Samsung', link: 'samsung', qtd: 4 },
      { titulo: 'Apple', link: 'apple', qtd: 1 },
    ])
    const byToken = await listCategory(deps(), itensCategoriaQuerySchema.parse({ id: 'tok-celulares' }))
    expect(byToken?.data.map((d) => d.hash)).toEqual(byNdi.data.map((d) => d.hash))
    const sub = await listCategory(deps(), itensCategoriaQuerySchema.parse({ id: 'smartphones' }))
    expect(sub?.breadcrumb.map((b) => b.ndi)).toEqual(['celulares', 'smartphones'])
    expect(sub?.total).toBe(3)
  })

  it('sorts, filters by price and pages', async () => {
    const q = (extra: Record<string, string>) => listCategory(deps(), itensCategoriaQuerySchema.parse({ id: 'celulares', ...extra }))
    expect((await q({ ordem: 'maior-preco' }))!.data.map((d) => d.valor)).toEqual([8999, 5999.9, 2099, 129.9, 49.9])
    expect((await q({ ordem: 'novidades' }))!.data[0].titulo).toBe('Carregador Turbo USB-C 25W Samsung')
    expect((await q({ min: '100', max: '2500' }))!.data.map((d) => d.valor).sort()).toEqual([129.9, 2099])
    expect((await q({ max: '10' }))!).toMatchObject({ data: [], total: 0, pagina: 1, paginas: 1 })
  })

  it('unknown category is null', async () => {
    expect(await listCategory(deps(), itensCategoriaQuerySchema.parse({ id: 'nada' }))).toBeNull()
    expect(await listCategory(deps(), itensCategoriaQuerySchema.parse({}))).toBeNull()
  })

  it('brand listing keeps marca as the brand id and lists the brand categories', async () => {
    const r = itensMarcaResponseSchema.parse(await listBrand(deps(), 'samsung', listing()))
    expect(r.titulo).toBe('Samsung')
    expect(r.total).toBe(6)
    expect(r.data.every((d) => d.marca === fx.brand.samsung.id && d.marcaInfo.link === 'samsung')).toBe(true)
    expect(r.categorias.map((c) => c.link).sort()).toEqual(['acessorios-celular', 'notebooks', 'smartphones', 'tvs'])
    expect(await listBrand(deps(), 'nao-existe', listing())).toBeNull()
    expect((await listBrand(deps(), 'sem-produtos', listing()))?.data).toEqual([])
  })

  it('brand within a category by ndi, token or title', async () => {
    for (const name of ['celulares', 'tok-celulares', 'Celulares', 'Acessórios para Celular', 'acessorios para celular']) {
      const r = marcaCategoriaSchema.parse(await listBrandInCategory(deps(), 'samsung', name, listing()))
      expect(
        r.data.every((d) => d.marca.link === 'samsung'),
        name,
      ).toBe(true)
      expect(r.total, name).toBeGreaterThan(0)
    }
    expect((await listBrandInCategory(deps(), 'samsung', 'celulares', listing()))?.total).toBe(4)
    expect(await listBrandInCategory(deps(), 'samsung', 'nada', listing())).toBeNull()
    expect(await listBrandInCategory(deps(), 'nada', 'celulares', listing())).toBeNull()
  })
})
