/**
 * An audit line's before/after, readable: for records, each field that changed as
 * "campo: antes → depois" (fields only on one side shown alone); anything else as short JSON.
 */
const show = (value: unknown): string => {
  if (value === null || value === undefined) return '—'
  if (typeof value === 'boolean') return value ? 'sim' : 'não'
  if (typeof value === 'string' || typeof value === 'number') return String(value)
  return JSON.stringify(value)
}
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

export function ChangeView({ before, after }: { before: unknown; after: unknown }) {
  if (before == null && after == null) return <span className="text-ink-300">—</span>
  if ((before == null || isRecord(before)) && (after == null || isRecord(after))) {
    const b = (before ?? {}) as Record<string, unknown>
    const a = (after ?? {}) as Record<string, unknown>
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    if (keys.length === 0) return <span className="text-ink-500">sem mudança</span>
    return (
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs">
        {keys.map((k) => (
          <div key={k} className="contents">
            <dt className="font-medium text-ink-500">{k}</dt>
            <dd className="break-all text-ink-900">
              {k in b && before != null ? <span className="text-danger-600 line-through decoration-1">{show(b[k])}</span> : null}
              {k in b && before != null && k in a && after != null ? ' → ' : null}
              {k in a && after != null ? <span className="text-pix-600">{show(a[k])}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    )
  }
  return (
    <span className="text-xs break-all">
      {show(before)} → {show(after)}
    </span>
  )
}
