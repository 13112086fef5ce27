import type { ProductSections } from '../../../../server/domain/catalog/admin-sections'

/**
 * What every section of the product editor receives (routes/admin/produto.tsx renders them in
 * order); a section's changes go to the page's action, which reloads the editor's data.
 */
export type SectionProps<K extends keyof ProductSections> = {
  data: ProductSections[K]
  /** catalog:write: offer the section's actions (the server checks again). */
  canWrite: boolean
}
