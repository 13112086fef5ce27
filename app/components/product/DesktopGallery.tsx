import { useRef, useState } from 'react'
import { Glyph } from '../ui/icons'
import { MAGNIFIER_LENS_PX, lensGeometry, mainImage, thumbImage, videoUrl, zoomImage, type GalleryItem } from './media'

type Lens = ReturnType<typeof lensGeometry> & { loaded: string }

/** Main image with a round 150 px magnifier that shows the image at 1.5× under the mouse. */
function MagnifiedImage({ link, alt, priority }: { link: string; alt: string; priority: boolean }) {
  const img = useRef<HTMLImageElement>(null)
  const [lens, setLens] = useState<Lens | null>(null)

  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    const el = img.current
    if (e.pointerType !== 'mouse' || !el || !el.naturalWidth) return
    const rect = el.getBoundingClientRect()
    // The picture is letterboxed by object-contain: work inside the painted box only.
    const scale = Math.min(rect.width / el.naturalWidth, rect.height / el.naturalHeight)
    const box = { width: el.naturalWidth * scale, height: el.naturalHeight * scale }
    const offsetX = (rect.width - box.width) / 2
    const offsetY = (rect.height - box.height) / 2
    const x = e.clientX - rect.left - offsetX
    const y = e.clientY - rect.top - offsetY
    if (x < 0 || y < 0 || x > box.width || y > box.height) {
      setLens(null)
      return
    }
    const g = lensGeometry(x, y, box)
    setLens({ ...g, left: g.left + offsetX, top: g.top + offsetY, loaded: el.currentSrc })
  }

  return (
    <div
      className="relative h-full w-full cursor-crosshair overflow-hidden"
      onPointerMove={onPointerMove}
      onPointerLeave={() => setLens(null)}
      data-testid="magnifier"
    >
      <img
        ref={img}
        {...mainImage(link)}
        alt={alt}
        width={560}
        height={560}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? 'sync' : 'async'}
        draggable={false}
        className="h-full w-full object-contain"
      />
      {lens ? (
        <div
          aria-hidden="true"
          data-testid="magnifier-lens"
          className="pointer-events-none absolute rounded-full border-[3px] border-white bg-white bg-no-repeat shadow-[0_6px_24px_rgb(16_24_40/0.28)] ring-1 ring-ink-300"
          style={{
            width: MAGNIFIER_LENS_PX,
            height: MAGNIFIER_LENS_PX,
            left: lens.left,
            top: lens.top,
            // The sharp 1200 px picture on top; the already loaded main image shows until it arrives.
            backgroundImage: `url("${zoomImage(link)}"), url("${lens.loaded}")`,
            backgroundSize: lens.backgroundSize,
            backgroundPosition: lens.backgroundPosition,
          }}
        />
      ) : null}
    </div>
  )
}

/**
 * Desktop gallery: thumbnails on the left (images, then the video), the main area on the right with
 * the magnifier, or the video player when the video thumbnail is picked.
 */
export function DesktopGallery({ items, titulo, className = '' }: { items: GalleryItem[]; titulo: string; className?: string }) {
  const [active, setActive] = useState(0)
  const current = items[active]
  const poster = items.find((i) => i.kind === 'image')
  const imageCount = items.filter((i) => i.kind === 'image').length
  return (
    <div className={`flex gap-3 ${className}`}>
      {items.length > 1 ? (
        <ul aria-label="Mídias do produto" className="flex max-h-[560px] w-[76px] shrink-0 flex-col gap-2 overflow-y-auto p-0.5 [scrollbar-width:thin]">
          {items.map((item, i) => {
            const selected = i === active
            const label = item.kind === 'video' ? 'Ver vídeo do produto' : `Ver imagem ${i + 1} de ${imageCount}`
            return (
              <li key={`${item.kind}-${item.link}`}>
                <button
                  type="button"
                  aria-label={label}
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => setActive(i)}
                  onMouseEnter={() => item.kind === 'image' && setActive(i)}
                  className={`relative flex aspect-square w-full items-center justify-center overflow-hidden rounded-lg bg-white p-1 ring-1 transition ${
                    selected ? 'ring-2 ring-brand-600' : 'ring-ink-100 hover:ring-brand-200'
                  }`}
                >
                  {item.kind === 'image' ? (
                    <img src={thumbImage(item.link)} alt="" width={68} height={68} loading="lazy" decoding="async" className="h-full w-full object-contain" />
                  ) : (
                    <>
                      {poster ? (
                        <img src={thumbImage(poster.link)} alt="" width={68} height={68} loading="lazy" className="h-full w-full object-contain opacity-50" />
                      ) : null}
                      <span className="absolute inset-0 flex flex-col items-center justify-center gap-0.5 bg-ink-900/55 text-[10px] font-bold tracking-wide text-white uppercase">
                        <Glyph size={22} d="M8 5.5v13l10.5-6.5z" />
                        Vídeo
                      </span>
                    </>
                  )}
                </button>
              </li>
            )
          })}
        </ul>
      ) : null}
      <div className="relative aspect-square min-w-0 flex-1 overflow-hidden rounded-card bg-white ring-1 ring-ink-100">
        {!current ? (
          <div className="flex h-full items-center justify-center text-ink-500">Sem imagem</div>
        ) : current.kind === 'image' ? (
          <MagnifiedImage key={current.link} link={current.link} alt={current.alt || titulo} priority={active === 0} />
        ) : (
          <video
            key={current.link}
            controls
            preload="metadata"
            playsInline
            src={videoUrl(current.link)}
            poster={poster ? mainImage(poster.link).src : undefined}
            className="h-full w-full bg-black object-contain"
            aria-label={`Vídeo de ${titulo}`}
          />
        )}
      </div>
    </div>
  )
}
