import { Suspense } from 'react'
import type { ProductCardData } from './ProductCard'
import { ProductCard } from './ProductCard'
import { inGroups } from './hydrate-later'

/**
 * Column layouts: `wide` for full-width pages (home, similar products), `listing` beside a sidebar,
 * `brand` for brand pages (exactly 4 per row on desktop).
 */
export type GridLayout = 'wide' | 'listing' | 'brand'

const COLUMNS: Record<GridLayout, string> = {
  wide: 'grid-cols-2 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5',
  listing: 'grid-cols-2 sm:grid-cols-3 xl:grid-cols-4',
  brand: 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-4',
}

export function gridClass(layout: GridLayout): string {
  return `grid ${COLUMNS[layout]} gap-2.5 sm:gap-4`
}

/** Responsive product grid (2 columns on phones, 3 on tablets, 4–5 on desktops) as a list. */
export function ProductGrid({
  products,
  layout = 'wide',
  label,
  priorityCount = 4,
  headingLevel = 'h3',
}: {
  products: readonly ProductCardData[]
  layout?: GridLayout
  /** Accessible name of the list (e.g. "Produtos"). */
  label?: string
  /** How many leading cards load their image eagerly (the first row). */
  priorityCount?: number
  headingLevel?: 'h2' | 'h3' | 'h4'
}) {
  return (
    <ul className={gridClass(layout)} aria-label={label} data-testid="product-grid">
      {inGroups(products).map(({ key, items, first }) => (
        <Suspense key={key}>
          {items.map((p, i) => (
            <li key={p.hash || p.link_real}>
              <ProductCard product={p} priority={first + i < priorityCount} headingLevel={headingLevel} />
            </li>
          ))}
        </Suspense>
      ))}
    </ul>
  )
}
