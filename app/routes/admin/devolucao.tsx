import { useState } from 'react'
import { Link, data } from 'react-router'
import { RETURN_STATUS_NAMES, returnIdParamsSchema, returnIntentSchema } from '../../../contract/admin/after-sale'
import { formatCents } from '../../../contract/money'
import { RETURNS, RETURNS_DONE } from '../../../contract/messages/returns'
import { returnActions, returnForStaff } from '../../../server/domain/after-sale/admin-detail'
import { approveReturn, receiveReturn, refundReturn, RETURN_STEPS } from '../../../server/domain/after-sale/admin-returns'
import { refuseReturn } from '../../../server/domain/after-sale/return-refusal'
import { isRefusal, refuse } from '../../../server/domain/refusal'
import { can } from '../../../server/domain/staff/permissions'
import { RETURN_TONE, StatusPill } from '~/components/admin/after-sale/QueueBits'
import { ReturnDialogs, type ReturnDialog } from '~/components/admin/after-sale/ReturnDialogs'
import { ReturnCustomer, ReturnItems, ReturnMoney, ReturnReasonCard, ReturnSteps } from '~/components/admin/after-sale/ReturnSections'
import { formatDateTime } from '~/components/admin/format'
import { ReturnInvoiceCard } from '~/components/admin/orders/InvoiceCard'
import { invoiceView } from '../../../server/domain/fiscal/view'
import { BackLink } from '~/components/admin/PageBits'
import { PageHeader } from '~/components/admin/PageHeader'
import { useStaffAction } from '~/lib/admin-action'
import { answer, refused, requireStaffPage, staffAction } from '~/lib/admin.server'
import { siteOrigin } from '~/lib/seo'
import type { Route } from './+types/devolucao'

export { shouldRevalidate } from '~/lib/admin-action'

/**
 * /admin/devolucoes/{id} — one withdrawal request: its items, and approve → receive → refund, or
 * refuse before the products arrive. The buttons are what returnActions allows this person now;
 * refund is offered only when the order has money to give back.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'orders:read')
  const id = returnIdParamsSchema.safeParse({ id: params.id })
  const found = id.success ? await returnForStaff(context.db, id.data.id) : null
  if (!found) throw data({ msg: RETURNS.notFound.message }, { status: 404 })
  // The entry invoice of what came back (decision 0129): issued from the order's page.
  const [entry, sale] = await Promise.all([invoiceView(context.db, found.request.orderId, 'devolucao'), invoiceView(context.db, found.request.orderId)])
  const owed = sale?.status === 'autorizada' && sale.devolucaoPendente
  // The product's editor (its stock and ledger) is linked from each item.
  return { found, actions: returnActions(me, found), stock: can(me.role, 'catalog:read'), entry, owed }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, returnIntentSchema, (i) => RETURN_STEPS[i.intent].permission)
  const id = returnIdParamsSchema.safeParse({ id: params.id })
  if (!id.success) return refused(refuse(RETURNS.notFound))
  const change = { id: id.data.id, actor: staff.actor }
  switch (input.intent) {
    case 'aprovar':
      return answer(await approveReturn(context.db, change), RETURNS_DONE.approved)
    case 'receber':
      return answer(await receiveReturn(context.db, { ...change, resellable: input.revenda }), RETURNS_DONE.received(input.revenda.length > 0))
    case 'reembolsar': {
      const result = await refundReturn(context.db, { ...change, expectedCents: input.valorCents })
      return isRefusal(result) ? refused(result) : answer(result, RETURNS_DONE.refunded(result.amountCents, result.status))
    }
    case 'recusar': {
      const { intent: _, ...refusal } = input
      const mail = { ...context, origin: siteOrigin(context) }
      return answer(await refuseReturn({ db: context.db, mail }, { ...refusal, ...change }), RETURNS_DONE.refused)
    }
  }
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `Devolução #${page?.found.request.id ?? ''} | Painel Vitrine` },
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function Devolucao({ loaderData }: Route.ComponentProps) {
  const { found, actions, stock, entry, owed } = loaderData
  const { request: req, order } = found
  const [dialog, setDialog] = useState<ReturnDialog>(null)
  const act = useStaffAction({ onDone: () => setDialog(null) })
  return (
    <>
      <BackLink to="/admin/devolucoes" label="Devoluções" />
      <PageHeader
        title={`Devolução #${req.id}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <StatusPill tone={RETURN_TONE[req.status]}>{RETURN_STATUS_NAMES[req.status]}</StatusPill> pedida em {formatDateTime(req.createdAt)} · pedido{' '}
            <Link to={`/admin/pedidos/${order.code}`} className="font-semibold text-brand-700 hover:underline">
              {order.code}
            </Link>
          </span>
        }
        actions={
          <>
            {actions.approve ? (
              <button type="button" className="adm-btn" onClick={() => setDialog('approve')}>
                Aprovar devolução
              </button>
            ) : null}
            {actions.receive ? (
              <button type="button" className="adm-btn" onClick={() => setDialog('receive')}>
                Marcar como recebida
              </button>
            ) : null}
            {actions.refuse ? (
              <button type="button" className="adm-btn-ghost" onClick={() => setDialog('refuse')}>
                Recusar
              </button>
            ) : null}
            {actions.refund ? (
              <button type="button" className="adm-btn-danger" onClick={() => setDialog('refund')}>
                Reembolsar {formatCents(actions.refund.amountCents)}
              </button>
            ) : null}
          </>
        }
      />
      <ReturnSteps status={req.status} />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <ReturnItems items={found.items} stock={stock} />
          <ReturnReasonCard request={req} />
        </div>
        <div className="flex flex-col gap-4">
          <ReturnMoney found={found} />
          {entry || owed ? <ReturnInvoiceCard code={order.code} entry={entry} owed={owed} /> : null}
          <ReturnCustomer order={order} />
        </div>
      </div>
      <ReturnDialogs open={dialog} onClose={() => setDialog(null)} act={act} found={found} actions={actions} />
    </>
  )
}
