import { Link } from 'react-router'
import type { ProductDetail } from '../../../contract/catalog'
import { CartIcon, Glyph, ShieldIcon, TruckIcon } from '../ui/icons'
import { BUY_BUTTON_ID, BuyButton } from './BuyButton'
import { PriceBlock } from './PriceBlock'
import { EmptyStars, Stars, formatRating, reviewCount } from './Stars'
import { QuantityControl } from './QuantityControl'
import { whenTouched } from '~/lib/deferred'
import { showLastUnits } from './purchase'
import type { BuyBox } from './useBuyBox'
import { VariationPicker } from './VariationPicker'
import { brandPath } from '../../../contract/urls'

// "Calcular frete" is on every product page and used by few: its code loads at the first touch.
const ShippingQuoteBox = whenTouched(
  () => import('./ShippingQuoteBox').then((m) => m.ShippingQuoteBox),
  import.meta.env.SSR ? (await import('./ShippingQuoteBox')).ShippingQuoteBox : null,
)

export const IN_CART_TEXT = 'Este produto já está no seu carrinho'

/** The in-cart marker (crr), also after a successful COMPRAR. */
export function InCartNote() {
  return (
    <p
      className="flex items-center gap-2 rounded-lg bg-pix-50 px-3 py-2 text-sm font-medium text-pix-600 ring-1 ring-pix-600/20"
      role="status"
      data-testid="in-cart"
    >
      <CartIcon width={18} height={18} className="shrink-0" />
      <span>
        {IN_CART_TEXT}.{' '}
        <Link to="/compras/carrinho" className="font-semibold underline hover:no-underline">
          Ver carrinho
        </Link>
      </span>
    </p>
  )
}

/**
 * The product's info column: brand, title, rating summary, stock marks, prices, variation picker,
 * quantity and COMPRAR.
 */
export function ProductInfo({ detail, buy, pixDesconto }: { detail: ProductDetail; buy: BuyBox; pixDesconto: number }) {
  const lastUnits = showLastUnits(detail)
  return (
    <div className="flex flex-col gap-4">
      <div>
        <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
          {detail.marca.link ? (
            <Link to={brandPath(detail.marca.link)} className="font-bold tracking-wide text-brand-600 uppercase hover:text-brand-800 hover:underline">
              {detail.marca.titulo}
            </Link>
          ) : (
            <span />
          )}
          {detail.sku ? <span className="text-ink-500">Cód.: {detail.sku}</span> : null}
        </div>
        <h1 className="mt-1 text-xl leading-snug font-bold text-ink-900 sm:text-2xl">{detail.titulo}</h1>
        <a href="#avaliacoes" className="mt-1.5 inline-flex items-center gap-1.5 text-xs text-ink-500 hover:text-brand-700">
          {detail.avaliacoes ? (
            <>
              <Stars value={detail.avaliacoes.media} /> {formatRating(detail.avaliacoes.media)} · {reviewCount(detail.avaliacoes.qtd)}
            </>
          ) : (
            <>
              <EmptyStars /> Sem avaliações
            </>
          )}
        </a>
      </div>

      {lastUnits || buy.soldOut || detail.atacado !== 0 ? (
        <div className="flex flex-wrap gap-2">
          {lastUnits ? (
            <span
              className="inline-flex items-center gap-1 rounded-md bg-amber-100 px-2 py-1 text-xs font-bold tracking-wide text-warn-500 uppercase ring-1 ring-amber-300"
              data-testid="last-units"
            >
              <Glyph viewBox="0 0 20 20" size={12} d="M11 1 4 11h5l-1 8 7-10h-5z" />
              Últimas unidades
            </span>
          ) : null}
          {buy.soldOut ? <span className="rounded-md bg-ink-700 px-2 py-1 text-xs font-bold tracking-wide text-white uppercase">Esgotado</span> : null}
          {detail.atacado !== 0 ? (
            <span className="rounded-md bg-brand-700 px-2 py-1 text-xs font-bold tracking-wide text-white uppercase">Preço de atacado</span>
          ) : null}
        </div>
      ) : null}

      <PriceBlock price={buy.price} atacado={detail.atacado} qty={buy.qty} pixDesconto={pixDesconto} valorDe={detail.valorDe} promocoes={detail.promocoes} />

      <div className="space-y-4 border-t border-ink-100 pt-4">
        <VariationPicker detail={detail} buy={buy} />
        {buy.soldOut ? (
          <p className="rounded-lg bg-ink-50 px-3 py-2 text-sm text-ink-700">Este produto está esgotado no momento. Confira os similares abaixo.</p>
        ) : (
          <QuantityControl buy={buy} />
        )}
        <BuyButton buy={buy} id={BUY_BUTTON_ID} className="w-full" />
        {buy.inCart ? <InCartNote /> : null}
      </div>

      {buy.soldOut ? null : <ShippingQuoteBox productId={detail.hash} variacao={buy.chosen} qtd={buy.qty} />}

      <ul className="grid gap-2 rounded-lg bg-ink-50 p-3 text-[13px] text-ink-700">
        <li className="flex items-start gap-2">
          <TruckIcon width={18} height={18} className="shrink-0 text-brand-600" /> Entrega para todo o Brasil
        </li>
        <li className="flex items-start gap-2">
          <ShieldIcon width={18} height={18} className="shrink-0 text-brand-600" /> Compra segura, com nota fiscal e garantia
        </li>
      </ul>
    </div>
  )
}
