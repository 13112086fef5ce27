import { Link, useNavigation } from 'react-router'
import { MESSAGE_STATUS_NAMES, messageListQuerySchema, type MessageStatusName } from '../../../contract/admin/after-sale'
import { listMessagesForStaff } from '../../../server/domain/contact/admin'
import { DataTable, type Column } from '~/components/admin/DataTable'
import { formatDateTime } from '~/components/admin/format'
import { ErrorNote } from '~/components/admin/Field'
import { PageHeader } from '~/components/admin/PageHeader'
import { Pager } from '~/components/admin/Pager'
import { MESSAGE_TONE, StatusPill, StatusTabs } from '~/components/admin/after-sale/QueueBits'
import { requireStaffPage } from '~/lib/admin.server'
import { queuePage } from '~/lib/admin-queue.server'
import type { Route } from './+types/mensagens'

/** /admin/mensagens — the 'Fale conosco' messages, new ones first; each opens to be read and answered. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'messages:reply')
  return queuePage(request, messageListQuerySchema, (query) => listMessagesForStaff(context.db, query))
}

export const meta: Route.MetaFunction = () => [{ title: 'Mensagens | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

type Row = NonNullable<Route.ComponentProps['loaderData']['list']>['rows'][number]

const COLUMNS: Column<Row>[] = [
  {
    header: 'Assunto',
    cell: (m) => (
      <Link to={`/admin/mensagens/${m.id}`} className="block max-w-[17rem] sm:max-w-[22rem]">
        <span className={`block truncate text-brand-700 hover:underline ${m.status === 'nova' ? 'font-bold' : 'font-medium'}`}>{m.assunto}</span>
        <span className="block truncate text-xs text-ink-500">{m.trecho}</span>
        {/* On a phone the sender and the status go under the subject (their columns are hidden). */}
        <span className="mt-1 flex items-center gap-2 text-xs text-ink-500 sm:hidden">
          <StatusPill tone={MESSAGE_TONE[m.status]}>{MESSAGE_STATUS_NAMES[m.status]}</StatusPill>
          <span className="truncate">{m.nome}</span>
        </span>
      </Link>
    ),
  },
  {
    header: 'De',
    cell: (m) => (
      <span className="block max-w-[14rem]">
        <span className="block truncate">{m.nome}</span>
        <span className="block truncate text-xs text-ink-500">{m.email}</span>
      </span>
    ),
    wide: true,
  },
  { header: 'Pedido', cell: (m) => <span className="whitespace-nowrap">{m.pedido ?? '—'}</span>, wide: true },
  { header: 'Recebida', cell: (m) => <span className="whitespace-nowrap">{formatDateTime(m.criadaEm).replace(',', '')}</span>, wide: true },
  { header: 'Situação', cell: (m) => <StatusPill tone={MESSAGE_TONE[m.status]}>{MESSAGE_STATUS_NAMES[m.status]}</StatusPill>, wide: true },
]

export default function Mensagens({ loaderData }: Route.ComponentProps) {
  const { situacao, erro, list } = loaderData
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/mensagens'
  const counts = list?.counts ?? {}
  const all = Object.values(counts).reduce((s, n) => s + n, 0)
  return (
    <>
      <PageHeader title="Mensagens" description="O que chegou pelo Fale conosco. A resposta vai por e-mail ao cliente." />
      <StatusTabs
        base="/admin/mensagens"
        current={situacao}
        tabs={[
          { value: undefined, label: 'Todas', count: all },
          ...(Object.keys(MESSAGE_STATUS_NAMES) as MessageStatusName[]).map((s) => ({ value: s, label: `${MESSAGE_STATUS_NAMES[s]}s`, count: counts[s] ?? 0 })),
        ]}
      />
      <ErrorNote>{erro}</ErrorNote>
      <DataTable
        caption="Mensagens"
        columns={COLUMNS}
        rows={list?.rows ?? []}
        rowKey={(m) => m.id}
        loading={loading}
        empty={situacao === 'nova' ? 'Nenhuma mensagem nova.' : 'Nenhuma mensagem aqui.'}
      />
      {list ? <Pager base="/admin/mensagens" situacao={situacao} prev={list.prev} next={list.next} /> : null}
    </>
  )
}
