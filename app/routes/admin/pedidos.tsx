import { Link, data, useNavigation } from 'react-router'
import {
  ORDER_INVOICE_FILTER_NAMES,
  ORDER_INVOICE_FILTERS,
  ORDER_SORT_NAMES,
  ORDER_SORTS,
  ORDER_STATUS_FILTER_NAMES,
  ORDER_STATUS_FILTERS,
  SHIPPING_FILTER_NAMES,
  SHIPPING_FILTERS,
  orderListIntentSchema,
  orderListQuerySchema,
} from '../../../contract/admin/orders'
import { requestLabels } from '../../../server/domain/shipping/labels'
import { BulkLabels } from '~/components/admin/orders/BulkLabels'
import { siteOrigin } from '~/lib/seo'
import { ORDER_STATUS_NAMES, PAYMENT_METHOD_NAMES } from '../../../contract/checkout'
import { formatCents, formatCount } from '../../../contract/money'
import { listAdminOrders, withoutContact } from '../../../server/domain/order/admin-list'
import { can } from '../../../server/domain/staff/permissions'
import { isRefusal } from '../../../server/domain/refusal'
import { DataTable, type Column } from '~/components/admin/DataTable'
import { ErrorNote, Field, SearchField, SelectField } from '~/components/admin/Field'
import { FilterForm } from '~/components/admin/FilterForm'
import { formatDateTime } from '~/components/admin/format'
import { OrderStatusBadge } from '~/components/admin/orders/OrderStatus'
import { PageHeader } from '~/components/admin/PageHeader'
import { Pager } from '~/components/admin/Pager'
import { answer, requireStaffPage, staffAction } from '~/lib/admin.server'
import type { Route } from './+types/pedidos'

/**
 * /admin/pedidos — every order, filtered and sorted by the URL, a keyset page at a time; the same
 * filter exports as CSV for roles with `orders:export` (the others see no buyer e-mail nor CPF).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'orders:read')
  const exporta = can(me.role, 'orders:export')
  const mayBuy = can(me.role, 'orders:advance')
  const raw = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = orderListQuerySchema.safeParse(raw)
  if (!parsed.success) return data({ raw, exporta, mayBuy, erro: parsed.error.issues[0]?.message ?? 'Filtro inválido.', list: null }, { status: 400 })
  const list = await listAdminOrders(context.db, parsed.data)
  if (isRefusal(list)) return data({ raw, exporta, mayBuy, erro: list.message, list: null }, { status: 400 })
  return { raw, exporta, mayBuy, erro: null, list: exporta ? list : { ...list, rows: list.rows.map(withoutContact) } }
}

/** The one action: labels bought for the orders on screen (the same requestLabel as the order page). */
export async function action({ context, request }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, orderListIntentSchema, () => 'orders:advance')
  const mail = { ...context, origin: siteOrigin(context) }
  const r = await requestLabels({ ...context, mail }, { codes: input.pedidos, actor: staff.actor })
  const refusedText = r.recusadas.map((x) => `${x.pedido}: ${x.motivo}`).join(' ')
  return answer(r, `${r.iniciadas.length} etiqueta(s) em compra.${r.recusadas.length ? ` Recusadas: ${refusedText}` : ''}`)
}

export const meta: Route.MetaFunction = () => [{ title: 'Pedidos | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

type Row = NonNullable<Route.ComponentProps['loaderData']['list']>['rows'][number]

/** The live label's status as the list shows it. */
const LABEL_NAMES: Record<string, string> = { comprando: 'Etiqueta: comprando', comprada: 'Etiqueta comprada', postada: 'Postado', entregue: 'Entregue' }
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
        {o.buyerEmail ? <span className="block truncate text-xs text-ink-500">{o.buyerEmail}</span> : null}
      </span>
    ),
    wide: true,
  },
  {
    header: 'Situação',
    cell: (o) => (
      <>
        <OrderStatusBadge status={o.status} />
        {/* The live carrier label, under the status (decision 0128). */}
        {o.etiqueta ? <span className="block text-xs whitespace-nowrap text-ink-500">{LABEL_NAMES[o.etiqueta] ?? o.etiqueta}</span> : null}
      </>
    ),
  },
  {
    header: 'Pagamento',
    cell: (o) => <span className="whitespace-nowrap">{`${PAYMENT_METHOD_NAMES[o.metodo]}${o.parcelas > 1 ? ` ${o.parcelas}x` : ''}`}</span>,
    wide: true,
  },
  { header: 'Total', cell: (o) => <span className="whitespace-nowrap">{formatCents(o.totalCents)}</span>, numeric: true },
]

const SHIPPING_OPTIONS = SHIPPING_FILTERS.map((f) => [f, SHIPPING_FILTER_NAMES[f]] as const)

const STATUS_OPTIONS = ORDER_STATUS_FILTERS.map((s) => [s, s === 'pagos' || s === 'a_enviar' ? ORDER_STATUS_FILTER_NAMES[s] : ORDER_STATUS_NAMES[s]] as const)
const METHOD_OPTIONS = (['pix', 'cartao', 'boleto'] as const).map((m) => [m, PAYMENT_METHOD_NAMES[m]] as const)
const SORT_OPTIONS = ORDER_SORTS.map((s) => [s, ORDER_SORT_NAMES[s]] as const)
const INVOICE_OPTIONS = ORDER_INVOICE_FILTERS.map((f) => [f, ORDER_INVOICE_FILTER_NAMES[f]] as const)

export default function Pedidos({ loaderData }: Route.ComponentProps) {
  const { raw, exporta, erro, list, mayBuy } = loaderData
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/pedidos'
  const filters: Record<string, string> = Object.fromEntries(
    Object.entries(raw as Record<string, string>).filter(([k, v]) => v && k !== 'apos' && k !== 'antes'),
  )
  const exportParams = new URLSearchParams(Object.entries(filters).filter(([k]) => k !== 'por'))
  const count = list ? `${list.totalCapped ? 'mais de ' : ''}${formatCount(list.total)} ${list.total === 1 ? 'pedido' : 'pedidos'}` : ''
  return (
    <>
      <PageHeader
        title="Pedidos"
        description={count || (exporta ? 'Filtre, ordene e exporte os pedidos da loja.' : 'Filtre e ordene os pedidos da loja.')}
        actions={
          <>
            {raw.envio === 'etiqueta_a_comprar' && mayBuy && list ? <BulkLabels codes={list.rows.map((o) => o.code)} /> : null}
            {exporta ? (
              <a href={`/admin/api/pedidos.csv${exportParams.size ? `?${exportParams}` : ''}`} className="adm-btn-ghost" download>
                Exportar CSV
              </a>
            ) : null}
          </>
        }
      />
      <FilterForm clear="/admin/pedidos" actionsClassName="sm:col-span-2 lg:col-span-4 lg:justify-end">
        <SearchField defaultValue={raw.q ?? ''} placeholder="Código, nome, e-mail ou CPF" minLength={3} />
        <SelectField id="f-situacao" name="situacao" label="Situação" all="Todas" options={STATUS_OPTIONS} defaultValue={raw.situacao ?? ''} />
        <SelectField id="f-metodo" name="metodo" label="Pagamento" all="Todos" options={METHOD_OPTIONS} defaultValue={raw.metodo ?? ''} />
        <SelectField id="f-envio" name="envio" label="Envio" all="Todos" options={SHIPPING_OPTIONS} defaultValue={raw.envio ?? ''} />
        <SelectField id="f-nota" name="nota" label="Nota fiscal" all="Todas" options={INVOICE_OPTIONS} defaultValue={raw.nota ?? ''} />
        <Field id="f-de" name="de" label="De" type="date" defaultValue={raw.de ?? ''} />
        <Field id="f-ate" name="ate" label="Até" type="date" defaultValue={raw.ate ?? ''} />
        <SelectField id="f-ordem" name="ordem" label="Ordem" options={SORT_OPTIONS} defaultValue={raw.ordem ?? 'recentes'} />
      </FilterForm>
      <ErrorNote>{erro}</ErrorNote>
      <DataTable
        caption="Pedidos"
        columns={COLUMNS}
        rows={list?.rows ?? []}
        rowKey={(o) => o.id}
        loading={loading}
        empty="Nenhum pedido encontrado com estes filtros."
      />
      {list ? <Pager base="/admin/pedidos" keep={filters} prev={list.prev} next={list.next} /> : null}
    </>
  )
}
