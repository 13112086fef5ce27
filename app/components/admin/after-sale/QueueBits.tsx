import { Link } from 'react-router'
import type { MessageStatusName, ReturnStatusName, ReviewStatusName } from '../../../../contract/admin/after-sale'
import { formatCount } from '~/lib/money'

/**
 * The after-sale queues' pieces (Avaliações, Mensagens, Devoluções): status tabs with their counts,
 * a status pill and stars. The tabs are links (the filter lives in the URL).
 */
export function StatusTabs({
  base,
  current,
  tabs,
}: {
  base: string
  current: string | undefined
  tabs: Array<{ value: string | undefined; label: string; count?: number }>
}) {
  return (
    <nav aria-label="Situação" className="mb-4 flex gap-1.5 overflow-x-auto pb-1">
      {tabs.map((t) => {
        const active = (t.value ?? '') === (current ?? '')
        return (
          <Link
            key={t.label}
            to={t.value ? `${base}?situacao=${t.value}` : base}
            aria-current={active ? 'page' : undefined}
            className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap ring-1 ${active ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-ink-700 ring-ink-300 hover:bg-brand-50'}`}
          >
            {t.label}
            {t.count !== undefined ? (
              <span className={`rounded-full px-1.5 text-xs tabular-nums ${active ? 'bg-white/20' : 'bg-ink-100 text-ink-500'}`}>{formatCount(t.count)}</span>
            ) : null}
          </Link>
        )
      })}
    </nav>
  )
}

export type Tone = 'attention' | 'progress' | 'done' | 'muted'
const TONES: Record<Tone, string> = {
  attention: 'bg-accent-400/15 text-warn-500 ring-accent-500/30',
  progress: 'bg-brand-50 text-brand-700 ring-brand-200',
  done: 'bg-pix-50 text-pix-600 ring-pix-600/30',
  muted: 'bg-ink-100 text-ink-500 ring-ink-300',
}

export const REVIEW_TONE: Record<ReviewStatusName, Tone> = { pendente: 'attention', aprovada: 'done', oculta: 'muted' }
export const MESSAGE_TONE: Record<MessageStatusName, Tone> = { nova: 'attention', respondida: 'done', encerrada: 'muted' }
export const RETURN_TONE: Record<ReturnStatusName, Tone> = {
  solicitada: 'attention',
  aprovada: 'progress',
  recebida: 'progress',
  reembolsada: 'done',
  recusada: 'muted',
}

export function StatusPill({ tone, children }: { tone: Tone; children: React.ReactNode }) {
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${TONES[tone]}`}>{children}</span>
}

/** Stars as text for the back office (★★★★☆), with the number for screen readers. */
export function Stars({ value }: { value: number }) {
  return (
    <span className="text-accent-500" aria-label={`${value} de 5 estrelas`} title={`${value} de 5`}>
      <span aria-hidden="true">
        {'★'.repeat(value)}
        <span className="text-ink-300">{'★'.repeat(5 - value)}</span>
      </span>
    </span>
  )
}
