import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import type { ProductDetail } from '../../../contract/catalog'
import type { PricingRules } from '../../../contract/pricing'
import { usePersonal } from '~/lib/personal'
import { fetchInCart, needsCartCheck } from './in-cart'
import { clampQuantity, priceView, quantityCap, requiresVariation, stockOf } from './purchase'

/**
 * The buy box's state, shared by the info column and the phone's sticky bar: the chosen option,
 * the quantity (1…cap), the in-cart marker and COMPRAR.
 */
export function useBuyBox(detail: ProductDetail, rules: PricingRules) {
  const [chosen, setChosen] = useState<string | null>(null)
  const [qty, setQty] = useState(1)
  const [inCart, setInCart] = useState(detail.crr.crr === 1)
  const [busy, setBusy] = useState(false)
  const navigate = useNavigate()
  const personal = usePersonal()
  const { loaded, ItensCar: count } = personal
  const checkCart = needsCartCheck(personal)
  /** The variation picker, so COMPRAR without a choice can bring the shopper to it. */
  const pickerRef = useRef<HTMLDivElement>(null)

  const cap = quantityCap(detail, chosen)
  const soldOut = stockOf(detail) === 0
  const needsChoice = requiresVariation(detail) && !chosen

  // The page comes out with crr 0 (it is the same for everyone): the visitor's own marker is asked
  // here, and again whenever the cart's count moves (the cart panel may have removed the product).
  useEffect(() => {
    if (!loaded) return
    if (!checkCart) {
      setInCart(false)
      return
    }
    const controller = new AbortController()
    fetchInCart(detail.hash, controller.signal).then(
      (yes) => {
        if (yes !== null) setInCart(yes)
      },
      () => {}, // aborted: the page or the count changed
    )
    return () => controller.abort()
  }, [detail.hash, loaded, checkCart, count])

  const choose = (hash: string) => {
    setChosen(hash)
    setQty((q) => clampQuantity(q, quantityCap(detail, hash)))
  }

  /** COMPRAR: adds the chosen quantity and option; true when the cart took them. Its code loads on the first press. */
  const buy = async (): Promise<boolean> => {
    if (soldOut || busy) return false
    if (needsChoice) {
      const picker = pickerRef.current
      picker?.scrollIntoView({ block: 'center', behavior: 'smooth' })
      picker?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus({ preventScroll: true })
      void import('./add-to-cart').then((m) => m.askForVariation())
      return false
    }
    setBusy(true)
    try {
      const added = await (await import('./add-to-cart')).addToCart(detail.hash, qty, chosen)
      if (added) setInCart(true)
      return added
    } catch {
      return false // its code could not be fetched (offline): nothing was added
    } finally {
      setBusy(false)
    }
  }

  /** The phone's buy-now: adds, then straight to checkout (/checkout). */
  const buyNow = async () => {
    if (await buy()) await navigate('/checkout')
  }

  return {
    chosen,
    choose,
    qty,
    cap,
    setQty: (n: number) => setQty(clampQuantity(n, cap)),
    price: priceView(detail, chosen, qty, rules),
    soldOut,
    needsChoice,
    inCart,
    busy,
    buy,
    buyNow,
    pickerRef,
  }
}

export type BuyBox = ReturnType<typeof useBuyBox>
