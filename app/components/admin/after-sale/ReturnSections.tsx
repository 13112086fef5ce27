import { DetailCard } from '~/components/admin/PageBits'
import { Link } from 'react-router'
import { RETURN_STATUS_NAMES } from '../../../../contract/admin/after-sale'
import { RETURN_REASONS, RETURN_REFUSAL_REASONS, type ReturnReason, type ReturnRefusalReason } from '../../../../contract/after-sale'
import { PAYMENT_METHOD_NAMES } from '../../../../contract/checkout'
import { formatCents } from '../../../../contract/money'
import type { StaffReturn } from '../../../../server/domain/after-sale/admin-detail'
import { formatDateTime } from '~/components/admin/format'

/** The road of a return that goes well (a refused one stops before the end). */
const STEPS = ['solicitada', 'aprovada', 'recebida', 'reembolsada'] as const

export function ReturnSteps({ status }: { status: StaffReturn['request']['status'] }) {
  const reached = STEPS.indexOf(status as (typeof STEPS)[number])
  return (
    <ol className="mb-4 flex flex-wrap gap-2 text-xs font-semibold" aria-label="Etapas da devolução">
      {STEPS.map((s, i) => (
        <li
          key={s}
          className={`rounded-full px-3 py-1 ring-1 ${i <= reached ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-ink-500 ring-ink-300'}`}
          aria-current={i === reached ? 'step' : undefined}
        >
          {i + 1}. {RETURN_STATUS_NAMES[s]}
        </li>
      ))}
    </ol>
  )
}

/** The items asked back; each links to its product's stock when `stock` (catalog:read). */
export function ReturnItems({ items, stock }: { items: StaffReturn['items']; stock: boolean }) {
  return (
    <DetailCard id="dev-itens" title="Itens devolvidos" table>
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-ink-500 uppercase">
          <tr>
            <th className="py-2 pr-2">Produto</th>
            <th className="px-2 py-2 text-right">Devolve</th>
            <th className="hidden px-2 py-2 text-right sm:table-cell">Unitário pago</th>
            <th className="py-2 pl-2 text-right">Estoque</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.orderItemId} className="border-t border-ink-100 align-top">
              <td className="py-2 pr-2">
                {i.productId && stock ? (
                  <Link to={`/admin/produtos/${i.productId}#sec-estoque`} className="font-medium text-brand-700 hover:underline">
                    {i.titulo}
                  </Link>
                ) : (
                  <span className="font-medium">{i.titulo}</span>
                )}
                {i.variacao ? <span className="block text-xs text-ink-500">{i.variacao}</span> : null}
              </td>
              <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                {i.quantidade} de {i.comprados}
              </td>
              <td className="hidden px-2 py-2 text-right tabular-nums sm:table-cell">{formatCents(i.unitCents)}</td>
              <td className="py-2 pl-2 text-right text-xs whitespace-nowrap">
                {i.revenda === null ? '—' : i.revenda ? 'voltou ao estoque' : 'fora do estoque'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </DetailCard>
  )
}

/** Why the shopper returns it, and — once refused — why the store said no. */
export function ReturnReasonCard({ request: req }: { request: StaffReturn['request'] }) {
  return (
    <DetailCard id="dev-motivo" title="Motivo">
      <p className="font-medium">{RETURN_REASONS[req.reason as ReturnReason] ?? req.reason}</p>
      {req.details ? <p className="mt-1 break-words whitespace-pre-wrap text-ink-700">{req.details}</p> : null}
      {req.status === 'recusada' ? (
        <div className="mt-3 border-t border-ink-100 pt-3">
          <h3 className="font-semibold text-ink-900">Motivo da recusa</h3>
          <p className="font-medium">{RETURN_REFUSAL_REASONS[req.refusalReason as ReturnRefusalReason] ?? req.refusalReason}</p>
          {req.refusalDetails ? <p className="mt-1 break-words whitespace-pre-wrap text-ink-700">{req.refusalDetails}</p> : null}
        </div>
      ) : null}
    </DetailCard>
  )
}

const REFUND_STATUS = { done: 'feito', pending: 'pendente', failed: 'recusado' } as const

/** The order's money: what the return gives back (or why it cannot), and the refunds made so far. */
export function ReturnMoney({ found }: { found: Pick<StaffReturn, 'order' | 'refundCents' | 'paid' | 'whole' | 'noRefund' | 'refunds'> }) {
  const { order, refundCents, paid, whole, noRefund, refunds } = found
  return (
    <DetailCard id="dev-valor" title="Reembolso">
      <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
        <dt className="text-ink-500">Total do pedido</dt>
        <dd className="text-right tabular-nums">{formatCents(order.totalCents)}</dd>
        <dt className="text-ink-500">Frete pago</dt>
        <dd className="text-right tabular-nums">{formatCents(order.shippingCents)}</dd>
        <dt className="text-ink-500">Pagamento</dt>
        <dd className="text-right">{PAYMENT_METHOD_NAMES[order.paymentMethod]}</dd>
        {refundCents !== null && paid ? (
          <>
            <dt className="font-semibold">A reembolsar</dt>
            <dd className="text-right font-bold tabular-nums">{formatCents(refundCents)}</dd>
          </>
        ) : null}
      </dl>
      <p className="mt-2 text-xs text-ink-500">
        {whole
          ? 'Devolução de todo o pedido: tudo o que foi pago, frete incluído (CDC art. 49).'
          : 'Devolução parcial: as unidades devolvidas pelo que foi pago por elas (desconto rateado) mais o frete.'}
      </p>
      {noRefund ? (
        <p role="note" className="mt-2 rounded-lg bg-amber-50 p-2 text-xs text-amber-900 ring-1 ring-amber-200">
          {noRefund.message}
        </p>
      ) : null}
      {refunds.length ? (
        <ul className="mt-3 flex flex-col gap-1 border-t border-ink-100 pt-3">
          {refunds.map((r, n) => (
            <li key={n} className="flex justify-between gap-2">
              <span className="text-ink-500">
                {formatDateTime(r.createdAt)} · {REFUND_STATUS[r.status]}
              </span>
              <span className="tabular-nums">{formatCents(r.amountCents)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </DetailCard>
  )
}

export function ReturnCustomer({ order }: { order: StaffReturn['order'] }) {
  return (
    <DetailCard id="dev-cliente" title="Cliente">
      <p className="font-medium">{order.buyerNome}</p>
      <p className="break-all">{order.buyerEmail}</p>
    </DetailCard>
  )
}
