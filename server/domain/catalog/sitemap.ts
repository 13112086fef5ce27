import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { rows } from '../../db/sql'

export type SitemapEntries = {
  brands: string[]
  products: Array<{ linkReal: string; updatedAt: string }>
}

/** Brand links that have active products and active products' slugs, newest changes first. */
export async function listSitemapEntries(db: Db, limit: number): Promise<SitemapEntries> {
  const brands = await rows<{ link: string }>(
    db,
    sql`SELECT b.link FROM brands b WHERE NOT b.hidden AND EXISTS (SELECT 1 FROM products p WHERE p.brand_id = b.id AND p.active) ORDER BY b.link LIMIT ${limit}`,
  )
  const products = await rows<{ link_real: string; updated_at: string | Date }>(
    db,
    sql`SELECT link_real, updated_at FROM products WHERE active ORDER BY updated_at DESC, id LIMIT ${limit}`,
  )
  return {
    brands: brands.map((b) => b.link),
    products: products.map((p) => ({ linkReal: p.link_real, updatedAt: new Date(p.updated_at).toISOString().slice(0, 10) })),
  }
}
