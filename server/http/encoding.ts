import type { Context } from 'hono'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { AppBindings } from './context'

const gzipAsync = promisify(zlib.gzip)
const gunzipAsync = promisify(zlib.gunzip)

/** gzip on libuv's thread pool (the event loop keeps serving meanwhile). */
export async function gzip(data: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const out = await gzipAsync(data, { level: 6 })
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength)
}

export async function gunzip(data: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const out = await gunzipAsync(data)
  return new Uint8Array(out.buffer as ArrayBuffer, out.byteOffset, out.byteLength)
}

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE_CONTENT_TYPE_REGEX.test(contentType)
}

/** The last Accept-Encoding judged: browsers send the same one on every request. */
let lastHeader: string | undefined
let lastAnswer = false

/** Whether Accept-Encoding allows gzip (named with q > 0, or `*` with q > 0 and gzip not refused). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  if (header === lastHeader) return lastAnswer
  lastAnswer = judgeGzip(header)
  lastHeader = header
  return lastAnswer
}

function judgeGzip(header: string): boolean {
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

type Encoded = { json: Uint8Array<ArrayBuffer>; gzip?: Promise<Uint8Array<ArrayBuffer>> }
const encodedValues = new WeakMap<object, Encoded>()
const encoder = new TextEncoder()

/**
 * Sends a JSON answer, gzipped when the client accepts it and it is worth it. With `reuse`, `value`
 * is an object the domain hands out again unchanged (a remembered answer): its bytes and gzip are
 * made once and kept for as long as the object lives. Headers set earlier with c.header() stay.
 */
export async function sendJson(c: Context<AppBindings>, value: object, options: { reuse?: boolean } = {}): Promise<Response> {
  let encoded = options.reuse ? encodedValues.get(value) : undefined
  if (!encoded) {
    encoded = { json: encoder.encode(JSON.stringify(value)) as Uint8Array<ArrayBuffer> }
    if (options.reuse) encodedValues.set(value, encoded)
  }
  const headers: Record<string, string> = { 'content-type': 'application/json', vary: 'Accept-Encoding' }
  if (encoded.json.byteLength >= MIN_GZIP_BYTES && acceptsGzip(c.req.header('accept-encoding'))) {
    encoded.gzip ??= gzip(encoded.json)
    headers['content-encoding'] = 'gzip'
    return c.body(await encoded.gzip, 200, headers)
  }
  return c.body(encoded.json, 200, headers)
}
