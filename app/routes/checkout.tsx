import { useNavigate } from 'react-router'
import { privateAnswer } from '../../server/http/cache-headers'
import { checkoutCartOrBack } from '~/lib/checkout-cart.server'
import { IdentificationForm } from '~/components/checkout/IdentificationForm'
import { CARD, CheckoutPrompt, StepBar } from '~/components/checkout/parts'
import { currentCustomer } from '../../server/http/require-customer'
import { LineThumb } from '~/components/ui/LineThumb'
import { formatBRL } from '~/lib/money'
import { pageTitle } from '~/lib/seo'
import type { Route } from './+types/checkout'

/**
 * /checkout (docs/requirements.md, "Checkout identification"; also after the phone's buy-now): the cart first
 * (empty, or a line that cannot be bought → back to the cart), the step bar, the collapsible
 * 'Resumo' and 'Identifique-se', prefilled from the last purchase (compra[]). A visitor logs in
 * first and comes back.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const cart = await checkoutCartOrBack(context)
  // A visitor sees the cart and the login prompt (the checkout's 'auth').
  return { itens: cart.itens, total: cart.total, compra: cart.compra[0] ?? null, anonimo: !currentCustomer(context) }
}

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Identificação') }, { name: 'robots', content: 'noindex' }]

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { itens, total, compra, anonimo } = loaderData
  const navigate = useNavigate()
  const count = itens.reduce((sum, i) => sum + i.quantidade, 0)
  return (
    <div className="container-page grid max-w-3xl gap-4 pt-4 pb-10 lg:pt-6">
      <h1 className="text-xl font-bold text-ink-900 sm:text-2xl">Finalizar compra</h1>
      <StepBar current={0} />
      <details className={CARD}>
        <summary className="flex cursor-pointer items-center justify-between font-bold text-ink-900">
          <span>
            Resumo ({count} {count === 1 ? 'item' : 'itens'})
          </span>
          <span data-testid="resumo-total">{formatBRL(total)}</span>
        </summary>
        <ul className="mt-3 divide-y divide-ink-100">
          {itens.map((item) => (
            <li key={item.token} className="flex items-center gap-3 py-2">
              <LineThumb link={item.imgs.link} size={48} className="h-12 w-12 rounded-md object-contain ring-1 ring-ink-100" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="line-clamp-1 font-medium text-ink-900">{item.titulo}</p>
                {item.variacao[0] ? <p className="text-xs text-ink-500">{item.variacao[0].v2}</p> : null}
              </div>
              <p className="text-sm font-semibold">{formatBRL(item.valor_total)}</p>
            </li>
          ))}
        </ul>
      </details>
      {anonimo ? (
        <CheckoutPrompt code="auth" />
      ) : (
        <div className={CARD}>
          <IdentificationForm initial={compra} onDone={() => navigate('/checkout/address')} />
        </div>
      )}
    </div>
  )
}
