import { CartIcon } from '../ui/icons'
import type { BuyBox } from './useBuyBox'

/** Id of the info column's COMPRAR; the phone's sticky bar steps aside while it is on screen. */
export const BUY_BUTTON_ID = 'comprar'

const SOLD_OUT =
  'inline-flex cursor-not-allowed items-center justify-center gap-2 rounded-lg bg-ink-100 px-5 py-3 font-bold tracking-wide text-ink-500 uppercase'

/** COMPRAR (`now`: COMPRAR AGORA, straight to checkout), or 'Produto esgotado' disabled when nothing is left. */
export function BuyButton({ buy, className = '', id, now = false }: { buy: BuyBox; className?: string; id?: string; now?: boolean }) {
  return (
    <button
      id={id}
      type="button"
      onClick={now ? buy.buyNow : buy.buy}
      disabled={buy.soldOut || buy.busy}
      aria-busy={buy.busy}
      // .btn-buy is unlayered CSS (utilities cannot recolour it), so sold out uses its own look.
      className={`${buy.soldOut ? SOLD_OUT : 'btn-buy'} h-12 text-base ${className}`}
    >
      {buy.soldOut ? (
        'Produto esgotado'
      ) : (
        <>
          {/* The icon shows once its label has arrived: alone, it was centred in the button and then
              moved left when the label came after it with the HTML (decision 0132). */}
          <CartIcon width={22} height={22} className="[&:not(:has(+span:not(:empty)))]:hidden" />
          <span className="empty:hidden">{buy.busy ? 'Adicionando...' : now ? 'COMPRAR AGORA' : 'COMPRAR'}</span>
        </>
      )}
    </button>
  )
}
