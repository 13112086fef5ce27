import { Link } from 'react-router'
import type { Crumb } from '~/lib/seo'
import { ChevronRightIcon } from '../ui/icons'

export type { Crumb }

/**
 * "Início › Categoria › Página": the trail above a listing or product (same steps as its JSON-LD).
 * Each step is 20 px tall from its first byte, and the chevron closes a step rather than opening the
 * next: the last step (a product's long name, wrapping to a line of its own on a phone) is nothing
 * until its name arrives, where a chevron before it was painted on the first line and then moved
 * to the second (decision 0132).
 */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const all: Crumb[] = [{ titulo: 'Início', path: '/' }, ...items]
  return (
    <nav aria-label="Trilha de navegação" className="text-[13px] text-ink-500">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-0.5">
        {all.map((c, i) => {
          const last = i === all.length - 1
          return (
            <li key={`${i}-${c.titulo}`} className="flex h-5 min-w-0 items-center gap-1">
              {c.path && !last ? (
                <Link to={c.path} className="truncate hover:text-brand-700 hover:underline">
                  {c.titulo}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className="truncate font-medium text-ink-700 empty:hidden">
                  {c.titulo}
                </span>
              )}
              {last ? null : <ChevronRightIcon width={14} height={14} className="shrink-0 text-ink-300" />}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
