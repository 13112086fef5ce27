import { Link, useLocation } from 'react-router'
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/icons'

export type PageItem = number | 'gap'

/** Up to this many pages every number shows; above it the list compacts. */
export const PAGINATION_COMPACT_ABOVE = 5

/**
 * Page numbers to show: all of them up to 5 pages; above that the first, the last and the current
 * page with its neighbours, gaps as 'gap' (1 … 4 5 6 … 20). Near either end four pages show
 * (1 2 3 4 … 20), and a gap that would hide a single page shows that page instead.
 */
export function pageItems(current: number, total: number): PageItem[] {
  const last = Math.max(1, Math.floor(total))
  const cur = Math.min(Math.max(1, Math.floor(current)), last)
  if (last <= PAGINATION_COMPACT_ABOVE) return Array.from({ length: last }, (_, i) => i + 1)
  let from = Math.max(2, cur - 1)
  let to = Math.min(last - 1, cur + 1)
  if (cur <= 3) to = 4
  if (cur >= last - 2) from = last - 3
  const items: PageItem[] = [1]
  if (from === 3) items.push(2)
  else if (from > 3) items.push('gap')
  for (let n = from; n <= to; n++) items.push(n)
  if (to === last - 2) items.push(last - 1)
  else if (to < last - 2) items.push('gap')
  items.push(last)
  return items
}

/** The current URL's query with `pagina` set (dropped for page 1, so page 1 has one URL). */
export function pageSearch(search: string, page: number): string {
  const params = new URLSearchParams(search)
  if (page > 1) params.set('pagina', String(page))
  else params.delete('pagina')
  const s = params.toString()
  return s ? `?${s}` : ''
}

const box = 'flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-semibold transition'

/** Page links for a listing; the page lives in the URL (`?pagina=N`), other filters are kept. */
export function Pagination({ pagina, paginas }: { pagina: number; paginas: number }) {
  const location = useLocation()
  if (paginas <= 1) return null
  const to = (page: number) => ({ pathname: location.pathname, search: pageSearch(location.search, page) })
  const edge = (page: number, label: string, icon: React.ReactNode, disabled: boolean, iconFirst: boolean) =>
    disabled ? (
      <span aria-disabled="true" className={`${box} cursor-not-allowed gap-1 text-ink-300`}>
        {iconFirst ? icon : null}
        <span className="hidden sm:inline">{label}</span>
        {iconFirst ? null : icon}
      </span>
    ) : (
      <Link
        to={to(page)}
        rel={page < pagina ? 'prev' : 'next'}
        aria-label={`${label} (página ${page})`}
        className={`${box} gap-1 text-ink-700 ring-1 ring-ink-100 hover:bg-brand-50 hover:text-brand-700`}
      >
        {iconFirst ? icon : null}
        <span className="hidden sm:inline">{label}</span>
        {iconFirst ? null : icon}
      </Link>
    )
  return (
    <nav aria-label="Paginação" className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1.5 rounded-card bg-white p-2 shadow-card">
        <li>{edge(pagina - 1, 'Anterior', <ChevronLeftIcon width={18} height={18} />, pagina <= 1, true)}</li>
        {pageItems(pagina, paginas).map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-ink-500">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={to(item)}
                aria-label={`Página ${item}`}
                aria-current={item === pagina ? 'page' : undefined}
                className={`${box} ${item === pagina ? 'bg-brand-600 text-white shadow-sm' : 'text-ink-700 hover:bg-brand-50 hover:text-brand-700'}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>{edge(pagina + 1, 'Próxima', <ChevronRightIcon width={18} height={18} />, pagina >= paginas, false)}</li>
      </ul>
    </nav>
  )
}
