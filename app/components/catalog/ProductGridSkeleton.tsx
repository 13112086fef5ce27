import { gridClass, type GridLayout } from './ProductGrid'

/** Placeholder cards shown while a listing loads (loading skeleton). */
export function ProductGridSkeleton({ count = 12, layout = 'wide' }: { count?: number; layout?: GridLayout }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" data-testid="product-grid-skeleton">
      <span className="sr-only">Carregando produtos...</span>
      <ul className={gridClass(layout)} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="flex flex-col overflow-hidden rounded-card bg-white shadow-card ring-1 ring-ink-100">
            <div className="aspect-square p-3">
              <div className="skeleton h-full w-full rounded-lg" />
            </div>
            <div className="space-y-2 border-t border-ink-100 p-3">
              <div className="skeleton h-3 w-1/3" />
              <div className="skeleton h-4 w-full" />
              <div className="skeleton h-4 w-4/5" />
              <div className="skeleton mt-4 h-3 w-2/5" />
              <div className="skeleton h-6 w-3/5" />
              <div className="skeleton h-3 w-4/5" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
