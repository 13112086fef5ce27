import { useState } from 'react'
import { Link } from 'react-router'
import { REPLY_MAX, REVIEW_STATUS_NAMES } from '../../../../contract/admin/after-sale'
import type { StaffReviewRow } from '../../../../server/domain/review/admin-list'
import { formatDateTime } from '~/components/admin/format'
import { REVIEW_TONE, Stars, StatusPill } from './QueueBits'

type Props = {
  review: StaffReviewRow
  /** Links the order when the person may read orders. */
  orders: boolean
  busy: boolean
  editing: boolean
  onEdit: (editing: boolean) => void
  onSubmit: (intent: 'aprovar' | 'ocultar' | 'responder', fields?: { resposta: string }) => void
}

/** One review of Avaliações: what the buyer wrote, the store's reply, and approve / hide / reply. */
export function ReviewCard({ review: r, orders, busy, editing, onEdit, onSubmit }: Props) {
  const [reply, setReply] = useState(r.resposta ?? '')
  return (
    <li className="adm-card p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <StatusPill tone={REVIEW_TONE[r.status]}>{REVIEW_STATUS_NAMES[r.status]}</StatusPill>
        <Stars value={r.nota} />
        <a href={`/produto/${r.produtoLink}`} target="_blank" rel="noreferrer" className="min-w-0 truncate font-semibold text-brand-700 hover:underline">
          {r.produtoTitulo}
        </a>
      </div>
      <h2 className="mt-2 font-bold break-words text-ink-900">{r.titulo}</h2>
      {/* Plain text, escaped by React; links are not made clickable (docs/decisions/0080). */}
      <p className="mt-1 text-sm break-words whitespace-pre-wrap text-ink-700">{r.texto}</p>
      <p className="mt-2 text-xs text-ink-500">
        {r.autor} · {formatDateTime(r.criadaEm)} · pedido{' '}
        {orders ? (
          <Link to={`/admin/pedidos/${r.pedido}`} className="whitespace-nowrap text-brand-700 hover:underline">
            {r.pedido}
          </Link>
        ) : (
          r.pedido
        )}
      </p>
      {r.resposta && !editing ? (
        <div className="mt-3 rounded-lg border-l-4 border-brand-200 bg-brand-50/60 px-3 py-2 text-sm">
          <p className="text-xs font-semibold text-brand-700">Resposta da loja{r.respondidaEm ? ` · ${formatDateTime(r.respondidaEm)}` : ''}</p>
          <p className="break-words whitespace-pre-wrap text-ink-700">{r.resposta}</p>
        </div>
      ) : null}
      {editing ? (
        <form
          className="mt-3 flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            onSubmit('responder', { resposta: reply.trim() })
          }}
        >
          <label htmlFor={`resposta-${r.id}`} className="adm-label">
            Resposta da loja (aparece sob a avaliação; deixe vazio para remover)
          </label>
          <textarea
            id={`resposta-${r.id}`}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            rows={3}
            maxLength={REPLY_MAX}
            className="adm-input"
            autoFocus
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="adm-btn" disabled={busy}>
              {busy ? 'Salvando…' : 'Salvar resposta'}
            </button>
            <button
              type="button"
              className="adm-btn-ghost"
              onClick={() => {
                onEdit(false)
                setReply(r.resposta ?? '')
              }}
            >
              Cancelar
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          {r.status !== 'aprovada' ? (
            <button type="button" className="adm-btn" disabled={busy} onClick={() => onSubmit('aprovar')}>
              Aprovar
            </button>
          ) : null}
          {r.status !== 'oculta' ? (
            <button type="button" className="adm-btn-ghost" disabled={busy} onClick={() => onSubmit('ocultar')}>
              Ocultar
            </button>
          ) : null}
          <button type="button" className="adm-btn-ghost" disabled={busy} onClick={() => onEdit(true)}>
            {r.resposta ? 'Editar resposta' : 'Responder'}
          </button>
        </div>
      )}
    </li>
  )
}
