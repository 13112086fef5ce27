import { Form, Link, data, useNavigation } from 'react-router'
import { ORDER_SORT_NAMES, ORDER_SORTS, ORDER_STATUS_FILTER_NAMES, ORDER_STATUS_FILTERS, orderListQuerySchema } from '../../../contract/admin/orders'
import { ORDER_STATUS_NAMES, PAYMENT_METHOD_NAMES } from '../../../contract/checkout'
import { listAdminOrders } from '../../../server/domain/order/admin-list'
import { isRefusal } from '../../../server/domain/refusal'
import { DataTable, type Column } from '~/components/admin/DataTable'
import { formatDateTime } from '~/components/admin/format'
import { OrderStatusBadge } from '~/components/admin/orders/OrderStatus'
import { ErrorNotice } from '~/components/admin/PageBits'
import { PageHeader } from '~/components/admin/PageHeader'
import { requireStaffPage } from '~/lib/admin.server'
import { formatBRL, formatCount } from '~/lib/money'
import type { Route } from './+types/pedidos'

/** /admin/pedidos — every order, filtered and sorted by the URL, a keyset page at a time. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'orders:read')
  const url = new URL(request.url)
  const raw = Object.fromEntries(url.searchParams)
  const parsed = orderListQuerySchema.safeParse(raw)
  if (!parsed.success) return data({ raw, erro: parsed.error.issues[0]?.message ?? 'Filtro inválido.', list: null }, { status: 400 })
  const list = await listAdminOrders(context.db, parsed.data)
  if (isRefusal(list)) return data({ raw, erro: list.message, list: null }, { status: 400 })
  return { raw, erro: null, list }
}

export const meta: Route.MetaFunction = () => [{ title: 'Pedidos | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

type Row = NonNullable<Route.ComponentProps['loaderData']['list']>['rows'][number]

const COLUMNS: Column<Row>[] = [
  {
    header: 'Pedido',
    cell: (o) => (
      <>
        <Link to={`/admin/pedidos/${o.code}`} className="font-semibold whitespace-nowrap text-brand-700 hover:underline">
          {o.code}
        </Link>
        {/* On a phone the buyer goes under the code (the Cliente column is hidden). */}
        <span className="block max-w-[10rem] truncate text-xs text-ink-500 sm:hidden">{o.buyerNome}</span>
      </>
    ),
  },
  { header: 'Data', cell: (o) => <span className="whitespace-nowrap">{formatDateTime(o.criadoEm).replace(',', '')}</span>, wide: true },
  {
    header: 'Cliente',
    cell: (o) => (
      <span className="block max-w-[12rem]">
        <span className="block truncate">{o.buyerNome}</span>
        <span className="block truncate text-xs text-ink-500">{o.buyerEmail}</span>
      </span>
    ),
    wide: true,
  },
  { header: 'Situação', cell: (o) => <OrderStatusBadge status={o.status} /> },
  { header: 'Pagamento', cell: (o) => <span className="whitespace-nowrap">{`${PAYMENT_METHOD_NAMES[o.metodo]}${o.parcelas > 1 ? ` ${o.parcelas}x` : ''}`}</span>, wide: true },
  { header: 'Total', cell: (o) => <span className="whitespace-nowrap">{formatBRL(o.totalCents / 100)}</span>, numeric: true },
]

/** The page's URL with some parameters changed (undefined removes one). */
function withParams(raw: Record<string, string>, change: Record<string, string | undefined>): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries({ ...raw, ...change })) if (v) params.set(k, v)
  const q = params.toString()
  return q ? `?${q}` : '?'
}

export default function Pedidos({ loaderData }: Route.ComponentProps) {
  const { raw, erro, list } = loaderData
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/pedidos'
  const filters: Record<string, string> = Object.fromEntries(Object.entries(raw as Record<string, string>).filter(([k, v]) => v && k !== 'apos' && k !== 'antes'))
  const exportParams = new URLSearchParams(Object.entries(filters).filter(([k]) => k !== 'por'))
  const count = list ? `${list.totalCapped ? 'mais de ' : ''}${formatCount(list.total)} ${list.total === 1 ? 'pedido' : 'pedidos'}` : ''
  return (
    <>
      <PageHeader
        title="Pedidos"
        description={count || 'Filtre, ordene e exporte os pedidos da loja.'}
        actions={
          <a href={`/admin/api/pedidos.csv${exportParams.size ? `?${exportParams}` : ''}`} className="adm-btn-ghost" download>
            Exportar CSV
          </a>
        }
      />
      <Form method="get" className="adm-card mb-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-6" aria-label="Filtros">
        <div className="sm:col-span-2">
          <label htmlFor="f-q" className="adm-label">
            Busca
          </label>
          <input id="f-q" name="q" type="search" defaultValue={raw.q ?? ''} placeholder="Código, nome, e-mail ou CPF" className="adm-input" minLength={3} maxLength={100} />
        </div>
        <div>
          <label htmlFor="f-situacao" className="adm-label">
            Situação
          </label>
          <select id="f-situacao" name="situacao" defaultValue={raw.situacao ?? ''} className="adm-input">
            <option value="">Todas</option>
            {ORDER_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {s === 'pagos' || s === 'a_enviar' ? ORDER_STATUS_FILTER_NAMES[s] : ORDER_STATUS_NAMES[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="f-metodo" className="adm-label">
            Pagamento
          </label>
          <select id="f-metodo" name="metodo" defaultValue={raw.metodo ?? ''} className="adm-input">
            <option value="">Todos</option>
            {(['pix', 'cartao', 'boleto'] as const).map((m) => (
              <option key={m} value={m}>
                {PAYMENT_METHOD_NAMES[m]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="f-de" className="adm-label">
            De
          </label>
          <input id="f-de" name="de" type="date" defaultValue={raw.de ?? ''} className="adm-input" />
        </div>
        <div>
          <label htmlFor="f-ate" className="adm-label">
            Até
          </label>
          <input id="f-ate" name="ate" type="date" defaultValue={raw.ate ?? ''} className="adm-input" />
        </div>
        <div className="lg:col-span-2">
          <label htmlFor="f-ordem" className="adm-label">
            Ordem
          </label>
          <select id="f-ordem" name="ordem" defaultValue={raw.ordem ?? 'recentes'} className="adm-input">
            {ORDER_SORTS.map((s) => (
              <option key={s} value={s}>
                {ORDER_SORT_NAMES[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4 lg:justify-end">
          <button type="submit" className="adm-btn">
            Filtrar
          </button>
          <Link to="/admin/pedidos" className="adm-btn-ghost">
            Limpar
          </Link>
        </div>
      </Form>
      <ErrorNotice message={erro} />
      <DataTable caption="Pedidos" columns={COLUMNS} rows={list?.rows ?? []} rowKey={(o) => o.id} loading={loading} empty="Nenhum pedido encontrado com estes filtros." />
      {list && (list.prev || list.next) ? (
        <nav aria-label="Páginas" className="mt-4 flex items-center justify-between gap-2">
          {list.prev ? (
            <Link to={withParams(filters, { antes: list.prev })} className="adm-btn-ghost" rel="prev">
              ← Anteriores
            </Link>
          ) : (
            <span />
          )}
          {list.next ? (
            <Link to={withParams(filters, { apos: list.next })} className="adm-btn-ghost" rel="next">
              Próximos →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  )
}
