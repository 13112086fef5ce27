import { useState } from 'react'
import { Link, data, useRevalidator } from 'react-router'
import { toast } from '~/lib/toast'
import { CARRIER_IDS, CARRIERS } from '../../../contract/carriers'
import { ORDER_STATUS_NAMES, PAYMENT_METHOD_NAMES, orderCodeSchema } from '../../../contract/checkout'
import { formatCep, maskPhone } from '../../../contract/validators'
import { adminOrderDetail } from '../../../server/domain/order/admin-detail'
import { NEXT_STATUS } from '../../../server/domain/order/status'
import { can } from '../../../server/domain/staff/permissions'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import { formatDateTime } from '~/components/admin/format'
import { OrderStatusBadge, PAYMENT_STATUS_NAMES } from '~/components/admin/OrderStatus'
import { BackLink } from '~/components/admin/PageBits'
import { PageHeader } from '~/components/admin/PageHeader'
import { adminCall } from '~/lib/admin-api'
import { requireStaffPage } from '~/lib/admin.server'
import { formatBRL } from '~/lib/money'
import type { Route } from './+types/pedido'

/** Statuses an order can still be cancelled from (issue 18: any status before enviado). */
const CANCELLABLE = new Set(['aguardando_pagamento', 'pago', 'em_separacao'])

/** /admin/pedidos/{code} — one order whole: items, buyer, delivery, payment, timeline, and its actions. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'orders:read')
  const code = orderCodeSchema.safeParse(params.code?.toUpperCase())
  const detail = code.success ? await adminOrderDetail(context.db, code.data) : null
  if (!detail) throw data({ msg: 'Pedido não encontrado.' }, { status: 404 })
  const status = detail.order.status
  return {
    ...detail,
    next: NEXT_STATUS[status] ?? null,
    may: {
      advance: can(me.role, 'orders:advance') && Boolean(NEXT_STATUS[status]),
      cancel: can(me.role, 'orders:cancel') && CANCELLABLE.has(status),
      note: can(me.role, 'orders:note'),
      customer: can(me.role, 'customers:read'),
    },
  }
}

export const meta: Route.MetaFunction = ({ data: page }) => [{ title: `${page?.order.code ?? 'Pedido'} | Painel Vitrine` }, { name: 'robots', content: 'noindex, nofollow' }]

const brl = (cents: number | null | undefined) => (cents == null ? '—' : formatBRL(cents / 100))

type Dialog = null | 'advance' | 'cancel' | 'note'

export default function PedidoAdmin({ loaderData }: Route.ComponentProps) {
  const { order, items, payments, events, next, may } = loaderData
  const revalidator = useRevalidator()
  const [dialog, setDialog] = useState<Dialog>(null)
  const [busy, setBusy] = useState(false)
  const [tracking, setTracking] = useState('')
  const [carrier, setCarrier] = useState<string>('correios')
  const [reason, setReason] = useState('')
  const [note, setNote] = useState('')

  /** Runs an action; whatever the answer (done, refused, changed meanwhile), the page reloads the order. */
  async function act(run: () => ReturnType<typeof adminCall>, success: string): Promise<boolean> {
    setBusy(true)
    const result = await run()
    setBusy(false)
    if (result.ok) toast.success(success)
    else toast.error(result.msg)
    revalidator.revalidate()
    return result.ok
  }

  async function advance() {
    const ok = await act(
      () => adminCall('pedidoAvancar', { code: order.code, esperado: order.status, ...(next === 'enviado' ? { rastreio: tracking.trim(), transportadora: carrier as (typeof CARRIER_IDS)[number] } : {}) }),
      `Pedido marcado como ${next ? ORDER_STATUS_NAMES[next].toLowerCase() : ''}.`,
    )
    setDialog(null)
    if (ok) setTracking('')
  }

  async function cancel() {
    const ok = await act(() => adminCall('pedidoCancelar', { code: order.code, esperado: order.status, motivo: reason.trim() }), 'Pedido cancelado.')
    setDialog(null)
    if (ok) setReason('')
  }

  /** A note is kept for good on the order's timeline (it cannot be edited or removed), so it is confirmed first. */
  async function addNote() {
    const ok = await act(() => adminCall('pedidoNota', { code: order.code, texto: note.trim() }), 'Nota adicionada.')
    setDialog(null)
    if (ok) setNote('')
  }

  const address = order.shippingAddress
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
        actions={
          <>
            <a href={`/admin/pedidos/${order.code}/etiqueta`} target="_blank" rel="noreferrer" className="adm-btn-ghost">
              Etiqueta de separação
            </a>
            {may.advance && next ? (
              <button type="button" className="adm-btn" onClick={() => setDialog('advance')}>
                Marcar como {ORDER_STATUS_NAMES[next].toLowerCase()}
              </button>
            ) : null}
            {may.cancel ? (
              <button type="button" className="adm-btn-danger" onClick={() => setDialog('cancel')}>
                Cancelar pedido
              </button>
            ) : null}
          </>
        }
      />

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <section className="adm-card overflow-x-auto p-5" aria-labelledby="itens">
            <h2 id="itens" className="mb-3 font-bold text-ink-900">
              Itens
            </h2>
            <table className="w-full text-sm">
              <thead className="text-left text-xs text-ink-500 uppercase">
                <tr>
                  <th className="py-2 pr-2">Produto (como foi comprado)</th>
                  <th className="px-2 py-2 text-right">Qtd.</th>
                  <th className="hidden px-2 py-2 text-right sm:table-cell">Unitário</th>
                  <th className="py-2 pl-2 text-right">Total</th>
                </tr>
              </thead>
              <tbody>
                {items.map((i) => (
                  <tr key={i.id} className="border-t border-ink-100 align-top">
                    <td className="py-2 pr-2">
                      {i.productId ? (
                        <span className="font-medium">{i.titulo}</span>
                      ) : (
                        <span className="font-medium" title="Produto removido do catálogo">
                          {i.titulo}
                        </span>
                      )}
                      {i.variacao ? <span className="block text-xs text-ink-500">{i.variacao}</span> : null}
                      {i.wholesale ? <span className="block text-xs text-ink-500">Atacado: a partir de {i.wholesale.min} un.</span> : null}
                    </td>
                    <td className="px-2 py-2 text-right tabular-nums">{i.quantity}</td>
                    <td className="hidden px-2 py-2 text-right tabular-nums sm:table-cell">
                      {brl(i.unitPriceCents)}
                      {i.listUnitPriceCents && i.listUnitPriceCents !== i.unitPriceCents ? <span className="block text-xs text-ink-500 line-through">{brl(i.listUnitPriceCents)}</span> : null}
                    </td>
                    <td className="py-2 pl-2 text-right tabular-nums">{brl(i.totalCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="text-sm">
                <Total label="Subtotal" cents={order.subtotalCents} />
                {order.discountCents ? <Total label="Desconto" cents={-order.discountCents} /> : null}
                <Total label={`Frete (${order.shippingMethod})`} cents={order.shippingCents} />
                <Total label="Total" cents={order.totalCents} strong />
              </tfoot>
            </table>
          </section>

          <section className="adm-card p-5" aria-labelledby="linha-do-tempo">
            <h2 id="linha-do-tempo" className="mb-3 font-bold text-ink-900">
              Linha do tempo
            </h2>
            {events.length === 0 ? <p className="text-sm text-ink-500">Nenhum evento registrado.</p> : null}
            <ol className="flex flex-col gap-3 border-l-2 border-ink-100 pl-4">
              {events.map((e) => (
                <li key={e.id} className="relative text-sm">
                  <span aria-hidden="true" className={`absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full ${e.kind === 'note' ? 'bg-accent-500' : e.kind === 'cancelled' || e.kind === 'refund' ? 'bg-danger-600' : 'bg-brand-500'}`} />
                  <p className={e.kind === 'note' ? 'rounded-lg bg-accent-400/10 px-3 py-2 whitespace-pre-wrap' : ''}>
                    {e.kind === 'note' ? <span className="mb-1 block text-xs font-semibold text-warn-500">Nota interna</span> : null}
                    {e.summary}
                  </p>
                  <p className="text-xs text-ink-500">
                    {formatDateTime(e.at)} · {e.actor}
                  </p>
                </li>
              ))}
            </ol>
            {may.note ? (
              <form
                onSubmit={(e) => {
                  e.preventDefault()
                  if (note.trim()) setDialog('note')
                }}
                className="mt-4 flex flex-col gap-2">
                <label htmlFor="nota" className="adm-label">
                  Nota interna (o cliente não vê)
                </label>
                <textarea id="nota" value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={2000} className="adm-input" required />
                <div>
                  <button type="submit" className="adm-btn" disabled={busy || !note.trim()}>
                    Adicionar nota
                  </button>
                </div>
              </form>
            ) : null}
          </section>
        </div>

        <div className="flex flex-col gap-4">
          <section className="adm-card p-5 text-sm" aria-labelledby="comprador">
            <h2 id="comprador" className="mb-2 font-bold text-ink-900">
              Comprador
            </h2>
            <p className="font-medium">{order.buyerNome}</p>
            <p>{order.buyerEmail}</p>
            <p>CPF {order.buyerCpf}</p>
            <p>{maskPhone(order.buyerCelular)}</p>
            {may.customer ? (
              <Link to={`/admin/clientes/${order.customerId}`} className="mt-2 inline-block font-semibold text-brand-700 hover:underline">
                Ver cliente
              </Link>
            ) : null}
          </section>

          <section className="adm-card p-5 text-sm" aria-labelledby="entrega">
            <h2 id="entrega" className="mb-2 font-bold text-ink-900">
              Entrega
            </h2>
            <p className="font-medium">
              {order.shippingMethod}
              {order.shippingDays ? ` · até ${order.shippingDays} dias úteis` : ''}
            </p>
            {order.station ? (
              <p>
                Retirar em {order.station.nome} — {order.station.endereco}
              </p>
            ) : null}
            <address className="mt-1 not-italic">
              {address.destinatario}
              <br />
              {address.rua}, {address.numero}
              {address.complemento ? ` — ${address.complemento}` : ''}
              <br />
              {address.bairro} · {address.cidade}/{address.estado}
              <br />
              CEP {formatCep(address.cep)}
            </address>
            {order.trackingCode ? (
              <p className="mt-2">
                {order.carrierName ?? 'Rastreio'}:{' '}
                {order.trackingUrl ? (
                  <a href={order.trackingUrl} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 hover:underline">
                    {order.trackingCode}
                  </a>
                ) : (
                  <span className="font-semibold">{order.trackingCode}</span>
                )}
              </p>
            ) : null}
          </section>

          <section className="adm-card p-5 text-sm" aria-labelledby="pagamento">
            <h2 id="pagamento" className="mb-2 font-bold text-ink-900">
              Pagamento
            </h2>
            <p>
              {PAYMENT_METHOD_NAMES[order.paymentMethod]}
              {order.installments > 1 ? ` em ${order.installments}x` : ''}
              {order.paidAt ? ` · pago em ${formatDateTime(order.paidAt)}` : ''}
            </p>
            {payments.map((p) => (
              <dl key={p.id} className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-t border-ink-100 pt-3">
                <dt className="text-ink-500">Situação</dt>
                <dd className="font-semibold">{PAYMENT_STATUS_NAMES[p.status]}</dd>
                <dt className="text-ink-500">Valor</dt>
                <dd className="tabular-nums">{brl(p.amountCents)}</dd>
                <dt className="text-ink-500">Provedor</dt>
                <dd>{p.provider}</dd>
                <dt className="text-ink-500">ID</dt>
                <dd className="break-all">{p.providerPaymentId}</dd>
                {p.cartao ? (
                  <>
                    <dt className="text-ink-500">Cartão</dt>
                    <dd>
                      {p.cartao.descricao} · {p.cartao.parcelas}x
                    </dd>
                  </>
                ) : null}
                {p.pix ? (
                  <>
                    <dt className="text-ink-500">Pix até</dt>
                    <dd>{formatDateTime(p.pix.expiraEm)}</dd>
                    <dt className="text-ink-500">Copia e cola</dt>
                    <dd className="font-mono text-xs break-all">{p.pix.copiaECola}</dd>
                  </>
                ) : null}
                {p.boleto ? (
                  <>
                    <dt className="text-ink-500">Vencimento</dt>
                    <dd>{p.boleto.vencimento.split('-').reverse().join('/')}</dd>
                    <dt className="text-ink-500">Linha digitável</dt>
                    <dd className="font-mono text-xs break-all">{p.boleto.linhaDigitavel}</dd>
                  </>
                ) : null}
              </dl>
            ))}
          </section>
        </div>
      </div>

      <ConfirmDialog open={dialog === 'note'} title="Adicionar esta nota ao pedido?" confirmLabel="Adicionar nota" busy={busy} onConfirm={addNote} onClose={() => setDialog(null)}>
        <p>A nota fica na linha do tempo do pedido, com seu nome, e não pode ser apagada. O cliente não a vê.</p>
        <blockquote className="mt-2 max-h-40 overflow-y-auto rounded-lg bg-ink-50 px-3 py-2 whitespace-pre-wrap">{note.trim()}</blockquote>
      </ConfirmDialog>

      <ConfirmDialog open={dialog === 'advance'} title={next ? `Marcar como ${ORDER_STATUS_NAMES[next].toLowerCase()}?` : ''} confirmLabel="Confirmar" busy={busy} onConfirm={advance} onClose={() => setDialog(null)}>
        {next === 'enviado' ? (
          <div className="flex flex-col gap-3">
            <p>O cliente recebe um e-mail com o código e o link de rastreio.</p>
            <div>
              <label htmlFor="transportadora" className="adm-label">
                Transportadora
              </label>
              <select id="transportadora" value={carrier} onChange={(e) => setCarrier(e.target.value)} className="adm-input" required>
                {CARRIER_IDS.map((id) => (
                  <option key={id} value={id}>
                    {CARRIERS[id].nome}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="rastreio" className="adm-label">
                Código de rastreio
              </label>
              <input id="rastreio" value={tracking} onChange={(e) => setTracking(e.target.value)} className="adm-input" required minLength={6} maxLength={40} pattern="[A-Za-z0-9\-]{6,40}" placeholder="AA123456789BR" />
            </div>
          </div>
        ) : (
          <p>
            O pedido passa de {ORDER_STATUS_NAMES[order.status].toLowerCase()} para {next ? ORDER_STATUS_NAMES[next].toLowerCase() : ''}.
          </p>
        )}
      </ConfirmDialog>

      <ConfirmDialog open={dialog === 'cancel'} title="Cancelar este pedido?" confirmLabel="Cancelar pedido" danger busy={busy} onConfirm={cancel} onClose={() => setDialog(null)}>
        <div className="flex flex-col gap-3">
          <p>Os produtos voltam ao estoque na hora, {order.paidAt ? 'o valor pago é estornado pelo provedor' : 'a cobrança em aberto é anulada'} e o cliente recebe um e-mail.</p>
          <div>
            <label htmlFor="motivo" className="adm-label">
              Motivo
            </label>
            <textarea id="motivo" value={reason} onChange={(e) => setReason(e.target.value)} rows={3} minLength={3} maxLength={500} required className="adm-input" />
          </div>
        </div>
      </ConfirmDialog>
    </>
  )
}

function Total({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <tr className={strong ? 'border-t border-ink-100 font-bold' : ''}>
      <td colSpan={3} className="hidden py-1 pr-2 text-right text-ink-500 sm:table-cell">
        {label}
      </td>
      <td colSpan={2} className="py-1 pr-2 text-right text-ink-500 sm:hidden">
        {label}
      </td>
      <td className="py-1 pl-2 text-right tabular-nums">{cents < 0 ? `− ${brl(-cents)}` : brl(cents)}</td>
    </tr>
  )
}
