import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import type { CartItem } from '../../../contract/cart'
import { CART_MESSAGES } from '../../../contract/messages/cart'
import { productPath } from '../../../contract/urls'
import { Drawer } from '../ui/Drawer'
import { CartIcon } from '../ui/icons'
import { useShellUi } from '../layout/shell-state'
import { LineThumb } from '~/components/ui/LineThumb'
import { formatBRL } from '~/lib/money'
import { buyable, pixSubtotal, withShipping } from './cart-math'
import { CheckoutButton } from './CheckoutButton'
import { LineNotice, LineQuantity, RemoveLine } from './LineControls'
import { LoadingLines } from './LoadingLines'
import { ShippingEstimate, type ShippingState } from './ShippingEstimate'
import { useCart, type CartView } from './useCart'

export const PANEL_TEXTS = {
  carregando: CART_MESSAGES.carregando,
  vazio: 'Seu carrinho está vazio.',
} as const

/**
 * The cart side panel: opened by the header's cart button, it lists the cart again every
 * time it opens. Quantity and removal are saved on the server (decision 0019), so the panel, the
 * cart page and the badges always agree.
 */
export function CartPanel() {
  const { cartOpen: open, closeCart: close } = useShellUi()
  const cart = useCart(undefined, { toasts: false })
  const { reload } = cart
  const [shipping, setShipping] = useState<ShippingState>({ kind: 'idle' })

  useEffect(() => {
    if (!open) return
    const controller = new AbortController()
    reload(false, controller.signal).catch(() => {}) // aborted: closed before the answer
    return () => controller.abort()
  }, [open, reload])

  return (
    <Drawer
      open={open}
      onClose={close}
      side="right"
      titleId="carrinho-titulo"
      title="Meu carrinho"
      closeLabel="Fechar carrinho"
      overlayTestId="carrinho-overlay"
      className="max-w-[420px]"
    >
      <PanelBody cart={cart} shipping={shipping} onShipping={setShipping} onLeave={close} />
    </Drawer>
  )
}

export function PanelBody({
  cart,
  shipping,
  onShipping,
  onLeave,
}: {
  cart: CartView
  shipping: ShippingState
  onShipping: (s: ShippingState) => void
  onLeave: () => void
}) {
  const { load } = cart
  if (load.kind === 'idle' || load.kind === 'loading') {
    return (
      <div className="p-5" aria-busy="true">
        <LoadingLines text={PANEL_TEXTS.carregando} listClassName="mt-4 space-y-4" lineClassName="flex gap-3" imageClassName="h-16 w-16" />
      </div>
    )
  }
  if (load.kind === 'error') {
    return (
      <div className="space-y-3 p-5 text-sm">
        <p className="text-danger-600" role="alert">
          {load.msg}
        </p>
        <button type="button" className="btn-ghost" onClick={() => void cart.reload()}>
          Tentar novamente
        </button>
      </div>
    )
  }
  if (load.itens.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <CartIcon width={32} height={32} />
        </span>
        <p className="font-semibold text-ink-900">{PANEL_TEXTS.vazio}</p>
        <Link to="/products" onClick={onLeave} className="btn-primary">
          Ver mais produtos
        </Link>
      </div>
    )
  }
  const subtotal = pixSubtotal(buyable(load.itens))
  const frete = shipping.kind === 'done' ? shipping.valor : null
  // The items by Pix after the coupon, as the cart page shows it, while no change is on its way.
  const itemsPix = (cart.busy.size === 0 ? cart.discounts?.totalPix : undefined) ?? subtotal
  return (
    <>
      <ul className="flex-1 divide-y divide-ink-100 overflow-y-auto px-4" aria-label="Itens do carrinho">
        {load.itens.map((item) => (
          <PanelLine key={item.token} item={item} cart={cart} onLeave={onLeave} />
        ))}
      </ul>
      <div className="space-y-3 border-t border-ink-100 bg-ink-50 px-4 py-4">
        <p className="flex items-baseline justify-between text-sm text-ink-700">
          <span>Subtotal (sem frete)</span>
          <strong className="text-ink-900" data-testid="painel-subtotal">
            {formatBRL(subtotal)}
          </strong>
        </p>
        <ShippingEstimate state={shipping} onChange={onShipping} itens={load.itens} settled={cart.busy.size === 0} />
        <p className="flex items-baseline justify-between border-t border-ink-100 pt-3">
          <span className="font-semibold text-ink-900">Total</span>
          <strong className="text-xl text-pix-600" data-testid="painel-total">
            {formatBRL(withShipping(itemsPix, frete))}
          </strong>
        </p>
        <CheckoutButton itens={load.itens} onClick={onLeave} className="w-full">
          INICIAR COMPRA
        </CheckoutButton>
        <p className="text-center">
          <Link to="/products" onClick={onLeave} className="text-sm font-semibold text-brand-700 hover:underline">
            Ver mais produtos
          </Link>
        </p>
      </div>
    </>
  )
}

function PanelLine({ item, cart, onLeave }: { item: CartItem; cart: CartView; onLeave: () => void }) {
  const busy = cart.busy.has(item.token)
  const option = item.variacao[0]
  return (
    <li className="flex gap-3 py-3" data-testid="painel-item" aria-busy={busy}>
      <LineThumb
        link={item.imgs.link}
        size={64}
        className={`h-16 w-16 shrink-0 rounded-md bg-white object-contain ring-1 ring-ink-100 ${item.max > 0 ? '' : 'opacity-50 grayscale'}`}
      />
      <div className="min-w-0 flex-1">
        <Link to={productPath(item.hash)} onClick={onLeave} className="line-clamp-2 text-sm font-medium text-ink-900 hover:text-brand-700">
          {item.titulo}
        </Link>
        {option ? (
          <p className="text-xs text-ink-500">
            {option.v1}: {option.v2}
          </p>
        ) : null}
        <LineNotice item={item} cart={cart} />
        <div className="mt-2 flex items-center justify-between gap-2">
          <LineQuantity item={item} cart={cart} />
          <p className="text-right text-sm leading-tight">
            {/* Out of the subtotal while it cannot be bought. */}
            <strong className={item.disponivel ? 'block text-pix-600' : 'block text-ink-500 line-through'}>{formatBRL(pixSubtotal([item]))}</strong>
            <span className="text-[11px] text-ink-500">no Pix</span>
          </p>
        </div>
      </div>
      <RemoveLine item={item} cart={cart} className="self-start rounded-full p-1.5" />
    </li>
  )
}
