// What the product galleries show: the images, then the videos, and the image URLs they use.
import type { ProductDetail } from '../../../contract/catalog'
import { imageUrl, responsiveImage } from '~/lib/image'

/** Magnifier zoom 1.5, lens 150 px. */
export const MAGNIFIER_ZOOM = 1.5
export const MAGNIFIER_LENS_PX = 150

/**
 * One `sizes` for the main image of both galleries, so the hidden one (desktop gallery on a phone,
 * phone slideshow on a desktop) picks the same file and the browser downloads it once.
 */
export const MAIN_IMAGE_SIZES = '(min-width: 1024px) 560px, (min-width: 768px) 50vw, 100vw'
const MAIN_IMAGE_WIDTHS = [320, 480, 640, 800, 1200] as const

export type GalleryItem = { kind: 'image'; link: string; alt?: string } | { kind: 'video'; link: string; mime: string }

export function galleryItems(detail: Pick<ProductDetail, 'imgs' | 'video'>): GalleryItem[] {
  return [
    ...detail.imgs.map((i) => ({ kind: 'image' as const, link: i.link, ...(i.alt ? { alt: i.alt } : {}) })),
    ...detail.video.map((v) => ({ kind: 'video' as const, link: v.link, mime: v.mime })),
  ]
}

/** `src`/`srcSet`/`sizes` of a main gallery image (also what the route preloads for the first one). */
export function mainImage(link: string) {
  return responsiveImage(link, { sizes: MAIN_IMAGE_SIZES, widths: MAIN_IMAGE_WIDTHS, fallbackWidth: 640, quality: 80 })
}

/** Sharp source for the magnifier lens (the main image is shown at up to 560 px). */
export function zoomImage(link: string): string {
  return imageUrl(link, { width: 1200, quality: 80 })
}

export function thumbImage(link: string): string {
  return imageUrl(link, { width: 160, quality: 70 })
}

/** Byte-range streamed video (GET /video/{link}). */
export function videoUrl(link: string): string {
  return `/video/${link.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/')}`
}

/**
 * Where the lens sits and what it shows for a pointer at (x, y) inside the rendered image box
 * (`box`, after object-contain letterboxing). Pure so it can be tested.
 */
export function lensGeometry(x: number, y: number, box: { width: number; height: number }) {
  const half = MAGNIFIER_LENS_PX / 2
  return {
    left: x - half,
    top: y - half,
    backgroundSize: `${box.width * MAGNIFIER_ZOOM}px ${box.height * MAGNIFIER_ZOOM}px`,
    backgroundPosition: `${-(x * MAGNIFIER_ZOOM - half)}px ${-(y * MAGNIFIER_ZOOM - half)}px`,
  }
}
