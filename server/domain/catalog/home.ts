import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { slideSchema, type Bloco, type CategoriaDestaque, type InicioResponse, type ProductCard, type Slide } from '../../../contract/catalog'
import type { Db } from '../../db/client'
import { meta } from '../../db/schema'
import { firstImage, loadCards } from './cards'
import { categoryVisible, inCategoryTree } from './categories'
import { pricingRules, type CatalogDeps } from './rules'
import { fromJson, rows } from '../../db/sql'

export const FEATURED_CATEGORIES = 6
export const FEATURED_PRODUCTS = 6
export const HOME_LIST_SIZE = 12
/**
 * Best sellers read per category of a featured tree before views break ties: each is an index walk
 * (products_category_sold_idx) instead of ranking every product of the tree (320 ms at 100k).
 * Only a tie on sales among more than this many products of one category could change the pick.
 */
const FEATURED_CANDIDATES = 24

const bannersSchema = z.array(slideSchema)

/** Mid-page home banners, kept in meta.home_banners; a missing or malformed value means none. */
export async function listHomeBanners(db: Db): Promise<Slide[]> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, 'home_banners')).limit(1)
  if (!row) return []
  try {
    return bannersSchema.parse(JSON.parse(row.value))
  } catch {
    return []
  }
}

/** Active home slides in position order. */
export async function listSlides(db: Db): Promise<Slide[]> {
  return rows<Slide>(db, sql`SELECT imagem, titulo, link FROM home_slides WHERE active ORDER BY position, id`)
}

/**
 * 'CATEGORIAS EM DESTAQUE': up to 6 categories, each with its 6 best-selling products (subcategories
 * included) and the image link of its featured product (or of its first product when that one is off sale).
 */
export async function listFeaturedCategories(db: Db): Promise<CategoriaDestaque[]> {
  type Item = { titulo: string; link_real: string; imagem: string | null }
  const found = await rows<{
    ndi: string
    titulo: string
    link_real: string
    active: boolean
    imagem: string | null
    data: unknown
  }>(
    db,
    sql`SELECT c.ndi, c.titulo, fp.link_real, fp.active, ${firstImage(sql`fp.id`)} AS imagem,
          (SELECT coalesce(json_agg(json_build_object('titulo', t.titulo, 'link_real', t.link_real, 'imagem', t.imagem) ORDER BY t.n), '[]'::json)
           FROM (SELECT p.titulo, p.link_real, ${firstImage(sql`p.id`)} AS imagem,
                   row_number() OVER (ORDER BY p.sold_count DESC, coalesce(ps.view_count, 0) DESC, p.id) AS n
                 FROM unnest(ARRAY(SELECT tc.id FROM categories tc WHERE ${inCategoryTree(sql`tc.id`, sql`c.id`)})) AS tree(id)
                 CROSS JOIN LATERAL (
                   SELECT x.id FROM products x WHERE x.category_id = tree.id AND x.active
                   ORDER BY x.sold_count DESC NULLS LAST, x.id LIMIT ${FEATURED_CANDIDATES}
                 ) best
                 JOIN products p ON p.id = best.id
                 LEFT JOIN product_stats ps ON ps.product_id = p.id
                 ORDER BY n LIMIT ${FEATURED_PRODUCTS}) t) AS data
        FROM featured_categories f
        JOIN categories c ON c.id = f.category_id
        JOIN products fp ON fp.id = f.product_id
        WHERE ${categoryVisible(sql`c.id`)}
        ORDER BY f.position, f.id
        LIMIT ${FEATURED_CATEGORIES}`,
  )
  return found.map((f) => {
    const products = fromJson<Item[]>(f.data, [])
    const first = products[0]
    const image = f.active ? { link_real: f.link_real, imagem: f.imagem ?? '' } : { link_real: first?.link_real ?? '', imagem: first?.imagem ?? '' }
    return {
      ndi: f.ndi,
      titulo: f.titulo,
      ...image,
      data: products.map((p) => ({ titulo: p.titulo, link_real: p.link_real })),
    }
  })
}

/**
 * The ids of a home list (their cards are read apart, from the card cache). Not kept: the home page
 * and `inicio` are micro-cached whole, so this runs once per 30 s per block at most.
 */
async function idsBy(db: Db, order: 'views' | 'created'): Promise<number[]> {
  if (order === 'created') {
    const found = await rows<{ id: number }>(db, sql`SELECT id FROM products WHERE active ORDER BY created_at DESC, id DESC LIMIT ${HOME_LIST_SIZE}`)
    return found.map((r) => Number(r.id))
  }
  // Walks product_stats by its view index (a few more than needed, in case some are off sale)…
  const viewed = await rows<{ id: number }>(
    db,
    sql`SELECT t.product_id AS id FROM (
            SELECT product_id, view_count FROM product_stats ORDER BY view_count DESC NULLS LAST, product_id LIMIT ${HOME_LIST_SIZE * 8}
          ) t JOIN products p ON p.id = t.product_id AND p.active
          ORDER BY t.view_count DESC, t.product_id LIMIT ${HOME_LIST_SIZE}`,
  )
  const ids = viewed.map((r) => Number(r.id))
  if (ids.length >= HOME_LIST_SIZE) return ids
  // …and only a young store, with fewer viewed products, fills in with its newest never viewed.
  const newest = await rows<{ id: number }>(
    db,
    sql`SELECT p.id FROM products p
          WHERE p.active AND NOT EXISTS (SELECT 1 FROM product_stats s WHERE s.product_id = p.id)
          ORDER BY p.created_at DESC, p.id DESC LIMIT ${HOME_LIST_SIZE - ids.length}`,
  )
  return ids.concat(newest.map((r) => Number(r.id)))
}

/** 'MAIS ACESSADOS': the most viewed products. */
export async function listTopProducts(deps: CatalogDeps): Promise<ProductCard[]> {
  return loadCards(deps.db, await idsBy(deps.db, 'views'), pricingRules(deps.store), deps.tags)
}

/** 'RECENTES': the newest products. */
export async function listRecentProducts(deps: CatalogDeps): Promise<ProductCard[]> {
  return loadCards(deps.db, await idsBy(deps.db, 'created'), pricingRules(deps.store), deps.tags)
}

/** GET /_next/api/inicio?bloco=… */
export async function getHomeBlock<B extends Bloco>(deps: CatalogDeps, bloco: B): Promise<InicioResponse<B>> {
  const answer: Record<Bloco, () => Promise<unknown>> = {
    slider: () => listSlides(deps.db),
    ced: () => listFeaturedCategories(deps.db),
    TopPdts: () => listTopProducts(deps),
    recentes: () => listRecentProducts(deps),
  }
  return (await answer[bloco]()) as InicioResponse<B>
}
