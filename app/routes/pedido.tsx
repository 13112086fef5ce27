import { data } from 'react-router'
import { orderView } from '../../server/domain/order/view'
import { paymentProvider } from '../../server/domain/payment/gateway'
import { privateAnswer } from '../../server/http/cache-headers'
import { orderCodeSchema } from '../../contract/checkout'
import { OrderNotFound } from '~/components/order/OrderNotFound'
import { OrderPage } from '~/components/order/OrderPage'
import { OrderAfterSale } from '~/components/after-sale/OrderAfterSale'
import { customerAfterSale } from '../../server/domain/after-sale/after-sale'
import { customerIdOrLogin } from '~/lib/customer.server'
import { pageTitle } from '~/lib/seo'
import type { Route } from './+types/pedido'
import { isRefusal } from '../../server/domain/refusal'
import { customerInvoice } from '../../server/domain/fiscal/view'
import { OrderInvoice } from '~/components/order/OrderInvoice'

/** /compras/pedido/{code}: the confirmation, the payment instructions and the live status of one of the customer's orders. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const customerId = customerIdOrLogin(context, request)
  const code = orderCodeSchema.safeParse(params.code)
  const view = code.success ? await orderView(context.db, paymentProvider(context.db), customerId, code.data) : null
  if (!view || isRefusal(view)) return data({ pedido: null, posVenda: null, nota: null }, { status: 404, headers: privateAnswer() })
  const [posVenda, nota] = await Promise.all([
    customerAfterSale(context.db, context.store, customerId, view.pedido.codigo),
    customerInvoice(context.db, customerId, view.pedido.codigo),
  ])
  return data({ pedido: view.pedido, posVenda, nota }, { headers: privateAnswer() })
}

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: pageTitle(page?.pedido ? `Pedido ${page.pedido.codigo}` : 'Pedido não encontrado') },
  { name: 'robots', content: 'noindex' },
]

export default function Pedido({ loaderData }: Route.ComponentProps) {
  if (!loaderData.pedido) return <OrderNotFound titulo="Pedido não encontrado" texto="Confira o número do pedido ou veja seus pedidos em Minha Conta." />
  return (
    <OrderPage key={loaderData.pedido.codigo} initial={loaderData.pedido}>
      {loaderData.nota ? <OrderInvoice codigo={loaderData.pedido.codigo} nota={loaderData.nota} /> : null}
      {loaderData.posVenda ? <OrderAfterSale codigo={loaderData.pedido.codigo} posVenda={loaderData.posVenda} /> : null}
    </OrderPage>
  )
}
