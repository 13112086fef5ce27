// Browser-safe helpers for catalog image URLs (served by server/http/media.ts).

/**
 * Widths and qualities the image server renders (server/integrations/images/variants.ts; other
 * values snap to the nearest, so asking for these keeps its disk cache small).
 */
export const IMAGE_WIDTHS = [160, 240, 320, 480, 640, 800, 1200, 1600] as const
export type ImageWidth = (typeof IMAGE_WIDTHS)[number]
/** 70, 80 or 100; 50 for the home's featured categories. */
export type ImageQuality = 50 | 70 | 80 | 100

/** Each path segment escaped, slashes kept: `produtos/fone 1.svg` → `produtos/fone%201.svg`. */
function encodeLink(link: string): string {
  return link
    .replace(/^\/+/, '')
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/')
}

/** `/_next/img/{link}&qualidade={q}&w={w}` — docs/requirements.md glues the query to the path. */
export function imageUrl(link: string, options: { quality?: ImageQuality; width?: ImageWidth } = {}): string {
  const { quality = 80, width } = options
  return `/_next/img/${encodeLink(link)}&qualidade=${quality}${width ? `&w=${width}` : ''}`
}

/** `srcset` over the given widths (all of them by default). */
export function imageSrcSet(link: string, options: { quality?: ImageQuality; widths?: readonly ImageWidth[] } = {}): string {
  const { quality = 80, widths = IMAGE_WIDTHS } = options
  return widths.map((w) => `${imageUrl(link, { quality, width: w })} ${w}w`).join(', ')
}

/**
 * Props for a responsive `<img>`: `src` at `fallbackWidth` for old browsers, `srcSet` and the
 * caller's `sizes` (how wide the image shows, e.g. "(min-width: 1024px) 240px, 50vw").
 */
export function responsiveImage(
  link: string,
  options: { sizes: string; quality?: ImageQuality; widths?: readonly ImageWidth[]; fallbackWidth?: ImageWidth },
): { src: string; srcSet: string; sizes: string } {
  const { sizes, quality = 80, widths = IMAGE_WIDTHS, fallbackWidth = 480 } = options
  return {
    src: imageUrl(link, { quality, width: fallbackWidth }),
    srcSet: imageSrcSet(link, { quality, widths }),
    sizes,
  }
}
