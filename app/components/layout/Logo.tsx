import { Link } from 'react-router'

/** The brand link to the home page. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-lg text-white" aria-label="Vitrine — página inicial">
      <svg viewBox="0 0 64 64" width={compact ? 32 : 40} height={compact ? 32 : 40} aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#fff" />
        <path d="M16 18h8l8 22 8-22h8L36 48h-8z" fill="#173b9e" />
        <circle cx="48" cy="48" r="6" fill="#f76b15" />
      </svg>
      {compact ? null : (
        <span className="text-2xl leading-none font-extrabold tracking-tight">
          vitrine<span className="text-accent-400">.</span>
        </span>
      )}
    </Link>
  )
}
