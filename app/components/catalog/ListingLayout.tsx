import { useState } from 'react'
import { useLocation, useNavigation } from 'react-router'
import type { Crumb } from '~/lib/seo'
import { Breadcrumbs } from './Breadcrumbs'
import { FiltersButton, ListingFiltersContext } from './ListingSidebar'
import { Pagination } from './Pagination'
import type { ProductCardData } from './ProductCard'
import { ProductGrid, type GridLayout } from './ProductGrid'
import { ProductGridSkeleton } from './ProductGridSkeleton'
import { SortSelect } from './SortSelect'
import { formatCount } from '~/lib/money'

const LISTING_PATH = /^\/((categoria|busca|marca)\/|products$)/

/** True while the router loads a listing page (another page, sort or filter): show the skeleton. */
export function useListingLoading(): boolean {
  const navigation = useNavigation()
  return navigation.state === 'loading' && LISTING_PATH.test(navigation.location.pathname)
}

export type ListingPage = { data: readonly ProductCardData[]; total: number; pagina: number; paginas: number }

/** "1 produto", "1.234 produtos". */
export function productCount(total: number): string {
  return `${formatCount(total)} ${total === 1 ? 'produto' : 'produtos'}`
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
  page,
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
  /** The listing's page as the catalog answers it: cards, total and page position. */
  page: ListingPage
  layout?: GridLayout
  empty: React.ReactNode
}) {
  const loading = useListingLoading()
  const location = useLocation()
  // The phone's filter panel is open for the page it was opened on; any navigation folds it again.
  const [openAt, setOpenAt] = useState<string | null>(null)
  const filtersOpen = openAt === location.key
  const { data: products, total, pagina, paginas } = page
  const hasProducts = products.length > 0
  const hasSidebar = Boolean(sidebar)
  return (
    <div className="container-page pt-3 pb-8 lg:pt-5">
      <Breadcrumbs items={crumbs} />
      <header className="mt-3 flex flex-col gap-1">
        <h1 className="text-xl leading-tight font-bold text-ink-900 sm:text-2xl">{title}</h1>
        {subtitle ? <p className="text-sm text-ink-500">{subtitle}</p> : null}
      </header>
      {chips}
      {notice}
      <ListingFiltersContext.Provider value={{ open: filtersOpen, toggle: () => setOpenAt(filtersOpen ? null : location.key) }}>
        {/* Phones: toolbar, folded filters, grid. Desktops: filters on the left across both rows; the
            second row is the flexible one, so a sidebar taller than the toolbar never stretches the
            first row (it did while the HTML was still arriving, and the grid jumped up 60 px). */}
        <div className={`mt-4 grid items-start gap-3 ${hasSidebar ? 'lg:grid-cols-[16rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:gap-x-6 lg:gap-y-3' : ''}`}>
          {hasProducts || hasSidebar ? (
            // On a phone with filters, two fixed columns: the filters button keeps its width (and its
            // centred label its place) while the sort field after it arrives (decision 0132).
            <div
              className={`${hasSidebar && hasProducts ? 'grid grid-cols-[minmax(0,1fr)_10.5rem] sm:flex' : 'flex'} h-10 items-center gap-2 sm:gap-3 lg:h-14 lg:rounded-card lg:bg-white lg:px-4 lg:py-2 lg:shadow-card lg:ring-1 lg:ring-ink-100 ${
                hasSidebar ? 'lg:col-start-2 lg:row-start-1' : ''
              }`}
            >
              {hasSidebar ? <FiltersButton className="flex-1 sm:flex-none" /> : null}
              {hasProducts ? (
                <>
                  <p className="hidden text-sm text-ink-700 sm:block" aria-live="polite">
                    <strong className="font-semibold text-ink-900">{productCount(total)}</strong>
                    {paginas > 1 ? (
                      <span className="text-ink-500">
                        {' '}
                        · página {pagina} de {paginas}
                      </span>
                    ) : null}
                  </p>
                  <SortSelect className="flex-1 sm:ml-auto sm:flex-none" />
                </>
              ) : null}
            </div>
          ) : null}
          {hasSidebar ? <div className="lg:col-start-1 lg:row-span-2 lg:row-start-1">{sidebar}</div> : null}
          <section aria-labelledby="lista-produtos" className={`min-w-0 ${hasSidebar ? 'lg:col-start-2' : ''}`}>
            <h2 id="lista-produtos" className="sr-only">
              Produtos
            </h2>
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
      </ListingFiltersContext.Provider>
    </div>
  )
}
