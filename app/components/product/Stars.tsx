/** Five grey stars: the rating of a product nobody has reviewed yet. */
export function EmptyStars({ size = 15 }: { size?: number }) {
  return (
    <span className="flex text-ink-300" aria-hidden="true">
      {Array.from({ length: 5 }, (_, i) => (
        <svg key={i} viewBox="0 0 20 20" width={size} height={size} fill="currentColor">
          <path d="m10 1.8 2.5 5.3 5.8.7-4.3 4 1.1 5.7L10 14.7l-5.1 2.8 1.1-5.7-4.3-4 5.8-.7z" />
        </svg>
      ))}
    </span>
  )
}
