import { useEffect, useState } from 'react'
import { formatBRL } from '~/lib/money'
import { BUY_BUTTON_ID, BuyButton } from './BuyButton'
import type { BuyBox } from './useBuyBox'

/**
 * Phone-only bar fixed above the bottom navigation with the Pix price and the buy-now button (adds
 * and goes to /checkout). It hides while
 * the main COMPRAR or the footer is visible, so it never covers either.
 */
export function MobileBuyBar({ buy }: { buy: BuyBox }) {
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const targets = [document.getElementById(BUY_BUTTON_ID), document.querySelector('footer')].filter((el): el is HTMLElement => !!el)
    if (targets.length === 0 || typeof IntersectionObserver === 'undefined') return
    const showing = new Map<Element, boolean>()
    const io = new IntersectionObserver((entries) => {
      for (const e of entries) showing.set(e.target, e.isIntersecting)
      setVisible(![...showing.values()].some(Boolean))
    })
    targets.forEach((t) => io.observe(t))
    return () => io.disconnect()
  }, [])
  return (
    <div
      className={`fixed inset-x-0 bottom-16 z-30 h-[61px] border-t border-ink-100 bg-white/95 px-3 py-2 shadow-[0_-4px_16px_rgb(16_24_40/0.08)] backdrop-blur transition-transform duration-300 lg:hidden ${
        visible ? 'translate-y-0' : 'pointer-events-none translate-y-[150%]'
      }`}
      aria-hidden={!visible}
      inert={!visible}
      data-testid="mobile-buy-bar"
    >
      {/* Every box here has its size before its content: the bar is anchored at the bottom, so a row
          sized by what had arrived moved the bar up and its price down (decision 0132). */}
      <div className="flex h-11 items-center gap-3">
        <div className="grid min-w-0 flex-1 grid-rows-[1.40625rem_0.859375rem] leading-tight">
          <p className="text-lg font-extrabold text-pix-600">{formatBRL(buy.price.valorPix)}</p>
          <p className="truncate text-[11px] text-ink-500">
            {buy.price.parcelas.qtd > 1
              ? `no Pix ou ${buy.price.parcelas.qtd}x de ${formatBRL(buy.price.parcelas.valor)} sem juros`
              : `no Pix ou ${formatBRL(buy.price.unit)} no cartão`}
          </p>
        </div>
        <BuyButton buy={buy} now className="h-11 w-[13.25rem] shrink-0 px-5 text-sm" />
      </div>
    </div>
  )
}
