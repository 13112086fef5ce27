import type { ReactNode } from 'react'
import { EmptyState } from './EmptyState'

export type Column<T> = {
  /** Column heading. */
  header: string
  cell: (row: T) => ReactNode
  /** Right-aligned (numbers, money). */
  numeric?: boolean
  /** Hidden under 640 px, where the table would not fit. */
  wide?: boolean
  className?: string
}

/**
 * The back office's table: a card, a header row, zebra-free rows with a hover, numbers on the
 * right; it scrolls sideways on a phone rather than squeezing. `empty` is shown when there are no
 * rows; `loading` greys the rows while a new page loads.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  empty,
  loading,
  caption,
}: {
  columns: Column<T>[]
  rows: T[]
  rowKey: (row: T) => string | number
  empty: ReactNode
  loading?: boolean
  caption?: string
}) {
  return (
    <div className="adm-card overflow-x-auto" aria-busy={loading || undefined}>
      <table className={`w-full border-collapse text-left text-sm ${loading ? 'opacity-60' : ''}`}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead>
          <tr className="border-b border-ink-100 bg-ink-50 text-xs tracking-wide text-ink-500 uppercase">
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                className={`px-4 py-3 font-semibold whitespace-nowrap ${c.numeric ? 'text-right' : ''} ${c.wide ? 'hidden sm:table-cell' : ''}`}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow span={columns.length}>{empty}</EmptyRow>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="border-b border-ink-100 align-top last:border-0 hover:bg-brand-50/40">
                {columns.map((c) => (
                  <td
                    key={c.header}
                    className={`px-4 py-3 ${c.numeric ? 'text-right tabular-nums' : ''} ${c.wide ? 'hidden sm:table-cell' : ''} ${c.className ?? ''}`}
                  >
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}

/** A table's one row when it has none: a sentence (shown as an EmptyState) or any node across `span` columns. */
export function EmptyRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={span}>{typeof children === 'string' ? <EmptyState title={children} /> : children}</td>
    </tr>
  )
}
