import type { ReactNode } from 'react'

/** What a list shows when it has nothing: a sentence and, when useful, what to do next. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-12 text-center">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10 text-ink-300" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M3 7h18M3 12h18M3 17h10" strokeLinecap="round" />
      </svg>
      <p className="font-semibold text-ink-700">{title}</p>
      {children ? <div className="max-w-md text-sm text-ink-500">{children}</div> : null}
    </div>
  )
}
