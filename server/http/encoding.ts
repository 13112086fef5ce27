import type { Context } from 'hono'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { jsonBytes } from '../lib/json'
import { INTERNAL_HEADERS } from './cache-headers'
import type { AppBindings } from './context'

const gzipAsync = promisify(zlib.gzip)
const gunzipAsync = promisify(zlib.gunzip)

/** zlib's default: what an answer sent many times is compressed with. */
export const GZIP_LEVEL = 6
/**
 * For an answer that may be sent once (a cached answer's first copy): about three times faster than
 * level 6 for some 15 % more bytes. The micro-cache compresses again at GZIP_LEVEL when it is asked again.
 */
export const FAST_GZIP_LEVEL = 3

/**
 * Up to this size an answer is gzipped on the event loop: handing it to libuv's pool costs more CPU
 * (≈ 100 µs: a zlib stream, the hop and the callback) than compressing 16 KB at level 3 (≈ 100 µs)
 * — a 4 KB `DataMenu` or `listar-carrinho` takes 25 µs in place against 100–120 µs on the pool.
 * Larger answers (pages) still go to the pool, so the event loop keeps serving meanwhile.
 */
export const SYNC_GZIP_MAX_BYTES = 16 * 1024

/** gzip: in place when small (SYNC_GZIP_MAX_BYTES), else on libuv's thread pool. */
export async function gzip(data: Uint8Array, level = GZIP_LEVEL): Promise<Uint8Array<ArrayBuffer>> {
  const out = data.byteLength <= SYNC_GZIP_MAX_BYTES ? zlib.gzipSync(data, { level }) : await gzipAsync(data, { level })
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength)
}

export async function gunzip(data: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const out = await gunzipAsync(data)
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength)
}

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType)
}

/** Whether Accept-Encoding allows gzip (named with q > 0, or `*` with q > 0 and gzip not refused). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  let star = false
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const weight = q ? Number(q.slice(2)) : 1
    if (name === 'gzip' || name === 'x-gzip') return weight > 0
    if (name === '*') star = weight > 0
  }
  return star
}

/** Below this size gzip saves too little to be worth it (the compress middleware's default too). */
export const MIN_GZIP_BYTES = 1024

export type EncodedJson = {
  json: Uint8Array<ArrayBuffer>
  gzip?: Promise<Uint8Array<ArrayBuffer>>
}

/**
 * The answer's gzip, made once and fast (FAST_GZIP_LEVEL): most answers are sent once; the
 * micro-cache makes a smaller copy of one it is asked for again.
 */
export function gzipOf(encoded: EncodedJson): Promise<Uint8Array<ArrayBuffer>> {
  encoded.gzip ??= gzip(encoded.json, FAST_GZIP_LEVEL)
  return encoded.gzip
}

/** The bytes sendJson made for the context's answer (undefined: some other answer, or one rebuilt since). */
export function encodedBody(c: Context<AppBindings>): EncodedJson | undefined {
  const sent = c.get('sentJson')
  return sent?.res === c.res ? sent.encoded : undefined
}

/**
 * Sends a JSON answer, gzipped (fast) when the client accepts it and it is worth it. Headers set
 * earlier with c.header() stay. The micro-cache finds the bytes made here (encodedBody) instead of
 * reading the body back.
 */
export async function sendJson(c: Context<AppBindings>, value: object): Promise<Response> {
  const encoded: EncodedJson = { json: jsonBytes(value) }
  const headers: Record<string, string> = { 'content-type': 'application/json', vary: 'Accept-Encoding' }
  let res: Response
  if (encoded.json.byteLength >= MIN_GZIP_BYTES && acceptsGzip(c.req.header('accept-encoding'))) {
    headers['content-encoding'] = 'gzip'
    res = c.body(await gzipOf(encoded), 200, headers)
  } else {
    res = c.body(encoded.json, 200, headers)
  }
  c.set('sentJson', { res, encoded })
  return res
}

/**
 * The store's one compression path for an answer sent as it is (personal, an error, a redirect, a
 * POST's answer, a static file): internal headers out and gzip when the client takes it and it is
 * worth it (MIN_GZIP_BYTES), on libuv's pool. sendJson and the micro-cache make their gzip with the
 * same `gzip`; this leaves an answer that already has an encoding alone.
 */
export async function finishUncached(c: Context<AppBindings>, gz: boolean): Promise<void> {
  const res = c.res
  const internal = INTERNAL_HEADERS.some((h) => res.headers.has(h))
  const type = res.headers.get('content-type') ?? ''
  // Reading res.body would turn @hono/node-server's light answer into a stream: test the rest first.
  const compress =
    gz &&
    res.status !== 204 &&
    res.status !== 206 &&
    res.status !== 304 &&
    !res.headers.has('content-encoding') &&
    isCompressible(type) &&
    !/no-transform/i.test(res.headers.get('cache-control') ?? '') &&
    !!res.body
  if (!internal && !compress) return
  const headers = new Headers(res.headers)
  for (const h of INTERNAL_HEADERS) headers.delete(h)
  if (!compress) {
    replaceResponse(c, new Response(res.body, { status: res.status, headers }))
    return
  }
  const raw = new Uint8Array(await res.arrayBuffer())
  headers.delete('content-length')
  const vary = headers.get('vary')
  if (!vary || !/accept-encoding/i.test(vary)) headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
  if (raw.byteLength < MIN_GZIP_BYTES) {
    replaceResponse(c, new Response(raw, { status: res.status, headers }))
    return
  }
  headers.set('content-encoding', 'gzip')
  // An answer no one keeps (a personal page, a POST's answer) is sent once: the fast level, as for any
  // answer's first copy. What browsers keep (the built assets) gets the usual level.
  const level = /no-store/i.test(headers.get('cache-control') ?? '') ? FAST_GZIP_LEVEL : GZIP_LEVEL
  replaceResponse(c, new Response(await gzip(raw, level), { status: res.status, headers }))
}

/**
 * Hono's `c.res` setter copies the old answer's headers (internal ones included) into a new one;
 * clearing it first makes the new answer exactly what was built.
 */
export function replaceResponse(c: Context<AppBindings>, res: Response): void {
  c.res = undefined as unknown as Response
  c.res = res
}
