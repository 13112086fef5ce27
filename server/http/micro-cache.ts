import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { Db } from '../db/client'
import { historyTerm, rememberHistoryTerm } from '../domain/session/search-history'
import { countProductView } from '../domain/catalog/view-counter'
import { isInCart } from '../domain/cart/in-cart'
import { sessionIdOf } from '../domain/session/session'
import { createCache, type Cache } from '../cache'
import { countsAsView } from '../lib/requests'
import { cookieValue } from '../lib/tokens'
import { INTERNAL_HEADERS, NOT_IN_CART_HEADER, SEARCH_HEADER, SHARED_HEADER, SHARED_VALUE, VIEW_HEADER } from './cache-headers'
import type { AppBindings } from './context'
import { FAST_GZIP_LEVEL, MIN_GZIP_BYTES, acceptsGzip, encodedBody, finishUncached, gzip, gzipOf, gunzip, isCompressible, replaceResponse } from './encoding'
import { keptPageCsp } from './csp'
import { HSTS, SECURITY_HEADERS } from './security-headers'
import { isHttps, storeOrigin } from './client'
import { SESSION_COOKIE } from './session'

export { VIEW_HEADER } from './cache-headers'

export const MICRO_CACHE_TTL_MS = 30_000
/**
 * After the TTL a copy may still be served this long, but only while one request is already
 * rendering its replacement (stale-while-revalidate): an expired popular page costs one render, not
 * one per visitor arriving meanwhile.
 */
export const MICRO_CACHE_STALE_MS = 30_000
const MAX_BODY_BYTES = 2 * 1024 * 1024
/** Bodies cached together at most (oldest dropped first): a burst of one-off answers stays bounded. */
export const MICRO_CACHE_BYTES = 64 * 1024 * 1024

/** Media, static files and health have caches or rules of their own; the back office is never cached. */
const NEVER = /^\/(_next\/img|_next\/static|video|assets|_auth|admin(?:\/|$)|healthz|favicon|manifest)/

type Entry = {
  /** A request is rendering this entry's replacement: the others get this copy meanwhile. */
  refreshing: boolean
  status: number
  /** Plain header records: the fast path of @hono/node-server writes them as they are. */
  headers: Record<string, string>
  /** What a hit sends, made once: plain and gzipped. */
  hitHeaders: Record<string, string>
  hitGzipHeaders: Record<string, string> | null
  /**
   * Uint8Array bodies (not ArrayBuffers) take @hono/node-server's fast write path. An answer with a
   * gzip copy keeps only that (browsers all take it); the plain body is made again for the rare
   * client that does not.
   */
  identity: Uint8Array<ArrayBuffer> | null
  gzip: Uint8Array<ArrayBuffer> | null
  /** Bytes this entry holds (the bound of the whole cache). */
  bytes: number
  /** The gzip copy was made fast (FAST_GZIP_LEVEL): a hit has it made again at the usual level. */
  fastGzip: boolean
  /** Product whose page this is: a hit still counts a view. */
  view: number | null
  /** Search term this answer shows (history form): a hit still records it in the visitor's history. */
  search: string | null
  /** Product this answer shows as not in the cart: a visitor whose cart holds it goes to the handler. */
  notInCart: number | null
}

/**
 * A few-seconds cache of whole answers that are the same for every visitor — the way a
 * micro-caching proxy or a CDN keeps full pages (decision 0012).
 *
 * - Only answers that say so are cached: the handler or route sets `x-vitrine-cache: shared`
 *   (cache-headers.ts), the status is 200 and no cookie is set. Pages carry no personal data (the
 *   badge, recent searches and the in-cart marker are filled in the browser), so a shopper with a
 *   session gets the same copy as a visitor without one; personal answers never say "shared".
 * - Each entry keeps its gzip body (the plain one only when there is none: a client that refuses
 *   gzip gets it unpacked); a hit is a map lookup and a write. At most MAX_ENTRIES answers and
 *   MICRO_CACHE_BYTES together, the oldest dropped first.
 * - Side effects survive hits: a product page still counts a view, a search still joins the
 *   history of the visitor's session (a visitor without one has no history: a search creates none).
 * - detalhe-produto's crr-0 answer (not in the cart) is served only to visitors whose cart does not
 *   hold the product (NOT_IN_CART_HEADER); the others get their crr-1 answer from the handler.
 * - An expired copy is replaced by the first request that finds it; until that one is done, the
 *   others still get the old copy (MICRO_CACHE_STALE_MS at most).
 * - Each entry is tagged with what its answer was built from (the cards, details and match sets its
 *   handler read): a change notification naming those products drops it; a catalog-wide one drops
 *   them all (decision 0033).
 * - Nothing one shopper owns is kept here (decision 0034): a cart page or a session's answer is
 *   never marked shared.
 *
 * It gzips what it keeps itself and marks those requests `selfCompressed`, so the store's one
 * gzip for other answers (encoding.ts finishUncached, app.ts) stands aside.
 */
export function microCache(db: Db, options: { maxBytes?: number } = {}) {
  const sharedEntries = createCache<Entry>(
    {
      name: 'micro-cache',
      ttlMs: MICRO_CACHE_TTL_MS + MICRO_CACHE_STALE_MS,
      maxEntries: 2_000,
      maxBytes: options.maxBytes ?? MICRO_CACHE_BYTES,
      scope: 'catalog',
      // Most entries are one-off answers with ~100 product tags: a write scans them instead.
      indexTags: false,
    },
    db,
  )

  return createMiddleware<AppBindings>(async (c, next) => {
    const path = c.req.path
    if (c.req.method !== 'GET' || NEVER.test(path)) return next()
    const url = c.req.url
    const q = url.indexOf('?')
    const gz = acceptsGzip(c.req.header('accept-encoding'))
    // A page's absolute links name the store's origin (client.ts storeOrigin): PUBLIC_URL, or in the
    // demo the loopback host the client used. One copy per such origin, so no Host header can make
    // a copy whose links another visitor gets (any other host is given http://localhost:PORT's).
    const origin = c.get('ctx').env.PUBLIC_URL ? '' : storeOrigin(c)
    const key = origin + (q < 0 ? path : path + url.slice(q))
    const entries = sharedEntries

    const now = Date.now()
    const cached = entries.entry(key)
    const hit = cached?.value
    const age = cached ? now - cached.at : Infinity
    const usable = age < MICRO_CACHE_TTL_MS + MICRO_CACHE_STALE_MS
    // Fresh, or expired while another request renders the replacement: serve the copy.
    if (hit && (age < MICRO_CACHE_TTL_MS || (hit.refreshing && usable))) {
      const served = await serveHit(db, c, hit, gz)
      entries.count(!!served)
      if (served) return served
    } else if (hit && usable) {
      entries.count(false)
      // This request renders the replacement; whatever it ends in, the mark comes off.
      hit.refreshing = true
      try {
        return await handle(c, next, entries, key, gz, now)
      } finally {
        hit.refreshing = false
      }
    } else {
      entries.count(false)
      if (hit) entries.delete(key)
    }
    return handle(c, next, entries, key, gz, now)
  })
}

/** The handler's answer: cached when it is shared (replacing the older copy), sent either way. */
async function handle(c: Context<AppBindings>, next: () => Promise<void>, entries: Cache<Entry>, key: string, gz: boolean, now: number): Promise<void> {
  c.set('selfCompressed', true)
  // Whatever cached cards, details and match sets the handler reads become the entry's tags.
  const tags = new Set<string>()
  c.get('ctx').tags = tags
  await next()
  const res = c.res
  const keep = res.headers.get(SHARED_HEADER) === SHARED_VALUE && res.status === 200 && !res.headers.has('set-cookie') && !!res.body
  if (!keep) {
    await finishUncached(c, gz)
    return
  }
  const encoding = res.headers.get('content-encoding')
  const type = res.headers.get('content-type') ?? ''
  const handed = encodedBody(c)
  const raw = handed ? handed.json : new Uint8Array(await res.arrayBuffer())
  let identity: Uint8Array<ArrayBuffer>
  let packed: Uint8Array<ArrayBuffer> | null = null
  // Most answers are asked for once (a new filter, a rare term): their first gzip is a fast one.
  let fastGzip = false
  if (handed) {
    // sendJson's own bytes, plain and (when it made one) gzipped: cached as they are.
    identity = raw
    if (raw.byteLength >= MIN_GZIP_BYTES) {
      packed = await gzipOf(handed)
      fastGzip = true
    }
  } else if (encoding === 'gzip') {
    packed = raw
    identity = await gunzip(raw)
  } else if (!encoding) {
    identity = raw
    if (isCompressible(type) && raw.byteLength >= MIN_GZIP_BYTES) {
      fastGzip = true
      packed = await gzip(raw, FAST_GZIP_LEVEL)
    }
  } else {
    // Some other encoding: send it as it is, keep nothing.
    replaceResponse(c, new Response(raw, { status: res.status, headers: publicHeaders(res.headers) }))
    return
  }
  const headers = publicHeaders(res.headers, packed != null)
  // Every visitor gets this copy: its inline scripts are allowed by hash, not by one shared nonce.
  const policy = headers['content-security-policy']
  if (policy?.includes("'nonce-") && type.startsWith('text/html')) headers['content-security-policy'] = keptPageCsp(policy, new TextDecoder().decode(identity))
  const entry: Entry = {
    refreshing: false,
    status: res.status,
    headers,
    hitHeaders: { ...headers, 'x-cache': 'HIT' },
    hitGzipHeaders: packed ? { ...headers, 'x-cache': 'HIT', 'content-encoding': 'gzip' } : null,
    identity: packed ? null : identity,
    gzip: packed,
    bytes: packed ? packed.byteLength : identity.byteLength,
    fastGzip,
    view: Number(res.headers.get(VIEW_HEADER)) || null,
    search: decodeSearch(res.headers.get(SEARCH_HEADER)),
    notInCart: Number(res.headers.get(NOT_IN_CART_HEADER)) || null,
  }
  if (identity.byteLength <= MAX_BODY_BYTES) entries.set(key, entry, { bytes: entry.bytes, tags, now })
  replaceResponse(c, respond(c, entry, gz ? entry.gzip : null, identity, 'MISS'))
}

/**
 * A cached answer, or null when the request needs the handler after all: a product shown as not in
 * the cart to a visitor whose cart holds it.
 *
 * A hit reads no session row (decision 0035): the session's id is its cookie token's hash, the
 * history writer skips sessions that no longer exist, and a view needs no session at all. Only the
 * in-cart check asks the database — one indexed read.
 */
async function serveHit(db: Db, c: Context<AppBindings>, hit: Entry, gz: boolean): Promise<Response | null> {
  if (hit.search != null || hit.notInCart != null) {
    const sessionId = sessionIdOf(cookieValue(c.req.header('cookie'), SESSION_COOKIE))
    // A visitor without a session has no history to keep the term in (a search creates none).
    if (hit.search != null && sessionId) void rememberHistoryTerm(db, sessionId, hit.search)
    if (hit.notInCart != null && sessionId && (await isInCart(db, sessionId, hit.notInCart))) return null
  }
  if (hit.view != null && countsAsView(c.req.raw)) void countProductView(db, hit.view)
  if (hit.fastGzip && hit.gzip) {
    // Asked again: worth the smaller copy (made on the thread pool; this hit sends the fast one).
    // It is smaller, so the bytes counted for the entry stay an upper bound.
    hit.fastGzip = false
    const fast = hit.gzip
    gunzip(fast)
      .then((plain) => gzip(plain))
      .then(
        (smaller) => void (hit.gzip = smaller),
        () => {},
      )
  }
  const packed = gz ? hit.gzip : null
  return respond(c, hit, packed, packed ? null : (hit.identity ?? (await gunzip(hit.gzip!))), 'HIT')
}

/** The cached answer as sent: its gzip copy (`packed`) or the plain body. */
function respond(
  c: Context<AppBindings>,
  entry: Entry,
  packed: Uint8Array<ArrayBuffer> | null,
  plain: Uint8Array<ArrayBuffer> | null,
  state: 'HIT' | 'MISS',
): Response {
  // app.ts adds nothing to a kept answer: its headers go out as this plain object (the fast path).
  c.set('secured', true)
  const body = (packed ?? plain)!
  const https = isHttps(c)
  if (state === 'HIT' && !https) return new Response(body, { status: entry.status, headers: packed ? entry.hitGzipHeaders! : entry.hitHeaders })
  const headers: Record<string, string> = { ...entry.headers, 'x-cache': state }
  if (packed) headers['content-encoding'] = 'gzip'
  if (https) headers['strict-transport-security'] = HSTS
  return new Response(body, { status: entry.status, headers })
}

/** Headers to send: the internal ones and those the body encoding decides are left out. */
function publicHeaders(from: Headers, varies = false): Record<string, string> {
  const out: Record<string, string> = { ...SECURITY_HEADERS }
  for (const [name, value] of from) {
    if (name === 'content-length' || name === 'content-encoding' || (INTERNAL_HEADERS as readonly string[]).includes(name)) continue
    out[name] = value
  }
  if (varies) out.vary = out.vary && !/accept-encoding/i.test(out.vary) ? `${out.vary}, Accept-Encoding` : 'Accept-Encoding'
  return out
}

/** The search term an answer names, in the form the history keeps (null: none). */
function decodeSearch(value: string | null): string | null {
  if (!value) return null
  try {
    return historyTerm(decodeURIComponent(value)) || null
  } catch {
    return null
  }
}
