import { asc, eq } from 'drizzle-orm'
import type { DataMenu, MenuCategory } from '../../../contract/menu'
import { cachePerDb, cartTag, historyTag } from '../../cache'
import type { Db } from '../../db/client'
import { categories } from '../../db/schema'
import { CART_CACHE_TTL_MS, countCartItems } from '../cart/in-cart'
import { CATALOG_CACHE_TTL_MS } from '../catalog/rules'
import { recentSearches } from '../session/search-history'

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

/** The menu's part that is the same for everyone: the category tree and the suggested categories. */
export type SharedMenu = Pick<DataMenu, 'Categorias' | 'Sgt'>

/** The menu's shared part, with the answer of a visitor who has no session made once. */
type SharedEntry = { shared: SharedMenu; nobody: DataMenu }
const sharedMenus = cachePerDb<Promise<SharedEntry>>({ name: 'menu', ttlMs: CATALOG_CACHE_TTL_MS, maxEntries: 1, scope: 'catalog' })

/**
 * What this process last read of a session's part (cart count and recent searches, asked on every
 * page load), with the answer made from it and the shared part it was made with. Kept
 * CART_CACHE_TTL_MS; a search queued or a cart written here forgets it at once (its tags), another
 * instance on the same PostgreSQL catches up within that time.
 */
type PersonalEntry = { ItensCar: number; histBusca: readonly string[]; answer?: DataMenu; with?: SharedMenu }
const personalMenus = cachePerDb<Promise<PersonalEntry>>({ name: 'menu-personal', ttlMs: CART_CACHE_TTL_MS, maxEntries: 20_000, scope: 'session' })

/**
 * The category tree and the suggested categories (the shell of every page). They change with the
 * catalog only: kept CATALOG_CACHE_TTL_MS and dropped by invalidateCatalogCaches.
 */
export async function getSharedMenu(db: Db): Promise<SharedMenu> {
  return (await sharedMenu(db)).shared
}

function sharedMenu(db: Db): Promise<SharedEntry> {
  return sharedMenus.of(db).getOrCompute('menu', async () => {
    const shared = { Categorias: await listMenuCategories(db), Sgt: await listSuggestedCategories(db) }
    return { shared, nobody: { ItensCar: 0, histBusca: [], ...shared } }
  })
}

/**
 * GET /_next/api/DataMenu/: badge count, recent searches, category tree and suggested categories.
 * The same inputs give back the same (read-only) answer object, so the HTTP layer can keep its
 * encoded bytes (sendJson's reuse).
 */
export async function getDataMenu(db: Db, sessionId: string | null): Promise<DataMenu> {
  if (!sessionId) return (await sharedMenu(db)).nobody
  const [shared, mine] = await Promise.all([
    getSharedMenu(db),
    personalMenus.of(db).getOrCompute(
      sessionId,
      async () => {
        const [ItensCar, histBusca] = await Promise.all([countCartItems(db, sessionId), recentSearches(db, sessionId)])
        return { ItensCar, histBusca }
      },
      { tags: [cartTag(sessionId), historyTag(sessionId)] },
    ),
  ])
  if (!mine.answer || mine.with !== shared) {
    mine.answer = { ItensCar: mine.ItensCar, histBusca: [...mine.histBusca], Categorias: shared.Categorias, Sgt: shared.Sgt }
    mine.with = shared
  }
  return mine.answer
}

function listSuggestedCategories(db: Db) {
  return db
    .select({ titulo: categories.titulo, ndi: categories.ndi })
    .from(categories)
    .where(eq(categories.suggested, true))
    .orderBy(asc(categories.position))
}
