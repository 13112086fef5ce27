import { eq, inArray, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Db } from '../db/client'
import { brands, categories, featuredCategories, homeSlides, meta, productVideos, variations, wholesaleTiers } from '../db/schema'
import { slugify } from '../lib/text'
import { stockContext } from '../domain/catalog/stock-ledger'
import { insertRecords } from './bulk'
import { brandNames, CATEGORY_TREE } from './catalog-data'
import { seedDemoCustomer, type OrderLine } from './customer'
import { seedDemoAfterSale } from './after-sale'
import { seedDemoPromotions } from './promotions'
import { seedDemoOrders } from './orders'
import type { BlobStore } from '../integrations/storage'
import { MediaWriter, mediaMatches, type MediaStamp } from './media'
import { flatSubcategories, generateProducts, type PlannedProduct } from './products'
import { Rng } from './random'
import { demoGtin, demoNcm } from './fiscal'

const SUBCATEGORIES = flatSubcategories()

export const SEED_VERSION = '1'
/** The default PRNG seed: the same demo store everywhere. */
export const DEFAULT_SEED = 20261101

const CHUNK = 500
/** Any constant: serialises concurrent seeders (several app instances on one PostgreSQL server). */
const SEED_LOCK = 7_281_120

/** `bucket`: where the product images go with MEDIA_STORAGE=s3 (seed/media.ts). */
export type SeedOptions = { dataDir: string; size: number; seed?: number; now?: Date; bucket?: BlobStore }
export type SeedSummary = { categories: number; brands: number; products: number; images: number; videos: number; variations: number; wholesale: number }

async function insertCategories(db: Db, seed: number) {
  const r = Rng.derive(seed, 'categories')
  const taken = new Set<string>()
  const ndiFor = (titulo: string) => {
    let ndi = slugify(titulo)
    for (let n = 2; taken.has(ndi); n++) ndi = `${slugify(titulo)}-${n}`
    taken.add(ndi)
    return ndi
  }
  const tops = await db
    .insert(categories)
    .values(CATEGORY_TREE.map((c, i) => ({ titulo: c.titulo, ndi: ndiFor(c.titulo), token: r.token(16), position: i, suggested: c.suggested })))
    .returning({ id: categories.id })
  const subRows = CATEGORY_TREE.flatMap((c, i) =>
    c.subs.map((s, j) => ({ parentId: tops[i].id, titulo: s.titulo, ndi: ndiFor(s.titulo), token: r.token(16), position: j })),
  )
  const subs = await db.insert(categories).values(subRows).returning({ id: categories.id, ndi: categories.ndi })
  return { count: tops.length + subs.length, subIds: subs.map((s) => s.id) }
}

/** The demo order: the first in-stock product of each subcategory, with its quantity. */
const ORDER_PICKS: Record<string, number> = { 'Fones Bluetooth': 1, Carregadores: 2 }

/** Running facts about the streamed products that the home blocks and the demo order need. */
class Tally {
  readonly perSub = new Map<number, { count: number; bestViews: number; bestProduct: number }>()
  readonly orderLines: OrderLine[] = []
  products = 0
  images = 0
  videos = 0
  variations = 0
  wholesale = 0

  add(p: PlannedProduct, id: number, subTitle: string) {
    this.products++
    this.images += p.images.length
    if (p.video) this.videos++
    if (p.variation) this.variations++
    if (p.wholesale) this.wholesale++
    const s = this.perSub.get(p.subIndex) ?? { count: 0, bestViews: -1, bestProduct: id }
    s.count++
    if (p.viewCount > s.bestViews) Object.assign(s, { bestViews: p.viewCount, bestProduct: id })
    this.perSub.set(p.subIndex, s)
    const wanted = ORDER_PICKS[subTitle]
    if (wanted && !p.variation && p.stock > 0 && !this.orderLines.some((l) => l.quantity === wanted)) {
      this.orderLines.push({ productId: id, titulo: p.titulo, unitPriceCents: p.priceCents, quantity: wanted })
    }
  }
}

const PRODUCT_COLUMNS = {
  hash: 'text',
  link_real: 'text',
  titulo: 'text',
  descricao: 'text',
  price_cents: 'int',
  stock: 'int',
  category_id: 'int',
  brand_id: 'int',
  sku: 'text',
  altura_mm: 'int',
  comprimento_mm: 'int',
  largura_mm: 'int',
  peso_g: 'int',
  ncm: 'text',
  gtin: 'text',
  especificacoes: 'jsonb',
  sold_count: 'int',
  search_title: 'text',
  search_body: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
}

async function insertProducts(db: Db, batch: PlannedProduct[], ids: { sub: number[]; brand: Map<string, number> }, now: number) {
  const rows = await insertRecords<{ id: number; hash: string }>(
    db,
    'products',
    PRODUCT_COLUMNS,
    batch.map((p) => {
      const at = new Date(now - p.ageSeconds * 1000).toISOString()
      return {
        hash: p.hash,
        link_real: p.linkReal,
        titulo: p.titulo,
        descricao: p.descricao,
        price_cents: p.priceCents,
        stock: p.stock,
        category_id: ids.sub[p.subIndex],
        brand_id: ids.brand.get(p.brand),
        sku: p.sku,
        altura_mm: p.alturaMm,
        comprimento_mm: p.comprimentoMm,
        largura_mm: p.larguraMm,
        peso_g: p.pesoG,
        ncm: demoNcm(SUBCATEGORIES[p.subIndex]?.titulo ?? ''),
        gtin: demoGtin(Number(p.sku.slice(-6)) || 0),
        especificacoes: p.especificacoes,
        sold_count: p.soldCount,
        search_title: p.searchTitle,
        search_body: p.searchBody,
        created_at: at,
        updated_at: at,
      }
    }),
    'id, hash',
  )
  const idByHash = new Map(rows.map((r) => [r.hash, Number(r.id)]))
  const idOf = (p: PlannedProduct) => idByHash.get(p.hash)!

  await insertRecords(
    db,
    'product_stats',
    { product_id: 'int', view_count: 'int' },
    batch.filter((p) => p.viewCount > 0).map((p) => ({ product_id: idOf(p), view_count: p.viewCount })),
  )

  await insertRecords(
    db,
    'product_images',
    { product_id: 'int', position: 'int', link: 'text', alt: 'text', width: 'int', height: 'int' },
    batch.flatMap((p) => p.images.map((img, position) => ({ product_id: idOf(p), position, link: img.link, alt: img.alt, width: 800, height: 800 }))),
  )
  const withVideo = batch.filter((p) => p.video)
  if (withVideo.length) {
    await db.insert(productVideos).values(withVideo.map((p) => ({ productId: idOf(p), link: p.video!, mimeType: 'video/mp4', posterLink: p.images[0].link })))
  }
  const withVariation = batch.filter((p) => p.variation)
  if (withVariation.length) {
    const axes = await db
      .insert(variations)
      .values(withVariation.map((p) => ({ productId: idOf(p), nome: p.variation!.nome })))
      .returning({ id: variations.id, productId: variations.productId })
    const axisByProduct = new Map(axes.map((a) => [a.productId, a.id]))
    await insertRecords(
      db,
      'variation_options',
      { variation_id: 'int', product_id: 'int', name: 'text', hash: 'text', price_cents: 'int', stock: 'int', position: 'int' },
      withVariation.flatMap((p) =>
        p.variation!.options.map((o, position) => ({
          variation_id: axisByProduct.get(idOf(p)),
          product_id: idOf(p),
          name: o.name,
          hash: o.hash,
          price_cents: o.priceCents,
          stock: o.stock,
          position,
        })),
      ),
    )
  }
  const withWholesale = batch.filter((p) => p.wholesale)
  if (withWholesale.length) {
    await db.insert(wholesaleTiers).values(withWholesale.map((p) => ({ productId: idOf(p), minQty: p.wholesale!.minQty, priceCents: p.wholesale!.priceCents })))
  }
  return idOf
}

/** Six subcategories with the most products, at most one per department, each with its most viewed product. */
function pickFeatured(tally: Tally, subIds: number[]) {
  const subs = flatSubcategories()
  const best = new Map<number, { subIndex: number; count: number; product: number }>()
  for (const [subIndex, s] of tally.perSub) {
    const top = subs[subIndex].topIndex
    const current = best.get(top)
    if (!current || s.count > current.count) best.set(top, { subIndex, count: s.count, product: s.bestProduct })
  }
  return [...best.values()]
    .sort((a, b) => b.count - a.count || a.subIndex - b.subIndex)
    .slice(0, 6)
    .map((f, position) => ({ categoryId: subIds[f.subIndex], productId: f.product, position }))
}

/**
 * Fills an empty database with the deterministic demo store and writes its media under dataDir.
 * Everything happens in one transaction, `seed_version` last, so a crash leaves an empty, re-seedable
 * database. Returns null when another process seeded first.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedSummary | null> {
  const seed = options.seed ?? DEFAULT_SEED
  const now = (options.now ?? new Date()).getTime()
  const subs = flatSubcategories()
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`)
    const already = await tx.select({ key: meta.key }).from(meta).where(eq(meta.key, 'seed_version'))
    if (already.length) return null
    // The demo catalog's first stock is recorded in the ledger as the seed's.
    await stockContext(tx, { reason: 'Cadastro', actor: { kind: 'system', job: 'catálogo de demonstração' } })

    const cats = await insertCategories(tx, seed)
    const brandRows = await tx
      .insert(brands)
      .values(brandNames().map((titulo) => ({ titulo, link: slugify(titulo) })))
      .returning({ id: brands.id, titulo: brands.titulo })
    const ids = { sub: cats.subIds, brand: new Map(brandRows.map((b) => [b.titulo, b.id])) }

    const media = new MediaWriter(options.dataDir, options.bucket)
    const tally = new Tally()
    let batch: PlannedProduct[] = []
    const flush = async () => {
      const idOf = await insertProducts(tx, batch, ids, now)
      for (const p of batch) tally.add(p, idOf(p), subs[p.subIndex].titulo)
      await media.addProducts(batch)
      batch = []
    }
    for (const product of generateProducts(seed, options.size)) {
      batch.push(product)
      if (batch.length === CHUNK) await flush()
    }
    if (batch.length) await flush()

    const stamp: MediaStamp = { version: SEED_VERSION, seed, size: options.size }
    const promos = await media.finish(stamp)
    await tx.insert(homeSlides).values(promos.slides.map((s, position) => ({ ...s, position })))
    await tx.insert(featuredCategories).values(pickFeatured(tally, cats.subIds))
    await seedDemoCustomer(tx, tally.orderLines, new Date(now))
    await seedDemoOrders(tx, { seed, now: new Date(now) })
    await seedDemoAfterSale(tx, { seed, now: new Date(now) })
    await seedDemoPromotions(tx as unknown as Db, new Date(now))
    await tx.insert(meta).values([
      { key: 'home_banners', value: JSON.stringify(promos.banners) },
      { key: 'catalog_size', value: String(options.size) },
      { key: 'catalog_seed', value: String(seed) },
    ])
    await tx.insert(meta).values({ key: 'seed_version', value: SEED_VERSION })
    return {
      categories: cats.count,
      brands: brandRows.length,
      products: tally.products,
      images: tally.images,
      videos: tally.videos,
      variations: tally.variations,
      wholesale: tally.wholesale,
    }
  })
}

/** Rewrites the media files of an already seeded catalog (e.g. DATA_DIR wiped, rows on a PostgreSQL server). */
export async function writeDemoMedia(dataDir: string, stamp: MediaStamp, bucket?: BlobStore): Promise<void> {
  const media = new MediaWriter(dataDir, bucket)
  let batch: PlannedProduct[] = []
  for (const product of generateProducts(stamp.seed, stamp.size)) {
    batch.push(product)
    if (batch.length === CHUNK) {
      await media.addProducts(batch)
      batch = []
    }
  }
  await media.addProducts(batch)
  await media.finish(stamp)
}

async function readStamp(db: Db): Promise<MediaStamp | null> {
  const rows = await db
    .select()
    .from(meta)
    .where(inArray(meta.key, ['seed_version', 'catalog_size', 'catalog_seed']))
  const value = new Map(rows.map((r) => [r.key, r.value]))
  const version = value.get('seed_version')
  if (!version) return null
  return { version, seed: Number(value.get('catalog_seed') ?? DEFAULT_SEED), size: Number(value.get('catalog_size') ?? 0) }
}

/**
 * Seeds the demo store into an empty database; otherwise only makes sure its media files exist
 * (a restart with data costs one small query and one file read).
 */
export async function seedIfEmpty(db: Db, opts: { dataDir: string; size: number; log: Logger; bucket?: BlobStore }): Promise<{ seeded: boolean; ms: number }> {
  const started = performance.now()
  const ms = () => Math.round(performance.now() - started)
  let stamp = await readStamp(db)
  if (!stamp) {
    opts.log.info({ size: opts.size }, 'banco vazio: criando o catálogo de demonstração')
    const summary = await seedDemo(db, { dataDir: opts.dataDir, size: opts.size, bucket: opts.bucket })
    if (summary) {
      opts.log.info({ ...summary, ms: ms() }, 'catálogo de demonstração criado')
      return { seeded: true, ms: ms() }
    }
    // Another instance seeded the shared database meanwhile; this one may still lack the media files.
    stamp = await readStamp(db)
  }
  if (stamp && !(await mediaMatches(opts.dataDir, stamp, opts.bucket))) {
    opts.log.warn({ dataDir: opts.dataDir }, 'arquivos de mídia do catálogo ausentes: gerando novamente')
    await writeDemoMedia(opts.dataDir, stamp, opts.bucket)
    opts.log.info({ ms: ms() }, 'mídia do catálogo regenerada')
  }
  return { seeded: false, ms: ms() }
}
