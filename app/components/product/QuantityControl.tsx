import { useEffect, useState } from 'react'
import { clampQuantity } from './purchase'
import type { BuyBox } from './useBuyBox'

/** − [n] +: minimum 1, increases capped at the stock the choice allows (spec §5). */
export function QuantityControl({ buy }: { buy: BuyBox }) {
  const [draft, setDraft] = useState(String(buy.qty))
  useEffect(() => setDraft(String(buy.qty)), [buy.qty])
  const commit = () => {
    const n = Number(draft)
    if (draft === '' || !Number.isFinite(n)) {
      setDraft(String(buy.qty))
      return
    }
    // Shown at once, even when the clamped value equals the current quantity (no re-render then).
    const next = clampQuantity(n, buy.cap)
    setDraft(String(next))
    buy.setQty(next)
  }
  const step = 'flex h-11 w-10 items-center justify-center text-xl font-semibold text-ink-700 transition hover:bg-ink-50 hover:text-brand-700 disabled:cursor-not-allowed disabled:text-ink-300 disabled:hover:bg-transparent'
  return (
    <div>
      <label htmlFor="quantidade" className="mb-1.5 block text-sm text-ink-700">
        Quantidade
      </label>
      <div className="flex items-center gap-3">
        <div className="inline-flex items-center overflow-hidden rounded-lg border border-ink-300 bg-white">
          <button type="button" className={step} aria-label="Diminuir quantidade" onClick={buy.decrease} disabled={buy.qty <= 1}>
            −
          </button>
          <input
            id="quantidade"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            value={draft}
            onChange={(e) => setDraft(e.target.value.replace(/\D/g, '').slice(0, 4))}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commit()
            }}
            className="h-11 w-12 border-x border-ink-100 text-center text-base font-semibold text-ink-900 outline-none focus-visible:bg-brand-50"
          />
          <button type="button" className={step} aria-label="Aumentar quantidade" onClick={buy.increase} disabled={buy.qty >= buy.cap}>
            +
          </button>
        </div>
        {buy.cap > 0 && buy.qty >= buy.cap ? (
          <p className="text-xs text-ink-500" role="status">
            Máximo disponível: {buy.cap} {buy.cap === 1 ? 'unidade' : 'unidades'}
          </p>
        ) : null}
      </div>
    </div>
  )
}
