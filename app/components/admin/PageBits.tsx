import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** The way back to a list, above a detail page's title. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <p className="mb-2 text-sm">
      <Link to={to} className="text-brand-700 hover:underline">
        ← {label}
      </Link>
    </p>
  )
}

/**
 * A card of a detail page (an order, a return, a customer), named by its heading. `table`: a card
 * that holds a table, scrolled sideways on a narrow screen; `className` adds to its place in the grid.
 */
export function DetailCard({
  id,
  title,
  table = false,
  className,
  children,
}: {
  id: string
  title: string
  table?: boolean
  className?: string
  children: ReactNode
}) {
  const own = table ? 'adm-card overflow-x-auto p-5' : 'adm-card p-5 text-sm'
  return (
    <section className={className ? `${own} ${className}` : own} aria-labelledby={id}>
      <h2 id={id} className={`${table ? 'mb-3' : 'mb-2'} font-bold text-ink-900`}>
        {title}
      </h2>
      {children}
    </section>
  )
}
