import { Link } from 'react-router'
import { CheckoutPending } from '~/components/cart/CheckoutPending'
import { privateAnswer } from '../../server/http/cache-headers'
import { pageTitle } from '~/lib/seo'
import type { Route } from './+types/finalizar'

/** /compras/finalizar ('INICIAR COMPRA'): the five-step checkout comes with the Checkout issue. */
export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Finalizar compra') }, { name: 'robots', content: 'noindex' }]

export default function Finalizar() {
  return (
    <section className="container-page flex min-h-[50vh] max-w-2xl flex-col items-center justify-center gap-4 py-12 text-center">
      <h1 className="text-2xl font-bold text-ink-900">Finalizar compra</h1>
      <CheckoutPending />
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/compras/carrinho" className="btn-primary">
          Voltar ao carrinho
        </Link>
        <Link to="/" className="btn-ghost">
          Continuar comprando
        </Link>
      </div>
    </section>
  )
}
