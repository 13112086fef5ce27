import { Link } from 'react-router'

type Params = Record<string, string | number | undefined | null>

/**
 * The back office's pager (keyset lists): a link to the previous and to the next page, keeping the
 * list's filters (`situacao`, `keep`: empty ones are left out). A cursor goes under its
 * key (`antes`, `apos`); an empty cursor is the first page (no key). Either side may be absent.
 */
export function Pager({
  base,
  situacao,
  keep,
  prev,
  next,
  prevKey = 'antes',
  nextKey = 'apos',
  prevLabel = '← Anteriores',
  nextLabel = 'Próximos →',
}: {
  base: string
  situacao?: string
  keep?: Params
  prev: string | null
  next: string | null
  prevKey?: string
  nextKey?: string
  prevLabel?: string
  nextLabel?: string
}) {
  if (prev === null && next === null) return null
  const to = (key: string, cursor: string) => {
    const query = new URLSearchParams()
    for (const [k, v] of Object.entries({ ...keep, ...(situacao ? { situacao } : {}) })) if (v !== undefined && v !== null && v !== '') query.set(k, String(v))
    if (cursor) query.set(key, cursor)
    const text = query.toString()
    return text ? `${base}?${text}` : base
  }
  return (
    <nav aria-label="Páginas" className="mt-4 flex items-center justify-between gap-2">
      {prev !== null ? (
        <Link to={to(prevKey, prev)} className="adm-btn-ghost" rel="prev">
          {prevLabel}
        </Link>
      ) : (
        <span />
      )}
      {next !== null ? (
        <Link to={to(nextKey, next)} className="adm-btn-ghost" rel="next">
          {nextLabel}
        </Link>
      ) : null}
    </nav>
  )
}
