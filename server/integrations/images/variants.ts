import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp, { type Sharp } from 'sharp'
import { randomToken, sha256 } from '../../lib/tokens'

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

/** An original under the media folder, identified by its link and the stat that versions it. */
export type ImageSource = { link: string; file: string; mtimeMs: number; size: number }

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

/** Identifies a variant: a new original (mtime/size) or rendering version yields a new one. */
export function variantKey(source: ImageSource, spec: VariantSpec): string {
  return sha256([RENDER_VERSION, source.link, source.mtimeMs, source.size, spec.width, spec.quality, spec.format].join('\0'))
}

async function render(source: ImageSource, spec: VariantSpec): Promise<Buffer> {
  const isSvg = path.extname(source.file).toLowerCase() === '.svg'
  const options = { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true }
  let image: Sharp
  if (isSvg) {
    if (source.size > MAX_SVG_BYTES) throw new ImageSourceError('SVG grande demais')
    const svg = await readFile(source.file)
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
    image = sharp(source.file, options).resize({ width: spec.width, withoutEnlargement: true })
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
  cacheDir: string
  /** Renders running at once (each uses one libvips thread). */
  maxParallel?: number
  onCacheWriteError?: (err: unknown, file: string) => void
}

/**
 * Rendered variants kept on disk under `cacheDir`. The first request for a variant renders it (once,
 * however many ask at the same time); later ones read the file.
 */
export function createVariantStore(options: VariantStoreOptions) {
  const limit = createLimiter(options.maxParallel ?? 2)
  const inFlight = new Map<string, Promise<Buffer>>()

  function fileFor(key: string, format: ImageFormat) {
    return path.join(options.cacheDir, key.slice(0, 2), `${key}.${format === 'jpeg' ? 'jpg' : format}`)
  }

  async function renderAndStore(source: ImageSource, spec: VariantSpec, file: string): Promise<Buffer> {
    let data: Buffer
    try {
      data = await limit(() => render(source, spec))
    } catch (err) {
      throw err instanceof ImageSourceError ? err : new ImageSourceError(String(err), { cause: err })
    }
    // Written beside the final name, then renamed: a reader never sees half a file.
    const temp = `${file}.${randomToken(6)}.tmp`
    try {
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(temp, data)
      await rename(temp, file)
    } catch (err) {
      await rm(temp, { force: true }).catch(() => {})
      options.onCacheWriteError?.(err, file)
    }
    return data
  }

  return {
    /** The cached file of a variant (whether or not it exists yet). */
    fileFor,

    async get(source: ImageSource, spec: VariantSpec, key = variantKey(source, spec)): Promise<Variant> {
      const contentType = CONTENT_TYPES[spec.format]
      const file = fileFor(key, spec.format)
      try {
        return { data: await readFile(file), contentType }
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
      }
      let pending = inFlight.get(file)
      if (!pending) {
        pending = renderAndStore(source, spec, file).finally(() => inFlight.delete(file))
        inFlight.set(file, pending)
      }
      return { data: await pending, contentType }
    },
  }
}

export type VariantStore = ReturnType<typeof createVariantStore>
