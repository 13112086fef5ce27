import { useEffect, useRef, useState } from 'react'
import { PRODUCT_SLIDE_INTERVAL_MS } from '../home/slideshow-logic'
import { SlideDots, SlideFrame } from '../home/SlideControls'
import { useSlideshow } from '../home/useSlideshow'
import { mainImage, videoUrl, type GalleryItem } from './media'

/**
 * Phone gallery: a slideshow of the images and the video, autoplay every 5 s, swipe with
 * the home slideshow's quarter-width rule, dots. Autoplay stops while the video plays.
 */
export function MobileGallery({ items, titulo, className = '' }: { items: GalleryItem[]; titulo: string; className?: string }) {
  const [videoPlaying, setVideoPlaying] = useState(false)
  const show = useSlideshow({
    count: items.length,
    interval: videoPlaying ? 0 : PRODUCT_SLIDE_INTERVAL_MS,
    noDragSelector: 'video',
  })
  const track = useRef<HTMLDivElement>(null)
  const poster = items.find((i) => i.kind === 'image')

  // A video that slides out of view stops.
  useEffect(() => {
    track.current?.querySelectorAll('video').forEach((v) => {
      if (v.closest('[data-active="false"]') && !v.paused) v.pause()
    })
  }, [show.index])

  if (items.length === 0) {
    return <div className={`flex aspect-square items-center justify-center bg-white text-ink-500 ${className}`}>Sem imagem</div>
  }
  return (
    <section aria-roledescription="carousel" aria-label="Imagens do produto" className={`relative bg-white ${className}`} {...show.regionProps}>
      <div {...show.viewportProps} className="relative aspect-square w-full overflow-hidden select-none">
        <div ref={track} className="flex h-full" style={show.trackStyle} data-testid="product-slides">
          {items.map((item, i) => {
            const active = i === show.index
            return (
              <SlideFrame key={`${item.kind}-${item.link}`} index={i} count={items.length} active={active} className="flex items-center justify-center">
                {item.kind === 'image' ? (
                  <img
                    {...mainImage(item.link)}
                    alt={item.alt || (i === 0 ? titulo : `${titulo} — imagem ${i + 1}`)}
                    width={390}
                    height={390}
                    loading={i === 0 ? 'eager' : 'lazy'}
                    fetchPriority={i === 0 ? 'high' : undefined}
                    decoding={i === 0 ? 'sync' : 'async'}
                    draggable={false}
                    className="h-full w-full object-contain p-4"
                  />
                ) : (
                  <video
                    controls
                    playsInline
                    preload={active ? 'metadata' : 'none'}
                    src={videoUrl(item.link)}
                    poster={poster ? mainImage(poster.link).src : undefined}
                    onPlay={() => setVideoPlaying(true)}
                    onPause={() => setVideoPlaying(false)}
                    onEnded={() => setVideoPlaying(false)}
                    className="h-full w-full bg-black object-contain"
                    aria-label={`Vídeo de ${titulo}`}
                  />
                )}
              </SlideFrame>
            )
          })}
        </div>
        {items.length > 1 ? (
          <span
            className="pointer-events-none absolute top-3 right-3 rounded-full bg-ink-900/60 px-2 py-0.5 text-xs font-semibold text-white empty:hidden"
            aria-hidden="true"
          >
            {`${show.index + 1}/${items.length}`}
          </span>
        ) : null}
      </div>
      {items.length > 1 ? <SlideDots show={show} tone="dark" className="py-1" /> : null}
    </section>
  )
}
