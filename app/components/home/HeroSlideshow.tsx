import { Link } from 'react-router'
import type { Slide } from '../../../contract/catalog'
import { HOME_SLIDE_INTERVAL_MS, slideLabel } from './slideshow-logic'
import { SlideArrows, SlideDots, SlidePauseButton } from './SlideControls'
import { useSlideshow } from './useSlideshow'

/** Slide images live under /_next/static/ (spec §7); the API may give the full path or the part after it. */
export function slideImageSrc(imagem: string): string {
  if (/^(https?:)?\/\//.test(imagem) || imagem.startsWith('/')) return imagem
  return `/_next/static/${imagem.replace(/^\/+/, '')}`
}

/** Internal links stay client-side; anything absolute opens as a plain link. */
function isInternal(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//')
}

/**
 * Home slideshow: arrows, dots, swipe (a quarter of the width), auto-advance every 10 s (not while
 * dragging, hovered, keyboard-focused or paused). The first image is the page's LCP.
 */
export function HeroSlideshow({ slides }: { slides: Slide[] }) {
  const show = useSlideshow({ count: slides.length, interval: HOME_SLIDE_INTERVAL_MS })
  if (slides.length === 0) return null
  const multiple = slides.length > 1
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Ofertas em destaque"
      className="group/hero relative overflow-hidden bg-ink-100 lg:rounded-card lg:shadow-card"
      {...show.regionProps}
    >
      <div {...show.viewportProps} className="relative aspect-[390/220] w-full select-none overflow-hidden sm:aspect-[1280/400]">
        <div
          className="flex h-full"
          style={show.trackStyle}
          aria-live={show.paused || !multiple ? 'polite' : 'off'}
          data-testid="hero-track"
        >
          {slides.map((slide, i) => {
            const active = i === show.index
            const img = (
              <img
                src={slideImageSrc(slide.imagem)}
                alt={slide.titulo}
                draggable={false}
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
                decoding={i === 0 ? 'sync' : 'async'}
                className="h-full w-full object-cover"
              />
            )
            return (
              <div
                key={`${slide.imagem}-${i}`}
                role="group"
                aria-roledescription="slide"
                aria-label={slideLabel(i, slides.length)}
                aria-hidden={!active}
                inert={!active}
                data-active={active}
                className="h-full w-full shrink-0"
              >
                {isInternal(slide.link) ? (
                  <Link to={slide.link} draggable={false} className="block h-full" prefetch="intent">
                    {img}
                  </Link>
                ) : (
                  <a href={slide.link} draggable={false} className="block h-full">
                    {img}
                  </a>
                )}
              </div>
            )
          })}
        </div>
      </div>
      {multiple ? (
        <>
          <SlideArrows show={show} className="lg:opacity-0 lg:group-hover/hero:opacity-100 lg:focus-visible:opacity-100" />
          <div className="absolute inset-x-0 bottom-1.5 flex items-center justify-center gap-2 sm:bottom-3">
            <SlideDots show={show} />
          </div>
          <SlidePauseButton show={show} className="absolute right-2 bottom-2 sm:right-3 sm:bottom-3.5" />
        </>
      ) : null}
    </section>
  )
}
