import { sql, type SQL } from 'drizzle-orm'
import type { ProductCard, Variacao } from '../../../contract/catalog'
import { bestPromotionFor, compareAtReais, effectivePriceCents, priceSummary, toReais, totalStock, type PricingRules } from '../../../contract/pricing'
import type { Db } from '../../db/client'
import { fromJson, intArrayLiteral, rows } from '../../db/sql'
import { cachePerDb, productTag, type TagSink } from '../../cache'
import { fixedJson } from '../../lib/json'
import { CATALOG_CACHE_TTL_MS } from './rules'
import { ratingJson, toNotaCard } from '../review/summary'
import { inScope, type RunningPromotion } from '../promotions/price'
import { runningPromotions } from '../promotions/running'

/** Variations as the card/detail queries aggregate them (prices still in centavos). */
type VariationJson = Array<{ nome: string; data: Array<{ name: string; hash: string; cents: number; qtd: number }> }>

export type CardRow = {
  id: number
  hash: string
  link_real: string
  titulo: string
  price_cents: number
  compare_at_cents: number | null
  stock: number
  brand_id: number | null
  cat_titulo: string
  cat_ndi: string
  marca_titulo: string | null
  marca_link: string | null
  img: string | null
  has_video: boolean
  atacado: unknown
  variacoes: unknown
  nota: unknown
  active: boolean
  /** Every option the product has, offered or not: [id, axis, name, hash, cents, stock, active]; null without options. */
  opcoes: unknown
  /** The product's category and every ancestor (what a promotion's category scope matches). */
  cat_path: unknown
}

/**
 * Variations of product `p` with their options, as one json value. Options are found through the
 * product_id index (variation_options has none on variation_id). Only active options are offered
 * (a deactivated one stays for the carts and orders that hold it), and only groups that have one.
 */
export const variationsJson = sql`(
  SELECT coalesce(json_agg(json_build_object('nome', v.nome, 'data', (
    SELECT coalesce(json_agg(json_build_object('name', o.name, 'hash', o.hash, 'cents', o.price_cents, 'qtd', o.stock)
      ORDER BY o.position, o.id), '[]'::json)
    FROM variation_options o WHERE o.product_id = p.id AND o.variation_id = v.id AND o.active
  )) ORDER BY v.position, v.id), '[]'::json)
  FROM variations v WHERE v.product_id = p.id
    AND EXISTS (SELECT 1 FROM variation_options o WHERE o.product_id = p.id AND o.variation_id = v.id AND o.active)
)`

/** Link of the first image of a product (null when it has none). */
export function firstImage(productId: SQL): SQL {
  return sql`(SELECT i.link FROM product_images i WHERE i.product_id = ${productId} ORDER BY i.position, i.id LIMIT 1)`
}

/** The lowest wholesale tier of product `p` as {min, cents}, or null. */
export const wholesaleJson = sql`(
  SELECT json_build_object('min', w.min_qty, 'cents', w.price_cents)
  FROM wholesale_tiers w WHERE w.product_id = p.id ORDER BY w.min_qty LIMIT 1
)`

/**
 * Every option of product `p`, offered or not, as [id, axis, name, hash, cents, stock, active]
 * arrays (null when it has none): a cart line keeps an option its product no longer offers.
 */
const optionsJson = sql`(
  SELECT json_agg(json_build_array(o.id, v.nome, o.name, o.hash, o.price_cents, o.stock, o.active))
  FROM variation_options o JOIN variations v ON v.id = o.variation_id WHERE o.product_id = p.id
)`

/** The rows for the given product ids in one query, in the order of `ids` (missing ids are skipped; inactive ones are there, `active` false). */
export async function loadCardRows(db: Db, ids: readonly number[]): Promise<CardRow[]> {
  if (ids.length === 0) return []
  const found = await rows<CardRow>(
    db,
    sql`SELECT p.id, p.hash, p.link_real, p.titulo, p.price_cents, p.compare_at_cents, p.stock, p.brand_id,
          c.titulo AS cat_titulo, c.ndi AS cat_ndi, b.titulo AS marca_titulo, CASE WHEN b.hidden THEN NULL ELSE b.link END AS marca_link,
          ${firstImage(sql`p.id`)} AS img,
          EXISTS (SELECT 1 FROM product_videos pv WHERE pv.product_id = p.id) AS has_video,
          ${wholesaleJson} AS atacado,
          ${variationsJson} AS variacoes,
          ${ratingJson} AS nota,
          p.active, ${optionsJson} AS opcoes,
          (WITH RECURSIVE up(id, parent) AS (SELECT c.id, c.parent_id UNION ALL SELECT a.id, a.parent_id FROM categories a JOIN up ON a.id = up.parent)
            SELECT json_agg(id) FROM up) AS cat_path
        FROM products p
        JOIN categories c ON c.id = p.category_id
        LEFT JOIN brands b ON b.id = p.brand_id
        WHERE p.id = ANY(${intArrayLiteral(ids)}::int[])`,
  )
  const byId = new Map(found.map((r) => [Number(r.id), r]))
  return ids.flatMap((id) => byId.get(id) ?? [])
}

export function toVariacoes(value: unknown): Variacao[] {
  return fromJson<VariationJson>(value, []).map((v) => ({
    nome: v.nome,
    data: (v.data ?? []).map((o) => ({ name: o.name, hash: o.hash, valor: toReais(Number(o.cents)), qtd: Math.max(0, Number(o.qtd)) })),
  }))
}

export function toWholesale(value: unknown): { min: number; cents: number } | null {
  const w = fromJson<{ min: number; cents: number } | null>(value, null)
  return w ? { min: Number(w.min), cents: Number(w.cents) } : null
}

/**
 * What a card or a product page shows for one unit at its list price `priceCents`: that price, and
 * the Pix price and instalments after the best of the product's running promotions for one unit —
 * the rule priceCart charges with (docs/decisions/0127-promotions.md) — with that promotion's name.
 */
export function shownPrice(priceCents: number, promotions: readonly RunningPromotion[], rules: PricingRules) {
  const best = bestPromotionFor(promotions, priceCents, 1)
  const chargedCents = priceCents - (best?.unitOff ?? 0)
  return {
    ...priceSummary(chargedCents, rules),
    valor: toReais(priceCents),
    promocao: best ? { nome: best.promotion.name, valor: toReais(chargedCents) } : null,
  }
}

/** `promotions`: those running whose scope holds the product. */
export function toCard(row: CardRow, rules: PricingRules, promotions: readonly RunningPromotion[] = []): ProductCard {
  const vari_pdt = toVariacoes(row.variacoes)
  const atacado = toWholesale(row.atacado)
  const priceCents = effectivePriceCents(Number(row.price_cents), vari_pdt)
  const { promocao, ...price } = shownPrice(priceCents, promotions, rules)
  // Under a promotion the list price is struck through too, unless a higher "de" price is set.
  const compareAt = row.compare_at_cents == null ? null : Number(row.compare_at_cents)
  const valorDe = promocao ? toReais(Math.max(compareAt ?? 0, priceCents)) : compareAtReais(compareAt, priceCents)
  // The wholesale unit as the cart charges it from atacado.min pieces: never above the list price, after their best promotion.
  const wholesaleCents = atacado
    ? ((unit) => unit - (bestPromotionFor(promotions, unit, atacado.min)?.unitOff ?? 0))(Math.min(atacado.cents, priceCents))
    : null
  return {
    hash: row.hash,
    link_real: row.link_real,
    img: row.img ?? '',
    titulo: row.titulo,
    ...price,
    qtd: totalStock(Number(row.stock), vari_pdt),
    video: row.has_video ? 1 : 0,
    atacado: atacado ? 1 : 0,
    categoria: { titulo: row.cat_titulo, link: row.cat_ndi },
    marca: { titulo: row.marca_titulo ?? '', link: row.marca_link ?? '' },
    vari_pdt,
    valorAtacado: wholesaleCents != null ? toReais(wholesaleCents) : null,
    ...(valorDe != null ? { valorDe } : {}),
    ...(promocao ? { promocao } : {}),
    ...withNota(toNotaCard(row.nota)),
  }
}

/** The card's `nota` only when the product has approved reviews (the spec's card stays as it was). */
const withNota = (nota: ProductCard['nota']) => (nota ? { nota } : {})

/** An option of a product as a cart line is priced from it (offered or not). */
export type OptionFacts = { axis: string; name: string; hash: string; cents: number; stock: number; active: boolean }

/**
 * What the catalog knows of a product, kept per product: its card (null once it is no longer sold)
 * and the facts a cart line shows and is priced from (decision 0117), which a product no longer
 * sold still has: the cart lists its line as unavailable.
 */
export type CatalogProduct = {
  card: ProductCard | null
  hash: string
  titulo: string
  /** The category's title. */
  categoria: string
  imagem: string
  active: boolean
  /** The product's own price and stock (an option has its own). */
  cents: number
  stock: number
  wholesale: { min: number; cents: number } | null
  /** Every option by id, offered or not. */
  options: ReadonlyMap<number, OptionFacts>
  /** The offered options by axis, as the card and the detail list them (the cart page's dropdown). */
  variacoes: Variacao[]
  /** Where promotions find it: its category with every ancestor, and its brand. */
  categoryIds: number[]
  brandId: number | null
  /**
   * The promotions running when it was read whose scope holds it, at any quantity (its card and page
   * show them; a start or an end drops the kept products, docs/decisions/0127-promotions.md).
   */
  promotions: RunningPromotion[]
}

function toCatalogProduct(row: CardRow, rules: PricingRules, running: readonly RunningPromotion[]): CatalogProduct {
  const active = Boolean(row.active)
  const categoryIds = fromJson<number[]>(row.cat_path, []).map(Number)
  const brandId = row.brand_id == null ? null : Number(row.brand_id)
  const promotions = running.filter((p) => inScope(p.scope, { productId: Number(row.id), categoryIds, brandId }))
  const card = active ? fixedJson(toCard(row, rules, promotions)) : null
  const options = new Map<number, OptionFacts>()
  for (const [id, axis, name, hash, cents, stock, on] of fromJson<Array<[number, string, string, string, number, number, boolean]>>(row.opcoes, [])) {
    options.set(Number(id), { axis, name, hash, cents: Number(cents), stock: Number(stock), active: Boolean(on) })
  }
  return {
    card,
    hash: row.hash,
    titulo: row.titulo,
    categoria: row.cat_titulo,
    imagem: row.img ?? '',
    active,
    cents: Number(row.price_cents),
    stock: Number(row.stock),
    wholesale: toWholesale(row.atacado),
    options,
    variacoes: card ? card.vari_pdt : toVariacoes(row.variacoes),
    categoryIds,
    brandId,
    promotions,
  }
}

/**
 * Products by id with their cards and cart facts (decision 0117), per product: forgetProducts (a
 * change notification) drops a product's at once. A read still running when its product is
 * forgotten is not kept: the entry is its promise, dropped with the product, so a change that
 * lands during the read is never hidden behind the old answer.
 */
const catalogProducts = cachePerDb<Promise<CatalogProduct | null>>({ name: 'product-cards', ttlMs: CATALOG_CACHE_TTL_MS, maxEntries: 20_000, scope: 'catalog' })

/**
 * The products for `ids` (unknown ids are left out of the map): kept ones from the cache, the
 * others read in one query. `sink` (an answer's tags) gets every product's tag.
 */
export async function loadCatalogProducts(
  db: Db,
  ids: Iterable<number>,
  rules: PricingRules,
  sink?: TagSink,
  now = Date.now(),
): Promise<Map<number, CatalogProduct>> {
  const cache = catalogProducts.of(db)
  const out = new Map<number, CatalogProduct>()
  const waiting: Array<[number, Promise<CatalogProduct | null>]> = []
  // The ones not kept wait for one read, made once they are all known.
  const missing: number[] = []
  let readMissing!: (read: Promise<Map<number, CatalogProduct>>) => void
  const missingRead = new Promise<Map<number, CatalogProduct>>((resolve) => (readMissing = resolve))
  for (const id of ids) {
    const key = String(id)
    const value = cache.getOrCompute(
      key,
      (tags) => {
        tags.add(productTag(id))
        missing.push(id)
        return missingRead.then((found) => found.get(id) ?? null)
      },
      { now, sink },
    )
    const entry = cache.entry(key)
    if (entry?.value === value && entry.done) {
      if (entry.settled) out.set(id, entry.settled)
    } else waiting.push([id, value])
  }
  if (missing.length)
    readMissing(
      Promise.all([loadCardRows(db, missing), runningPromotions(db, new Date(now))]).then(
        ([found, running]) => new Map(found.map((r) => [Number(r.id), toCatalogProduct(r, rules, running)])),
      ),
    )
  for (const [id, pending] of waiting) {
    const product = await pending
    if (product) out.set(id, product)
  }
  return out
}

/**
 * Product cards for ids, in the order given (inactive or unknown ids are left out). Cached per product
 * and tagged with it (loadCatalogProducts); `sink` (the answer's tags) gets every product's tag.
 */
export async function loadCards(db: Db, ids: readonly number[], rules: PricingRules, sink?: TagSink, now = Date.now()): Promise<ProductCard[]> {
  const found = await loadCatalogProducts(db, ids, rules, sink, now)
  return ids.flatMap((id) => found.get(id)?.card ?? [])
}
