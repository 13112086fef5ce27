import { useId } from 'react'
import { Link } from 'react-router'
import { CART_MESSAGES } from '../../../contract/messages/cart'
import type { CartItem } from '../../../contract/cart'

/**
 * The way to checkout from the panel ('INICIAR COMPRA') and the cart page ('Finalizar compra'):
 * while a line cannot be bought (`disponivel` false) it is a disabled button under a warning, as
 * checkout would refuse the order; removing or lowering that line brings the link back.
 */
export function CheckoutButton({
  itens,
  className,
  onClick,
  children,
}: {
  itens: readonly CartItem[]
  className: string
  onClick?: () => void
  children: React.ReactNode
}) {
  const warningId = useId()
  if (itens.every((item) => item.disponivel)) {
    return (
      <Link to="/compras/finalizar" onClick={onClick} className={`btn-buy ${className}`}>
        {children}
      </Link>
    )
  }
  return (
    <div className={className}>
      <p id={warningId} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-xs font-medium text-danger-600 ring-1 ring-red-200">
        {CART_MESSAGES.compraBloqueada}
      </p>
      <button type="button" disabled aria-describedby={warningId} className="btn-buy mt-2 w-full">
        {children}
      </button>
    </div>
  )
}
