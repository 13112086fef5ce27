import type { ReactNode } from 'react'
import { UserIcon } from '../ui/icons'

/** The centred card every login, registration and recovery screen sits in. */
export function AuthCard({ title, subtitle, children, wide = false }: { title: string; subtitle?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <section className="container-page flex justify-center py-8 sm:py-12">
      <div className={`w-full ${wide ? 'max-w-2xl' : 'max-w-md'} rounded-card bg-white p-6 shadow-card sm:p-8`}>
        <div className="mb-6 flex items-center gap-3">
          <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <UserIcon width={24} height={24} />
          </span>
          <div>
            <h1 className="text-xl font-bold text-ink-900 sm:text-2xl">{title}</h1>
            {subtitle ? <p className="text-sm text-ink-500">{subtitle}</p> : null}
          </div>
        </div>
        {children}
      </div>
    </section>
  )
}

/** A screen with one message (loading, redirecting, denied), centred. */
export function StatusCard({ title, children, tone = 'info' }: { title: string; children?: ReactNode; tone?: 'info' | 'danger' }) {
  return (
    <section className="container-page flex justify-center py-12">
      <div className="w-full max-w-md rounded-card bg-white p-8 text-center shadow-card" role={tone === 'danger' ? 'alert' : 'status'}>
        <h1 className={`text-2xl font-bold ${tone === 'danger' ? 'text-danger-600' : 'text-ink-900'}`}>{title}</h1>
        {children ? <div className="mt-3 text-ink-500">{children}</div> : null}
      </div>
    </section>
  )
}

/** The access-denied (temporary suspension) screen. */
export function AccessDenied() {
  return (
    <StatusCard title="Acesso negado!" tone="danger">
      <p>O acesso foi temporariamente suspenso por motivos de segurança. Tente novamente em alguns minutos.</p>
      <a href="/" className="btn-primary mt-6">
        Voltar para a página inicial
      </a>
    </StatusCard>
  )
}
