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

/** Why a list could not be read as asked (a filter or search the server refused), in pt-BR. */
export function ErrorNotice({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <p role="alert" className="mb-4 rounded-lg border border-danger-600/30 bg-danger-600/5 px-4 py-3 text-sm text-danger-600">
      {message}
    </p>
  )
}
