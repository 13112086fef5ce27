import { useCallback, useRef, useState } from 'react'
import { CART_TOAST_MS, toast } from '~/lib/toast'
import type { CartItem } from '../../../contract/cart'
import type { Cupom, Desconto } from '../../../contract/promotions'
import { CART_MESSAGES } from '../../../contract/messages/cart'
import { call } from '~/lib/api'
import { cartChanged } from '~/lib/personal'
import { loadErrorText, pieceCount, withOption, withQuantity } from './cart-math'

/** What listar-carrinho adds to the lines: discount lines, the cart's coupon, and the totals after them. */
export type CartDiscounts = { descontos: Desconto[]; cupom: Cupom | null; totalCartao: number; totalPix: number }

export type CartLoad = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; msg: string } | { kind: 'loaded'; itens: CartItem[] }

/** One cart change, as the panel and the cart page ask for it. */
export type CartChange =
  { kind: 'quantity'; token: string; qtd: number } | { kind: 'remove'; token: string } | { kind: 'variation'; token: string; vrc: string }

export { CART_TOAST_MS }

/**
 * The cart as a view holds it: listar-carrinho's lines, and every change through one `change`
 * action. A change shows at once (optimistic), the line is marked busy until the server answers,
 * a refusal puts the line back with the server's message, and after every answer the cart is
 * listed again — re-priced (wholesale, Pix) and capped as the server keeps it — which also sets the
 * header and phone-bar badges (DataMenu's ItensCar counts the same pieces).
 */
export function useCart(initial?: CartItem[], options: { toasts?: boolean } = {}) {
  const toasts = options.toasts ?? true
  const [load, setLoad] = useState<CartLoad>(initial ? { kind: 'loaded', itens: initial } : { kind: 'idle' })
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set())
  /** The server's discounts and totals of the last listing (promotions, coupon, Pix): docs/decisions/0127-promotions.md. */
  const [discounts, setDiscounts] = useState<CartDiscounts | null>(null)
  /** Bumped by every listing asked, so a late answer never overwrites a newer one. */
  const listing = useRef(0)

  const setItens = (update: (itens: CartItem[]) => CartItem[]) => setLoad((l) => (l.kind === 'loaded' ? { kind: 'loaded', itens: update(l.itens) } : l))
  const markBusy = (token: string, on: boolean) =>
    setBusy((s) => {
      const next = new Set(s)
      if (on) next.add(token)
      else next.delete(token)
      return next
    })

  /** Lists the cart; `quiet` keeps what is shown while asking and on failure (after a change). */
  const reload = useCallback(async (quiet = false, signal?: AbortSignal) => {
    const mine = ++listing.current
    if (!quiet) setLoad({ kind: 'loading' })
    const res = await call('listarCarrinho', {}, { cache: 'no-store', signal })
    if (mine !== listing.current) return
    if (res.ok) {
      setLoad({ kind: 'loaded', itens: res.data.itens })
      const { descontos, cupom, totalCartao, totalPix } = res.data
      setDiscounts(descontos && totalCartao !== undefined && totalPix !== undefined ? { descontos, cupom: cupom ?? null, totalCartao, totalPix } : null)
      cartChanged(pieceCount(res.data.itens))
    } else if (!quiet) {
      setLoad({ kind: 'error', msg: loadErrorText(res) })
    }
  }, [])

  const change = async (c: CartChange) => {
    if (load.kind !== 'loaded' || busy.has(c.token)) return
    const at = load.itens.findIndex((i) => i.token === c.token)
    const line = load.itens[at]
    if (!line) return
    /** The server said no: this line as it was (where it was), and why. */
    const refused = (msg: string) => {
      setItens((itens) =>
        itens.some((i) => i.token === line.token) ? itens.map((i) => (i.token === line.token ? line : i)) : [...itens.slice(0, at), line, ...itens.slice(at)],
      )
      toast.error(msg, { autoClose: 3000 })
    }
    markBusy(c.token, true)
    try {
      if (c.kind === 'remove') {
        setItens((itens) => itens.filter((i) => i.token !== c.token))
        const res = await call('carrinhoRmv', { id: c.token })
        if (!res.ok) return refused(res.msg)
        cartChanged(res.data.itens)
        toast.success(res.data.msg || CART_MESSAGES.removido, { autoClose: CART_TOAST_MS, toastId: `rmv-${c.token}` })
      } else if (c.kind === 'quantity') {
        const qtd = Math.max(1, Math.trunc(c.qtd))
        if (qtd === line.quantidade) return
        setItens((itens) => itens.map((i) => (i.token === c.token ? withQuantity(i, qtd) : i)))
        const res = await call('alterarPedido', { pdt: c.token, qtd })
        if (!res.ok) return refused(res.msg)
        if (res.data.estado === 'MaxLimite') {
          // The stock allows only `max`: say so and keep that many (the server kept the old quantity).
          const { max, msg } = res.data
          toast.warning(msg, { autoClose: CART_TOAST_MS, toastId: `max-${c.token}` })
          setItens((itens) => itens.map((i) => (i.token === c.token ? withQuantity(i, Math.max(1, max)) : i)))
          if (max >= 1 && max !== line.quantidade) await call('alterarPedido', { pdt: c.token, qtd: max })
        } else if (toasts) {
          toast.success(CART_MESSAGES.quantidadeAtualizada, { autoClose: CART_TOAST_MS, toastId: `qtd-${c.token}` })
        }
      } else {
        setItens((itens) => itens.map((i) => (i.token === c.token ? withOption(i, c.vrc) : i)))
        const res = await call('atualizarVariacao', { id: c.token, vrc: c.vrc })
        if (!res.ok) return refused(res.msg)
        toast.success(res.data.msg || CART_MESSAGES.variacaoAtualizada, { autoClose: CART_TOAST_MS, toastId: `vrc-${c.token}` })
      }
      // Prices (wholesale, Pix), merged or capped lines and the count, as the server now has them.
      await reload(true)
    } finally {
      markBusy(c.token, false)
    }
  }

  return { load, busy, reload, change, discounts }
}

export type CartView = ReturnType<typeof useCart>
