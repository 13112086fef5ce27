import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { DataMenu, MenuCategory } from '../../../contract/menu'
import type { Db } from '../../db/client'
import { categories } from '../../db/schema'
import { fromJson, rows } from '../../db/sql'
import { sessionCartId } from '../cart/owner'
import { categoryVisible } from '../catalog/categories'
import { catalogNames } from '../catalog/rules'
import { SEARCH_HISTORY_SIZE, flushPendingSearches } from '../session/search-history'
import type { SessionRead } from '../session/session'

/** Top-level categories with their subcategories, in menu order; hidden ones (and what is under them) left out. */
export async function listMenuCategories(db: Db): Promise<MenuCategory[]> {
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId, titulo: categories.titulo, ndi: categories.ndi })
    .from(categories)
    .where(eq(categories.hidden, false))
    .orderBy(asc(categories.position), asc(categories.titulo))
  const byParent = new Map<number, Array<{ titulo: string; ndi: string }>>()
  for (const r of rows) {
    if (r.parentId == null) continue
    const list = byParent.get(r.parentId) ?? []
    list.push({ titulo: r.titulo, ndi: r.ndi })
    byParent.set(r.parentId, list)
  }
  return rows.filter((r) => r.parentId == null).map((r) => ({ titulo: r.titulo, ndi: r.ndi, subcategorias: byParent.get(r.id) ?? [] }))
}

/** The menu's part that is the same for everyone: the category tree and the suggested categories. */
export type SharedMenu = Pick<DataMenu, 'Categorias' | 'Sgt'>

/** The menu's shared part, with the answer of a visitor who has no session made once. */
type SharedEntry = { shared: SharedMenu; nobody: DataMenu }

/**
 * The category tree and the suggested categories (the shell of every page). They change with the
 * catalog only: kept in `catalog-names` (catalog/rules.ts), dropped at once by a change to the categories.
 */
export async function getSharedMenu(db: Db): Promise<SharedMenu> {
  return (await sharedMenu(db)).shared
}

function sharedMenu(db: Db): Promise<SharedEntry> {
  return catalogNames.of(db).getOrCompute('menu', async () => {
    const shared = { Categorias: await listMenuCategories(db), Sgt: await listSuggestedCategories(db) }
    return { shared, nobody: { ItensCar: 0, histBusca: [], ...shared } }
  }) as Promise<SharedEntry>
}

/**
 * GET /_next/api/DataMenu/: badge count, recent searches, category tree and suggested categories.
 * The session's part (badge, searches) is read from the database on every call (decision 0034) —
 * in the session's own statement when the session middleware was given `personalMenuRead` (its
 * result is `along`), else by a statement of its own.
 */
export async function getDataMenu(db: Db, sessionId: string | null, along?: unknown): Promise<DataMenu> {
  if (!sessionId) return (await sharedMenu(db)).nobody
  const [shared, mine] = await Promise.all([getSharedMenu(db), along !== undefined ? toPersonal(along) : personalPart(db, sessionId)])
  return { ItensCar: mine.ItensCar, histBusca: mine.histBusca, Categorias: shared.Categorias, Sgt: shared.Sgt }
}

type Personal = { ItensCar: number; histBusca: string[] }

/** The badge (pieces in the session's cart) and the recent searches, as one JSON value. */
function personalJson(sessionId: string | SQL, customerId?: SQL): SQL {
  return sql`json_build_object(
      'n', (SELECT coalesce(sum(ci.quantity), 0)::int FROM cart_items ci WHERE ci.cart_id = ${sessionCartId(sessionId, customerId)}),
      'terms', (SELECT json_agg(t.term) FROM (
         SELECT term FROM search_history WHERE session_id = ${sessionId} ORDER BY searched_at DESC LIMIT ${SEARCH_HISTORY_SIZE}
       ) t))`
}

/** DataMenu's personal part read along with the session (server/http/app.ts gives it to the middleware). */
export const personalMenuRead: SessionRead = { along: personalJson, before: flushPendingSearches }

function toPersonal(value: unknown): Personal {
  const found = fromJson<{ n?: number; terms?: string[] | null } | null>(value, null)
  return { ItensCar: Number(found?.n ?? 0), histBusca: found?.terms ?? [] }
}

/** The badge and the recent searches in one statement of their own. */
async function personalPart(db: Db, sessionId: string): Promise<Personal> {
  await flushPendingSearches(db, sessionId)
  const [row] = await rows<{ personal: unknown }>(db, sql`SELECT ${personalJson(sessionId)} AS personal`)
  return toPersonal(row?.personal)
}

function listSuggestedCategories(db: Db) {
  return db
    .select({ titulo: categories.titulo, ndi: categories.ndi })
    .from(categories)
    .where(and(eq(categories.suggested, true), categoryVisible(sql`${categories.id}`)))
    .orderBy(asc(categories.position))
}
