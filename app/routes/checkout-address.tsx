import { listAddresses } from '../../server/domain/address'
import { privateAnswer } from '../../server/http/cache-headers'
import { checkoutCartOrBack } from '~/lib/checkout-cart.server'
import { DeliveryStep } from '~/components/checkout/DeliveryStep'
import { StepBar } from '~/components/checkout/parts'
import { customerIdOrLogin } from '~/lib/customer.server'
import { pageTitle } from '~/lib/seo'
import type { Route } from './+types/checkout-address'

/**
 * /checkout/address (docs/requirements.md, "Checkout delivery"): the delivery address, saved or chosen. A visitor
 * logs in first; a cart that cannot go to checkout sends the shopper back to the cart.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const customerId = customerIdOrLogin(context, request)
  const [, enderecos] = await Promise.all([checkoutCartOrBack(context), listAddresses(context.db, customerId)])
  return { enderecos }
}

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Entrega') }, { name: 'robots', content: 'noindex' }]

export default function CheckoutAddress({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page grid max-w-3xl gap-4 pt-4 pb-10 lg:pt-6">
      <h1 className="text-xl font-bold text-ink-900 sm:text-2xl">Finalizar compra</h1>
      <StepBar current={1} />
      <DeliveryStep initial={loaderData.enderecos} />
    </div>
  )
}
