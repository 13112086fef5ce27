import { sql, type SQL } from 'drizzle-orm'
import type { DetalheProdutoResponse, ProductDetail } from '../../../contract/catalog'
import { compareAtReais, effectivePriceCents, toReais, totalStock } from '../../../contract/pricing'
import type { Db } from '../../db/client'
import { isInCart } from '../cart/in-cart'
import { foldText, slugify } from '../../lib/text'
import { loadCatalogProducts, shownPrice, toVariacoes, toWholesale, variationsJson, wholesaleJson } from './cards'
import { promotionOffersOut } from '../promotions/wire'
import { breadcrumbSql, categoryVisible, inCategoryTree } from './categories'
import { CATALOG_CACHE_TTL_MS, pricingRules, type CatalogDeps } from './rules'
import { sanitizeDescription } from './sanitize'
import { cleanText, fromJson, rows } from '../../db/sql'
import { cachePerDb, productTag } from '../../cache'
import { countProductView } from './view-counter'
import { findRedirect } from './redirects'
import { reviewsJson, toAvaliacoes } from '../review/summary'

export const SIMILAR_LIMIT = 12
/** Product detail strings are limited to 255 characters. */
export const DETAIL_STRING_MAX = 255

type DetailRow = {
  id: number
  hash: string
  link_real: string
  titulo: string
  descricao: string
  price_cents: number
  compare_at_cents: number | null
  stock: number
  sku: string
  altura_mm: number
  comprimento_mm: number
  largura_mm: number
  peso_g: number
  especificacoes: unknown
  cat_titulo: string
  cat_ndi: string
  marca_titulo: string | null
  marca_link: string | null
  imgs: unknown
  videos: unknown
  atacado: unknown
  variacoes: unknown
  breadcrumb: unknown
  similares: unknown
  avaliacoes: unknown
}

const clip = (value: unknown) =>
  Array.from(String(value ?? ''))
    .slice(0, DETAIL_STRING_MAX)
    .join('')

const number = (digits: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: digits })
const cm = number(1)
const kg = number(3)

/** Package dimensions with units ("15,2 cm", "0,21 kg"); '' when unknown (0). */
export function formatDimensions(row: Pick<DetailRow, 'altura_mm' | 'comprimento_mm' | 'largura_mm' | 'peso_g'>): ProductDetail['espec'] {
  const length = (mm: number) => (mm > 0 ? `${cm.format(mm / 10)} cm` : '')
  return {
    altu: length(Number(row.altura_mm)),
    comp: length(Number(row.comprimento_mm)),
    larg: length(Number(row.largura_mm)),
    peso: Number(row.peso_g) > 0 ? `${kg.format(Number(row.peso_g) / 1000)} kg` : '',
  }
}

/**
 * Similar products of `p` (category `c`): up to 48 candidates from the same subcategory, topped up from
 * the rest of the family (the parent category's tree) only when that falls short — an Append stops
 * early — then in stock first, same subcategory first, best sellers first.
 */
const SIMILAR_CANDIDATES = SIMILAR_LIMIT * 4
const similarIdsSql = sql`(
  SELECT coalesce(json_agg(s.id ORDER BY s.in_stock DESC, s.same DESC, s.sold DESC, s.id), '[]'::json) FROM (
    SELECT q.id, q.same, q.sold,
      CASE WHEN EXISTS (SELECT 1 FROM variation_options o WHERE o.product_id = q.id AND o.active)
        THEN EXISTS (SELECT 1 FROM variation_options o WHERE o.product_id = q.id AND o.active AND o.stock > 0)
        ELSE q.stock > 0 END AS in_stock
    FROM (
      SELECT * FROM (
        (SELECT x.id, x.stock, x.sold_count AS sold, true AS same FROM products x
         WHERE x.category_id = p.category_id AND x.active AND x.id <> p.id
         ORDER BY x.sold_count DESC NULLS LAST, x.id LIMIT ${SIMILAR_CANDIDATES})
        UNION ALL
        (SELECT x.id, x.stock, x.sold_count AS sold, false AS same FROM products x
         WHERE ${inCategoryTree(sql`x.category_id`, sql`coalesce(c.parent_id, c.id)`)} AND x.category_id <> p.category_id AND x.active
         ORDER BY x.sold_count DESC NULLS LAST, x.id LIMIT ${SIMILAR_CANDIDATES})
      ) u LIMIT ${SIMILAR_CANDIDATES}
    ) q
    ORDER BY in_stock DESC, q.same DESC, q.sold DESC, q.id
    LIMIT ${SIMILAR_LIMIT}
  ) s
)`

export type ProductDetailResult = {
  productId: number
  response: DetalheProdutoResponse
  /** With recordView: settles once the view is stored (true) or failed (false); the answer does not wait. */
  viewRecorded: Promise<boolean>
}

/** The detail row of the active product matching `where`, with its similar products' ids and cart flag. */
async function loadDetailRow(db: Db, where: SQL, key: string): Promise<DetailRow | undefined> {
  const [row] = await rows<DetailRow>(
    db,
    sql`SELECT p.id, p.hash, p.link_real, p.titulo, p.descricao, p.price_cents, p.compare_at_cents, p.stock, p.sku,
          p.altura_mm, p.comprimento_mm, p.largura_mm, p.peso_g, p.especificacoes,
          c.titulo AS cat_titulo, CASE WHEN ${categoryVisible(sql`c.id`)} THEN c.ndi ELSE '' END AS cat_ndi, b.titulo AS marca_titulo, CASE WHEN b.hidden THEN NULL ELSE b.link END AS marca_link,
          (SELECT coalesce(json_agg(json_strip_nulls(json_build_object('link', i.link, 'alt', nullif(i.alt, ''))) ORDER BY i.position, i.id), '[]'::json)
           FROM product_images i WHERE i.product_id = p.id) AS imgs,
          (SELECT coalesce(json_agg(json_build_object('link', v.link, 'mime', v.mime_type) ORDER BY v.position, v.id), '[]'::json)
           FROM product_videos v WHERE v.product_id = p.id) AS videos,
          ${wholesaleJson} AS atacado,
          ${variationsJson} AS variacoes,
          ${breadcrumbSql(sql`p.category_id`)} AS breadcrumb,
          ${similarIdsSql} AS similares,
          ${reviewsJson} AS avaliacoes
        FROM (SELECT * FROM products p WHERE p.active AND (${where})
              ORDER BY (p.link_real = ${key}) DESC, p.id LIMIT 1) p
        JOIN categories c ON c.id = p.category_id
        LEFT JOIN brands b ON b.id = p.brand_id`,
  )
  return row
}

/**
 * /produto/{title}: the product whose link_real is the title's slug, else whose title matches
 * accent- and case-insensitively (only tried for text with spaces: slugs and hashes have none).
 */
async function findProductIdByTitle(db: Db, key: string): Promise<number | null> {
  const slug = slugify(key)
  if (slug && slug !== key) {
    const [bySlug] = await rows<{ id: number }>(db, sql`SELECT id FROM products WHERE active AND link_real = ${slug}`)
    if (bySlug) return Number(bySlug.id)
  }
  if (!/\s/.test(key)) return null
  const title = foldText(key).replace(/\s+/g, ' ')
  const [byTitle] = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM products WHERE active AND search_title = ${title} ORDER BY lower(titulo) = lower(${key}) DESC, id LIMIT 1`,
  )
  return byTitle ? Number(byTitle.id) : null
}

/**
 * Product detail by link_real, hash or title (spec: /produto/{link_real} and /produto/{title}), with
 * the similar products. `crr.crr` tells whether it is in the cart of `sessionId`. With `recordView`
 * the visit counts for 'MAIS ACESSADOS'. Null when there is no such product on sale.
 * The shared part (everything but `crr`) is cached CATALOG_CACHE_TTL_MS, tagged with the product and
 * its similar products: forgetProducts of any of them drops it.
 */
export async function getProductDetail(
  deps: CatalogDeps,
  id: string,
  options: { sessionId?: string | null; recordView?: boolean } = {},
): Promise<ProductDetailResult | null> {
  const key = cleanText(id).trim().slice(0, 300)
  if (!key) return null
  const sessionId = options.sessionId ?? null
  const shared = await details.of(deps.db).getOrCompute(key, (tags) => loadSharedDetail(deps, key, tags), { sink: deps.tags })
  if (!shared) return null
  const { productId } = shared
  // The view is written while the answer goes out: counting it must not slow the page or fail it.
  const viewRecorded = options.recordView ? countProductView(deps.db, productId) : Promise.resolve(false)
  const inCart = sessionId ? await isInCart(deps.db, sessionId, productId) : false
  return { productId, response: shared.answers[inCart ? 1 : 0], viewRecorded }
}

/**
 * What every visitor sees of a product page: its two possible answers (not in / in the cart), the
 * same objects for every visitor so the HTTP layer keeps their encoded bytes. Read-only.
 */
type SharedDetail = { productId: number; answers: readonly [DetalheProdutoResponse, DetalheProdutoResponse] }

const details = cachePerDb<Promise<SharedDetail | null>>({
  name: 'product-details',
  ttlMs: CATALOG_CACHE_TTL_MS,
  maxEntries: 5_000,
  scope: 'catalog',
})

/** What every visitor sees of a product page. */
async function loadSharedDetail(deps: CatalogDeps, key: string, tags: Set<string>): Promise<SharedDetail | null> {
  // The usual ids (link_real, hash) hit unique indexes; a title is looked up only when they miss.
  let row = await loadDetailRow(deps.db, sql`p.link_real = ${key} OR p.hash = ${key}`, key)
  if (!row) {
    const productId = await findProductIdByTitle(deps.db, key)
    if (productId != null) row = await loadDetailRow(deps.db, sql`p.id = ${productId}`, key)
  }
  if (!row) return null
  const productId = Number(row.id)
  tags.add(productTag(productId))
  const rules = pricingRules(deps.store)
  // The product's own kept entry brings the promotions running on it; its similar products', their cards.
  const similarIds = fromJson<number[]>(row.similares, []).map(Number)
  const kept = await loadCatalogProducts(deps.db, [productId, ...similarIds], rules, tags)
  const similares = similarIds.flatMap((id) => kept.get(id)?.card ?? [])
  const promotions = kept.get(productId)?.promotions ?? []

  const variacao = toVariacoes(row.variacoes).map((v) => ({
    nome: clip(v.nome),
    data: v.data.map((o) => ({ ...o, name: clip(o.name) })),
  }))
  const atacado = toWholesale(row.atacado)
  const priceCents = effectivePriceCents(Number(row.price_cents), variacao)
  const valorDe = compareAtReais(row.compare_at_cents == null ? null : Number(row.compare_at_cents), priceCents)
  const shown = shownPrice(priceCents, promotions, rules)
  const detail: ProductDetail = {
    hash: row.hash,
    link_real: row.link_real,
    titulo: clip(row.titulo),
    desc: sanitizeDescription(row.descricao ?? ''),
    // One unit's Pix price and instalments after its promotion; the buy box prices every other choice.
    valor: shown.valor,
    valorPix: shown.valorPix,
    parcelas: shown.parcelas,
    qtd: totalStock(Number(row.stock), variacao),
    video: fromJson<Array<{ link: string; mime: string }>>(row.videos, []),
    imgs: fromJson<Array<{ link: string; alt?: string }>>(row.imgs, []),
    categoria: { titulo: row.cat_titulo, link: row.cat_ndi },
    marca: { titulo: row.marca_titulo ?? '', link: row.marca_link ?? '' },
    atacado: atacado ? { min: atacado.min, valor: toReais(atacado.cents) } : 0,
    variacao,
    espec: formatDimensions(row),
    especificacoes: fromJson<Array<{ nome: string; valor: string }>>(row.especificacoes, []).map((e) => ({
      nome: clip(e?.nome),
      valor: clip(e?.valor),
    })),
    crr: { crr: 0 },
    breadcrumb: fromJson<Array<{ titulo: string; ndi: string }>>(row.breadcrumb, []),
    sku: row.sku,
    ...(valorDe != null ? { valorDe } : {}),
    ...(promotions.length ? { promocoes: promotionOffersOut(promotions) } : {}),
  }
  const avaliacoes = toAvaliacoes(row.avaliacoes)
  if (avaliacoes) detail.avaliacoes = avaliacoes
  const answers: SharedDetail['answers'] = [
    [detail, similares],
    [{ ...detail, crr: { crr: 1 } }, similares],
  ]
  return { productId, answers }
}

/**
 * Counts a product-page view ('MAIS ACESSADOS') and waits until it is written (batched with other
 * views: see view-counter.ts). getProductDetail({ recordView: true }) counts without waiting.
 */
export async function recordProductView(db: Db, productId: number): Promise<void> {
  if (!(await countProductView(db, productId))) throw new Error('view not recorded')
}

/**
 * The current link of the product an old link led to (a renamed product's old link
 * redirects permanently), or null — also when that product is no longer on sale.
 */
export async function renamedProductLink(db: Db, key: string): Promise<string | null> {
  const link = cleanText(key).trim().slice(0, 300)
  if (!link) return null
  const targetId = await findRedirect(db, 'produto', link)
  if (targetId == null) return null
  const [row] = await rows<{ link_real: string }>(db, sql`SELECT link_real FROM products WHERE id = ${targetId} AND active`)
  return row && row.link_real !== link ? row.link_real : null
}
