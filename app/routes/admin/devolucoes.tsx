import { Link, useNavigation } from 'react-router'
import { OPEN_RETURN_STATUSES, RETURN_STATUS_NAMES, returnListQuerySchema, type ReturnStatusName } from '../../../contract/admin/after-sale'
import { RETURN_REASONS, type ReturnReason } from '../../../contract/after-sale'
import { formatCents } from '../../../contract/money'
import { listReturnsForStaff } from '../../../server/domain/after-sale/admin-list'
import { DataTable, type Column } from '~/components/admin/DataTable'
import { formatDateTime } from '~/components/admin/format'
import { ErrorNote } from '~/components/admin/Field'
import { PageHeader } from '~/components/admin/PageHeader'
import { Pager } from '~/components/admin/Pager'
import { RETURN_TONE, StatusPill, StatusTabs } from '~/components/admin/after-sale/QueueBits'
import { requireStaffPage } from '~/lib/admin.server'
import { queuePage } from '~/lib/admin-queue.server'
import type { Route } from './+types/devolucoes'

/** /admin/devolucoes — withdrawal requests (direito de arrependimento), open ones first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'orders:read')
  return queuePage(request, returnListQuerySchema, (query) => listReturnsForStaff(context.db, query))
}

export const meta: Route.MetaFunction = () => [{ title: 'Devoluções | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

type Row = NonNullable<Route.ComponentProps['loaderData']['list']>['rows'][number]

const COLUMNS: Column<Row>[] = [
  {
    header: 'Devolução',
    cell: (r) => (
      <>
        <Link to={`/admin/devolucoes/${r.id}`} className="font-semibold whitespace-nowrap text-brand-700 hover:underline">
          #{r.id}
        </Link>
        <span className="block text-xs whitespace-nowrap text-ink-500">{r.pedido}</span>
      </>
    ),
  },
  {
    header: 'Cliente',
    cell: (r) => (
      <span className="block max-w-[12rem]">
        <span className="block truncate">{r.cliente}</span>
        <span className="block truncate text-xs text-ink-500">{RETURN_REASONS[r.motivo as ReturnReason] ?? r.motivo}</span>
      </span>
    ),
    wide: true,
  },
  { header: 'Pedida em', cell: (r) => <span className="whitespace-nowrap">{formatDateTime(r.criadaEm).replace(',', '')}</span>, wide: true },
  { header: 'Unid.', cell: (r) => r.unidades, numeric: true, wide: true },
  { header: 'Situação', cell: (r) => <StatusPill tone={RETURN_TONE[r.status]}>{RETURN_STATUS_NAMES[r.status]}</StatusPill> },
  { header: 'Pedido', cell: (r) => <span className="whitespace-nowrap">{formatCents(r.totalCents)}</span>, numeric: true },
]

export default function Devolucoes({ loaderData }: Route.ComponentProps) {
  const { situacao, erro, list } = loaderData
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/devolucoes'
  const counts: Record<string, number> = list?.counts ?? {}
  const open = OPEN_RETURN_STATUSES.reduce((s, k) => s + (counts[k] ?? 0), 0)
  const all = Object.values(counts).reduce((s, n) => s + n, 0)
  return (
    <>
      <PageHeader title="Devoluções" description="Pedidos de desistência da compra (até 7 dias após a entrega): aprovar, receber os produtos e reembolsar." />
      <StatusTabs
        base="/admin/devolucoes"
        current={situacao}
        tabs={[
          { value: undefined, label: 'Todas', count: all },
          { value: 'abertas', label: 'Em aberto', count: open },
          ...(Object.keys(RETURN_STATUS_NAMES) as ReturnStatusName[]).map((s) => ({ value: s, label: `${RETURN_STATUS_NAMES[s]}s`, count: counts[s] ?? 0 })),
        ]}
      />
      <ErrorNote>{erro}</ErrorNote>
      <DataTable
        caption="Devoluções"
        columns={COLUMNS}
        rows={list?.rows ?? []}
        rowKey={(r) => r.id}
        loading={loading}
        empty={situacao === 'abertas' ? 'Nenhuma devolução em aberto.' : 'Nenhuma devolução aqui.'}
      />
      {list ? <Pager base="/admin/devolucoes" situacao={situacao} prev={list.prev} next={list.next} /> : null}
    </>
  )
}
