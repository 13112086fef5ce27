const STAR = 'm10 1.8 2.5 5.3 5.8.7-4.3 4 1.1 5.7L10 14.7l-5.1 2.8 1.1-5.7-4.3-4 5.8-.7z'

/** Five grey stars: the rating of a product nobody has reviewed yet. */
export function EmptyStars({ size = 15 }: { size?: number }) {
  return <Stars value={0} size={size} />
}

/**
 * Five stars filled up to `value` (0–5, tenths shown as a partly filled star). Decorative: the
 * caller writes the rating in text ("4,5 de 5").
 */
export function Stars({ value, size = 15 }: { value: number; size?: number }) {
  return (
    <span className="relative inline-flex" aria-hidden="true">
      <span className="flex text-ink-300">
        {Array.from({ length: 5 }, (_, i) => (
          <svg key={i} viewBox="0 0 20 20" width={size} height={size} fill="currentColor">
            <path d={STAR} />
          </svg>
        ))}
      </span>
      {value > 0 ? (
        <span className="absolute inset-y-0 left-0 flex overflow-hidden text-amber-500" style={{ width: `${(Math.min(5, value) / 5) * 100}%` }}>
          {Array.from({ length: 5 }, (_, i) => (
            <svg key={i} viewBox="0 0 20 20" width={size} height={size} fill="currentColor" className="shrink-0">
              <path d={STAR} />
            </svg>
          ))}
        </span>
      ) : null}
    </span>
  )
}

const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/** "4,5" */
export const formatRating = (value: number): string => decimal.format(value)

/** "1 avaliação", "12 avaliações" */
export const reviewCount = (qtd: number): string => `${qtd} ${qtd === 1 ? 'avaliação' : 'avaliações'}`
