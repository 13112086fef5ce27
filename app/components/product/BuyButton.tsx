import { CartIcon } from '../ui/icons'
import type { BuyBox } from './useBuyBox'

/** Id of the info column's COMPRAR; the phone's sticky bar steps aside while it is on screen. */
export const BUY_BUTTON_ID = 'comprar'

/** COMPRAR, or 'Produto esgotado' disabled when nothing is left. */
export function BuyButton({ buy, className = '', id }: { buy: BuyBox; className?: string; id?: string }) {
  return (
    <button
      id={id}
      type="button"
      onClick={buy.buy}
      disabled={buy.soldOut || buy.busy}
      aria-busy={buy.busy}
      className={`btn-buy h-12 text-base ${buy.soldOut ? 'bg-ink-500 hover:bg-ink-500' : ''} ${className}`}
    >
      {buy.soldOut ? (
        'Produto esgotado'
      ) : (
        <>
          <CartIcon width={22} height={22} /> {buy.busy ? 'Adicionando...' : 'COMPRAR'}
        </>
      )}
    </button>
  )
}

