import { Link } from 'react-router'

/** A keyset list's ← Anteriores / Próximos →, keeping the filter (`situacao`, or every parameter in `keep`). */
export function Pager({
  base,
  situacao,
  keep,
  prev,
  next,
}: {
  base: string
  situacao?: string
  keep?: Record<string, string>
  prev: string | null
  next: string | null
}) {
  if (!prev && !next) return null
  const to = (key: 'apos' | 'antes', cursor: string) => {
    const params = new URLSearchParams(keep)
    if (situacao) params.set('situacao', situacao)
    params.set(key, cursor)
    return `${base}?${params}`
  }
  return (
    <nav aria-label="Páginas" className="mt-4 flex items-center justify-between gap-2">
      {prev ? (
        <Link to={to('antes', prev)} className="adm-btn-ghost" rel="prev">
          ← Anteriores
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={to('apos', next)} className="adm-btn-ghost" rel="next">
          Próximos →
        </Link>
      ) : null}
    </nav>
  )
}
