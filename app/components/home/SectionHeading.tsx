import { Link } from 'react-router'
import { ChevronRightIcon } from '../ui/icons'

/** Home block heading: uppercase title with the brand accent bar, optional "Ver todos" link. */
export function SectionHeading({ id, title, more }: { id: string; title: string; more?: { to: string; label: string } }) {
  return (
    <div className="mb-3 flex items-end justify-between gap-3 sm:mb-4">
      <h2 id={id} className="flex h-7 items-center gap-2.5 text-lg font-extrabold tracking-wide text-ink-900 uppercase sm:text-xl">
        <span className="h-6 w-1.5 rounded-full bg-accent-500" aria-hidden="true" />
        {title}
      </h2>
      {more ? (
        <Link to={more.to} className="flex items-center gap-0.5 text-sm font-semibold text-brand-600 hover:text-brand-800">
          {more.label} <ChevronRightIcon width={16} height={16} />
        </Link>
      ) : null}
    </div>
  )
}
