import { Link, data } from 'react-router'
import { clienteIntentSchema, customerIdParamsSchema } from '../../../contract/admin/customers'
import { CUSTOMERS, CUSTOMERS_DONE } from '../../../contract/messages/customers'
import { PAYMENT_METHOD_NAMES } from '../../../contract/checkout'
import { formatCep, maskCpfCnpj, maskPhone } from '../../../contract/validators'
import { adminCustomer, eraseCustomer } from '../../../server/domain/account/admin-customers'
import { can } from '../../../server/domain/staff/permissions'
import { refuse } from '../../../server/domain/refusal'
import { DataTable, type Column } from '~/components/admin/DataTable'
import { formatDateTime } from '~/components/admin/format'
import { OrderStatusBadge } from '~/components/admin/orders/OrderStatus'
import { BackLink, DetailCard } from '~/components/admin/PageBits'
import { PageHeader } from '~/components/admin/PageHeader'
import { EraseCustomer } from '~/components/admin/customers/EraseCustomer'
import { answer, refused, requireStaffPage, staffAction } from '~/lib/admin.server'
import { formatCents, formatCount } from '../../../contract/money'
import type { Route } from './+types/cliente'

const STATUS_NAMES = { active: 'Ativa', suspended: 'Suspensa', removed: 'Excluída a pedido (LGPD)' } as const

/** /admin/clientes/{id} — a customer's data, addresses, orders and totals; the LGPD export for who may. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'customers:read')
  const id = customerIdParamsSchema.safeParse({ id: params.id })
  const found = id.success ? await adminCustomer(context.db, id.data.id) : null
  if (!found) throw data({ msg: CUSTOMERS.notFound.message }, { status: 404 })
  return { ...found, mayExport: can(me.role, 'customers:export'), mayErase: can(me.role, 'customers:erase') && found.customer.status !== 'removed' }
}

/** The Dono removes the account (the LGPD anonymisation), audited. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { staff } = await staffAction(context, request, clienteIntentSchema, 'customers:erase')
  const id = customerIdParamsSchema.safeParse({ id: params.id })
  if (!id.success) return refused(refuse(CUSTOMERS.notFound))
  return answer(await eraseCustomer(context.db, { customerId: id.data.id, actor: staff.actor }), CUSTOMERS_DONE.erased)
}

export { shouldRevalidate } from '~/lib/admin-action'

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `${page?.customer.nome ?? 'Cliente'} | Painel Vitrine` },
  { name: 'robots', content: 'noindex, nofollow' },
]

type OrderRow = Route.ComponentProps['loaderData']['orders'][number]
const ORDER_COLUMNS: Column<OrderRow>[] = [
  {
    header: 'Pedido',
    cell: (o) => (
      <Link to={`/admin/pedidos/${o.code}`} className="font-semibold whitespace-nowrap text-brand-700 hover:underline">
        {o.code}
      </Link>
    ),
  },
  { header: 'Data', cell: (o) => formatDateTime(o.criadoEm), wide: true },
  { header: 'Situação', cell: (o) => <OrderStatusBadge status={o.status} /> },
  { header: 'Pagamento', cell: (o) => PAYMENT_METHOD_NAMES[o.metodo], wide: true },
  { header: 'Total', cell: (o) => formatCents(o.totalCents), numeric: true },
]

export default function Cliente({ loaderData }: Route.ComponentProps) {
  const { customer: c, addresses, orders, totals, mayExport, mayErase } = loaderData
  const nome = `${c.nome}${c.sobrenome ? ` ${c.sobrenome}` : ''}`
  return (
    <>
      <BackLink to="/admin/clientes" label="Clientes" />
      <PageHeader
        title={nome}
        description={`Cliente desde ${formatDateTime(c.createdAt).slice(0, 10)} · conta ${STATUS_NAMES[c.status].toLowerCase()}`}
        actions={
          <>
            {mayExport ? (
              <a href={`/admin/api/clientes/${c.id}/exportacao`} className="adm-btn-ghost" download>
                Exportar dados (LGPD)
              </a>
            ) : null}
            {mayErase ? <EraseCustomer nome={nome} /> : null}
          </>
        }
      />
      <section aria-label="Totais" className="mb-4 grid gap-4 sm:grid-cols-3">
        <Figure label="Pedidos" value={formatCount(totals.pedidos)} />
        <Figure label="Pedidos pagos" value={formatCount(totals.pagos)} />
        <Figure label="Total pago" value={formatCents(totals.cents)} />
      </section>
      <div className="grid gap-4 lg:grid-cols-3">
        <DetailCard id="dados" title="Dados">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-ink-500">E-mail</dt>
            <dd className="break-all">{c.email}</dd>
            <dt className="text-ink-500">CPF/CNPJ</dt>
            <dd>{c.documento ? maskCpfCnpj(c.documento) : '—'}</dd>
            <dt className="text-ink-500">Telefone</dt>
            <dd>{c.telefone ? maskPhone(c.telefone) : '—'}</dd>
            <dt className="text-ink-500">Marketing</dt>
            <dd>{c.marketingOptIn ? 'Aceita e-mails' : 'Não aceita'}</dd>
            <dt className="text-ink-500">Último pedido</dt>
            <dd>{formatDateTime(totals.ultimo)}</dd>
          </dl>
        </DetailCard>
        <DetailCard id="enderecos" title="Endereços" className="lg:col-span-2">
          {addresses.length === 0 ? <p className="text-ink-500">Nenhum endereço salvo.</p> : null}
          <ul className="grid gap-3 sm:grid-cols-2">
            {addresses.map((a) => (
              <li key={a.id} className="rounded-lg border border-ink-100 p-3">
                {a.isDefault ? <span className="mb-1 inline-block rounded bg-brand-50 px-1.5 text-xs font-semibold text-brand-700">Principal</span> : null}
                <address className="not-italic">
                  {a.destinatario || `${a.nome} ${a.sobrenome}`}
                  <br />
                  {a.rua}, {a.numero}
                  {a.complemento ? ` — ${a.complemento}` : ''}
                  <br />
                  {a.bairro} · {a.cidade}/{a.estado} · CEP {formatCep(a.cep)}
                </address>
              </li>
            ))}
          </ul>
        </DetailCard>
      </div>
      <h2 className="mt-6 mb-3 font-bold text-ink-900">Pedidos{totals.pedidos > orders.length ? ` (últimos ${orders.length})` : ''}</h2>
      <DataTable caption="Pedidos do cliente" columns={ORDER_COLUMNS} rows={orders} rowKey={(o) => o.code} empty="Nenhum pedido ainda." />
    </>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="adm-card p-4">
      <p className="text-sm text-ink-500">{label}</p>
      <p className="text-xl font-bold text-ink-900 tabular-nums">{value}</p>
    </div>
  )
}
