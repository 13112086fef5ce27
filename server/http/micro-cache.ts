import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { Db } from '../db/client'
import { countProductView } from '../domain/catalog/view-counter'
import { onCatalogInvalidated } from '../domain/catalog/caches'
import { countsAsView } from '../lib/requests'
import type { AppBindings } from './context'
import { SESSION_COOKIE } from './session'

/** Set by the product page and detalhe-produto: the product a cached copy shows (never sent out). */
export const VIEW_HEADER = 'x-vitrine-view'

export const MICRO_CACHE_TTL_MS = 30_000
const MAX_ENTRIES = 2_000
const MAX_BODY_BYTES = 2 * 1024 * 1024

/** Wire calls whose anonymous answers are the same for every visitor. */
const SHARED_API = /^\/_next\/api\/(inicio|detalhe-produto|itens-categoria|itens-marca\/|busca-esp\/|DataMenu\/)/
/** Media, static files and writes have caches or rules of their own. */
const NEVER = /^\/(_next\/img|_next\/static|video|assets|_auth|healthz|favicon|manifest)/

// A Uint8Array body (not an ArrayBuffer) takes @hono/node-server's fast write path.
type Entry = { at: number; status: number; headers: Array<[string, string]>; body: Uint8Array<ArrayBuffer>; view: number | null }

/**
 * A few-seconds memory of whole answers for visitors without a session (most catalog traffic):
 * pages and shared catalog calls are rendered once per URL per MICRO_CACHE_TTL_MS, like a
 * micro-caching proxy would, and forgotten at once when the catalog changes. Anything personal
 * (a session cookie, a Set-Cookie answer, a non-200) is never stored. Hits of a product page still
 * count a view.
 */
export function microCache(db: Db) {
  const entries = new Map<string, Entry>()
  onCatalogInvalidated(() => entries.clear())

  return createMiddleware<AppBindings>(async (c, next) => {
    const url = new URL(c.req.url)
    const path = url.pathname
    const eligible =
      c.req.method === 'GET' &&
      !NEVER.test(path) &&
      (!path.startsWith('/_next/api/') || SHARED_API.test(path)) &&
      !getCookie(c, SESSION_COOKIE)
    if (!eligible) {
      await next()
      if (c.res.headers.has(VIEW_HEADER)) dropViewHeader(c)
      return
    }

    const key = path + url.search
    const now = Date.now()
    const hit = entries.get(key)
    if (hit && now - hit.at < MICRO_CACHE_TTL_MS) {
      if (hit.view != null && countsAsView(c.req.raw)) void countProductView(db, hit.view, null)
      const headers = new Headers(hit.headers)
      headers.set('x-cache', 'HIT')
      return new Response(hit.body, { status: hit.status, headers })
    }

    await next()
    const res = c.res
    const view = Number(res.headers.get(VIEW_HEADER)) || null
    const type = res.headers.get('content-type') ?? ''
    const cacheable =
      res.status === 200 &&
      !res.headers.has('set-cookie') &&
      /^(text\/html|application\/json|application\/xml|text\/plain|text\/x-script)/.test(type)
    if (!cacheable || !res.body) {
      if (view != null) dropViewHeader(c)
      return
    }
    const body = new Uint8Array(await res.arrayBuffer())
    const headers = [...res.headers.entries()].filter(([name]) => name !== VIEW_HEADER)
    c.res = new Response(body, { status: res.status, headers })
    dropViewHeader(c)
    if (body.byteLength > MAX_BODY_BYTES) return
    entries.delete(key)
    entries.set(key, { at: now, status: res.status, headers, body, view })
    // Oldest first in a Map: drop from the front when full.
    while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
  })
}

/**
 * Removes the internal view header from the answer. Hono's `c.res` setter copies the old answer's
 * headers into the new one, and its result has writable headers, so delete after setting.
 */
function dropViewHeader(c: Context<AppBindings>): void {
  c.res = new Response(c.res.body, c.res)
  c.res.headers.delete(VIEW_HEADER)
}
