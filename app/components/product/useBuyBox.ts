import { useEffect, useRef, useState } from 'react'
import { toast } from 'react-toastify'
import type { ProductDetail } from '../../../contract/catalog'
import { CART_MESSAGES } from '../../../contract/cart'
import type { PricingRules } from '../../../contract/pricing'
import { call } from '~/lib/api'
import { cartChanged, usePersonal } from '~/lib/personal'
import { fetchInCart, needsCartCheck } from './in-cart'
import {
  clampQuantity,
  decreaseQuantity,
  increaseQuantity,
  priceView,
  quantityCap,
  requiresVariation,
  stockOf,
} from './purchase'

/**
 * The buy box's state, shared by the info column and the phone's sticky bar: the chosen option,
 * the quantity (1…cap), the in-cart marker and COMPRAR.
 */
export function useBuyBox(detail: ProductDetail, rules: PricingRules) {
  const [chosen, setChosen] = useState<string | null>(null)
  const [qty, setQty] = useState(1)
  const [inCart, setInCart] = useState(detail.crr.crr === 1)
  const [busy, setBusy] = useState(false)
  const checkCart = needsCartCheck(usePersonal())
  /** The variation picker, so COMPRAR without a choice can bring the shopper to it. */
  const pickerRef = useRef<HTMLDivElement>(null)

  const cap = quantityCap(detail, chosen)
  const soldOut = stockOf(detail) === 0
  const needsChoice = requiresVariation(detail) && !chosen

  // The page comes out with crr 0 (it is the same for everyone): the visitor's own marker is asked here.
  useEffect(() => {
    if (!checkCart || inCart) return
    const controller = new AbortController()
    fetchInCart(detail.hash, controller.signal).then(
      (yes) => {
        // Only ever turns the marker on: a COMPRAR made meanwhile stays marked.
        if (yes) setInCart(true)
      },
      () => {}, // aborted: the page changed
    )
    return () => controller.abort()
  }, [detail.hash, checkCart, inCart])

  const choose = (hash: string) => {
    setChosen(hash)
    setQty((q) => clampQuantity(q, quantityCap(detail, hash)))
  }

  const buy = async () => {
    if (soldOut || busy) return
    if (needsChoice) {
      toast.warning(CART_MESSAGES.selecioneVariacao, { toastId: 'selecione-variacao' })
      const picker = pickerRef.current
      picker?.scrollIntoView({ block: 'center', behavior: 'smooth' })
      picker?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus({ preventScroll: true })
      return
    }
    setBusy(true)
    const res = await call('carrinhoAdd', { id: detail.hash, qtd: qty, ...(chosen ? { variacao: chosen } : {}) })
    setBusy(false)
    if (res.ok) {
      setInCart(true)
      cartChanged(res.data.itens)
      toast.success(CART_MESSAGES.adicionado, { autoClose: 2000 })
    } else {
      toast.error(res.msg, { autoClose: 3000 })
    }
  }

  return {
    chosen,
    choose,
    qty,
    cap,
    setQty: (n: number) => setQty(clampQuantity(n, cap)),
    increase: () => setQty((q) => increaseQuantity(q, cap)),
    decrease: () => setQty((q) => decreaseQuantity(q)),
    price: priceView(detail, chosen, qty, rules),
    soldOut,
    needsChoice,
    inCart,
    busy,
    buy,
    pickerRef,
  }
}

export type BuyBox = ReturnType<typeof useBuyBox>
