import type { CartItem } from '../../../contract/cart'
import { TrashIcon } from '../ui/icons'
import { QuantityStepper } from '../ui/QuantityStepper'
import { lineCap } from './cart-math'
import type { CartView } from './useCart'

/** A line's − [n] +, saved through the cart's one change action (panel and page alike). */
export function LineQuantity({ item, cart }: { item: CartItem; cart: CartView }) {
  return (
    <QuantityStepper
      size="sm"
      value={item.quantidade}
      max={lineCap(item)}
      disabled={cart.busy.has(item.token)}
      label={`quantidade de ${item.titulo}`}
      onCommit={(qtd) => void cart.change({ kind: 'quantity', token: item.token, qtd })}
    />
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
