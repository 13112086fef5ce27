import { Link } from 'react-router'

/**
 * What both checkout pages show until the Checkout issue builds the steps: a plain note that payment
 * is the next step being built, the way back to the cart, and home. `children` goes between them
 * (the cart summary on /checkout).
 */
export function CheckoutPending({ children, center = false }: { children?: React.ReactNode; center?: boolean }) {
  return (
    <>
      <p className="mt-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-warn-500 ring-1 ring-amber-200" role="status">
        O pagamento on-line é a próxima etapa que estamos construindo: por enquanto ainda não é possível concluir o pedido pelo site. Seus
        produtos continuam guardados no carrinho.
      </p>
      {children}
      <div className={`mt-4 flex flex-wrap gap-2 ${center ? 'justify-center' : ''}`}>
        <Link to="/compras/carrinho" className="btn-primary">
          Voltar ao carrinho
        </Link>
        <Link to="/" className="btn-ghost">
          Continuar comprando
        </Link>
      </div>
    </>
  )
}
