import { data } from 'react-router'
import { listCart } from '../../server/domain/cart'
import { pricingRules } from '../../server/domain/catalog'
import { CART_PAGE_TEXTS, CartPage } from '~/components/cart/CartPage'
import { CART_PAGE_NO_SCRIPT } from '../../contract/urls'
import { privateAnswer, sharedAnswer } from '../../server/http/cache-headers'
import { pageTitle } from '~/lib/seo'
import type { Route } from './+types/carrinho'

/**
 * /compras/carrinho (decision 0115): the same page for every visitor, kept like every page; the
 * lines are the visitor's own, so the browser asks `listar-carrinho` for them (read from the
 * database on every request) — as soon as the page starts loading (the preload below). A browser
 * without JavaScript follows the page's link to `?sem-js=1`: the lines rendered on the server from
 * the session's cart, `private, no-store`, never kept.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const rules = pricingRules(context.store)
  if (!new URL(request.url).searchParams.has(CART_PAGE_NO_SCRIPT)) return data({ itens: null, rules }, { headers: sharedAnswer() })
  // The lines came with the session's own statement (server/http/app.ts, decision 0037).
  const session = context.session.current()
  const cart = await listCart(context, session, session?.along)
  return data({ itens: cart.itens, rules }, { headers: privateAnswer() })
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(CART_PAGE_TEXTS.titulo) },
  { name: 'robots', content: 'noindex' },
  // The lines are asked while the page's code loads (same request as useCart's: same-origin, no cookies crossing).
  ...(loaderData?.itens === null
    ? [{ tagName: 'link', rel: 'preload', as: 'fetch', href: '/_next/api/listar-carrinho/', crossOrigin: 'anonymous' } as const]
    : []),
]

export default function Carrinho({ loaderData }: Route.ComponentProps) {
  return <CartPage itens={loaderData.itens} rules={loaderData.rules} />
}
