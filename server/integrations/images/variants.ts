import path from 'node:path'
import sharp, { type Sharp } from 'sharp'
import { sha256 } from '../../lib/tokens'
import type { Cache } from '../../cache'
import type { MediaStorage } from '../storage'

/** Widths the storefront may ask for (responsive `srcset`); anything else snaps to the nearest. */
export const IMAGE_WIDTHS = [160, 240, 320, 480, 640, 800, 1200, 1600] as const
export const DEFAULT_WIDTH = 800
/** Quality 70, 80 or 100, and 50 for featured categories. */
export const IMAGE_QUALITIES = [50, 70, 80, 100] as const
export const DEFAULT_QUALITY = 80

export type ImageFormat = 'avif' | 'webp' | 'jpeg'

export const CONTENT_TYPES: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
}

/** Extensions of originals we render (store uploads may be photos; the demo seed writes SVG). */
export const SOURCE_EXTENSIONS = new Set(['.svg', '.png', '.jpg', '.jpeg', '.webp', '.avif', '.gif'])

/** Bumped when the rendering below changes, so old cached variants are not served again. */
const RENDER_VERSION = 1
/** Phone cameras reach ~50 MP; bigger sources are refused instead of exhausting memory. */
const MAX_INPUT_PIXELS = 64_000_000
/** SVGs are read into memory (never loaded by path, so they cannot pull other files in). */
const MAX_SVG_BYTES = 5 * 1024 * 1024
const RENDER_TIMEOUT_SECONDS = 20

export type VariantSpec = { width: number; quality: number; format: ImageFormat }

/** An original in the media storage, identified by its link and the version its stat gives. */
export type ImageSource = { link: string; version: string; size: number }

export type Variant = { data: Buffer; contentType: string }

/** The source could not be decoded (corrupt, unsupported, too large): a client-side problem, not a 500. */
export class ImageSourceError extends Error {}

function nearest(allowed: readonly number[], value: number): number {
  // Ties go to the larger value (sharper image rather than a blurrier one).
  return allowed.reduce((best, x) => (Math.abs(x - value) <= Math.abs(best - value) ? x : best))
}

/** Parses a width parameter; absent or not a number gives the default, others snap to the allow-list. */
export function snapWidth(raw: string | null | undefined): number {
  const n = raw ? Number(raw) : NaN
  return Number.isFinite(n) && n > 0 ? nearest(IMAGE_WIDTHS, n) : DEFAULT_WIDTH
}

export function snapQuality(raw: string | null | undefined): number {
  const n = raw ? Number(raw) : NaN
  return Number.isFinite(n) && n > 0 ? nearest(IMAGE_QUALITIES, n) : DEFAULT_QUALITY
}

/** Media types the client lists with a non-zero q (wildcards say nothing about AVIF/WebP support). */
function acceptedTypes(accept: string): Set<string> {
  const types = new Set<string>()
  for (const part of accept.split(',')) {
    const [type, ...params] = part.split(';').map((s) => s.trim().toLowerCase())
    const q = params.find((p) => p.startsWith('q='))
    if (type && !(q && Number(q.slice(2)) === 0)) types.add(type)
  }
  return types
}

/** AVIF when the browser takes it, else WebP, else JPEG (every browser). */
export function negotiateFormat(accept: string | undefined): ImageFormat {
  const types = acceptedTypes(accept ?? '')
  if (types.has('image/avif')) return 'avif'
  if (types.has('image/webp')) return 'webp'
  return 'jpeg'
}

/**
 * Identifies a variant: a new original (its version) or rendering version yields a new one. On disk
 * the version is mtime and size (storage/local.ts), the same key as before object storage.
 */
export function variantKey(source: ImageSource, spec: VariantSpec): string {
  return sha256([RENDER_VERSION, source.link, source.version, spec.width, spec.quality, spec.format].join('\0'))
}

async function render(source: ImageSource, original: Buffer, spec: VariantSpec): Promise<Buffer> {
  const isSvg = path.extname(source.link).toLowerCase() === '.svg'
  const options = { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true }
  let image: Sharp
  if (isSvg) {
    if (source.size > MAX_SVG_BYTES) throw new ImageSourceError('SVG grande demais')
    const svg = original
    // Rasterise at the density that gives the requested width directly, so vector art stays crisp.
    const { width } = await sharp(svg, options).metadata()
    if (!width) throw new ImageSourceError('SVG sem dimensões')
    const density = Math.min(100_000, Math.max(1, (72 * spec.width) / width))
    // Illustrations are drawn for a white page.
    image = sharp(svg, { ...options, density })
      .flatten({ background: '#ffffff' })
      .resize({ width: spec.width })
  } else {
    // Photos are never enlarged: a small original stays small.
    image = sharp(original, options).resize({ width: spec.width, withoutEnlargement: true })
    if (spec.format === 'jpeg') image = image.flatten({ background: '#ffffff' })
  }
  image = image.timeout({ seconds: RENDER_TIMEOUT_SECONDS })
  switch (spec.format) {
    case 'avif':
      // AVIF's scale runs lower than JPEG's for the same look; effort 2 keeps first renders fast.
      return image.avif({ quality: Math.round(spec.quality * 0.75), effort: 2 }).toBuffer()
    case 'webp':
      return image.webp({ quality: spec.quality }).toBuffer()
    case 'jpeg':
      return image.jpeg({ quality: spec.quality, mozjpeg: true }).toBuffer()
  }
}

/** Runs at most `limit` tasks at once: a page full of cold images must not starve the server. */
function createLimiter(limit: number) {
  let active = 0
  const waiting: Array<() => void> = []
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    active++
    try {
      return await task()
    } finally {
      active--
      waiting.shift()?.()
    }
  }
}

export type VariantStoreOptions = {
  storage: MediaStorage
  /** Renders running at once (each uses one libvips thread). */
  maxParallel?: number
  onCacheWriteError?: (err: unknown, key: string) => void
  /** Variants also kept in this process (a bucket's round trip saved), by storage key. */
  kept?: Cache<Buffer>
}

/**
 * Rendered variants kept in the media storage's `variants` (DATA_DIR/cache/img or the bucket), so
 * every instance serves the ones any of them rendered. The first request for a variant renders it
 * (once per process, however many ask at the same time); later ones read it.
 */
export function createVariantStore(options: VariantStoreOptions) {
  const limit = createLimiter(options.maxParallel ?? 2)
  const inFlight = new Map<string, Promise<Buffer>>()
  const { originals, variants } = options.storage

  function keyFor(key: string, format: ImageFormat) {
    return `${key.slice(0, 2)}/${key}.${format === 'jpeg' ? 'jpg' : format}`
  }

  async function renderAndStore(source: ImageSource, spec: VariantSpec, stored: string): Promise<Buffer> {
    const original = await originals.read(source.link)
    if (!original) throw new ImageSourceError('original ausente')
    let data: Buffer
    try {
      data = await limit(() => render(source, original, spec))
    } catch (err) {
      throw err instanceof ImageSourceError ? err : new ImageSourceError(String(err), { cause: err })
    }
    // The answer does not wait on a cache that cannot be written (a full disk, the bucket away).
    await variants.write(stored, data, CONTENT_TYPES[spec.format]).catch((err) => options.onCacheWriteError?.(err, stored))
    return data
  }

  return {
    /** Where a variant is kept in the storage's `variants` (whether or not it exists yet). */
    keyFor,

    async get(source: ImageSource, spec: VariantSpec, key = variantKey(source, spec)): Promise<Variant> {
      const contentType = CONTENT_TYPES[spec.format]
      const stored = keyFor(key, spec.format)
      const inProcess = options.kept?.get(stored)
      if (inProcess) return { data: inProcess, contentType }
      let data = await variants.read(stored)
      if (!data) {
        let pending = inFlight.get(stored)
        if (!pending) {
          pending = renderAndStore(source, spec, stored).finally(() => inFlight.delete(stored))
          inFlight.set(stored, pending)
        }
        data = await pending
      }
      options.kept?.set(stored, data, { bytes: data.length })
      return { data, contentType }
    },
  }
}

export type VariantStore = ReturnType<typeof createVariantStore>
