import { listCart } from '../../server/domain/cart'
import { pricingRules } from '../../server/domain/catalog'
import { CART_PAGE_TEXTS, CartPage } from '~/components/cart/CartPage'
import { visitorAnswer } from '../../server/http/cache-headers'
import { pageTitle } from '~/lib/seo'
import type { Route } from './+types/carrinho'

/**
 * /compras/carrinho: rendered from the visitor's own cart. Never shared: `private, no-store` for
 * browsers and proxies; the micro-cache keeps it for this session alone until its cart, its session
 * or a product in it changes (visitorAnswer, decision 0030).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const cart = await listCart(context, context.session.current())
  return { itens: cart.itens, rules: pricingRules(context.store) }
}

export const headers: Route.HeadersFunction = () => visitorAnswer()

export const meta: Route.MetaFunction = () => [{ title: pageTitle(CART_PAGE_TEXTS.titulo) }, { name: 'robots', content: 'noindex' }]

export default function Carrinho({ loaderData }: Route.ComponentProps) {
  return <CartPage itens={loaderData.itens} rules={loaderData.rules} />
}
