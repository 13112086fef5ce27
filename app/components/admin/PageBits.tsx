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
