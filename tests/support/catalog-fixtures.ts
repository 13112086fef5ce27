// A small catalog for catalog tests (domain and API), written the way the seed writes products.
import type { Db } from '../../server/db/client'
import {
  productStats,
  brands,
  cartItems,
  carts,
  categories,
  featuredCategories,
  homeSlides,
  productImages,
  productVideos,
  products,
  sessions,
  variationOptions,
  variations,
  wholesaleTiers,
} from '../../server/db/schema'
import { slugify } from '../../server/lib/text'
import { alignVariationPrices } from '../../server/domain/catalog/listing'
import { searchColumns } from '../../server/domain/catalog/search-text'

type FixtureProduct = {
  titulo: string
  cat: string
  brand?: string
  cents: number
  stock?: number
  sold?: number
  views?: number
  active?: boolean
  specs?: Array<{ nome: string; valor: string }>
  descricao?: string
  options?: Array<{ name: string; cents: number; stock: number }>
  atacado?: { min: number; cents: number }
  video?: boolean
  images?: number
}

const PRODUCTS: FixtureProduct[] = [
  {
    titulo: 'Smartphone Samsung Galaxy A55 5G 256GB',
    cat: 'smartphones',
    brand: 'samsung',
    cents: 219900,
    sold: 40,
    views: 30,
    options: [
      { name: 'Azul', cents: 219900, stock: 3 },
      { name: 'Preto', cents: 209900, stock: 2 },
    ],
    atacado: { min: 10, cents: 199900 },
    video: true,
    images: 2,
    specs: [{ nome: 'Tela', valor: '6,6 polegadas' }],
    descricao:
      '<h2>Galaxy A55</h2><p onclick="steal()">Tela <b>Super AMOLED</b> <a href="https://evil.example">aqui</a></p><script>alert(1)</script><img src="x" onerror="y"><ul><li>5G</li></ul>',
  },
  { titulo: 'Smartphone Apple iPhone 15 128GB Preto', cat: 'smartphones', brand: 'apple', cents: 599990, stock: 20, sold: 25, views: 90, images: 1 },
  { titulo: 'Smartphone Samsung Galaxy S24 Ultra', cat: 'smartphones', brand: 'samsung', cents: 899900, stock: 0, sold: 60, views: 10, images: 1 },
  {
    titulo: 'Capa Protetora Galaxy A55',
    cat: 'acessorios-celular',
    brand: 'samsung',
    cents: 4990,
    stock: 100,
    sold: 5,
    specs: [{ nome: 'Compatível com', valor: 'Smartphone Galaxy A55' }],
  },
  { titulo: 'Carregador Turbo USB-C 25W Samsung', cat: 'acessorios-celular', brand: 'samsung', cents: 12990, stock: 40, sold: 100, views: 5 },
  { titulo: 'Notebook Dell Inspiron 15 Intel Core i5 8GB', cat: 'notebooks', brand: 'dell', cents: 389900, stock: 7, sold: 30, views: 70, images: 1 },
  { titulo: 'Notebook Samsung Galaxy Book4 Intel Core i7', cat: 'notebooks', brand: 'samsung', cents: 429900, stock: 12, sold: 5, views: 20 },
  { titulo: 'Câmera Digital Canon EOS Rebel T7', cat: 'cameras', brand: 'canon', cents: 329900, stock: 4, sold: 8, views: 40, images: 1 },
  { titulo: 'Câmera de Segurança Wi-Fi Full HD', cat: 'cameras', cents: 19990, stock: 50, sold: 12 },
  { titulo: 'Smart TV Samsung 55 Polegadas Crystal UHD 4K', cat: 'tvs', brand: 'samsung', cents: 279900, stock: 9, sold: 15, views: 60 },
  { titulo: 'Fone de Ouvido Sony WH-1000XM5', cat: 'audio', brand: 'sony', cents: 199900, stock: 15, sold: 20, views: 50 },
  { titulo: 'Smartphone Antigo Desativado', cat: 'smartphones', brand: 'samsung', cents: 10000, stock: 5, active: false, views: 1000 },
]

export type CatalogFixture = Awaited<ReturnType<typeof insertCatalogFixture>>

export async function insertCatalogFixture(db: Db) {
  const catRows = await db
    .insert(categories)
    .values([
      { titulo: 'Celulares', ndi: 'celulares', token: 'tok-celulares', position: 1, suggested: true },
      { titulo: 'Informática', ndi: 'informatica', token: 'tok-informatica', position: 2 },
      { titulo: 'Câmeras', ndi: 'cameras', token: 'tok-cameras', position: 3 },
      { titulo: 'TVs', ndi: 'tvs', token: 'tok-tvs', position: 4 },
      { titulo: 'Áudio', ndi: 'audio', token: 'tok-audio', position: 5 },
    ])
    .returning()
  const cat = Object.fromEntries(catRows.map((c) => [c.ndi, c]))
  const subRows = await db
    .insert(categories)
    .values([
      { titulo: 'Smartphones', ndi: 'smartphones', token: 'tok-smartphones', parentId: cat.celulares.id, position: 1 },
      { titulo: 'Acessórios para Celular', ndi: 'acessorios-celular', token: 'tok-acessorios', parentId: cat.celulares.id, position: 2 },
      { titulo: 'Notebooks', ndi: 'notebooks', token: 'tok-notebooks', parentId: cat.informatica.id, position: 1 },
    ])
    .returning()
  for (const c of subRows) cat[c.ndi] = c
  const brandRows = await db
    .insert(brands)
    .values(['Samsung', 'Apple', 'Dell', 'Canon', 'Sony', 'Sem Produtos'].map((titulo) => ({ titulo, link: slugify(titulo) })))
    .returning()
  const brand = Object.fromEntries(brandRows.map((b) => [b.link, b]))

  const ids: Record<string, number> = {}
  const base = Date.UTC(2025, 0, 1)
  for (const [index, p] of PRODUCTS.entries()) {
    const category = cat[p.cat]
    const parent = catRows.find((c) => c.id === category.parentId)
    const [row] = await db
      .insert(products)
      .values({
        hash: `h${index + 1}x${slugify(p.titulo).slice(0, 6)}`,
        linkReal: slugify(p.titulo),
        titulo: p.titulo,
        descricao: p.descricao ?? `<p>${p.titulo}</p>`,
        priceCents: p.cents,
        stock: p.stock ?? 0,
        categoryId: category.id,
        brandId: p.brand ? brand[p.brand].id : null,
        sku: `SKU-${index + 1}`,
        alturaMm: 152,
        comprimentoMm: 80,
        larguraMm: 9,
        pesoG: 210,
        especificacoes: p.specs ?? [],
        active: p.active ?? true,
        soldCount: p.sold ?? 0,
        createdAt: new Date(base + index * 86_400_000),
        ...searchColumns({
          titulo: p.titulo,
          marca: p.brand ? brand[p.brand].titulo : null,
          categorias: [category.titulo, ...(parent ? [parent.titulo] : [])],
          especificacoes: p.specs,
        }),
      })
      .returning()
    ids[row.linkReal] = row.id
    if (p.views) await db.insert(productStats).values({ productId: row.id, viewCount: p.views })
    for (let i = 0; i < (p.images ?? 0); i++) {
      await db.insert(productImages).values({ productId: row.id, position: i, link: `produtos/${row.linkReal}-${i + 1}.jpg` })
    }
    if (p.video) await db.insert(productVideos).values({ productId: row.id, link: `${row.linkReal}.mp4` })
    if (p.atacado) await db.insert(wholesaleTiers).values({ productId: row.id, minQty: p.atacado.min, priceCents: p.atacado.cents })
    if (p.options) {
      const [v] = await db.insert(variations).values({ productId: row.id, nome: 'Cor' }).returning()
      await db.insert(variationOptions).values(
        p.options.map((o, i) => ({
          variationId: v.id,
          productId: row.id,
          name: o.name,
          hash: `${row.hash}-${slugify(o.name)}`,
          priceCents: o.cents,
          stock: o.stock,
          position: i,
        })),
      )
    }
  }

  await alignVariationPrices(db)
  await db.insert(homeSlides).values([
    { titulo: 'Semana do celular', imagem: 'banners/celular.jpg', link: '/categoria/celulares', position: 2 },
    { titulo: 'Notebooks em oferta', imagem: 'banners/notebooks.jpg', link: '/categoria/informatica', position: 1 },
    { titulo: 'Antigo', imagem: 'banners/antigo.jpg', position: 0, active: false },
  ])
  await db.insert(featuredCategories).values([
    { categoryId: cat.celulares.id, productId: ids['smartphone-samsung-galaxy-a55-5g-256gb'], position: 1 },
    { categoryId: cat.informatica.id, productId: ids['notebook-dell-inspiron-15-intel-core-i5-8gb'], position: 2 },
  ])
  return { cat, brand, ids }
}

/** A visitor session whose cart holds the given product. */
export async function sessionWithCart(db: Db, id: string, productId: number) {
  await db.insert(sessions).values({ id, expiresAt: new Date(Date.now() + 86_400_000) })
  const [cart] = await db.insert(carts).values({ sessionId: id }).returning()
  await db.insert(cartItems).values({ cartId: cart.id, productId, token: `line-${id}`, quantity: 1 })
}
