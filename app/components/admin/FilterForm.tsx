import type { ReactNode } from 'react'
import { Form, Link } from 'react-router'

/**
 * A list page's filters: a GET form (the URL carries them) in the back office's card grid, closed by
 * "Filtrar" and a "Limpar" link back to `clear`. `extra` goes before those two buttons.
 */
export function FilterForm({
  clear,
  actionsClassName = '',
  extra,
  children,
}: {
  clear: string
  actionsClassName?: string
  extra?: ReactNode
  children: ReactNode
}) {
  return (
    <Form method="get" className="adm-card mb-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-6" aria-label="Filtros">
      {children}
      <div className={`flex items-end gap-2 ${actionsClassName}`.trim()}>
        {extra}
        <button type="submit" className="adm-btn">
          Filtrar
        </button>
        <Link to={clear} className="adm-btn-ghost">
          Limpar
        </Link>
      </div>
    </Form>
  )
}
