import { sql } from 'drizzle-orm'
import {
  LISTING_PAGE_SIZE,
  type Faceta,
  type MarcaCategoria,
  type ProductCard,
  type ItemMarca,
  type ItensCategoria,
  type ItensCategoriaQuery,
  type ItensMarca,
  type ListingQuery,
} from '../../../contract/catalog'
import type { Db } from '../../db/client'
import { loadCards } from './cards'
import { findCategory, inCategoryTree } from './categories'
import { pageOfProducts } from './listing'
import { pricingRules, type CatalogDeps } from './rules'
import { cleanText, rows } from '../../db/sql'

/**
 * Category listing by ndi or token (/categoria/{ndi}); a parent category lists the products of all
 * its subcategories. Null for an unknown category.
 */
export async function listCategory(deps: CatalogDeps, query: ItensCategoriaQuery): Promise<ItensCategoria | null> {
  const category = await findCategory(deps.db, query.id)
  if (!category) return null
  const page = await pageOfProducts(deps.db, {
    tags: deps.tags,
    where: inCategoryTree(sql`p.category_id`, category.id),
    query,
    pageSize: LISTING_PAGE_SIZE,
    facets: ['marcas'],
  })
  const rules = pricingRules(deps.store)
  const data = await loadCards(deps.db, page.ids, rules, deps.tags)
  return {
    titulo: category.titulo,
    ndi: category.ndi,
    data,
    total: page.total,
    pagina: page.pagina,
    paginas: page.paginas,
    subcategorias: category.subcategorias,
    breadcrumb: category.breadcrumb,
    marcas: page.marcas,
  }
}

/** /products: every active product, with the category and brand facets. */
export type AllProducts = { data: ProductCard[]; total: number; pagina: number; paginas: number; categorias: Faceta[]; marcas: Faceta[] }

/** Every active product, 50 per page, sorted and filtered by price like the other listings (/products). */
export async function listAllProducts(deps: CatalogDeps, query: ListingQuery): Promise<AllProducts> {
  const page = await pageOfProducts(deps.db, {
    tags: deps.tags,
    where: sql`true`,
    query,
    pageSize: LISTING_PAGE_SIZE,
    facets: ['categorias', 'marcas'],
  })
  const rules = pricingRules(deps.store)
  const data = await loadCards(deps.db, page.ids, rules, deps.tags)
  return { data, total: page.total, pagina: page.pagina, paginas: page.paginas, categorias: page.categorias, marcas: page.marcas }
}

type BrandFound = { id: number; titulo: string; link: string }

export async function findBrand(db: Db, link: string): Promise<BrandFound | null> {
  const key = cleanText(link).trim().slice(0, 200)
  if (!key) return null
  const [row] = await rows<BrandFound>(
    db,
    sql`SELECT id, titulo, link FROM brands WHERE (link = ${key} OR lower(link) = lower(${key})) AND NOT hidden ORDER BY (link = ${key}) DESC LIMIT 1`,
  )
  return row ? { ...row, id: Number(row.id) } : null
}

/**
 * Brand listing (/marca/{link}/). Items carry `marca` as the brand id — the spec's quirk — and the
 * card's brand object as `marcaInfo`. Null for an unknown brand.
 */
export async function listBrand(deps: CatalogDeps, link: string, query: ListingQuery): Promise<ItensMarca | null> {
  const brand = await findBrand(deps.db, link)
  if (!brand) return null
  const page = await pageOfProducts(deps.db, {
    tags: deps.tags,
    where: sql`p.brand_id = ${brand.id}`,
    query,
    pageSize: LISTING_PAGE_SIZE,
    facets: ['categorias'],
  })
  const rules = pricingRules(deps.store)
  // Every product listed is of this brand (the condition above): its id is each item's `marca`.
  const data: ItemMarca[] = (await loadCards(deps.db, page.ids, rules, deps.tags)).map(({ marca, ...card }) => ({
    ...card,
    marca: brand.id,
    marcaInfo: marca,
  }))
  return {
    titulo: brand.titulo,
    link: brand.link,
    data,
    total: page.total,
    pagina: page.pagina,
    paginas: page.paginas,
    categorias: page.categorias,
  }
}

/**
 * A brand within a category (/marca/{mc}/{name}/): `name` is the category's ndi, token or title.
 * Null when the brand or the category is unknown.
 */
export async function listBrandInCategory(deps: CatalogDeps, brandLink: string, categoryName: string, query: ListingQuery): Promise<MarcaCategoria | null> {
  const [brand, category] = await Promise.all([findBrand(deps.db, brandLink), findCategory(deps.db, categoryName, { byTitle: true })])
  if (!brand || !category) return null
  const page = await pageOfProducts(deps.db, {
    tags: deps.tags,
    where: sql`p.brand_id = ${brand.id} AND ${inCategoryTree(sql`p.category_id`, category.id)}`,
    query,
    pageSize: LISTING_PAGE_SIZE,
  })
  const rules = pricingRules(deps.store)
  const data = await loadCards(deps.db, page.ids, rules, deps.tags)
  return {
    titulo: `${brand.titulo} — ${category.titulo}`,
    marca: { titulo: brand.titulo, link: brand.link },
    categoria: { titulo: category.titulo, link: category.ndi },
    data,
    total: page.total,
    pagina: page.pagina,
    paginas: page.paginas,
  }
}
