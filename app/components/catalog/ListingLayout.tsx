import { useNavigation } from 'react-router'
import type { Crumb } from '~/lib/seo'
import { Breadcrumbs } from './Breadcrumbs'
import { Pagination } from './Pagination'
import type { ProductCardData } from './ProductCard'
import { ProductGrid, type GridLayout } from './ProductGrid'
import { ProductGridSkeleton } from './ProductGridSkeleton'
import { SortSelect } from './SortSelect'

const LISTING_PATH = /^\/(categoria|busca|marca)\//

/** True while the router loads a listing page (another page, sort or filter): show the skeleton. */
export function useListingLoading(): boolean {
  const navigation = useNavigation()
  return navigation.state === 'loading' && LISTING_PATH.test(navigation.location.pathname)
}

const countFormat = new Intl.NumberFormat('pt-BR')

/** "1 produto", "1.234 produtos". */
export function productCount(total: number): string {
  return `${countFormat.format(total)} ${total === 1 ? 'produto' : 'produtos'}`
}

/**
 * The frame every listing shares (category, search, brand, brand + category): breadcrumbs, a header,
 * optional chips and notice, the sidebar, a toolbar with the count and the sort, then the grid with
 * its pagination — or the skeleton while loading, or `empty` when nothing matched.
 */
export function ListingLayout({
  crumbs,
  title,
  subtitle,
  chips,
  notice,
  sidebar,
  products,
  total,
  pagina,
  paginas,
  layout = 'listing',
  empty,
}: {
  crumbs: readonly Crumb[]
  /** Content of the page's h1. */
  title: React.ReactNode
  subtitle?: React.ReactNode
  chips?: React.ReactNode
  notice?: React.ReactNode
  sidebar?: React.ReactNode
  products: readonly ProductCardData[]
  total: number
  pagina: number
  paginas: number
  layout?: GridLayout
  empty: React.ReactNode
}) {
  const loading = useListingLoading()
  const hasProducts = products.length > 0
  return (
    <div className="container-page pt-3 pb-8 lg:pt-5">
      <Breadcrumbs items={crumbs} />
      <header className="mt-3 flex flex-col gap-1">
        <h1 className="text-xl leading-tight font-bold text-ink-900 sm:text-2xl">{title}</h1>
        {subtitle ? <p className="text-sm text-ink-500">{subtitle}</p> : null}
      </header>
      {chips}
      {notice}
      <div className={`mt-4 flex flex-col gap-4 lg:flex-row lg:items-start ${layout === 'brand' ? 'lg:gap-5' : 'lg:gap-6'}`}>
        {sidebar}
        <section aria-labelledby="lista-produtos" className="min-w-0 flex-1">
          <h2 id="lista-produtos" className="sr-only">
            Produtos
          </h2>
          {hasProducts ? (
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-card bg-white px-3 py-2 shadow-card ring-1 ring-ink-100 sm:px-4">
              <p className="text-sm text-ink-700" aria-live="polite">
                <strong className="font-semibold text-ink-900">{productCount(total)}</strong>
                {paginas > 1 ? <span className="text-ink-500"> · página {pagina} de {paginas}</span> : null}
              </p>
              <SortSelect />
            </div>
          ) : null}
          {loading ? (
            <ProductGridSkeleton layout={layout} count={layout === 'brand' ? 8 : 12} />
          ) : hasProducts ? (
            <>
              <ProductGrid products={products} layout={layout} />
              <Pagination pagina={pagina} paginas={paginas} />
            </>
          ) : (
            empty
          )}
        </section>
      </div>
    </div>
  )
}
