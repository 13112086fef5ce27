import { useEffect, useState } from 'react'
import { clampQuantity, decreaseQuantity, increaseQuantity } from '../product/purchase'

const SIZES = {
  md: { step: 'h-11 w-10 text-xl', field: 'h-11 w-12 text-base' },
  sm: { step: 'h-9 w-8 text-lg', field: 'h-9 w-10 text-sm' },
} as const

/**
 * − [n] +: the store's one quantity control (product page, cart panel, cart page). Typing commits on
 * Enter or blur; − never goes under 1 and + stops at `max` when one is known. `onCommit` gets the
 * new quantity, already within those bounds.
 */
export function QuantityStepper({
  id,
  value,
  max,
  onCommit,
  disabled = false,
  size = 'md',
  label = 'quantidade',
}: {
  id?: string
  value: number
  max?: number
  onCommit: (n: number) => void
  disabled?: boolean
  size?: keyof typeof SIZES
  /** Names the buttons: 'Diminuir {label}', 'Aumentar {label}'. */
  label?: string
}) {
  const [draft, setDraft] = useState(String(value))
  useEffect(() => setDraft(String(value)), [value])
  const cap = max ?? Number.POSITIVE_INFINITY
  const commit = () => {
    const n = Number(draft)
    if (draft === '' || !Number.isFinite(n)) {
      setDraft(String(value))
      return
    }
    // Shown at once, even when the clamped value equals the current one (no re-render then).
    const next = clampQuantity(n, cap)
    setDraft(String(next))
    if (next !== value) onCommit(next)
  }
  const s = SIZES[size]
  const step = `flex ${s.step} items-center justify-center font-semibold text-ink-700 transition hover:bg-ink-50 hover:text-brand-700 disabled:cursor-not-allowed disabled:text-ink-300 disabled:hover:bg-transparent`
  return (
    <div className="inline-flex items-center overflow-hidden rounded-lg border border-ink-300 bg-white">
      <button
        type="button"
        className={step}
        aria-label={`Diminuir ${label}`}
        onClick={() => onCommit(decreaseQuantity(value))}
        disabled={disabled || value <= 1}
      >
        −
      </button>
      <input
        id={id}
        aria-label={id ? undefined : label.charAt(0).toUpperCase() + label.slice(1)}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        value={draft}
        disabled={disabled}
        onChange={(e) => setDraft(e.target.value.replace(/\D/g, '').slice(0, 4))}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit()
        }}
        className={`${s.field} border-x border-ink-100 text-center font-semibold text-ink-900 outline-none focus-visible:bg-brand-50 disabled:bg-white disabled:text-ink-500`}
      />
      <button
        type="button"
        className={step}
        aria-label={`Aumentar ${label}`}
        onClick={() => onCommit(increaseQuantity(value, cap))}
        disabled={disabled || value >= cap}
      >
        +
      </button>
    </div>
  )
}
