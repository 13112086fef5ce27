import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm'
import type {
  BrandRow,
  CategoryRow,
  CreateBrandRequest,
  CreateCategoryRequest,
  UpdateBrandRequest,
  UpdateCategoryRequest,
} from '../../../contract/admin/taxonomy'
import { TAXONOMY } from '../../../contract/messages/taxonomy'
import type { Reason } from '../../../contract/messages/reason'
import type { Db } from '../../db/client'
import { brands, categories } from '../../db/schema'
import { rows } from '../../db/sql'
import { transaction, type Tx } from '../../db/tx'
import { randomAlnum } from '../../lib/tokens'
import { slugify } from '../../lib/text'
import type { Actor } from '../actor'
import { refuse, type Refusal } from '../refusal'
import { recordAudit } from '../audit/record'
import { claimLink, recordLinkChange } from './redirects'

/**
 * Categories and brands in the back office: create, rename (a changed link redirects permanently
 * from the old one: redirects.ts), move a category under another parent (never under itself or its
 * own subtree), hide and show. Every write is audited in its transaction. The storefront's caches
 * follow by themselves: the catalog triggers announce any change to these tables (decision 0033).
 */

/** A unique index said no (two staff taking one link at the same moment): PostgreSQL's 23505. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true
  }
  return false
}

/** A writer's transaction where a unique index's no is the link taken meanwhile. */
const guarded = <T>(db: Db, linkTaken: Reason, work: (tx: Tx) => Promise<T | Refusal>) =>
  transaction(db, work, (err) => (isUniqueViolation(err) ? refuse(linkTaken) : null))

// ───────────── categories ─────────────

type CategorySqlRow = { id: number; titulo: string; ndi: string; parent_id: number | null; hidden: boolean; n: number }

async function selectCategories(db: Db, id: number | null): Promise<CategoryRow[]> {
  const found = await rows<CategorySqlRow>(
    db,
    sql`SELECT c.id, c.titulo, c.ndi, c.parent_id, c.hidden, (SELECT count(*) FROM products p WHERE p.category_id = c.id)::int AS n
        FROM categories c ${id == null ? sql`ORDER BY c.position, c.titulo, c.id` : sql`WHERE c.id = ${id}`}`,
  )
  return found.map((r) => ({
    id: Number(r.id),
    titulo: r.titulo,
    link: r.ndi,
    pai: r.parent_id == null ? null : Number(r.parent_id),
    oculta: r.hidden,
    produtos: Number(r.n),
  }))
}

/** The category tree as the back office lists it: parents' order, then by name. */
export const listAdminCategories = (db: Db): Promise<CategoryRow[]> => selectCategories(db, null)

async function categoryRow(tx: Tx, id: number): Promise<CategoryRow> {
  const [row] = await selectCategories(tx, id)
  if (!row) throw refuse(TAXONOMY.categoryNotFound)
  return row
}

/** Is there a row of `table` other than `exceptId` that `where` matches? (A link must open one category or one brand.) */
async function takenByOther(tx: Tx, table: typeof categories | typeof brands, where: SQL | undefined, exceptId: number | null): Promise<boolean> {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(exceptId == null ? where : and(where, ne(table.id, exceptId)))
    .limit(1)
  return !!row
}

/** Is `link` another category's link or token? (Both open /categoria/{x}.) */
const categoryLinkTaken = (tx: Tx, link: string, exceptId: number | null) =>
  takenByOther(tx, categories, or(eq(categories.ndi, link), eq(categories.token, link)), exceptId)

/** Would `parentId` put category `id` inside itself? (It is the category or one of its descendants.) */
async function wouldCycle(tx: Tx, id: number, parentId: number): Promise<boolean> {
  const [row] = await rows<{ hit: boolean }>(
    tx,
    sql`WITH RECURSIVE sub(id) AS (SELECT ${id}::int UNION SELECT c.id FROM categories c JOIN sub ON c.parent_id = sub.id)
        SELECT EXISTS (SELECT 1 FROM sub WHERE sub.id = ${parentId}) AS hit`,
  )
  return !!row?.hit
}

async function parentExists(tx: Tx, parentId: number): Promise<boolean> {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, parentId))
  return !!row
}

export async function createCategory(db: Db, input: CreateCategoryRequest & { actor: Actor }): Promise<{ categoria: CategoryRow } | Refusal> {
  const link = input.link ?? slugify(input.titulo)
  if (!link) return refuse(TAXONOMY.badLink)
  return guarded(db, TAXONOMY.categoryLinkTaken, async (tx) => {
    // One category writer at a time: link checks and moves see each other's work.
    await tx.execute(sql`LOCK TABLE categories IN SHARE ROW EXCLUSIVE MODE`)
    const parentId = input.pai ?? null
    if (parentId != null && !(await parentExists(tx, parentId))) throw refuse(TAXONOMY.parentNotFound)
    if (await categoryLinkTaken(tx, link, null)) throw refuse(TAXONOMY.categoryLinkTaken)
    const [{ next }] = await rows<{ next: number }>(
      tx,
      sql`SELECT coalesce(max(position) + 1, 0)::int AS next FROM categories WHERE parent_id IS NOT DISTINCT FROM ${parentId}`,
    )
    const [row] = await tx
      .insert(categories)
      .values({ titulo: input.titulo, ndi: link, token: randomAlnum(12).toLowerCase(), parentId, position: Number(next), hidden: input.oculta ?? false })
      .returning({ id: categories.id })
    await claimLink(tx, 'categoria', link)
    const categoria = await categoryRow(tx, row.id)
    await recordAudit(tx, { actor: input.actor, action: 'categoria.criar', entity: 'category', entityId: String(row.id), after: categoria })
    return { categoria }
  })
}

type OwnFields = { titulo: string; oculta: boolean; link: string }

/**
 * What an edit changes of a category's or a brand's title, visibility and link, as columns (`link`
 * is the category's `ndi`); a new link already in use is refused with `taken`.
 */
async function ownFieldsChange(
  input: Partial<OwnFields>,
  before: OwnFields,
  linkTaken: (link: string) => Promise<boolean>,
  taken: Reason,
): Promise<{ titulo?: string; hidden?: boolean; link?: string }> {
  const change: { titulo?: string; hidden?: boolean; link?: string } = {}
  if (input.titulo !== undefined && input.titulo !== before.titulo) change.titulo = input.titulo
  if (input.oculta !== undefined && input.oculta !== before.oculta) change.hidden = input.oculta
  if (input.link !== undefined && input.link !== before.link) {
    if (await linkTaken(input.link)) throw refuse(taken)
    change.link = input.link
  }
  return change
}

/**
 * The end of a category's or a brand's edit: its old link redirects to the new one, and the audit
 * line holds the row before and after; `linkAntigo` is the link that now redirects, if it changed.
 */
async function recordOwnEdit<T extends { link: string }>(
  tx: Tx,
  kind: 'categoria' | 'marca',
  input: { id: number; actor: Actor },
  before: T,
  newLink: string | undefined,
  read: (tx: Tx, id: number) => Promise<T>,
): Promise<{ after: T; linkAntigo: string | null }> {
  if (newLink) await recordLinkChange(tx, kind, input.id, before.link, newLink)
  const after = await read(tx, input.id)
  const entity = kind === 'categoria' ? 'category' : 'brand'
  await recordAudit(tx, { actor: input.actor, action: `${kind}.editar`, entity, entityId: String(input.id), before, after })
  return { after, linkAntigo: newLink ? before.link : null }
}

/** Renames, relinks, moves, hides or shows a category; `linkAntigo`: the link that now redirects, when it changed. */
export async function updateCategory(
  db: Db,
  input: UpdateCategoryRequest & { id: number; actor: Actor },
): Promise<{ categoria: CategoryRow; linkAntigo: string | null } | Refusal> {
  if (input.titulo === undefined && input.link === undefined && input.pai === undefined && input.oculta === undefined) return refuse(TAXONOMY.nothingToChange)
  return guarded(db, TAXONOMY.categoryLinkTaken, async (tx) => {
    await tx.execute(sql`LOCK TABLE categories IN SHARE ROW EXCLUSIVE MODE`)
    const before = await categoryRow(tx, input.id)
    const { link, ...own } = await ownFieldsChange(input, before, (next) => categoryLinkTaken(tx, next, input.id), TAXONOMY.categoryLinkTaken)
    const change: Partial<typeof categories.$inferInsert> = link === undefined ? own : { ...own, ndi: link }
    if (input.pai !== undefined && input.pai !== before.pai) {
      if (input.pai != null) {
        if (!(await parentExists(tx, input.pai))) throw refuse(TAXONOMY.parentNotFound)
        if (await wouldCycle(tx, input.id, input.pai)) throw refuse(TAXONOMY.cycle)
      }
      change.parentId = input.pai
      const [{ next }] = await rows<{ next: number }>(
        tx,
        sql`SELECT coalesce(max(position) + 1, 0)::int AS next FROM categories WHERE parent_id IS NOT DISTINCT FROM ${input.pai}`,
      )
      change.position = Number(next)
    }
    if (Object.keys(change).length === 0) return { categoria: before, linkAntigo: null }
    await tx.update(categories).set(change).where(eq(categories.id, input.id))
    const { after: categoria, linkAntigo } = await recordOwnEdit(tx, 'categoria', input, before, change.ndi, categoryRow)
    return { categoria, linkAntigo }
  })
}

// ───────────── brands ─────────────

const brandCount = sql<number>`(SELECT count(*) FROM products p WHERE p.brand_id = "brands"."id")::int`

export async function listAdminBrands(db: Db): Promise<BrandRow[]> {
  const found = await db
    .select({ id: brands.id, titulo: brands.titulo, link: brands.link, oculta: brands.hidden, produtos: brandCount })
    .from(brands)
    .orderBy(sql`lower(${brands.titulo})`, asc(brands.id))
  return found.map((b) => ({ ...b, produtos: Number(b.produtos) }))
}

async function brandRow(tx: Tx, id: number): Promise<BrandRow> {
  const [row] = await tx
    .select({ id: brands.id, titulo: brands.titulo, link: brands.link, oculta: brands.hidden, produtos: brandCount })
    .from(brands)
    .where(eq(brands.id, id))
  if (!row) throw refuse(TAXONOMY.brandNotFound)
  return { ...row, produtos: Number(row.produtos) }
}

// /marca/{link}/ also matches case-insensitively (catalog/browse.ts): links are stored lower-case.
const brandLinkTaken = (tx: Tx, link: string, exceptId: number | null) => takenByOther(tx, brands, eq(brands.link, link), exceptId)

export async function createBrand(db: Db, input: CreateBrandRequest & { actor: Actor }): Promise<{ marca: BrandRow } | Refusal> {
  const link = input.link ?? slugify(input.titulo)
  if (!link) return refuse(TAXONOMY.badLink)
  return guarded(db, TAXONOMY.brandLinkTaken, async (tx) => {
    if (await brandLinkTaken(tx, link, null)) throw refuse(TAXONOMY.brandLinkTaken)
    const [row] = await tx
      .insert(brands)
      .values({ titulo: input.titulo, link, hidden: input.oculta ?? false })
      .returning({ id: brands.id })
    await claimLink(tx, 'marca', link)
    const marca = await brandRow(tx, row.id)
    await recordAudit(tx, { actor: input.actor, action: 'marca.criar', entity: 'brand', entityId: String(row.id), after: marca })
    return { marca }
  })
}

/** Renames, relinks, hides or shows a brand; `linkAntigo`: the link that now redirects, when it changed. */
export async function updateBrand(
  db: Db,
  input: UpdateBrandRequest & { id: number; actor: Actor },
): Promise<{ marca: BrandRow; linkAntigo: string | null } | Refusal> {
  if (input.titulo === undefined && input.link === undefined && input.oculta === undefined) return refuse(TAXONOMY.nothingToChange)
  return guarded(db, TAXONOMY.brandLinkTaken, async (tx) => {
    const [locked] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.id)).for('update')
    if (!locked) throw refuse(TAXONOMY.brandNotFound)
    const before = await brandRow(tx, input.id)
    const change: Partial<typeof brands.$inferInsert> = await ownFieldsChange(
      input,
      before,
      (next) => brandLinkTaken(tx, next, input.id),
      TAXONOMY.brandLinkTaken,
    )
    if (Object.keys(change).length === 0) return { marca: before, linkAntigo: null }
    await tx.update(brands).set(change).where(eq(brands.id, input.id))
    const { after: marca, linkAntigo } = await recordOwnEdit(tx, 'marca', input, before, change.link, brandRow)
    return { marca, linkAntigo }
  })
}
