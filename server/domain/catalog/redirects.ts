import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { brands, linkRedirects, type LINK_REDIRECT_KINDS } from '../../db/schema'
import { rows } from '../../db/sql'
import type { Tx } from '../../db/tx'
import { categoryVisible } from './categories'

export type LinkKind = (typeof LINK_REDIRECT_KINDS)[number]

/**
 * A product's, category's or brand's link changed from `oldLink` to `newLink`: the old one
 * redirects permanently to the row. Call inside the transaction that renames. The new link stops being
 * an old link of anything (a link given back to a new row belongs to that row), and links that
 * pointed at this row still do (they resolve to its current link, no chain).
 */
export async function recordLinkChange(tx: Tx, kind: LinkKind, targetId: number, oldLink: string, newLink: string): Promise<void> {
  if (oldLink === newLink) return
  await tx.delete(linkRedirects).where(and(eq(linkRedirects.kind, kind), eq(linkRedirects.oldLink, newLink)))
  await tx
    .insert(linkRedirects)
    .values({ kind, oldLink, targetId })
    .onConflictDoUpdate({ target: [linkRedirects.kind, linkRedirects.oldLink], set: { targetId, createdAt: sql`now()` } })
}

/** A link taken by a new row is no longer an old link of another (call when creating with `link`). */
export async function claimLink(tx: Tx, kind: LinkKind, link: string): Promise<void> {
  await tx.delete(linkRedirects).where(and(eq(linkRedirects.kind, kind), eq(linkRedirects.oldLink, link)))
}

/** The row an old link now leads to, or null (the storefront redirects permanently to its current link). */
export async function findRedirect(db: Db, kind: LinkKind, oldLink: string): Promise<number | null> {
  const [row] = await db
    .select({ targetId: linkRedirects.targetId })
    .from(linkRedirects)
    .where(and(eq(linkRedirects.kind, kind), eq(linkRedirects.oldLink, oldLink)))
    .limit(1)
  return row?.targetId ?? null
}

/**
 * Where an old category link (/categoria/{old}) now leads: the category's current link, when it is
 * shown (a hidden category has no page to send anyone to). Null: no such old link.
 */
export async function movedCategoryLink(db: Db, oldLink: string): Promise<string | null> {
  const id = await findRedirect(db, 'categoria', oldLink)
  if (id == null) return null
  const [row] = await rows<{ ndi: string }>(db, sql`SELECT c.ndi FROM categories c WHERE c.id = ${id} AND ${categoryVisible(sql`c.id`)}`)
  return row?.ndi ?? null
}

/** Where an old brand link (/marca/{old}/) now leads, when the brand is shown; else null. */
export async function movedBrandLink(db: Db, oldLink: string): Promise<string | null> {
  const id = await findRedirect(db, 'marca', oldLink)
  if (id == null) return null
  const [row] = await db
    .select({ link: brands.link })
    .from(brands)
    .where(and(eq(brands.id, id), eq(brands.hidden, false)))
  return row?.link ?? null
}
