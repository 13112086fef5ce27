import { data } from 'react-router'
import { orderCodeParamsSchema, orderIntentSchema, type OrderIntent } from '../../../contract/admin/orders'
import { ORDER_STATUS_NAMES } from '../../../contract/checkout'
import { ORDERS, ORDERS_DONE } from '../../../contract/messages/orders'
import { orderActions } from '../../../server/domain/order/actions'
import { addOrderNote, adminOrderDetail } from '../../../server/domain/order/admin-detail'
import { cancelOrder } from '../../../server/domain/order/cancel'
import { advanceInput, advanceOrder } from '../../../server/domain/order/status'
import { isRefusal, refuse } from '../../../server/domain/refusal'
import { cancelLabel, labelPanel, requestLabel } from '../../../server/domain/shipping/labels'
import { LABELS_DONE } from '../../../contract/messages/shipping-labels'
import { LabelCard } from '~/components/admin/orders/LabelCard'
import type { Permission } from '../../../server/domain/staff/permissions'
import { formatDateTime } from '~/components/admin/format'
import { OrderActionButtons } from '~/components/admin/orders/OrderActionButtons'
import { BuyerCard, DeliveryCard, PaymentCard } from '~/components/admin/orders/OrderCards'
import { OrderItems } from '~/components/admin/orders/OrderItems'
import { OrderStatusBadge } from '~/components/admin/orders/OrderStatus'
import { OrderTimeline } from '~/components/admin/orders/OrderTimeline'
import { InvoiceCard } from '~/components/admin/orders/InvoiceCard'
import { FISCAL_DONE } from '../../../contract/messages/fiscal'
import { issueInvoiceByHand, issueReturnInvoiceByHand } from '../../../server/domain/fiscal/invoice'
import { invoiceActions } from '../../../server/domain/fiscal/view'
import { BackLink } from '~/components/admin/PageBits'
import { PageHeader } from '~/components/admin/PageHeader'
import { answer, refused, requireStaffPage, staffAction } from '~/lib/admin.server'
import { siteOrigin } from '~/lib/seo'
import type { Route } from './+types/pedido'

export { shouldRevalidate } from '~/lib/admin-action'

const PERMISSION: Record<OrderIntent, Permission> = {
  avancar: 'orders:advance',
  cancelar: 'orders:cancel',
  nota: 'orders:note',
  etiqueta: 'orders:advance',
  'cancelar-etiqueta': 'orders:advance',
  emitir_nota: 'orders:advance',
  emitir_devolucao: 'orders:advance',
}

/** /admin/pedidos/{code} — one order whole: items, buyer, delivery, payment, timeline, and what this person may do to it now. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'orders:read')
  const code = orderCodeParamsSchema.safeParse({ code: params.code })
  const detail = code.success ? await adminOrderDetail(context.db, code.data.code) : null
  if (!detail) throw data({ msg: ORDERS.notFound().message }, { status: 404 })
  const label = await labelPanel(context, me, detail.order.code, siteOrigin(context))
  return {
    ...detail,
    label,
    may: orderActions(me, detail.order),
    fiscal: invoiceActions(context.db, me, detail.order, detail.invoice, detail.returnInvoice),
  }
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, orderIntentSchema, (i) => PERMISSION[i.intent])
  const parsed = orderCodeParamsSchema.safeParse({ code: params.code })
  if (!parsed.success) return refused(refuse(ORDERS.notFound()))
  const { code } = parsed.data
  const mail = { ...context, origin: siteOrigin(context) }
  switch (input.intent) {
    case 'avancar': {
      const moved = await advanceOrder(context.db, advanceInput(code, staff.actor, input, mail))
      return answer(moved, isRefusal(moved) ? undefined : ORDERS_DONE.advanced(ORDER_STATUS_NAMES[moved.status]))
    }
    case 'cancelar':
      return answer(
        await cancelOrder(context.db, { code, actor: staff.actor, reason: input.motivo, expectedStatus: input.esperado }, { mail }),
        ORDERS_DONE.cancelled,
      )
    case 'nota':
      return answer(await addOrderNote(context.db, { code, actor: staff.actor, text: input.texto }), ORDERS_DONE.noted)
    case 'etiqueta':
      return answer(await requestLabel({ ...context, mail }, { code, actor: staff.actor }), LABELS_DONE.requested)
    case 'cancelar-etiqueta':
      return answer(await cancelLabel({ ...context, mail }, { code, actor: staff.actor }), LABELS_DONE.cancelled)
    case 'emitir_nota':
      return answer(await issueInvoiceByHand(context.db, code, staff.actor), FISCAL_DONE.queued)
    case 'emitir_devolucao':
      return answer(await issueReturnInvoiceByHand(context.db, code, staff.actor), FISCAL_DONE.returnQueued)
  }
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `${page?.order.code ?? 'Pedido'} | Painel Vitrine` },
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function PedidoAdmin({ loaderData }: Route.ComponentProps) {
  const { order, items, discounts, payments, events, may, label, invoice, returnInvoice, fiscal } = loaderData
  return (
    <>
      <BackLink to="/admin/pedidos" label="Pedidos" />
      <PageHeader
        title={`Pedido ${order.code}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <OrderStatusBadge status={order.status} /> feito em {formatDateTime(order.createdAt)}
            {order.cancelReason ? <span>· motivo: {order.cancelReason}</span> : null}
          </span>
        }
        actions={<OrderActionButtons order={order} may={may} />}
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <OrderItems order={order} items={items} discounts={discounts} />
          <OrderTimeline events={events} mayNote={may.note} />
        </div>
        <div className="flex flex-col gap-4">
          <BuyerCard order={order} mayOpenCustomer={may.customer} />
          <DeliveryCard order={order} />
          {label ? <LabelCard panel={label} /> : null}
          <PaymentCard order={order} payments={payments} />
          <InvoiceCard code={order.code} invoice={invoice} entry={returnInvoice} fiscal={fiscal} />
        </div>
      </div>
    </>
  )
}
