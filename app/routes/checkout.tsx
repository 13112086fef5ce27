import { listCart } from '../../server/domain/cart'
import { privateAnswer } from '../../server/http/cache-headers'
import { CheckoutPending } from '~/components/cart/CheckoutPending'
import { OrderSummary } from '~/components/cart/OrderSummary'
import { pageTitle } from '~/lib/seo'
import type { Route } from './+types/checkout'

/**
 * /checkout, where the phone's buy-now leads (spec §2). Identification and payment belong to the
 * Checkout issue; until they land this page shows the visitor's cart and says so plainly.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const cart = await listCart(context, context.session.current())
  return { itens: cart.itens }
}

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Finalizar compra') }, { name: 'robots', content: 'noindex' }]

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { itens } = loaderData
  return (
    <div className="container-page max-w-3xl pt-4 pb-10 lg:pt-6">
      <h1 className="text-xl font-bold text-ink-900 sm:text-2xl">Finalizar compra</h1>
      <CheckoutPending>
        <div className="mt-4">
          {itens.length > 0 ? (
            <OrderSummary itens={itens} />
          ) : (
            <p className="rounded-card bg-white p-5 text-ink-700 shadow-card ring-1 ring-ink-100">Seu carrinho está vazio.</p>
          )}
        </div>
      </CheckoutPending>
    </div>
  )
}
