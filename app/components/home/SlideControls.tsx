import { ChevronLeftIcon, ChevronRightIcon, Glyph } from '../ui/icons'
import { slideLabel } from './slideshow-logic'
import type { Slideshow } from './useSlideshow'

/** Dots: one button per slide, the current one marked with aria-current. */
export function SlideDots({ show, className = '', tone = 'light' }: { show: Slideshow; className?: string; tone?: 'light' | 'dark' }) {
  const idle = tone === 'light' ? 'bg-white/60 hover:bg-white' : 'bg-ink-300 hover:bg-ink-500'
  const active = tone === 'light' ? 'bg-white' : 'bg-brand-600'
  // The dots sit in a box as wide as all of them from the first one on (24 px each): centred by
  // their own width, they moved left as each dot arrived with the HTML (decision 0132).
  return (
    <div className={`flex items-center justify-center ${className}`}>
      <div className="flex items-center" style={{ width: `${show.count * 1.5}rem` }}>
        {Array.from({ length: show.count }, (_, i) => (
          <button
            key={i}
            type="button"
            aria-label={`Ir para o slide ${i + 1}`}
            aria-current={i === show.index ? 'true' : undefined}
            onClick={() => show.goTo(i)}
            // A 24 × 24 px target around the small dot (WCAG 2.5.8).
            className="group flex h-6 min-w-6 items-center justify-center"
          >
            <span className={`block h-2 rounded-full shadow-sm transition-all duration-300 ${i === show.index ? `w-6 ${active}` : `w-2 ${idle}`}`} />
          </button>
        ))}
      </div>
    </div>
  )
}

/** Previous/next round buttons at the sides of a slideshow. */
export function SlideArrows({ show, className = '' }: { show: Slideshow; className?: string }) {
  const base =
    'absolute top-1/2 z-10 flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full bg-white/75 text-ink-900 shadow-pop transition hover:bg-white hover:text-brand-700 sm:h-11 sm:w-11 sm:bg-white/90'
  return (
    <>
      <button type="button" aria-label="Slide anterior" onClick={show.prev} className={`${base} left-2 sm:left-3 ${className}`}>
        <ChevronLeftIcon width={22} height={22} />
      </button>
      <button type="button" aria-label="Próximo slide" onClick={show.next} className={`${base} right-2 sm:right-3 ${className}`}>
        <ChevronRightIcon width={22} height={22} />
      </button>
    </>
  )
}

/** WCAG 2.2.2: content that moves on its own can be paused. */
export function SlidePauseButton({ show, className = '' }: { show: Slideshow; className?: string }) {
  return (
    <button
      type="button"
      onClick={show.togglePause}
      aria-label={show.paused ? 'Retomar apresentação' : 'Pausar apresentação'}
      className={`flex h-7 w-7 items-center justify-center rounded-full bg-black/35 text-white backdrop-blur-sm transition hover:bg-black/55 ${className}`}
    >
      <Glyph size={14} d={show.paused ? 'M8 5v14l11-7z' : 'M7 5h4v14H7zM13 5h4v14h-4z'} />
    </button>
  )
}

/** One slide of a carousel track: labelled "1 de 4"; the hidden ones are inert and out of the a11y tree. */
export function SlideFrame({
  index,
  count,
  active,
  className = '',
  children,
}: {
  index: number
  count: number
  active: boolean
  className?: string
  children: React.ReactNode
}) {
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={slideLabel(index, count)}
      aria-hidden={!active}
      inert={!active}
      data-active={active}
      className={`h-full w-full shrink-0 ${className}`}
    >
      {children}
    </div>
  )
}
