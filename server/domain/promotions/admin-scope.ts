// What a coupon or a promotion applies to, as the back office's pickers show and search it: the
// categories and brands (few: listed whole), the products (many: searched), and the names of what a
// scope already holds. A scope names only rows that exist when it is saved.
import { sql } from 'drizzle-orm'
import { PROMOTIONS } from '../../../contract/messages/promotions'
import type { Db } from '../../db/client'
import type { PromoScope } from '../../db/schema'
import { intArrayLiteral, rows } from '../../db/sql'
import type { Tx } from '../../db/tx'
import { catalogChoices, productFilterSql, resolveProductFilter } from '../catalog/admin-products'
import { refuse } from '../refusal'

export type PickedProduct = { id: number; titulo: string; sku: string }
export type ScopeChoices = Awaited<ReturnType<typeof catalogChoices>>

/** Every category ("Pai › Filha") and brand a scope may name. */
export const scopeChoices = (db: Db): Promise<ScopeChoices> => catalogChoices(db)

/** Up to 20 products whose title, code or brand matches `q`, as the Produtos list searches. */
export async function searchScopeProducts(db: Db, q: string): Promise<PickedProduct[]> {
  const filter = await resolveProductFilter(db, { q })
  return rows<PickedProduct>(db, sql`SELECT p.id, p.titulo, p.sku FROM products p WHERE ${productFilterSql(filter)} ORDER BY p.active DESC, p.id DESC LIMIT 20`)
}

const allIds = (scope: PromoScope) => ({
  products: [...(scope.produtos ?? []), ...(scope.excluidos ?? [])],
  categories: scope.categorias ?? [],
  brands: scope.marcas ?? [],
})

/** The products a scope names (the pickers' chips). */
export async function scopeProducts(db: Db, scopes: PromoScope[]): Promise<PickedProduct[]> {
  const ids = [...new Set(scopes.flatMap((s) => allIds(s).products))]
  if (!ids.length) return []
  const found = await rows<PickedProduct>(db, sql`SELECT id, titulo, sku FROM products WHERE id = ANY(${intArrayLiteral(ids)}::int[])`)
  return found.map((p) => ({ ...p, id: Number(p.id) }))
}

/** Refuses a scope naming a product, category or brand that does not exist (deleted meanwhile). */
export async function checkScope(tx: Tx, scope: PromoScope): Promise<void> {
  const { products, categories, brands } = allIds(scope)
  const count = (table: string, ids: number[]) =>
    ids.length
      ? rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE id = ANY(${intArrayLiteral(ids)}::int[])`).then((r) =>
          Number(r[0].n),
        )
      : Promise.resolve(0)
  const unique = (ids: number[]) => new Set(ids).size
  // One after the other: a transaction's connection answers one query at a time.
  const p = await count('products', products)
  const c = await count('categories', categories)
  const b = await count('brands', brands)
  if (p !== unique(products) || c !== unique(categories) || b !== unique(brands)) throw refuse(PROMOTIONS.scopeGone, { campo: 'escopo' })
}
