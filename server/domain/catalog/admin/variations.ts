import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { variationOptions, variations } from '../../../db/schema'

/** The product editor's variations section (issue 19): option groups in order, each with its values. */
export async function variationsSection(db: Db, productId: number) {
  const [groups, options] = await Promise.all([
    db.select().from(variations).where(eq(variations.productId, productId)).orderBy(asc(variations.position), asc(variations.id)),
    db.select().from(variationOptions).where(eq(variationOptions.productId, productId)).orderBy(asc(variationOptions.position), asc(variationOptions.id)),
  ])
  return groups.map((g) => ({ id: g.id, nome: g.nome, options: options.filter((o) => o.variationId === g.id) }))
}
