import { privateAnswer } from '../../server/http/cache-headers'
import { checkoutCartOrBack } from '~/lib/checkout-cart.server'
import { FiveSteps } from '~/components/checkout/FiveSteps'
import { currentCustomer } from '../../server/http/require-customer'
import { CheckoutPrompt } from '~/components/checkout/parts'
import { pageTitle } from '~/lib/seo'
import type { Route } from './+types/finalizar'

/**
 * /compras/finalizar ('INICIAR COMPRA', the cart page): the checkout in five steps. A customer's
 * cart comes first (empty, or a line that cannot be bought → back to the cart); a visitor's may
 * be empty until the login brings the customer's own.
 */
export async function loader({ context }: Route.LoaderArgs) {
  // A visitor gets the login prompt (the checkout's 'auth') on this page.
  if (!currentCustomer(context)) return { compra: null, anonimo: true }
  const cart = await checkoutCartOrBack(context)
  return { compra: cart.compra[0] ?? null, anonimo: false }
}

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Finalizar compra') }, { name: 'robots', content: 'noindex' }]

export default function Finalizar({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page grid max-w-3xl gap-4 pt-4 pb-10 lg:pt-6">
      <h1 className="text-xl font-bold text-ink-900 sm:text-2xl">Finalizar compra</h1>
      {loaderData.anonimo ? <CheckoutPrompt code="auth" /> : <FiveSteps compra={loaderData.compra} />}
    </div>
  )
}
