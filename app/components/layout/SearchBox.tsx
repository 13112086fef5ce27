import { useState } from 'react'
import { Link, useMatch, useNavigate } from 'react-router'
import { usePersonal } from '~/lib/personal'
import { ClockIcon, SearchIcon } from '../ui/icons'
import { searchPath } from '../../../contract/urls'

/**
 * Search form: Enter or the button goes to /busca/{text}; blank text is ignored. Without
 * JavaScript the form still works through GET /busca?q=… (redirected by the server).
 */
export function SearchBox({ id, className = '', autoFocus = false, onDone }: { id: string; className?: string; autoFocus?: boolean; onDone?: () => void }) {
  const match = useMatch('/busca/:text')
  // React Router hands params over already decoded.
  const current = match?.params.text ?? ''
  return <SearchForm key={current} id={id} initial={current} className={className} autoFocus={autoFocus} onDone={onDone} />
}

function SearchForm({
  id,
  initial,
  className,
  autoFocus,
  onDone,
}: {
  id: string
  initial: string
  className: string
  autoFocus: boolean
  onDone?: () => void
}) {
  const [text, setText] = useState(initial)
  const [focused, setFocused] = useState(false)
  const navigate = useNavigate()
  const recent = usePersonal().histBusca
  const showRecent = focused && !text.trim() && recent.length > 0
  const recentId = `${id}-recentes`
  return (
    <form
      role="search"
      action="/busca"
      method="get"
      className={`relative flex w-full items-center ${className}`}
      onSubmit={(event) => {
        event.preventDefault()
        const path = searchPath(text)
        if (!path) return
        onDone?.()
        navigate(path)
      }}
    >
      <label htmlFor={id} className="sr-only">
        Buscar produtos
      </label>
      <input
        id={id}
        name="q"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onKeyDown={(e) => e.key === 'Escape' && setFocused(false)}
        aria-controls={showRecent ? recentId : undefined}
        placeholder="O que você procura hoje?"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        autoFocus={autoFocus}
        className="h-11 w-full rounded-full border border-transparent bg-white pr-12 pl-5 text-[15px] text-ink-900 shadow-sm outline-none placeholder:text-ink-500 focus:border-brand-200 focus:ring-4 focus:ring-brand-200/60"
      />
      <button
        type="submit"
        className="absolute right-1 flex h-9 w-9 items-center justify-center rounded-full bg-accent-500 text-white transition hover:bg-accent-600"
        aria-label="Buscar"
      >
        <SearchIcon width={18} height={18} />
      </button>
      {showRecent ? (
        <div
          id={recentId}
          role="region"
          aria-label="Buscas recentes"
          className="absolute top-12 right-0 left-0 z-50 rounded-xl border border-ink-100 bg-white py-2 text-ink-900 shadow-pop"
          // Keeps the input focused (and the list open) while a term is clicked.
          onMouseDown={(e) => e.preventDefault()}
        >
          <p className="px-4 pb-1 text-xs font-semibold tracking-wide text-ink-500 uppercase">Buscas recentes</p>
          <ul>
            {recent.map((term) => (
              <li key={term}>
                <Link
                  to={searchPath(term) ?? '/'}
                  onClick={() => {
                    setFocused(false)
                    onDone?.()
                  }}
                  className="flex items-center gap-3 px-4 py-2 text-[15px] hover:bg-ink-50 hover:text-brand-700"
                >
                  <ClockIcon width={16} height={16} className="shrink-0 text-ink-500" />
                  <span className="truncate">{term}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  )
}
