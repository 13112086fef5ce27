import { privateAnswer } from '../../server/http/cache-headers'
import { checkoutCartOrBack } from '~/lib/checkout-cart.server'
import { PaymentStep } from '~/components/checkout/PaymentStep'
import { StepBar } from '~/components/checkout/parts'
import { customerIdOrLogin } from '~/lib/customer.server'
import { pageTitle } from '~/lib/seo'
import type { Route } from './+types/checkout-pagamento'

/**
 * /checkout/pagamento: shipping, payment and the summary before the purchase (the three-step bar's
 * last). A visitor logs in first; a cart that cannot go to checkout sends the shopper back to the cart.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  customerIdOrLogin(context, request)
  await checkoutCartOrBack(context)
  return null
}

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Pagamento') }, { name: 'robots', content: 'noindex' }]

export default function CheckoutPagamento() {
  return (
    <div className="container-page grid max-w-3xl gap-4 pt-4 pb-10 lg:pt-6">
      <h1 className="text-xl font-bold text-ink-900 sm:text-2xl">Finalizar compra</h1>
      <StepBar current={2} />
      <PaymentStep />
    </div>
  )
}
