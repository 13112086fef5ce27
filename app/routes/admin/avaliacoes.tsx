import { useState } from 'react'
import { data, useNavigation } from 'react-router'
import { REVIEW_STATUS_NAMES, reviewIntentSchema, reviewListQuerySchema, type ReviewStatusName } from '../../../contract/admin/after-sale'
import { moderatedSentence } from '../../../contract/messages/reviews'
import { isRefusal } from '../../../server/domain/refusal'
import { listReviewsForStaff } from '../../../server/domain/review/admin-list'
import { moderateReview } from '../../../server/domain/review/moderate'
import { can } from '../../../server/domain/staff/permissions'
import { StatusTabs } from '~/components/admin/after-sale/QueueBits'
import { ReviewCard } from '~/components/admin/after-sale/ReviewCard'
import { EmptyState } from '~/components/admin/EmptyState'
import { ErrorNote } from '~/components/admin/Field'
import { PageHeader } from '~/components/admin/PageHeader'
import { Pager } from '~/components/admin/Pager'
import { useStaffAction } from '~/lib/admin-action'
import { answer, refused, requireStaffPage, staffAction } from '~/lib/admin.server'
import { queuePage } from '~/lib/admin-queue.server'
import type { Route } from './+types/avaliacoes'

export { shouldRevalidate } from '~/lib/admin-action'

/** /admin/avaliacoes — buyers' reviews, pending first: approve, hide, reply as the store. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'reviews:moderate')
  const page = await queuePage(request, reviewListQuerySchema, (query) => listReviewsForStaff(context.db, query))
  return data({ ...page.data, orders: can(me.role, 'orders:read') }, page.init ?? undefined)
}

const STATUS_OF = { aprovar: 'aprovada', ocultar: 'oculta' } as const

export async function action({ context, request }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, reviewIntentSchema, 'reviews:moderate')
  const status = input.intent === 'responder' ? undefined : STATUS_OF[input.intent]
  const reply = input.intent === 'responder' ? input.resposta : undefined
  const result = await moderateReview(context.db, { id: input.id, status, reply, actor: staff.actor })
  if (isRefusal(result)) return refused(result)
  return answer({ id: result.after.id }, moderatedSentence(status, result.after.reply))
}

export const meta: Route.MetaFunction = () => [{ title: 'Avaliações | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

export default function Avaliacoes({ loaderData }: Route.ComponentProps) {
  const { situacao, erro, list, orders } = loaderData
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/avaliacoes'
  const counts = list?.counts ?? {}
  const all = Object.values(counts).reduce((s, n) => s + n, 0)
  // One action for the page (a card an answer moves out of this filter is gone before the answer is read).
  const [pending, setPending] = useState<number | null>(null)
  const [editing, setEditing] = useState<number | null>(null)
  const act = useStaffAction<{ ok: true; msg?: string; id: number } | { ok: false; code: string; msg: string }>({
    onDone: (done) => setEditing((now) => (now === done.id ? null : now)),
  })
  return (
    <>
      <PageHeader title="Avaliações" description="O que os compradores escreveram. Uma avaliação aprovada aparece na página do produto na hora." />
      <StatusTabs
        base="/admin/avaliacoes"
        current={situacao}
        tabs={[
          { value: undefined, label: 'Todas', count: all },
          ...(Object.keys(REVIEW_STATUS_NAMES) as ReviewStatusName[]).map((s) => ({ value: s, label: `${REVIEW_STATUS_NAMES[s]}s`, count: counts[s] ?? 0 })),
        ]}
      />
      <ErrorNote>{erro}</ErrorNote>
      {list && list.rows.length === 0 ? (
        <div className="adm-card">
          <EmptyState title={situacao === 'pendente' ? 'Nenhuma avaliação esperando revisão.' : 'Nenhuma avaliação aqui.'} />
        </div>
      ) : null}
      <ul className={`flex flex-col gap-3 ${loading ? 'opacity-60' : ''}`} aria-busy={loading || undefined}>
        {list?.rows.map((r) => (
          <ReviewCard
            key={r.id}
            review={r}
            orders={orders}
            busy={act.busy && pending === r.id}
            editing={editing === r.id}
            onEdit={(on) => setEditing(on ? r.id : null)}
            onSubmit={(intent, fields) => {
              setPending(r.id)
              void act.submit(intent, { id: r.id, ...fields })
            }}
          />
        ))}
      </ul>
      {list ? <Pager base="/admin/avaliacoes" situacao={situacao} prev={list.prev} next={list.next} /> : null}
    </>
  )
}
