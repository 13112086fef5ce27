/** The note both checkout placeholders show until the Checkout issue builds the steps. */
export function CheckoutPending() {
  return (
    <p className="mt-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-warn-500 ring-1 ring-amber-200" role="status">
      O pagamento on-line é a próxima etapa que estamos construindo: por enquanto ainda não é possível concluir o pedido pelo site. Seus
      produtos continuam guardados no carrinho.
    </p>
  )
}
