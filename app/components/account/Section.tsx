import type { ReactNode } from 'react'

/** One block of Minha Conta. */
export function Section({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-card bg-white p-5 shadow-card sm:p-6">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-bold text-ink-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  )
}
