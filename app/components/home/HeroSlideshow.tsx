import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { Slide } from '../../../contract/catalog'
import { HOME_SLIDE_INTERVAL_MS } from './slideshow-logic'
import { SlideArrows, SlideDots, SlideFrame, SlidePauseButton } from './SlideControls'
import { useSlideshow } from './useSlideshow'

/** Slide images live under /_next/static/; the API may give the full path or the part after it. */
export function slideImageSrc(imagem: string): string {
  if (/^(https?:)?\/\//.test(imagem) || imagem.startsWith('/')) return imagem
  return `/_next/static/${imagem.replace(/^\/+/, '')}`
}

/**
 * Phone art direction: the store keeps a 4:3 `{name}-mobile.{ext}` next to each wide slide under
 * /_next/static/ (the demo seed writes both). Null for images elsewhere.
 */
export function slideMobileSrc(imagem: string): string | null {
  const src = slideImageSrc(imagem)
  if (!src.startsWith('/_next/static/') || /-mobile\.[a-z0-9]+$/i.test(src)) return null
  return /\.[a-z0-9]+$/i.test(src) ? src.replace(/(\.[a-z0-9]+)$/i, '-mobile$1') : null
}

/** Media query under which the phone slide is shown (Tailwind's `sm` breakpoint). */
export const PHONE_SLIDE_MEDIA = '(max-width: 639px)'

/** One slide picture; a missing phone variant falls back to the wide image. */
function SlidePicture({ slide, first }: { slide: Slide; first: boolean }) {
  const img = useRef<HTMLImageElement>(null)
  const [phoneOk, setPhoneOk] = useState(true)
  const mobile = phoneOk ? slideMobileSrc(slide.imagem) : null
  useEffect(() => {
    // An error that happened before hydration has no React handler to catch it.
    const el = img.current
    if (el && el.complete && el.naturalWidth === 0 && el.currentSrc.includes('-mobile')) setPhoneOk(false)
  }, [])
  return (
    <picture>
      {mobile ? <source media={PHONE_SLIDE_MEDIA} srcSet={mobile} width={800} height={600} /> : null}
      <img
        ref={img}
        src={slideImageSrc(slide.imagem)}
        alt={slide.titulo}
        width={1600}
        height={520}
        draggable={false}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'low'}
        decoding={first ? 'sync' : 'async'}
        onError={(e) => {
          if (e.currentTarget.currentSrc.includes('-mobile')) setPhoneOk(false)
        }}
        className="h-full w-full object-cover"
      />
    </picture>
  )
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
      <div {...show.viewportProps} className="relative aspect-[4/3] w-full overflow-hidden select-none sm:aspect-[1600/520]">
        <div className="flex h-full" style={show.trackStyle} aria-live={show.paused || !multiple ? 'polite' : 'off'} data-testid="hero-track">
          {slides.map((slide, i) => {
            const active = i === show.index
            const img = <SlidePicture slide={slide} first={i === 0} />
            return (
              <SlideFrame key={`${slide.imagem}-${i}`} index={i} count={slides.length} active={active}>
                {isInternal(slide.link) ? (
                  <Link to={slide.link} draggable={false} className="block h-full">
                    {img}
                  </Link>
                ) : (
                  <a href={slide.link} draggable={false} className="block h-full">
                    {img}
                  </a>
                )}
              </SlideFrame>
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
