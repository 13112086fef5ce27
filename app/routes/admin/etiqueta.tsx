import { data } from 'react-router'
import { orderCodeParamsSchema } from '../../../contract/admin/orders'
import { ORDERS } from '../../../contract/messages/orders'
import { formatCep, maskPhone } from '../../../contract/validators'
import { adminOrderDetail } from '../../../server/domain/order/admin-detail'
import { code128Svg } from '../../../server/lib/code128'
import { formatDateTime } from '~/components/admin/format'
import { requireStaffPage } from '~/lib/admin.server'
import type { Route } from './+types/etiqueta'

/**
 * /admin/pedidos/{code}/etiqueta — the packing slip: the order code as a Code 128 barcode (drawn
 * on the server), the delivery address and the items to put in the box. A sheet to print, outside
 * the back office's navigation.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'orders:read')
  const code = orderCodeParamsSchema.safeParse({ code: params.code })
  const detail = code.success ? await adminOrderDetail(context.db, code.data.code) : null
  if (!detail) throw data({ msg: ORDERS.notFound().message }, { status: 404 })
  const { order, items, invoice } = detail
  return {
    // The NF-e travels with the parcel: its number and key (docs/decisions/0129-nfe.md).
    nfe: invoice?.status === 'autorizada' && invoice.chave ? { chave: invoice.chave, numero: invoice.numero, serie: invoice.serie } : null,
    code: order.code,
    createdAt: order.createdAt,
    shippingMethod: order.shippingMethod,
    station: order.station,
    // The slip shows no money; the coupon tells whoever packs it which campaign the order came from.
    couponCode: order.couponCode,
    address: order.shippingAddress,
    buyer: { nome: order.buyerNome, celular: order.buyerCelular },
    items: items.map((i) => ({ id: i.id, titulo: i.titulo, variacao: i.variacao, quantity: i.quantity })),
    barcode: code128Svg(order.code, { module: 2, height: 56 }),
  }
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `Etiqueta ${page?.code ?? ''} | Painel Vitrine` },
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function Etiqueta({ loaderData: slip }: Route.ComponentProps) {
  const a = slip.address
  const units = slip.items.reduce((s, i) => s + i.quantity, 0)
  return (
    <main className="mx-auto w-full max-w-[190mm] px-3 py-4 text-ink-900 print:p-0">
      <div className="mb-4 flex items-center justify-between gap-2 print:hidden">
        <a href={`/admin/pedidos/${slip.code}`} className="text-sm text-brand-700 hover:underline">
          ← Voltar ao pedido
        </a>
        <button type="button" onClick={() => window.print()} className="adm-btn">
          Imprimir
        </button>
      </div>
      <article className="adm-card p-6 print:rounded-none print:p-0 print:shadow-none">
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-ink-300 pb-4">
          <div>
            <p className="text-xs tracking-wide text-ink-500 uppercase">Etiqueta de separação</p>
            <h1 className="text-2xl font-bold">{slip.code}</h1>
            <p className="text-sm text-ink-500">Pedido de {formatDateTime(slip.createdAt)}</p>
          </div>
          <div className="[&_svg]:h-14 [&_svg]:w-auto [&_svg]:max-w-full" dangerouslySetInnerHTML={{ __html: slip.barcode }} />
        </header>
        <section className="grid gap-4 border-b border-ink-300 py-4 sm:grid-cols-2" aria-label="Destino">
          <div>
            <h2 className="text-xs font-semibold tracking-wide text-ink-500 uppercase">Destinatário</h2>
            <address className="mt-1 text-lg leading-snug not-italic">
              <strong>{a.destinatario}</strong>
              <br />
              {a.rua}, {a.numero}
              {a.complemento ? ` — ${a.complemento}` : ''}
              <br />
              {a.bairro}
              <br />
              {a.cidade}/{a.estado}
              <br />
              <strong>CEP {formatCep(a.cep)}</strong>
            </address>
            <p className="mt-1 text-sm">Tel. {maskPhone(slip.buyer.celular)}</p>
          </div>
          <div>
            <h2 className="text-xs font-semibold tracking-wide text-ink-500 uppercase">Envio</h2>
            <p className="mt-1">{slip.shippingMethod}</p>
            {slip.station ? (
              <p className="text-sm">
                Retirada: {slip.station.nome} — {slip.station.endereco}
              </p>
            ) : null}
            {slip.couponCode ? <p className="mt-1 text-sm">Cupom: {slip.couponCode}</p> : null}
            {slip.nfe ? (
              <p className="mt-2 text-sm">
                NF-e nº {slip.nfe.numero}, série {slip.nfe.serie}
                <br />
                <span className="font-mono text-xs">Chave {slip.nfe.chave}</span>
              </p>
            ) : null}
          </div>
        </section>
        <section className="pt-4" aria-label="Itens">
          <h2 className="mb-2 text-xs font-semibold tracking-wide text-ink-500 uppercase">
            Itens ({units} {units === 1 ? 'unidade' : 'unidades'})
          </h2>
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-ink-300 text-left">
                <th className="w-10 py-1">✓</th>
                <th className="py-1">Produto</th>
                <th className="py-1 text-right">Qtd.</th>
              </tr>
            </thead>
            <tbody>
              {slip.items.map((i) => (
                <tr key={i.id} className="border-b border-ink-100">
                  <td className="py-2">
                    <span aria-hidden="true" className="inline-block size-4 border border-ink-700" />
                  </td>
                  <td className="py-2">
                    {i.titulo}
                    {i.variacao ? <span className="block text-xs text-ink-500">{i.variacao}</span> : null}
                  </td>
                  <td className="py-2 text-right text-base font-bold tabular-nums">{i.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </article>
    </main>
  )
}
