import { Link } from 'react-router'
import { ErrorNote } from './Field'

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

/** @deprecated the kit's one error note is ErrorNote (./Field.tsx): `<ErrorNote>{message}</ErrorNote>`. */
export function ErrorNotice({ message }: { message: string | null }) {
  return <ErrorNote>{message}</ErrorNote>
}
