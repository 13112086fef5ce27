// COMPRAR's work, loaded the first time a shopper presses it (decision 0064): the cart call, the
// header's count and the toasts with their pt-BR sentences stay off the product page's first load.
import { CART_TOAST_MS, toast } from '~/lib/toast'
import { CART_MESSAGES } from '../../../contract/messages/cart'
import { call } from '~/lib/api'
import { cartChanged } from '~/lib/personal'

/** COMPRAR without a choice: says so (once on screen at a time). */
export function askForVariation(): void {
  toast.warning(CART_MESSAGES.selecioneVariacao, { toastId: 'selecione-variacao' })
}

/** Adds `qtd` of the product (and its option); true when the cart took them. */
export async function addToCart(hash: string, qtd: number, chosen: string | null): Promise<boolean> {
  const res = await call('carrinhoAdd', { id: hash, qtd, ...(chosen ? { variacao: chosen } : {}) })
  if (res.ok) {
    cartChanged(res.data.itens)
    toast.success(CART_MESSAGES.adicionado, { autoClose: CART_TOAST_MS })
    return true
  }
  toast.error(res.msg, { autoClose: 3000 })
  return false
}
