import { sql, type SQL } from 'drizzle-orm'
import type { ProductCard, Variacao } from '../../../contract/catalog'
import { effectivePriceCents, priceSummary, toReais, totalStock, type PricingRules } from '../../../contract/pricing'
import type { Db } from '../../db/client'
import { fixedJson } from '../../lib/json'
import { fromJson, intArrayLiteral, rows } from './sql'
import { PAGE_CACHE_TTL_MS } from './page-cache'

/** Variations as the card/detail queries aggregate them (prices still in centavos). */
type VariationJson = Array<{ nome: string; data: Array<{ name: string; hash: string; cents: number; qtd: number }> }>

export type CardRow = {
  id: number
  hash: string
  link_real: string
  titulo: string
  price_cents: number
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
}

/**
 * Variations of product `p` with their options, as one json value. Options are found through the
 * product_id index (variation_options has none on variation_id).
 */
export const variationsJson = sql`(
  SELECT coalesce(json_agg(json_build_object('nome', v.nome, 'data', (
    SELECT coalesce(json_agg(json_build_object('name', o.name, 'hash', o.hash, 'cents', o.price_cents, 'qtd', o.stock)
      ORDER BY o.position, o.id), '[]'::json)
    FROM variation_options o WHERE o.product_id = p.id AND o.variation_id = v.id
  )) ORDER BY v.position, v.id), '[]'::json)
  FROM variations v WHERE v.product_id = p.id
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
    sql`SELECT p.id, p.hash, p.link_real, p.titulo, p.price_cents, p.stock, p.brand_id,
          c.titulo AS cat_titulo, c.ndi AS cat_ndi, b.titulo AS marca_titulo, b.link AS marca_link,
          ${firstImage(sql`p.id`)} AS img,
          EXISTS (SELECT 1 FROM product_videos pv WHERE pv.product_id = p.id) AS has_video,
          ${wholesaleJson} AS atacado,
          ${variationsJson} AS variacoes
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
  return {
    hash: row.hash,
    link_real: row.link_real,
    img: row.img ?? '',
    titulo: row.titulo,
    ...priceSummary(effectivePriceCents(Number(row.price_cents), vari_pdt), rules),
    qtd: totalStock(Number(row.stock), vari_pdt),
    video: row.has_video ? 1 : 0,
    atacado: atacado ? 1 : 0,
    categoria: { titulo: row.cat_titulo, link: row.cat_ndi },
    marca: { titulo: row.marca_titulo ?? '', link: row.marca_link ?? '' },
    vari_pdt,
    valorAtacado: atacado ? toReais(atacado.cents) : null,
  }
}

type CardEntry = { at: number; card: ProductCard | null }
const cardCaches = new WeakMap<Db, Map<number, CardEntry>>()
const MAX_CARDS = 20_000

/**
 * Product cards for ids, in the order given (inactive or unknown ids are left out). Cards are
 * remembered per product for PAGE_CACHE_TTL_MS like listing pages and forgotten by
 * invalidateCatalogCaches; the ones missing are read in one batched query.
 */
export async function loadCards(db: Db, ids: readonly number[], rules: PricingRules, now = Date.now()): Promise<ProductCard[]> {
  let cache = cardCaches.get(db)
  if (!cache) {
    cache = new Map()
    cardCaches.set(db, cache)
  }
  const fresh = (e: CardEntry | undefined): e is CardEntry => !!e && now - e.at < PAGE_CACHE_TTL_MS
  const missing = ids.filter((id) => !fresh(cache.get(id)))
  if (missing.length) {
    const found = new Map((await loadCardRows(db, missing)).map((r) => [Number(r.id), r]))
    for (const id of missing) {
      const row = found.get(id)
      cache.delete(id)
      // A kept card is shared by every answer that shows it: never changed, its JSON made once.
      cache.set(id, { at: now, card: row ? fixedJson(toCard(row, rules)) : null })
    }
    while (cache.size > MAX_CARDS) cache.delete(cache.keys().next().value as number)
  }
  return ids.flatMap((id) => cache.get(id)?.card ?? [])
}

/** Forget remembered cards (part of invalidateCatalogCaches). */
export function clearCardCache(db: Db): void {
  cardCaches.delete(db)
}
