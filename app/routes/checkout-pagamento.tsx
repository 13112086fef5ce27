import { privateAnswer } from '../../server/http/cache-headers'
import { PaymentStep } from '~/components/checkout/PaymentStep'
import { StepBar } from '~/components/checkout/parts'
import { customerIdOrLogin } from '~/lib/customer.server'
import { pageTitle } from '~/lib/seo'
import type { Route } from './+types/checkout-pagamento'

/** /checkout/pagamento: shipping, payment and the summary before the purchase (the three-step bar's last). */
export function loader({ context, request }: Route.LoaderArgs) {
  customerIdOrLogin(context, request)
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
