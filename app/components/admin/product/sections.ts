import type { ProductSections } from '../../../../server/domain/catalog/admin/sections'

/** What every section of the product editor receives (routes/admin/produto.tsx renders them in order). */
export type SectionProps<K extends keyof ProductSections> = {
  productId: number
  data: ProductSections[K]
  /** catalog:write: offer the section's actions (the server checks again). */
  canWrite: boolean
  /** Reloads the editor's data after a change (useRevalidator). */
  onChanged: () => void
}
