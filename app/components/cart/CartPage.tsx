import { useEffect } from 'react'
import { Link } from 'react-router'
import type { CartItem } from '../../../contract/cart'
import { instalments, toCents, type PricingRules } from '../../../contract/pricing'
import { CART_MESSAGES } from '../../../contract/messages/cart'
import { cartPageNoScriptPath, productPath } from '../../../contract/urls'
import { CartIcon } from '../ui/icons'
import { imageUrl } from '~/lib/image'
import { formatBRL } from '~/lib/money'
import { usePersonal } from '~/lib/personal'
import { buyable, chosenOption, listSubtotal, pieceCount, pixSubtotal } from './cart-math'
import { CheckoutButton } from './CheckoutButton'
import { CouponField } from './CouponField'
import { DiscountLines } from './DiscountLines'
import { LineNotice, LineQuantity, RemoveLine } from './LineControls'
import { LoadingLines } from './LoadingLines'
import { useCart, type CartView } from './useCart'

export const CART_PAGE_TEXTS = {
  titulo: 'Meu carrinho de compras',
  vazio: 'Oops! O seu carrinho esta vázio!',
  carregando: CART_MESSAGES.carregando,
  semJs: 'O seu navegador está sem JavaScript.',
  semJsLink: 'Ver os itens do carrinho',
} as const

/**
 * The page fills the screen while it loads and after: the footer starts below the fold either way,
 * so the lines arriving move nothing the shopper sees (Lighthouse measured CLS 0.049 from the
 * footer moving up without it).
 */
const PAGE_CLASS = 'container-page min-h-screen pt-4 pb-10 lg:pt-6'

/**
 * /compras/carrinho: the page is the same for every visitor and its lines
 * come from `listar-carrinho`, read from the database when the page asks (decision 0115); `itens`
 * given (the `sem-js` page) are lines the server rendered. Each change is saved at once through
 * useCart. A change made elsewhere (the side panel) moves the badge count; the page then lists the
 * cart again so both agree.
 */
export function CartPage({ itens, rules }: { itens: CartItem[] | null; rules: PricingRules }) {
  const cart = useCart(itens ?? undefined)
  const { ItensCar, loaded } = usePersonal()
  const { load, busy, reload } = cart
  const shown = load.kind === 'loaded' ? load.itens : itens
  const settled = busy.size === 0
  const stale = loaded && settled && shown !== null && ItensCar !== pieceCount(shown)
  useEffect(() => {
    if (stale) void reload(true)
  }, [stale, reload])
  useEffect(() => {
    if (!itens) void reload()
  }, [itens, reload])

  if (shown === null) return <LoadingCart error={load.kind === 'error' ? load.msg : null} onRetry={() => void reload()} />
  if (shown.length === 0) return <EmptyCart />
  // Lines that cannot be bought stay listed, marked, and out of every total.
  const counted = buyable(shown)
  const subtotal = listSubtotal(counted)
  const pieces = pieceCount(counted)
  // The server's totals after promotions and the coupon, while no change is on its way.
  const discounts = settled ? cart.discounts : null
  const byCard = discounts?.totalCartao ?? subtotal
  const parcelas = instalments(toCents(byCard), rules)
  return (
    <div className={PAGE_CLASS}>
      <h1 className="text-xl font-bold text-ink-900 sm:text-2xl">{CART_PAGE_TEXTS.titulo}</h1>
      <div className="mt-4 grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_340px] lg:gap-6">
        <ul className="space-y-3" aria-label="Itens do carrinho">
          {shown.map((item) => (
            <CartLine key={item.token} item={item} cart={cart} />
          ))}
        </ul>
        <aside aria-labelledby="resumo-titulo" className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100 lg:sticky lg:top-[186px]">
          <h2 id="resumo-titulo" className="text-lg font-bold text-ink-900">
            Resumo
          </h2>
          <dl className="mt-3 space-y-2 text-sm">
            <div className="flex justify-between text-ink-700">
              <dt>
                Subtotal ({pieces} {pieces === 1 ? 'item' : 'itens'})
              </dt>
              <dd className="font-semibold text-ink-900" data-testid="carrinho-subtotal">
                {formatBRL(subtotal)}
              </dd>
            </div>
            {discounts ? <DiscountLines descontos={discounts.descontos} /> : null}
            <div className="flex justify-between border-t border-ink-100 pt-2">
              <dt className="font-semibold text-ink-900">Total no Pix</dt>
              <dd className="text-xl font-extrabold text-pix-600" data-testid="carrinho-total-pix">
                {formatBRL(discounts?.totalPix ?? pixSubtotal(counted))}
              </dd>
            </div>
          </dl>
          <p className="mt-2 text-right text-xs text-ink-500">
            {parcelas.qtd > 1 ? `ou ${parcelas.qtd}x de ${formatBRL(parcelas.valor)} sem juros no cartão` : `ou ${formatBRL(byCard)} no cartão`}
          </p>
          <div className="mt-3">
            <CouponField cupom={discounts?.cupom} changed={() => reload(true)} />
          </div>
          <p className="mt-2 text-xs text-ink-500">O frete é calculado na finalização da compra.</p>
          <CheckoutButton itens={shown} className="mt-4 w-full">
            Finalizar compra
          </CheckoutButton>
          <Link to="/" className="btn-ghost mt-2 w-full">
            Continuar comprando
          </Link>
        </aside>
      </div>
    </div>
  )
}

function CartLine({ item, cart }: { item: CartItem; cart: CartView }) {
  const busy = cart.busy.has(item.token)
  const chosen = chosenOption(item)
  const options = item.itens_vari.filter((axis) => axis.data.length > 0)
  // A value the store no longer offers (deactivated in the back office) stays shown as the line's, unavailable.
  const gone = chosen && !options.some((axis) => axis.data.some((o) => o.hash === chosen)) ? item.variacao[0] : null
  return (
    <li className="flex gap-3 rounded-card bg-white p-3 shadow-card ring-1 ring-ink-100 sm:gap-4 sm:p-4" data-testid="carrinho-item" aria-busy={busy}>
      <Link to={productPath(item.hash)} className="shrink-0" tabIndex={-1} aria-hidden="true">
        <img
          src={imageUrl(item.imgs.link, { quality: 70, width: 240 })}
          alt=""
          width={96}
          height={96}
          className={`h-20 w-20 rounded-md bg-white object-contain ring-1 ring-ink-100 sm:h-24 sm:w-24 ${item.max > 0 ? '' : 'opacity-50 grayscale'}`}
        />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link to={productPath(item.hash)} className="line-clamp-2 font-semibold text-ink-900 hover:text-brand-700">
              {item.titulo}
            </Link>
            <p className="text-xs text-ink-500">{item.categoria}</p>
          </div>
          <RemoveLine item={item} cart={cart} className="flex shrink-0 items-center gap-1 rounded-lg px-2 py-1 text-xs font-medium">
            <span className="hidden sm:inline">Remover</span>
          </RemoveLine>
        </div>
        {options.length > 0 && chosen ? (
          <label className="mt-2 flex items-center gap-2 text-sm text-ink-700">
            <span>{item.variacao[0]?.v1 || 'Variação'}:</span>
            <select
              value={chosen}
              disabled={busy}
              aria-label={`Variação de ${item.titulo}`}
              onChange={(e) => void cart.change({ kind: 'variation', token: item.token, vrc: e.target.value })}
              className="h-9 rounded-lg border border-ink-300 bg-white px-2 text-sm"
            >
              {gone ? (
                <option value={chosen} disabled>
                  {gone.v2} (indisponível)
                </option>
              ) : null}
              {options.map((axis) => (
                <optgroup key={axis.nome} label={axis.nome}>
                  {axis.data.map((o) => (
                    <option key={o.hash} value={o.hash} disabled={o.qtd <= 0 && o.hash !== chosen}>
                      {o.name}
                      {o.qtd <= 0 ? ' (esgotado)' : ''}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
        ) : null}
        {item.promocao ? (
          <p className="mt-1 text-xs font-medium text-green-700">
            {item.promocao.nome}: de {formatBRL(item.valor)} por {formatBRL(item.promocao.valor)}
          </p>
        ) : null}
        <LineNotice item={item} cart={cart} />
        <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
          <LineQuantity item={item} cart={cart} />
          <dl className="flex gap-5 text-right text-sm">
            <div>
              <dt className="text-xs text-ink-500">Preço unitário</dt>
              <dd className="text-ink-700" data-testid="item-unitario">
                {formatBRL(item.valor)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-ink-500">Total</dt>
              <dd className={item.disponivel ? 'font-bold text-ink-900' : 'font-bold text-ink-500 line-through'} data-testid="item-total">
                {formatBRL(item.valor_total)}
              </dd>
            </div>
          </dl>
        </div>
      </div>
    </li>
  )
}

/** Until `listar-carrinho` answers (or when it failed); a browser without JavaScript gets a link to the `sem-js` page. */
function LoadingCart({ error, onRetry }: { error: string | null; onRetry: () => void }) {
  return (
    <div className={PAGE_CLASS}>
      <h1 className="text-xl font-bold text-ink-900 sm:text-2xl">{CART_PAGE_TEXTS.titulo}</h1>
      {error ? (
        <div className="mt-4 space-y-3 text-sm">
          <p className="text-danger-600" role="alert">
            {error}
          </p>
          <button type="button" className="btn-ghost" onClick={onRetry}>
            Tentar novamente
          </button>
        </div>
      ) : (
        <div className="mt-4" aria-busy="true">
          <noscript>
            <p className="mb-2 text-sm text-ink-700">
              {CART_PAGE_TEXTS.semJs}{' '}
              <a className="font-semibold text-brand-700 underline" href={cartPageNoScriptPath}>
                {CART_PAGE_TEXTS.semJsLink}
              </a>
            </p>
          </noscript>
          <LoadingLines
            text={CART_PAGE_TEXTS.carregando}
            listClassName="mt-4 space-y-3"
            lineClassName="flex gap-3 rounded-card bg-white p-3 shadow-card ring-1 ring-ink-100 sm:gap-4 sm:p-4"
            imageClassName="h-20 w-20 sm:h-24 sm:w-24"
          />
        </div>
      )}
    </div>
  )
}

function EmptyCart() {
  return (
    <section className="container-page flex min-h-[55vh] flex-col items-center justify-center gap-4 py-16 text-center">
      <span className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-50 text-brand-600" aria-hidden="true">
        <CartIcon width={40} height={40} />
      </span>
      <h1 className="text-2xl font-bold text-ink-900 sm:text-3xl">{CART_PAGE_TEXTS.vazio}</h1>
      <p className="max-w-md text-ink-500">Navegue pelas categorias ou use a busca para encontrar o que procura.</p>
      <Link to="/" className="btn-primary">
        Voltar para a página inicial
      </Link>
    </section>
  )
}
