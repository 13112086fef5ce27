import { data } from 'react-router'
import { orderCodeSchema } from '../../contract/checkout'
import { boletoSlip } from '../../server/domain/order/boleto-slip'
import { privateAnswer } from '../../server/http/cache-headers'
import { BoletoSlip } from '~/components/order/BoletoSlip'
import { customerIdOrLogin } from '~/lib/customer.server'
import { pageTitle } from '~/lib/seo'
import type { Route } from './+types/pedido-boleto'

/** /compras/pedido/{code}/boleto: the printable boleto of one of the customer's orders (outside the shell, a sheet to print). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const customerId = customerIdOrLogin(context, request)
  const code = orderCodeSchema.safeParse(params.code)
  const slip = code.success ? await boletoSlip(context.db, context.store, customerId, code.data) : null
  return data({ slip }, { status: slip ? 200 : 404, headers: privateAnswer() })
}

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: pageTitle(page?.slip ? `Boleto do pedido ${page.slip.codigo}` : 'Boleto não encontrado') },
  { name: 'robots', content: 'noindex' },
]

export default function PedidoBoleto({ loaderData }: Route.ComponentProps) {
  if (!loaderData.slip) {
    return (
      <main className="container-page max-w-2xl py-12 text-center">
        <h1 className="text-2xl font-bold text-ink-900">Boleto não encontrado</h1>
        <p className="mt-2 text-ink-700">Este pedido não tem boleto, ou não é da sua conta. Veja seus pedidos em Minha Conta.</p>
        <a href="/cliente/conta/" className="btn-primary mt-4">Minha Conta</a>
      </main>
    )
  }
  return <BoletoSlip slip={loaderData.slip} />
}
