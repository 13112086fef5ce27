import { useState } from 'react'
import type { AdminOrderDetail } from '../../../../server/domain/order/admin-detail'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import { formatDateTime } from '~/components/admin/format'
import { useStaffAction } from '~/lib/admin-action'

const DOT: Partial<Record<string, string>> = { note: 'bg-accent-500', cancelled: 'bg-danger-600', refund: 'bg-danger-600' }

/** The order's timeline, internal notes included, and (for who may) the form that adds a note. */
export function OrderTimeline({ events, mayNote }: { events: AdminOrderDetail['events']; mayNote: boolean }) {
  return (
    <section className="adm-card p-5" aria-labelledby="linha-do-tempo">
      <h2 id="linha-do-tempo" className="mb-3 font-bold text-ink-900">
        Linha do tempo
      </h2>
      {events.length === 0 ? <p className="text-sm text-ink-500">Nenhum evento registrado.</p> : null}
      <ol className="flex flex-col gap-3 border-l-2 border-ink-100 pl-4">
        {events.map((e) => (
          <li key={e.id} className="relative text-sm">
            <span aria-hidden="true" className={`absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full ${DOT[e.kind] ?? 'bg-brand-500'}`} />
            <p className={e.kind === 'note' ? 'rounded-lg bg-accent-400/10 px-3 py-2 whitespace-pre-wrap' : ''}>
              {e.kind === 'note' ? <span className="mb-1 block text-xs font-semibold text-warn-500">Nota interna</span> : null}
              {e.summary}
            </p>
            <p className="text-xs text-ink-500">
              {formatDateTime(e.at)} · {e.actor}
            </p>
          </li>
        ))}
      </ol>
      {mayNote ? <NoteForm /> : null}
    </section>
  )
}

/** A note stays on the timeline for good (it cannot be edited or removed), so it is confirmed first. */
function NoteForm() {
  const [note, setNote] = useState('')
  const [confirming, setConfirming] = useState(false)
  const add = useStaffAction({
    key: 'nota',
    onDone: () => {
      setConfirming(false)
      setNote('')
    },
  })
  return (
    <>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (note.trim()) setConfirming(true)
        }}
        className="mt-4 flex flex-col gap-2"
      >
        <label htmlFor="nota" className="adm-label">
          Nota interna (o cliente não vê)
        </label>
        <textarea id="nota" value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={2000} className="adm-input" required />
        <div>
          <button type="submit" className="adm-btn" disabled={add.busy || !note.trim()}>
            Adicionar nota
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Adicionar esta nota ao pedido?"
        confirmLabel="Adicionar nota"
        busy={add.busy}
        onConfirm={() => add.submit('nota', { texto: note.trim() })}
        onClose={() => setConfirming(false)}
      >
        <p>A nota fica na linha do tempo do pedido, com seu nome, e não pode ser apagada. O cliente não a vê.</p>
        <blockquote className="mt-2 max-h-40 overflow-y-auto rounded-lg bg-ink-50 px-3 py-2 whitespace-pre-wrap">{note.trim()}</blockquote>
      </ConfirmDialog>
    </>
  )
}
