import { useState } from 'react'
import { Link, data, useNavigation, useRevalidator } from 'react-router'
import { REPLY_MAX, REVIEW_STATUS_NAMES, reviewListQuerySchema, type ReviewStatusName } from '../../../contract/admin/after-sale'
import { listReviewsForStaff } from '../../../server/domain/review/admin-list'
import { can } from '../../../server/domain/staff/permissions'
import { EmptyState } from '~/components/admin/EmptyState'
import { toastResult } from '~/components/admin/feedback'
import { formatDateTime } from '~/components/admin/format'
import { ErrorNotice } from '~/components/admin/PageBits'
import { PageHeader } from '~/components/admin/PageHeader'
import { Pager, REVIEW_TONE, Stars, StatusPill, StatusTabs } from '~/components/admin/QueueBits'
import { adminCall } from '~/lib/admin-api'
import { requireStaffPage } from '~/lib/admin.server'
import type { Route } from './+types/avaliacoes'

/** /admin/avaliacoes — buyers' reviews, pending first: approve, hide, reply as the store. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'reviews:moderate')
  const raw = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = reviewListQuerySchema.safeParse(raw)
  const orders = can(me.role, 'orders:read')
  if (!parsed.success) return data({ situacao: undefined, erro: parsed.error.issues[0]?.message ?? 'Filtro inválido.', list: null, orders }, { status: 400 })
  return { situacao: parsed.data.situacao, erro: null, list: await listReviewsForStaff(context.db, parsed.data), orders }
}

export const meta: Route.MetaFunction = () => [{ title: 'Avaliações | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

type Row = NonNullable<Route.ComponentProps['loaderData']['list']>['rows'][number]

export default function Avaliacoes({ loaderData }: Route.ComponentProps) {
  const { situacao, erro, list, orders } = loaderData
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/avaliacoes'
  const counts = list?.counts ?? {}
  const all = Object.values(counts).reduce((s, n) => s + n, 0)
  return (
    <>
      <PageHeader title="Avaliações" description="O que os compradores escreveram. Uma avaliação aprovada aparece na página do produto na hora." />
      <StatusTabs
        base="/admin/avaliacoes"
        current={situacao}
        tabs={[{ value: undefined, label: 'Todas', count: all }, ...(Object.keys(REVIEW_STATUS_NAMES) as ReviewStatusName[]).map((s) => ({ value: s, label: `${REVIEW_STATUS_NAMES[s]}s`, count: counts[s] ?? 0 }))]}
      />
      <ErrorNotice message={erro} />
      {list && list.rows.length === 0 ? (
        <div className="adm-card">
          <EmptyState title={situacao === 'pendente' ? 'Nenhuma avaliação esperando revisão.' : 'Nenhuma avaliação aqui.'} />
        </div>
      ) : null}
      <ul className={`flex flex-col gap-3 ${loading ? 'opacity-60' : ''}`} aria-busy={loading || undefined}>
        {list?.rows.map((r) => (
          <ReviewCard key={r.id} review={r} orders={orders} />
        ))}
      </ul>
      {list ? <Pager base="/admin/avaliacoes" situacao={situacao} prev={list.prev} next={list.next} /> : null}
    </>
  )
}

function ReviewCard({ review: r, orders }: { review: Row; orders: boolean }) {
  const revalidator = useRevalidator()
  const [busy, setBusy] = useState(false)
  const [replying, setReplying] = useState(false)
  const [reply, setReply] = useState(r.resposta ?? '')

  async function moderate(change: { situacao?: ReviewStatusName; resposta?: string }, fallback: string) {
    setBusy(true)
    const result = await adminCall('avaliacaoModerar', { id: r.id, ...change })
    setBusy(false)
    const done = toastResult(result, result.ok ? result.data.msg : fallback)
    if (done && change.resposta !== undefined) setReplying(false)
    revalidator.revalidate()
  }

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
      {r.resposta && !replying ? (
        <div className="mt-3 rounded-lg border-l-4 border-brand-200 bg-brand-50/60 px-3 py-2 text-sm">
          <p className="text-xs font-semibold text-brand-700">Resposta da loja{r.respondidaEm ? ` · ${formatDateTime(r.respondidaEm)}` : ''}</p>
          <p className="break-words whitespace-pre-wrap text-ink-700">{r.resposta}</p>
        </div>
      ) : null}
      {replying ? (
        <form
          className="mt-3 flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            void moderate({ resposta: reply.trim() }, 'Resposta salva.')
          }}
        >
          <label htmlFor={`resposta-${r.id}`} className="adm-label">
            Resposta da loja (aparece sob a avaliação; deixe vazio para remover)
          </label>
          <textarea id={`resposta-${r.id}`} value={reply} onChange={(e) => setReply(e.target.value)} rows={3} maxLength={REPLY_MAX} className="adm-input" autoFocus />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="adm-btn" disabled={busy}>
              {busy ? 'Salvando…' : 'Salvar resposta'}
            </button>
            <button
              type="button"
              className="adm-btn-ghost"
              onClick={() => {
                setReplying(false)
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
            <button type="button" className="adm-btn" disabled={busy} onClick={() => moderate({ situacao: 'aprovada' }, 'Avaliação aprovada.')}>
              Aprovar
            </button>
          ) : null}
          {r.status !== 'oculta' ? (
            <button type="button" className="adm-btn-ghost" disabled={busy} onClick={() => moderate({ situacao: 'oculta' }, 'Avaliação ocultada.')}>
              Ocultar
            </button>
          ) : null}
          <button type="button" className="adm-btn-ghost" disabled={busy} onClick={() => setReplying(true)}>
            {r.resposta ? 'Editar resposta' : 'Responder'}
          </button>
        </div>
      )}
    </li>
  )
}
