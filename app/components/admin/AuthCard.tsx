import type { ReactNode } from 'react'

/** The frame of the pages before the back office (login, invitation): a card on the brand colour. */
export function AuthCard({ title, subtitle, wide, children }: { title: string; subtitle?: string; wide?: boolean; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-brand-900 px-4 py-10">
      <div className={`adm-card w-full ${wide ? 'max-w-2xl' : 'max-w-sm'} p-6 sm:p-8`}>
        <p className="mb-4 text-sm font-bold text-brand-700">Vitrine · Painel</p>
        <h1 className="text-xl font-bold text-ink-900">{title}</h1>
        {subtitle ? <p className="mt-1 mb-5 text-sm text-ink-500">{subtitle}</p> : <div className="mb-5" />}
        {children}
      </div>
    </main>
  )
}
