import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { productImages } from '../../../db/schema'

/** The product editor's images section (issue 19): in display order, the first is the main image. */
export function imagesSection(db: Db, productId: number) {
  return db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position), asc(productImages.id))
}
