import { Link } from 'react-router'
import { goLiveChecklist } from '../../../server/domain/live/checklist'
import { dayStart } from '../../../server/domain/order/admin-list'
import { dashboard } from '../../../server/domain/order/dashboard'
import { discountReport } from '../../../server/domain/promotions/admin-report'
import { can } from '../../../server/domain/staff/permissions'
import { GoLiveChecklist } from '~/components/admin/live/GoLiveChecklist'
import { DiscountReport } from '~/components/admin/promotions/DiscountReport'
import { PageHeader } from '~/components/admin/PageHeader'
import { SalesPeriod, WaitingList, countLabel } from '~/components/admin/orders/DashboardBits'
import { RevenueChart } from '~/components/admin/orders/RevenueChart'
import { ordersUrl } from '~/lib/admin-links'
import { requireStaffPage } from '~/lib/admin.server'
import { formatCents, formatCount } from '../../../contract/money'
import type { Route } from './+types/painel'

/** The orders waiting for someone, oldest first: each list's title, its filter on Pedidos, and what it says when empty. */
const WAITING = [
  { list: 'toShip', title: 'A separar ou enviar', filter: { situacao: 'a_enviar' }, empty: 'Nenhum pedido pago esperando envio.' },
  { list: 'pix', title: 'Pix aguardando pagamento', filter: { situacao: 'aguardando_pagamento', metodo: 'pix' }, empty: 'Nenhum Pix em aberto.' },
  { list: 'boleto', title: 'Boletos aguardando pagamento', filter: { situacao: 'aguardando_pagamento', metodo: 'boleto' }, empty: 'Nenhum boleto em aberto.' },
] as const

/** /admin — the Painel: paid sales of today, 7 and 30 days, revenue per day, what needs someone. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'dashboard:read')
  const painel = await dashboard(context.db)
  const { afterSale } = painel
  // What waits in the after-sale queues, each shown to the roles that open its list.
  const queues = [
    { label: 'Mensagens novas', count: afterSale.newMessages, to: '/admin/mensagens?situacao=nova', show: can(me.role, 'messages:reply') },
    { label: 'Avaliações pendentes', count: afterSale.pendingReviews, to: '/admin/avaliacoes?situacao=pendente', show: can(me.role, 'reviews:moderate') },
    { label: 'Devoluções em aberto', count: afterSale.openReturns, to: '/admin/devolucoes?situacao=abertas', show: can(me.role, 'orders:read') },
  ]
    .filter((q) => q.show)
    .map(({ show: _s, ...q }) => q)
  // The Dono sees what is still unsafe or missing before the store goes on the internet.
  const checklist = me.role === 'dono' ? await goLiveChecklist(context.db, context.env, context.store) : null
  // The coupons' and promotions' paid sales over the chart's 30 days, counted as its sales are.
  const month = painel.periods[painel.periods.length - 1]
  const descontos = can(me.role, 'promotions:read') ? await discountReport(context.db, dayStart(month.de)) : null
  return { nome: me.nome, painel, queues, checklist, descontos }
}

export const meta: Route.MetaFunction = () => [{ title: 'Painel | Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

export default function Painel({ loaderData }: Route.ComponentProps) {
  const { painel } = loaderData
  const month = painel.periods[2]
  return (
    <>
      <PageHeader title="Painel" description={`Olá, ${loaderData.nome}. Vendas pagas, por data do pedido (horário de Brasília).`} />
      {loaderData.checklist ? <GoLiveChecklist items={loaderData.checklist} /> : null}
      {loaderData.queues.length ? (
        <section className="mb-6" aria-labelledby="acao-titulo">
          <h2 id="acao-titulo" className="mb-3 font-bold text-ink-900">
            Precisa de ação
          </h2>
          <ul className="grid gap-3 sm:grid-cols-3">
            {loaderData.queues.map((q) => (
              <li key={q.to}>
                <Link
                  to={q.to}
                  className={`adm-card flex items-center justify-between gap-3 p-4 hover:ring-2 hover:ring-brand-200 ${q.count ? '' : 'opacity-70'}`}
                >
                  <span className="text-sm font-semibold text-ink-700">{q.label}</span>
                  <span className={`text-2xl font-bold tabular-nums ${q.count ? 'text-warn-500' : 'text-ink-500'}`}>{countLabel(q.count)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-label="Vendas" className="grid gap-4 md:grid-cols-3">
        {painel.periods.map((p) => (
          <SalesPeriod key={p.key} period={p} />
        ))}
      </section>

      <section className="adm-card mt-6 p-5" aria-labelledby="grafico-titulo">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="grafico-titulo" className="font-bold text-ink-900">
            Receita paga por dia — 30 dias
          </h2>
          <Link to={ordersUrl({ situacao: 'pagos', de: month.de, ate: month.ate })} className="text-sm font-semibold text-brand-700 hover:underline">
            {formatCents(month.cents)} em {formatCount(month.pedidos)} pedidos
          </Link>
        </div>
        <RevenueChart series={painel.series} />
      </section>
      {loaderData.descontos ? <DiscountReport report={loaderData.descontos} period={month.nome} /> : null}

      <div className="mt-6 grid grid-cols-1 gap-4 lg:grid-cols-2">
        {WAITING.map((w) => (
          <WaitingList
            key={w.list}
            title={w.title}
            total={painel[w.list].total}
            link={ordersUrl({ ...w.filter, ordem: 'antigos' })}
            orders={painel[w.list].orders}
            empty={w.empty}
          />
        ))}
        <section className="adm-card p-5" aria-labelledby="estoque-titulo">
          <h2 id="estoque-titulo" className="flex items-baseline justify-between font-bold text-ink-900">
            Estoque baixo (menos de 8) <span className="text-sm font-semibold text-ink-500 tabular-nums">{formatCount(painel.lowStock.total)}</span>
          </h2>
          {painel.lowStock.products.length === 0 ? (
            <p className="mt-3 text-sm text-ink-500">Nenhum produto com estoque baixo.</p>
          ) : (
            <ul className="mt-3 divide-y divide-ink-100 text-sm">
              {painel.lowStock.products.map((p) => (
                <li key={`${p.id}-${p.opcao ?? ''}`} className="flex items-center justify-between gap-3 py-2">
                  <a href={`/produto/${p.link}`} target="_blank" rel="noreferrer" className="min-w-0 truncate hover:text-brand-700">
                    {p.titulo}
                    {p.opcao ? <span className="text-ink-500"> — {p.opcao}</span> : null}
                    <span className="ml-2 text-xs text-ink-500">{p.sku}</span>
                  </a>
                  <span className={`shrink-0 font-semibold tabular-nums ${p.stock === 0 ? 'text-danger-600' : 'text-warn-500'}`}>
                    {p.stock === 0 ? 'esgotado' : `${p.stock} un.`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  )
}
