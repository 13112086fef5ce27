import { data } from 'react-router'
import { orderCodeSchema } from '../../contract/checkout'
import { boletoSlip } from '../../server/domain/order/boleto-slip'
import { privateAnswer } from '../../server/http/cache-headers'
import { BoletoSlip } from '~/components/order/BoletoSlip'
import { OrderNotFound } from '~/components/order/OrderNotFound'
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
    // Outside the shell: this page is its own main landmark.
    return (
      <main>
        <OrderNotFound titulo="Boleto não encontrado" texto="Este pedido não tem boleto, ou não é da sua conta. Veja seus pedidos em Minha Conta." conta />
      </main>
    )
  }
  return <BoletoSlip slip={loaderData.slip} />
}
