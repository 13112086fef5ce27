import { Link } from 'react-router'
import { SearchIcon } from '../ui/icons'

export const EMPTY_TITLE = 'Nenhum resultado foi encontrado'
export const EMPTY_HINT = 'Tente usar palavras-chave diferentes ou mais genéricas.'

/**
 * No results, a failed search or an unknown brand: 'Nenhum resultado foi encontrado', a hint
 * to use different or more generic keywords and a button to the home. `children` adds a line such as
 * the "did you mean" link.
 */
export function EmptyResults({
  headingLevel = 'h2',
  title = EMPTY_TITLE,
  hint = EMPTY_HINT,
  children,
}: {
  headingLevel?: 'h1' | 'h2'
  /** Another page's not-found text (e.g. an unknown category); the spec's text by default. */
  title?: string
  hint?: string
  children?: React.ReactNode
}) {
  const Heading = headingLevel
  return (
    <section
      data-testid="empty-results"
      className="flex flex-col items-center gap-4 rounded-card bg-white px-6 py-14 text-center shadow-card ring-1 ring-ink-100"
    >
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-600" aria-hidden="true">
        <SearchIcon width={30} height={30} />
      </span>
      <Heading className="text-xl font-bold text-ink-900 sm:text-2xl">{title}</Heading>
      <p className="max-w-md text-ink-500">{hint}</p>
      {children}
      <Link to="/" className="btn-primary mt-2">
        Voltar para a página inicial
      </Link>
    </section>
  )
}

/** A listing that does not exist (unknown category or brand): the not-found state as the page. */
export function ListingNotFound({ title, hint }: { title?: string; hint?: string }) {
  return (
    <div className="container-page py-8">
      <EmptyResults headingLevel="h1" title={title} hint={hint} />
    </div>
  )
}
