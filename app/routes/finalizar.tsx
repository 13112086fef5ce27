import { CheckoutPending } from '~/components/cart/CheckoutPending'
import { privateAnswer } from '../../server/http/cache-headers'
import { pageTitle } from '~/lib/seo'
import type { Route } from './+types/finalizar'

/** /compras/finalizar ('INICIAR COMPRA'): the five-step checkout comes with the Checkout issue. */
export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Finalizar compra') }, { name: 'robots', content: 'noindex' }]

export default function Finalizar() {
  return (
    <section className="container-page flex min-h-[50vh] max-w-2xl flex-col items-center justify-center py-12 text-center">
      <h1 className="text-2xl font-bold text-ink-900">Finalizar compra</h1>
      <CheckoutPending center />
    </section>
  )
}
