import type { CartItem } from '../../../contract/cart'
import { lineWarning } from '../../../contract/messages/cart'
import { TrashIcon } from '../ui/icons'
import { QuantityStepper } from '../ui/QuantityStepper'
import { lineCap } from './cart-math'
import type { CartView } from './useCart'

/**
 * A line's − [n] +, saved through the cart's one change action (panel and page alike). A line with
 * nothing left to buy (`max` 0) can only be removed.
 */
export function LineQuantity({ item, cart }: { item: CartItem; cart: CartView }) {
  return (
    <QuantityStepper
      size="sm"
      value={item.quantidade}
      max={lineCap(item)}
      disabled={cart.busy.has(item.token) || item.max <= 0}
      label={`quantidade de ${item.titulo}`}
      onCommit={(qtd) => void cart.change({ kind: 'quantity', token: item.token, qtd })}
    />
  )
}

/**
 * What keeps a line from being bought ('Produto indisponível', 'Só restam 2 unidades') and how to
 * fix it; a short line offers to keep what is left — the shopper's choice, never made for them.
 */
export function LineNotice({ item, cart }: { item: CartItem; cart: CartView }) {
  const warning = lineWarning(item)
  if (!warning) return null
  const soldOut = item.max <= 0
  return (
    <div
      className={`mt-2 rounded-md px-2.5 py-1.5 text-xs ring-1 ${soldOut ? 'bg-red-50 text-danger-600 ring-red-200' : 'bg-amber-50 text-warn-500 ring-amber-300'}`}
      data-testid="item-aviso"
    >
      <p>
        <strong className="font-bold">{warning.titulo}.</strong> {warning.detalhe}
      </p>
      {soldOut ? null : (
        <button
          type="button"
          disabled={cart.busy.has(item.token)}
          onClick={() => void cart.change({ kind: 'quantity', token: item.token, qtd: item.max })}
          className="mt-1 font-semibold underline hover:no-underline disabled:opacity-50"
        >
          Ficar com {item.max}
        </button>
      )}
    </div>
  )
}

/** A line's remove button ('Remover {titulo}' for screen readers); `children` adds visible text. */
export function RemoveLine({ item, cart, className, children }: { item: CartItem; cart: CartView; className: string; children?: React.ReactNode }) {
  return (
    <button
      type="button"
      onClick={() => void cart.change({ kind: 'remove', token: item.token })}
      disabled={cart.busy.has(item.token)}
      className={`text-ink-500 hover:bg-ink-50 hover:text-danger-600 disabled:opacity-50 ${className}`}
      aria-label={`Remover ${item.titulo}`}
    >
      <TrashIcon width={children ? 16 : 18} height={children ? 16 : 18} />
      {children}
    </button>
  )
}
