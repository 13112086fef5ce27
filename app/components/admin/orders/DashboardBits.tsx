import { Link } from 'react-router'
import { COUNT_CAP } from '../../../../contract/admin/orders'
import { PAYMENT_METHOD_NAMES } from '../../../../contract/checkout'
import { formatCents, formatCount } from '../../../../contract/money'
import type { Dashboard } from '../../../../server/domain/order/dashboard'
import { formatDateTime } from '~/components/admin/format'
import { ordersUrl } from '~/lib/admin-links'

/** Waiting counts stop at COUNT_CAP + 1 (server/domain/order/dashboard.ts). */
export const countLabel = (n: number) => (n > COUNT_CAP ? `mais de ${formatCount(COUNT_CAP)}` : formatCount(n))

/** One period's paid sales (today, 7 or 30 days): total, count, average ticket and the share of each payment method, each linking to the list behind it. */
export function SalesPeriod({ period: p }: { period: Dashboard['periods'][number] }) {
  const link = ordersUrl({ situacao: 'pagos', de: p.de, ate: p.ate })
  return (
    <article key={p.key} className="adm-card p-5">
      <h2 className="text-sm font-semibold tracking-wide text-ink-500 uppercase">{p.nome}</h2>
      <Link to={link} className="mt-1 block text-2xl font-bold text-ink-900 tabular-nums hover:text-brand-700" title="Ver os pedidos pagos do período">
        {formatCents(p.cents)}
      </Link>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-ink-500">Pedidos pagos</dt>
          <dd>
            <Link to={link} className="font-semibold text-brand-700 tabular-nums hover:underline">
              {formatCount(p.pedidos)}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-ink-500">Ticket médio</dt>
          <dd>
            <Link to={link} className="font-semibold text-brand-700 tabular-nums hover:underline">
              {formatCents(p.ticketCents)}
            </Link>
          </dd>
        </div>
      </dl>
      <ul className="mt-3 flex flex-col gap-1.5 text-sm" aria-label={`Por forma de pagamento — ${p.nome}`}>
        {p.metodos.length === 0 ? <li className="text-ink-500">Nenhuma venda paga.</li> : null}
        {p.metodos.map((m) => {
          const share = p.cents ? Math.round((m.cents / p.cents) * 100) : 0
          return (
            <li key={m.metodo}>
              <Link
                to={ordersUrl({ situacao: 'pagos', metodo: m.metodo, de: p.de, ate: p.ate })}
                className="flex items-center justify-between gap-2 hover:text-brand-700"
              >
                <span>{PAYMENT_METHOD_NAMES[m.metodo]}</span>
                <span className="tabular-nums text-ink-500">
                  {share}% · {formatCount(m.pedidos)}
                </span>
              </Link>
              <span aria-hidden="true" className="mt-0.5 block h-1.5 rounded-full bg-ink-100">
                <span className="block h-1.5 rounded-full bg-brand-500" style={{ width: `${share}%` }} />
              </span>
            </li>
          )
        })}
      </ul>
    </article>
  )
}

/** Orders that wait for someone (to ship, to be paid): the oldest few and the count, linking to the list. */
export function WaitingList({
  title,
  total,
  link,
  orders,
  empty,
}: {
  title: string
  total: number
  link: string
  orders: { code: string; buyerNome: string; totalCents: number; criadoEm: Date | string }[]
  empty: string
}) {
  return (
    <section className="adm-card p-5" aria-label={title}>
      <h2 className="flex items-baseline justify-between font-bold text-ink-900">
        {title}
        <Link to={link} className="text-sm font-semibold text-brand-700 tabular-nums hover:underline" title="Ver todos na lista de pedidos">
          {countLabel(total)}
        </Link>
      </h2>
      {orders.length === 0 ? (
        <p className="mt-3 text-sm text-ink-500">{empty}</p>
      ) : (
        <ul className="mt-3 divide-y divide-ink-100 text-sm">
          {orders.map((o) => (
            <li key={o.code}>
              <Link to={`/admin/pedidos/${o.code}`} className="flex items-center justify-between gap-3 py-2 hover:text-brand-700">
                <span className="min-w-0 truncate">
                  <span className="font-semibold">{o.code}</span> <span className="text-ink-500">· {o.buyerNome}</span>
                </span>
                <span className="shrink-0 text-right tabular-nums">
                  {formatCents(o.totalCents)} <span className="block text-xs text-ink-500">{formatDateTime(o.criadoEm)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {total > orders.length ? (
        <Link to={link} className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline">
          Ver todos ({countLabel(total)})
        </Link>
      ) : null}
    </section>
  )
}
