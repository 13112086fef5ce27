import { useState } from 'react'
import { Link, data } from 'react-router'
import { MESSAGE_STATUS_NAMES, messageIdParamsSchema, messageIntentSchema } from '../../../contract/admin/after-sale'
import { CONTACT, CONTACT_DONE } from '../../../contract/messages/contact'
import { closeMessage, messageForStaff, replyToMessage } from '../../../server/domain/contact/admin'
import { refuse } from '../../../server/domain/refusal'
import { can } from '../../../server/domain/staff/permissions'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import { formatDateTime } from '~/components/admin/format'
import { BackLink } from '~/components/admin/PageBits'
import { PageHeader } from '~/components/admin/PageHeader'
import { MESSAGE_TONE, StatusPill } from '~/components/admin/after-sale/QueueBits'
import { useStaffAction } from '~/lib/admin-action'
import { answer, refused, requireStaffPage, staffAction } from '~/lib/admin.server'
import type { Route } from './+types/mensagem'

export { shouldRevalidate } from '~/lib/admin-action'

/** /admin/mensagens/{id} — one 'Fale conosco' message: read it, answer by e-mail, close it. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'messages:reply')
  const id = messageIdParamsSchema.safeParse({ id: params.id })
  const message = id.success ? await messageForStaff(context.db, id.data.id) : null
  if (!message) throw data({ msg: CONTACT.notFound.message }, { status: 404 })
  return { message, orders: can(me.role, 'orders:read') }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, messageIntentSchema, 'messages:reply')
  const id = messageIdParamsSchema.safeParse({ id: params.id })
  if (!id.success) return refused(refuse(CONTACT.notFound))
  switch (input.intent) {
    case 'responder':
      return answer(await replyToMessage(context, { id: id.data.id, reply: input.resposta, actor: staff.actor }), CONTACT_DONE.replied)
    case 'encerrar':
      return answer(await closeMessage(context.db, { id: id.data.id, actor: staff.actor }), CONTACT_DONE.closed)
  }
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `${page?.message.subject ?? 'Mensagem'} | Painel Vitrine` },
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function Mensagem({ loaderData }: Route.ComponentProps) {
  const { message: m, orders } = loaderData
  const [reply, setReply] = useState('')
  const [closing, setClosing] = useState(false)
  const send = useStaffAction({ key: 'responder', onDone: () => setReply('') })
  const close = useStaffAction({ key: 'encerrar', onDone: () => setClosing(false) })

  return (
    <>
      <BackLink to="/admin/mensagens" label="Mensagens" />
      <PageHeader
        title={m.subject}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <StatusPill tone={MESSAGE_TONE[m.status]}>{MESSAGE_STATUS_NAMES[m.status]}</StatusPill> recebida em {formatDateTime(m.createdAt)}
          </span>
        }
        actions={
          m.status !== 'encerrada' ? (
            <button type="button" className="adm-btn-ghost" onClick={() => setClosing(true)}>
              Encerrar
            </button>
          ) : null
        }
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <section className="adm-card p-5" aria-labelledby="msg-texto">
            <h2 id="msg-texto" className="sr-only">
              Mensagem
            </h2>
            {/* Plain text, escaped by React; links are not made clickable. */}
            <p className="text-sm break-words whitespace-pre-wrap text-ink-900">{m.message}</p>
          </section>
          {m.reply ? (
            <section className="adm-card border-l-4 border-brand-200 p-5" aria-labelledby="msg-resposta">
              <h2 id="msg-resposta" className="mb-1 text-sm font-bold text-brand-700">
                Resposta enviada{m.repliedAt ? ` em ${formatDateTime(m.repliedAt)}` : ''}
              </h2>
              <p className="text-sm break-words whitespace-pre-wrap text-ink-700">{m.reply}</p>
            </section>
          ) : null}
          {m.status !== 'encerrada' ? (
            <form
              onSubmit={(e) => {
                e.preventDefault()
                send.submit('responder', { resposta: reply.trim() })
              }}
              className="adm-card flex flex-col gap-2 p-5"
            >
              <label htmlFor="resposta" className="adm-label">
                {m.reply ? 'Responder de novo' : 'Responder'} — vai por e-mail para {m.email}
              </label>
              <textarea id="resposta" value={reply} onChange={(e) => setReply(e.target.value)} rows={6} maxLength={4000} className="adm-input" required />
              <div>
                <button type="submit" className="adm-btn" disabled={send.busy || !reply.trim()}>
                  {send.busy ? 'Enviando…' : 'Enviar resposta'}
                </button>
              </div>
            </form>
          ) : (
            <p className="text-sm text-ink-500">Mensagem encerrada: não espera mais resposta.</p>
          )}
        </div>
        <section className="adm-card h-fit p-5 text-sm" aria-labelledby="msg-de">
          <h2 id="msg-de" className="mb-2 font-bold text-ink-900">
            De
          </h2>
          <p className="font-medium break-words">{m.name}</p>
          <p className="break-all">{m.email}</p>
          <p className="mt-1 text-ink-500">{m.customerId ? 'Cliente com conta (logado ao escrever)' : 'Visitante'}</p>
          {m.orderCode ? (
            <p className="mt-2">
              Pedido:{' '}
              {orders ? (
                <Link to={`/admin/pedidos/${m.orderCode}`} className="font-semibold text-brand-700 hover:underline">
                  {m.orderCode}
                </Link>
              ) : (
                <span className="font-semibold">{m.orderCode}</span>
              )}
            </p>
          ) : null}
        </section>
      </div>
      <ConfirmDialog
        open={closing}
        title="Encerrar esta mensagem?"
        confirmLabel="Encerrar"
        busy={close.busy}
        onConfirm={() => close.submit('encerrar')}
        onClose={() => setClosing(false)}
      >
        <p>Ela sai da lista de novas e não poderá mais ser respondida por aqui.</p>
      </ConfirmDialog>
    </>
  )
}
