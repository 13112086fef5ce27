import type { Db } from '../../db/client'
import { imagesSection } from './admin-images'
import { stockSection } from './admin-stock'
import { variationsSection } from './admin-variations'

/**
 * What the product editor (/admin/produtos/{id}) shows besides the product's own fields: one loader
 * per section, each kept by its own module, read at once.
 */
export async function productSections(db: Db, productId: number) {
  const [stock, variations, images] = await Promise.all([stockSection(db, productId), variationsSection(db, productId), imagesSection(db, productId)])
  return { stock, variations, images }
}

export type ProductSections = Awaited<ReturnType<typeof productSections>>
