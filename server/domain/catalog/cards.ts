import { sql, type SQL } from 'drizzle-orm'
import type { ProductCard, Variacao } from '../../../contract/catalog'
import { compareAtReais, effectivePriceCents, priceSummary, toReais, totalStock, type PricingRules } from '../../../contract/pricing'
import type { Db } from '../../db/client'
import { fromJson, intArrayLiteral, rows } from '../../db/sql'
import { cachePerDb, productTag, type TagSink } from '../../cache'
import { fixedJson } from '../../lib/json'
import { CATALOG_CACHE_TTL_MS } from './rules'
import { ratingJson, toNotaCard } from '../review/summary'

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

/** Cards for the given product ids in one query, in the order of `ids` (inactive/missing ids are skipped). */
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
          ${ratingJson} AS nota
        FROM products p
        JOIN categories c ON c.id = p.category_id
        LEFT JOIN brands b ON b.id = p.brand_id
        WHERE p.id = ANY(${intArrayLiteral(ids)}::int[]) AND p.active`,
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

export function toCard(row: CardRow, rules: PricingRules): ProductCard {
  const vari_pdt = toVariacoes(row.variacoes)
  const atacado = toWholesale(row.atacado)
  const priceCents = effectivePriceCents(Number(row.price_cents), vari_pdt)
  const valorDe = compareAtReais(row.compare_at_cents == null ? null : Number(row.compare_at_cents), priceCents)
  return {
    hash: row.hash,
    link_real: row.link_real,
    img: row.img ?? '',
    titulo: row.titulo,
    ...priceSummary(priceCents, rules),
    qtd: totalStock(Number(row.stock), vari_pdt),
    video: row.has_video ? 1 : 0,
    atacado: atacado ? 1 : 0,
    categoria: { titulo: row.cat_titulo, link: row.cat_ndi },
    marca: { titulo: row.marca_titulo ?? '', link: row.marca_link ?? '' },
    vari_pdt,
    valorAtacado: atacado ? toReais(atacado.cents) : null,
    ...(valorDe != null ? { valorDe } : {}),
    ...withNota(toNotaCard(row.nota)),
  }
}

/** The card's `nota` only when the product has approved reviews (the spec's card stays as it was). */
const withNota = (nota: ProductCard['nota']) => (nota ? { nota } : {})

/** Cards with their stock and prices, per product: forgetProducts drops a product's at once. */
const cards = cachePerDb<ProductCard | null>({ name: 'product-cards', ttlMs: CATALOG_CACHE_TTL_MS, maxEntries: 20_000, scope: 'catalog' })

/**
 * Product cards for ids, in the order given (inactive or unknown ids are left out). Cached per product
 * and tagged with it; `sink` (the answer's tags) gets every product's tag. The ones missing are read
 * in one batched query.
 */
export async function loadCards(db: Db, ids: readonly number[], rules: PricingRules, sink?: TagSink, now = Date.now()): Promise<ProductCard[]> {
  const cache = cards.of(db)
  const known = new Map<number, ProductCard | null>()
  const missing: number[] = []
  for (const id of ids) {
    const card = cache.get(String(id), now, sink)
    if (card === undefined) missing.push(id)
    else known.set(id, card)
  }
  if (missing.length) {
    const found = new Map((await loadCardRows(db, missing)).map((r) => [Number(r.id), r]))
    for (const id of missing) {
      const row = found.get(id)
      // A cached card is shared by every answer that shows it: never changed, its JSON made once.
      const card = row ? fixedJson(toCard(row, rules)) : null
      cache.set(String(id), card, { tags: [productTag(id)], now })
      known.set(id, card)
    }
    // Cached cards gave the sink their tags as they were read; these are new.
    if (sink) for (const id of missing) sink.add(productTag(id))
  }
  return ids.flatMap((id) => known.get(id) ?? [])
}
