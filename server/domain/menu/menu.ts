import { asc, desc, eq, sql } from 'drizzle-orm'
import type { DataMenu, MenuCategory } from '../../../contract/menu'
import type { Db } from '../../db/client'
import { cartItems, carts, categories, searchHistory } from '../../db/schema'
import { cached } from '../catalog/page-cache'
import { SEARCH_HISTORY_SIZE, flushSearchHistory, hasPendingSearches } from '../catalog/search-history'
import { rememberedPersonal } from '../session/personal-memory'

export { SEARCH_HISTORY_SIZE } from '../catalog/search-history'

/** Top-level categories with their subcategories, in menu order. */
export async function listMenuCategories(db: Db): Promise<MenuCategory[]> {
  const rows = await db
    .select({ id: categories.id, parentId: categories.parentId, titulo: categories.titulo, ndi: categories.ndi })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.titulo))
  const byParent = new Map<number, Array<{ titulo: string; ndi: string }>>()
  for (const r of rows) {
    if (r.parentId == null) continue
    const list = byParent.get(r.parentId) ?? []
    list.push({ titulo: r.titulo, ndi: r.ndi })
    byParent.set(r.parentId, list)
  }
  return rows
    .filter((r) => r.parentId == null)
    .map((r) => ({ titulo: r.titulo, ndi: r.ndi, subcategorias: byParent.get(r.id) ?? [] }))
}

/** Number of pieces in the session's cart (the header badge). */
export async function countCartItems(db: Db, sessionId: string | null): Promise<number> {
  if (!sessionId) return 0
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.sessionId, sessionId))
  return Number(row?.n ?? 0)
}

/** The session's most recent searches, newest first (searches still queued are written first). */
export async function recentSearches(db: Db, sessionId: string | null): Promise<string[]> {
  if (!sessionId) return []
  if (hasPendingSearches(db, sessionId)) await flushSearchHistory(db)
  const rows = await db
    .select({ term: searchHistory.term })
    .from(searchHistory)
    .where(eq(searchHistory.sessionId, sessionId))
    .orderBy(desc(searchHistory.searchedAt))
    .limit(SEARCH_HISTORY_SIZE)
  return rows.map((r) => r.term)
}

/** The menu's part that is the same for everyone: the category tree and the suggested categories. */
export type SharedMenu = Pick<DataMenu, 'Categorias' | 'Sgt'>

/**
 * The category tree and the suggested categories (the shell of every page). They change with the
 * catalog only: remembered like listing pages and forgotten by invalidateCatalogCaches.
 */
export function getSharedMenu(db: Db): Promise<SharedMenu> {
  return cached(db, 'menu', async () => ({ Categorias: await listMenuCategories(db), Sgt: await listSuggestedCategories(db) }))
}

/**
 * GET /_next/api/DataMenu/: badge count, recent searches, category tree and suggested categories.
 * Every page load asks it: the session's part is remembered a few seconds and forgotten as soon as
 * this process queues a search or writes the cart (personal-memory.ts); the shared part is cached.
 * The same inputs give back the same (read-only) answer object, so the HTTP layer can keep its
 * encoded bytes (sendJson's reuse).
 */
export async function getDataMenu(db: Db, sessionId: string | null): Promise<DataMenu> {
  const personal = sessionId
    ? rememberedPersonal(db, sessionId, async () => {
        const [ItensCar, histBusca] = await Promise.all([countCartItems(db, sessionId), recentSearches(db, sessionId)])
        return { ItensCar, histBusca }
      })
    : Promise.resolve(NOBODY)
  const [shared, mine] = await Promise.all([getSharedMenu(db), personal])
  let answers = dataMenus.get(mine)
  if (!answers) {
    answers = new WeakMap()
    dataMenus.set(mine, answers)
  }
  let answer = answers.get(shared)
  if (!answer) {
    answer = { ItensCar: mine.ItensCar, histBusca: [...mine.histBusca], Categorias: shared.Categorias, Sgt: shared.Sgt }
    answers.set(shared, answer)
  }
  return answer
}

type Personal = { ItensCar: number; histBusca: readonly string[] }
const NOBODY: Personal = { ItensCar: 0, histBusca: [] }
/** Answers per (personal part, shared part) object pair. */
const dataMenus = new WeakMap<Personal, WeakMap<SharedMenu, DataMenu>>()

function listSuggestedCategories(db: Db) {
  return db
    .select({ titulo: categories.titulo, ndi: categories.ndi })
    .from(categories)
    .where(eq(categories.suggested, true))
    .orderBy(asc(categories.position))
}
