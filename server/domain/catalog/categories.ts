import { sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { categoriaRefSchema } from '../../../contract/catalog'
import type { Db } from '../../db/client'
import { foldText, slugify } from '../../lib/text'
import { cleanText, fromJson, rows } from '../../db/sql'

type CategoriaRef = z.infer<typeof categoriaRefSchema>

/**
 * Condition "`column` is the category or one of its descendants". Written as `= ANY(ARRAY(…))` so the
 * planner sees a short list and uses the products_category index (a recursive IN-subquery is
 * estimated at half the table and turns into a sequential scan).
 */
export function inCategoryTree(column: SQL, categoryId: number | SQL): SQL {
  const root = typeof categoryId === 'number' ? sql`${categoryId}::int` : categoryId
  return sql`${column} = ANY(ARRAY(WITH RECURSIVE t(id) AS (
      SELECT ${root}
      UNION SELECT c.id FROM categories c JOIN t ON c.parent_id = t.id
    ) SELECT id FROM t))`
}

/**
 * The path from the top-level category down to this one, as a json array of {titulo, ndi}; a
 * category hidden by staff (and what lies under it) has no page, so it is left out.
 */
export function breadcrumbSql(categoryId: SQL): SQL {
  return sql`(WITH RECURSIVE up(id, parent_id, titulo, ndi, hidden, depth) AS (
      SELECT bc.id, bc.parent_id, bc.titulo, bc.ndi, bc.hidden, 0 FROM categories bc WHERE bc.id = ${categoryId}
      UNION ALL SELECT x.id, x.parent_id, x.titulo, x.ndi, x.hidden, up.depth + 1 FROM categories x JOIN up ON x.id = up.parent_id WHERE up.depth < 8
    ) SELECT coalesce(json_agg(json_build_object('titulo', up.titulo, 'ndi', up.ndi) ORDER BY up.depth DESC), '[]'::json) FROM up
      WHERE NOT EXISTS (SELECT 1 FROM up h WHERE h.hidden AND h.depth >= up.depth))`
}

/**
 * Condition "category `categoryId` is shown": neither it nor a category above it is hidden by staff.
 * A hidden category leaves menus, panels, facets and listings; its products keep their pages.
 */
export function categoryVisible(categoryId: SQL): SQL {
  return sql`NOT EXISTS (WITH RECURSIVE up(id, parent_id, hidden, depth) AS (
      SELECT vc.id, vc.parent_id, vc.hidden, 0 FROM categories vc WHERE vc.id = ${categoryId}
      UNION ALL SELECT x.id, x.parent_id, x.hidden, up.depth + 1 FROM categories x JOIN up ON x.id = up.parent_id WHERE up.depth < 8
    ) SELECT 1 FROM up WHERE up.hidden)`
}

export type CategoryFound = {
  id: number
  titulo: string
  ndi: string
  subcategorias: CategoriaRef[]
  breadcrumb: CategoriaRef[]
}

/**
 * A category by ndi or token; with `byTitle`, also by its title as a brand sidebar links it
 * (/marca/{id}/{titulo}/): accent- and case-insensitive, or its slug.
 */
export async function findCategory(db: Db, id: string, options: { byTitle?: boolean } = {}): Promise<CategoryFound | null> {
  const key = cleanText(id).trim().slice(0, 200)
  if (!key) return null
  const slug = slugify(key)
  const folded = foldText(key).replace(/\s+/g, ' ')
  const byTitle = options.byTitle ? sql`OR c.ndi = ${slug} OR lower(unaccent(c.titulo)) = ${folded}` : sql``
  const [row] = await rows<{ id: number; titulo: string; ndi: string; subcategorias: unknown; breadcrumb: unknown }>(
    db,
    sql`SELECT c.id, c.titulo, c.ndi,
          (SELECT coalesce(json_agg(json_build_object('titulo', s.titulo, 'ndi', s.ndi) ORDER BY s.position, s.titulo), '[]'::json)
           FROM categories s WHERE s.parent_id = c.id AND NOT s.hidden) AS subcategorias,
          ${breadcrumbSql(sql`c.id`)} AS breadcrumb
        FROM categories c
        WHERE (c.ndi = ${key} OR c.token = ${key} ${byTitle}) AND ${categoryVisible(sql`c.id`)}
        ORDER BY (c.ndi = ${key}) DESC, (c.token = ${key}) DESC, c.id
        LIMIT 1`,
  )
  if (!row) return null
  return {
    id: Number(row.id),
    titulo: row.titulo,
    ndi: row.ndi,
    subcategorias: fromJson<CategoriaRef[]>(row.subcategorias, []),
    breadcrumb: fromJson<CategoriaRef[]>(row.breadcrumb, []),
  }
}
