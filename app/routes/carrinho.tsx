import { listCart } from '../../server/domain/cart'
import { pricingRules } from '../../server/domain/catalog'
import { CART_PAGE_TEXTS, CartPage } from '~/components/cart/CartPage'
import { privateAnswer } from '../../server/http/cache-headers'
import { pageTitle } from '~/lib/seo'
import type { Route } from './+types/carrinho'

/**
 * /compras/carrinho: rendered from the visitor's own cart, read from the database on every request
 * (decision 0034). Never shared, never kept: `private, no-store`.
 */
export async function loader({ context }: Route.LoaderArgs) {
  // The lines came with the session's own statement (server/http/app.ts, decision 0037).
  const session = context.session.current()
  const cart = await listCart(context, session, session?.along)
  return { itens: cart.itens, rules: pricingRules(context.store) }
}

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: pageTitle(CART_PAGE_TEXTS.titulo) }, { name: 'robots', content: 'noindex' }]

export default function Carrinho({ loaderData }: Route.ComponentProps) {
  return <CartPage itens={loaderData.itens} rules={loaderData.rules} />
}
