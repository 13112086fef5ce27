import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pesquisaQuerySchema, pesquisaResponseSchema } from '../../../contract/catalog'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database } from '../../db/client'
import { brands, categories, products } from '../../db/schema'
import { slugify } from '../../lib/text'
import { storeProfile } from '../../store-profile'
import { invalidateCatalogCaches } from './caches'
import { searchCatalog, titleTsqueryText } from './search'
import { searchColumns } from './search-text'
import { insertCatalogFixture } from '../../../tests/support/catalog-fixtures'

// Decision 0062: title matches, then a category or brand the words name, then specification-only
// matches. Each extra product below is a best seller, so ranking by sales alone would put it first.
let database: Database
const search = async (p: string) => {
  const [result] = pesquisaResponseSchema.parse(await searchCatalog({ db: database.db, store: storeProfile }, pesquisaQuerySchema.parse({ p })))
  return result
}
const titles = async (p: string) => (await search(p)).data.map((d) => d.titulo)

beforeAll(async () => {
  database = await createTestDatabase()
  const { cat, brand } = await insertCatalogFixture(database.db)
  const db = database.db
  const [fones] = await db
    .insert(categories)
    .values({ titulo: 'Fones de Ouvido', ndi: 'fones-de-ouvido', token: 'tok-fones', parentId: cat.audio.id, position: 1 })
    .returning()
  const [redes] = await db
    .insert(categories)
    .values({ titulo: 'Roteadores', ndi: 'roteadores', token: 'tok-roteadores', parentId: cat.informatica.id, position: 2 })
    .returning()
  const [jbl] = await db.insert(brands).values({ titulo: 'JBL', link: 'jbl' }).returning()
  const extra = [
    // Named by its category only (no "fone" in the title).
    { titulo: 'Headset Gamer HyperX Cloud Stinger 2', category: fones, parent: cat.audio, brand: null, sold: 500, specs: [] },
    // Only their specifications say "fone" / "iPhone" / "notebook" / "Sony".
    {
      titulo: 'Notebook Lenovo IdeaPad 3 Ryzen 5 8GB',
      category: cat.notebooks,
      parent: cat.informatica,
      brand: null,
      sold: 900,
      specs: [{ nome: 'Conexões', valor: 'Entrada para fone de ouvido P2' }],
    },
    {
      titulo: 'Roteador Wi-Fi TP-Link Archer C6',
      category: redes,
      parent: cat.informatica,
      brand: null,
      sold: 800,
      specs: [{ nome: 'Aviso', valor: 'Não é fone; compatível com iPhone e notebook' }],
    },
    { titulo: 'Caixa de Som JBL Flip 6', category: fones, parent: cat.audio, brand: jbl, sold: 50, specs: [] },
    {
      titulo: 'Controle Sem Fio Genérico',
      category: cat.tvs,
      parent: null,
      brand: null,
      sold: 700,
      specs: [{ nome: 'Compatível com', valor: 'Sony PlayStation 4' }],
    },
    // Sony's by brand, the word absent from the title.
    { titulo: 'Headphone WH-CH520 Bluetooth', category: cat.audio, parent: null, brand: brand.sony, sold: 1, specs: [] },
  ]
  for (const [i, p] of extra.entries()) {
    await db.insert(products).values({
      hash: `rank${i}x${slugify(p.titulo).slice(0, 6)}`,
      linkReal: slugify(p.titulo),
      titulo: p.titulo,
      descricao: `<p>${p.titulo}</p>`,
      priceCents: 10000 + i,
      stock: 10,
      categoryId: p.category.id,
      brandId: p.brand?.id ?? null,
      sku: `RANK-${i}`,
      alturaMm: 10,
      comprimentoMm: 10,
      larguraMm: 10,
      pesoG: 100,
      especificacoes: p.specs,
      soldCount: p.sold,
      ...searchColumns({
        titulo: p.titulo,
        marca: p.brand?.titulo ?? null,
        categorias: [p.category.titulo, ...(p.parent ? [p.parent.titulo] : [])],
        especificacoes: p.specs,
      }),
    })
  }
  invalidateCatalogCaches(db)
})
afterAll(() => database?.close())

describe(`search ranking (${testDbKind})`, () => {
  it('restricts the title tier to title words', () => {
    expect(titleTsqueryText(['fone', 'jbl'])).toBe('fone:A & jbl:*A')
  })

  it('"fone": headphones by title, then by category, then what only mentions the word', async () => {
    const found = await titles('fone')
    expect(found[0]).toBe('Fone de Ouvido Sony WH-1000XM5')
    // Category "Fones de Ouvido" (and its parent's other products are not dragged in by the word).
    expect(found.slice(1, 3).sort()).toEqual(['Caixa de Som JBL Flip 6', 'Headset Gamer HyperX Cloud Stinger 2'])
    expect(found.slice(3).sort()).toEqual(['Notebook Lenovo IdeaPad 3 Ryzen 5 8GB', 'Roteador Wi-Fi TP-Link Archer C6'])
  })

  it('"iphone": the phone first, the router that mentions it last', async () => {
    expect(await titles('iphone')).toEqual(['Smartphone Apple iPhone 15 128GB Preto', 'Roteador Wi-Fi TP-Link Archer C6'])
  })

  it('"notebok" (typo): suggests notebook and still lists notebooks by title first', async () => {
    const r = await search('notebok')
    expect(r.vqd).toBe('notebook')
    const found = r.data.map((d) => d.titulo)
    expect(found.slice(0, 3).every((t) => t.startsWith('Notebook'))).toBe(true)
    expect(found.at(-1)).toBe('Roteador Wi-Fi TP-Link Archer C6')
  })

  it('a brand name: its products by title, then by brand, then a mention in the specifications', async () => {
    const found = await titles('sony')
    expect(found).toEqual(['Fone de Ouvido Sony WH-1000XM5', 'Headphone WH-CH520 Bluetooth', 'Controle Sem Fio Genérico'])
  })
})
