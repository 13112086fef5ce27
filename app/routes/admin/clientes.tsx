import { Form, Link, data, useNavigation } from 'react-router'
import { customerSearchQuerySchema } from '../../../contract/admin/customers'
import { maskCpfCnpj, maskPhone } from '../../../contract/validators'
import { searchCustomers } from '../../../server/domain/account/admin-customers'
import { DataTable, type Column } from '~/components/admin/DataTable'
import { formatDateTime } from '~/components/admin/format'
import { ErrorNote, SearchField } from '~/components/admin/Field'
import { Pager } from '~/components/admin/Pager'
import { PageHeader } from '~/components/admin/PageHeader'
import { requireStaffPage } from '~/lib/admin.server'
import { formatCount } from '../../../contract/money'
import type { Route } from './+types/clientes'

/** /admin/clientes — find a customer by name, e-mail, CPF or phone. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'customers:read')
  const raw = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = customerSearchQuerySchema.safeParse(raw)
  if (!parsed.success) return data({ q: raw.q ?? '', erro: parsed.error.issues[0]?.message ?? 'Busca inválida.', found: null }, { status: 400 })
  return { q: parsed.data.q ?? '', erro: null, found: await searchCustomers(context.db, parsed.data) }
}

export const meta: Route.MetaFunction = () => [{ title: 'Clientes | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

type Row = NonNullable<Route.ComponentProps['loaderData']['found']>['rows'][number]

const COLUMNS: Column<Row>[] = [
  {
    header: 'Cliente',
    cell: (c) => (
      <Link to={`/admin/clientes/${c.id}`} className="block max-w-[18rem] hover:text-brand-700">
        <span className="block truncate font-semibold text-brand-700">{c.nome}</span>
        <span className="block truncate text-xs text-ink-500">{c.email}</span>
      </Link>
    ),
  },
  { header: 'CPF', cell: (c) => (c.documento ? maskCpfCnpj(c.documento) : '—'), wide: true },
  { header: 'Telefone', cell: (c) => (c.telefone ? maskPhone(c.telefone) : '—'), wide: true },
  { header: 'Pedidos', cell: (c) => formatCount(c.pedidos), numeric: true },
  { header: 'Desde', cell: (c) => formatDateTime(c.criadoEm).slice(0, 10), wide: true },
]

export default function Clientes({ loaderData }: Route.ComponentProps) {
  const { q, erro, found } = loaderData
  const navigation = useNavigation()
  return (
    <>
      <PageHeader title="Clientes" description="Busque por nome, e-mail, CPF ou telefone." />
      <Form method="get" className="adm-card mb-4 flex flex-wrap items-end gap-3 p-4" role="search">
        <SearchField id="c-q" defaultValue={q} placeholder="Nome, e-mail, CPF ou telefone" minLength={3} className="min-w-[14rem] flex-1" />
        <button type="submit" className="adm-btn">
          Buscar
        </button>
      </Form>
      <ErrorNote>{erro}</ErrorNote>
      <DataTable
        caption="Clientes"
        columns={COLUMNS}
        rows={found?.rows ?? []}
        rowKey={(c) => c.id}
        loading={navigation.state === 'loading'}
        empty={q ? 'Nenhum cliente encontrado.' : 'Nenhum cliente ainda.'}
      />
      <Pager base="/admin/clientes" keep={{ q }} prev={null} next={found?.next ? String(found.next) : null} nextLabel="Mais clientes →" />
    </>
  )
}
