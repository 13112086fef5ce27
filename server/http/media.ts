import type { Context, Hono } from 'hono'
import { availableParallelism } from 'node:os'
import { open, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import sharp from 'sharp'
import {
  createVariantStore,
  ImageSourceError,
  negotiateFormat,
  snapQuality,
  snapWidth,
  SOURCE_EXTENSIONS,
  variantKey,
  type ImageSource,
} from '../integrations/images/variants'
import { createCache } from '../cache'
import type { MediaStorage } from '../integrations/storage'
import type { AppBindings } from './context'

const IMAGE_PREFIX = '/_next/img/'
const VIDEO_PREFIX = '/video/'

const IMAGE_NOT_FOUND = 'Imagem não encontrada.'
const VIDEO_NOT_FOUND = 'Vídeo não encontrado.'

const VIDEO_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.webm': 'video/webm',
  '.ogv': 'video/ogg',
}

/** Neutral stand-in for a missing or unreadable image, so an `<img>` never shows a broken icon. */
const PLACEHOLDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">' +
  '<rect width="800" height="800" fill="#f1f2f4"/>' +
  '<g fill="none" stroke="#c4c8cf" stroke-width="16" stroke-linejoin="round">' +
  '<rect x="280" y="300" width="240" height="200" rx="16"/>' +
  '<path d="M296 470l72-80 56 56 32-32 48 56"/></g>' +
  '<circle cx="460" cy="350" r="18" fill="#c4c8cf"/></svg>'

/**
 * Resolves a link to a file inside `root`, or null when it tries to leave it. Links are relative
 * paths of plain names (`produtos/abc-1.svg`): no `..`, no hidden files, no absolute paths, no
 * backslashes, NUL bytes or leftover percent-escapes.
 */
export function resolveMediaPath(root: string, link: string): string | null {
  if (!link || link.length > 512) return null
  const segments = link.split('/')
  const plain = /^[\p{L}\p{N}_\- ()+,@~][\p{L}\p{N}._\- ()+,@~]*$/u
  if (!segments.every((s) => plain.test(s))) return null
  const file = path.resolve(root, ...segments)
  return file.startsWith(root + path.sep) ? file : null
}

function decodeLink(raw: string): string | null {
  try {
    return decodeURIComponent(raw)
  } catch {
    return null
  }
}

/** Does `If-None-Match` name this entity tag (weak comparison, as RFC 9110 asks for this header)? */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const bare = etag.replace(/^W\//, '')
  return header.split(',').some((t) => {
    const tag = t.trim()
    return tag === '*' || tag.replace(/^W\//, '') === bare
  })
}

function wantsJson(accept: string | undefined): boolean {
  return !!accept && accept.includes('application/json') && !accept.includes('image/')
}

export type ByteRange = { start: number; end: number }

/**
 * Reads a `Range` header against a file of `size` bytes: null serves the whole file (no header, or a
 * form we do not serve, such as several ranges), 'unsatisfiable' asks for 416.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null
  const m = /^bytes=(\d*)-(\d*)$/i.exec(header.trim())
  if (!m || (m[1] === '' && m[2] === '')) return null
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(m[1])
  const last = m[2] === '' ? Infinity : Number(m[2])
  if (last < start) return null // invalid per RFC 9110 §14.1.1: ignored
  if (start >= size) return 'unsatisfiable'
  return { start, end: Math.min(last, size - 1) }
}

export type MediaOptions = { dataDir: string; storage: MediaStorage }

/**
 * Product images (`/_next/img/{link}`, resized and re-encoded, the variants kept) read from the
 * media storage (DATA_DIR/media or the bucket: integrations/storage), and product videos
 * (`/video/{link}`, byte ranges) from `${dataDir}/media/videos`.
 */
export function mountMedia(app: Hono<AppBindings>, options: MediaOptions) {
  const mediaDir = path.resolve(options.dataDir, 'media')
  const videoDir = path.join(mediaDir, 'videos')
  // Variants are kept in the storage, so libvips' memory cache would only hold memory; one thread
  // per render and a couple of renders at once leave the CPU to the rest of the store.
  sharp.cache(false)
  sharp.concurrency(1)
  const { originals } = options.storage
  // From a bucket, each answer would otherwise cost two round trips (HEAD of the original, GET of
  // the variant): both are kept in the process (decision 0126, `npm run bench -- --only midia`).
  // Variants are immutable under their key; an original's version may be a minute old.
  const remote = originals.kind === 's3'
  const sources = remote ? createCache<{ version: string; size: number }>({ name: 'media-sources', ttlMs: 60_000, maxEntries: 20_000 }) : null
  const kept = remote ? createCache<Buffer>({ name: 'media-variants', ttlMs: Infinity, maxEntries: 5_000, maxBytes: 64 * 1024 * 1024 }) : null
  const variants = createVariantStore({ storage: options.storage, maxParallel: Math.min(2, availableParallelism()), kept: kept ?? undefined })

  app.get(`${IMAGE_PREFIX}*`, async (c) => {
    const accept = c.req.header('accept')
    const url = new URL(c.req.url)
    // The spec glues the query to the path: /_next/img/produtos/x.svg&qualidade=70
    const rest = url.pathname.slice(IMAGE_PREFIX.length)
    const amp = rest.indexOf('&')
    const params = new URLSearchParams(amp < 0 ? '' : rest.slice(amp + 1))
    url.searchParams.forEach((value, key) => params.set(key, value))
    const link = decodeLink(amp < 0 ? rest : rest.slice(0, amp))
    const missing = (status: 404 | 422) => {
      const headers = { 'Cache-Control': 'no-store', Vary: 'Accept' }
      if (wantsJson(accept)) return c.json({ estado: 'erro', msg: IMAGE_NOT_FOUND }, status, headers)
      return c.body(PLACEHOLDER_SVG, status, {
        ...headers,
        'Content-Type': 'image/svg+xml; charset=utf-8',
        'Content-Security-Policy': "default-src 'none'",
      })
    }
    // A product with no image yet (created or imported without one): the stand-in, not an error.
    if (link === '') return missing(404)
    // The same plain relative names on disk and in a bucket: checked as a path under the folder.
    if (link === null || resolveMediaPath(mediaDir, link) === null) {
      return c.json({ estado: 'erro', msg: IMAGE_NOT_FOUND }, 400, { 'Cache-Control': 'no-store' })
    }

    if (!SOURCE_EXTENSIONS.has(path.extname(link).toLowerCase())) return missing(404)
    let info = sources?.get(link)
    if (!info) {
      const found = await originals.stat(link)
      if (!found) return missing(404)
      info = found
      sources?.set(link, found)
    }

    const source: ImageSource = { link, version: info.version, size: info.size }
    const spec = {
      width: snapWidth(params.get('w')),
      quality: snapQuality(params.get('qualidade')),
      format: negotiateFormat(accept),
    }
    const key = variantKey(source, spec)
    const headers = {
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: `"${key.slice(0, 32)}"`,
      Vary: 'Accept',
    }
    if (matchesEtag(c.req.header('if-none-match'), headers.ETag)) return c.body(null, 304, headers)

    try {
      const variant = await variants.get(source, spec, key)
      return c.body(new Uint8Array(variant.data), 200, {
        ...headers,
        'Content-Type': variant.contentType,
        'Content-Length': String(variant.data.length),
      })
    } catch (err) {
      if (!(err instanceof ImageSourceError)) throw err
      c.get('ctx').log.warn({ err, link }, 'imagem de origem ilegível')
      return missing(422)
    }
  })

  app.get(`${VIDEO_PREFIX}*`, async (c) => {
    const link = decodeLink(new URL(c.req.url).pathname.slice(VIDEO_PREFIX.length))
    const file = link === null ? null : resolveMediaPath(videoDir, link)
    if (file === null) return c.json({ estado: 'erro', msg: VIDEO_NOT_FOUND }, 400)
    const type = VIDEO_TYPES[path.extname(file).toLowerCase()]
    const handle = type ? await open(file, 'r').catch(() => null) : null
    if (!handle) return c.json({ estado: 'erro', msg: VIDEO_NOT_FOUND }, 404)
    let streaming = false
    try {
      const response = await serveVideo(c, handle, type)
      streaming = response.body !== null
      return response
    } finally {
      // Otherwise the read stream owns the handle and closes it at its end or on cancel.
      if (!streaming) await handle.close()
    }
  })
}

async function serveVideo(c: Context<AppBindings>, handle: FileHandle, type: string): Promise<Response> {
  const info = await handle.stat()
  if (!info.isFile()) return c.json({ estado: 'erro', msg: VIDEO_NOT_FOUND }, 404)
  const size = info.size
  const etag = `"${size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`
  const lastModified = info.mtime.toUTCString()
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Last-Modified': lastModified,
    'Cache-Control': 'public, max-age=86400',
  }

  const ifNoneMatch = c.req.header('if-none-match')
  const ifModifiedSince = c.req.header('if-modified-since')
  const notModified = ifNoneMatch ? matchesEtag(ifNoneMatch, etag) : !!ifModifiedSince && Math.floor(info.mtimeMs / 1000) <= Date.parse(ifModifiedSince) / 1000
  if (notModified) return c.body(null, 304, headers)

  // A Range made for another version of the file (If-Range) gets the whole new file instead.
  const ifRange = c.req.header('if-range')
  const rangeHeader = !ifRange || ifRange === etag || ifRange === lastModified ? c.req.header('range') : undefined
  const range = parseRange(rangeHeader, size)
  if (range === 'unsatisfiable') {
    return c.json({ estado: 'erro', msg: 'Intervalo solicitado inválido.' }, 416, {
      'Accept-Ranges': 'bytes',
      'Content-Range': `bytes */${size}`,
    })
  }
  const { start, end } = range ?? { start: 0, end: size - 1 }
  const status = range ? 206 : 200
  headers['Content-Length'] = String(Math.max(0, end - start + 1))
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`
  // Hono answers HEAD through this GET handler and drops the body; do not open a stream for it.
  if (c.req.method === 'HEAD' || size === 0) return c.body(null, status, headers)
  const body = Readable.toWeb(handle.createReadStream({ start, end })) as ReadableStream<Uint8Array>
  return c.body(body, status, headers)
}
