import { Hono, type Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { Logger } from 'pino'
import { cacheStats } from '../cache'
import type { Db } from '../db/client'
import type { Env } from '../env'
import type { StoreProfile } from '../store-profile'
import { adminApi } from './admin'
import { adminPages } from './admin/pages'
import { addressApi } from './api/address'
import { accountApi } from './api/account'
import { cartApi } from './api/cart'
import { checkoutApi } from './api/checkout'
import { fiscalApi } from './api/fiscal'
import { afterSaleApi } from './api/after-sale'
import { catalogApi } from './api/catalog'
import { menuApi } from './api/menu'
import { apiV1 } from './api-v1'
import { personalMenuRead } from '../domain/menu/menu'
import { cartRowsRead } from '../domain/cart'
import type { AppBindings, RequestContext } from './context'
import { microCache } from './micro-cache'
import { acceptsGzip, finishUncached } from './encoding'
import { HSTS, SECURITY_HEADERS } from './security-headers'
import { isHttps, isOperator, storeOrigin } from './client'
import { mountMetrics, requestMetrics } from './metrics'
import { sessionMiddleware } from './session'
import { csrfGuard } from './csrf'
import { cspSources, mountCspReports, newNonce, pageCsp, REPORTING_ENDPOINTS } from './csp'
import { REQUEST } from '../../contract/messages/request'
import { CART_PAGE_NO_SCRIPT } from '../../contract/urls'
import { isRefusal, refuse } from '../domain/refusal'
import { answerRefusal } from './refusal'

export type PageHandler = (request: Request, context: RequestContext) => Promise<Response>

export type HttpAppOptions = {
  db: Db
  env: Env
  store: StoreProfile
  log: Logger
  /** True once migrations and seeding are done (GET /healthz). */
  isReady: () => boolean
  /** Server-side rendering of pages (React Router); absent in API-only tests. */
  pages?: PageHandler
  /** Keep anonymous answers for a few seconds (default on; API tests turn it off). */
  microCache?: boolean
  /** Bytes the micro-cache may hold (tests make it small). */
  microCacheBytes?: number
  /** Extra routes mounted before pages (media, static files). */
  mount?: (app: Hono<AppBindings>) => void
}

const INTERNAL_ERROR = 'Ocorreu um erro inesperado. Tente novamente em instantes.'

export function createHttpApp(options: HttpAppOptions): Hono<AppBindings> {
  const { db, env, store, log } = options
  const app = new Hono<AppBindings>()

  app.use('*', requestMetrics)
  app.use('*', async (c, next) => {
    c.set('ctx', { db, env, store, log, session: undefined as never })
    await next()
    // A kept answer (micro-cache.ts) leaves with all of these already, HSTS included. Its headers
    // stay a plain object, never read here: reading `c.res.headers` would turn them into a Headers
    // and take @hono/node-server off its fast path (half the rate of a hit, decision 0113).
    if (c.get('secured')) return
    const headers = c.res.headers
    // HSTS only where the browser heeds it: an answer it received over https (client.ts isHttps).
    if (isHttps(c)) headers.set('strict-transport-security', HSTS)
    // Pages and media come back as plain Responses, which Hono does not merge c.header() into:
    // the security headers are added to whatever answer leaves, unless it already has them.
    for (const name in SECURITY_HEADERS) if (!headers.has(name)) headers.set(name, SECURITY_HEADERS[name])
  })

  app.get('/healthz', (c) => {
    c.header('Cache-Control', 'no-store')
    if (!options.isReady()) return c.json({ status: 'starting' }, 503)
    // ?detalhe=1: every in-process cache with its size and hit/miss counts, for an operator only
    // (loopback or METRICS_TOKEN): to anyone else they tell what is being looked at and when.
    return c.req.query('detalhe') === '1' && isOperator(c) ? c.json({ status: 'ok', caches: cacheStats() }) : c.json({ status: 'ok' })
  })
  mountMetrics(app)

  // A NUL in the path (%00) reaches no handler: no text with it can be stored or looked up (a
  // query parameter holding one is dropped by readQuery, like any parameter it cannot use).
  app.use('*', async (c, next) => {
    if (nulInPath(c.req.url)) return answerRefusal(c, refuse(REQUEST.unstorablePath))
    await next()
  })

  // Until migrations and the demo seed are done, everything but /healthz waits.
  app.use('*', async (c, next) => {
    if (!options.isReady()) return answerRefusal(c, refuse(REQUEST.starting))
    await next()
  })

  // Answers that are the same for everyone, cached a few seconds and gzipped once (micro-cache.ts);
  // it compresses what it handles itself.
  if (options.microCache !== false) app.use('*', microCache(db, { maxBytes: options.microCacheBytes }))
  // Everything else (POST answers, static files, the back office, /_auth): the same gzip, one path
  // for the whole store (encoding.ts finishUncached).
  app.use('*', async (c, next) => {
    if (c.get('selfCompressed')) return next()
    await next()
    await finishUncached(c, acceptsGzip(c.req.header('accept-encoding')))
  })

  // Cross-site writes are refused: a browser always sends Origin on POST.
  app.use('/_next/api/*', csrfGuard)
  app.use('/_auth/*', csrfGuard)
  // The back office: its calls (/admin/api) and its pages' actions (a POST to the page).
  app.use('/admin', csrfGuard)
  app.use('/admin/*', csrfGuard)

  // What these paths show of the session's own (DataMenu's badge and searches, the cart's lines)
  // is read in the session's statement: one round trip (decision 0037). The cart page shows lines
  // only as its `sem-js` page (decision 0115).
  const cartPageLines = { read: cartRowsRead, when: (url: URL) => url.searchParams.has(CART_PAGE_NO_SCRIPT) }
  const session = sessionMiddleware(db, {
    '/_next/api/DataMenu/': personalMenuRead,
    '/_next/api/listar-carrinho/': cartRowsRead,
    '/compras/carrinho': cartPageLines,
    '/compras/carrinho/': cartPageLines,
  })
  app.use('/_next/api/*', session)
  app.use('/_auth/*', session)

  app.route('/_next/api', menuApi)
  app.route('/_next/api', catalogApi)
  app.route('/_next/api', cartApi)
  app.route('/_auth', accountApi)
  app.route('/_next/api', addressApi)
  app.route('/_next/api', checkoutApi)
  app.route('/_next/api', fiscalApi)
  app.route('/_next/api', afterSaleApi)
  // The back office (pages and calls): noindex, private, no-store; its calls under /admin/api.
  app.use('/admin', adminPages)
  app.use('/admin/*', adminPages)
  app.route('/admin/api', adminApi)
  // The integrations API (docs/api/README.md): a bearer key, no cookie, no session.
  app.route('/api/v1', apiV1)
  mountCspReports(app)
  options.mount?.(app)

  const notFound = (c: Context<AppBindings>) => answerRefusal(c, refuse(REQUEST.notFound))
  app.all('/_next/api/*', notFound)
  app.all('/_auth/*', notFound)

  if (options.pages) {
    const pages = options.pages
    const sources = cspSources(env)
    app.use('*', session)
    app.all('*', async (c) => {
      // Each page answer has its own nonce, in its policy and on its inline scripts (csp.ts).
      const ctx = c.get('ctx')
      ctx.cspNonce = newNonce()
      // The page's absolute links (canonical, og, JSON-LD, sitemap) never come from its Host (client.ts).
      ctx.storeOrigin = storeOrigin(c)
      const res = await pages(c.req.raw, ctx)
      if ((res.headers.get('content-type') ?? '').startsWith('text/html')) {
        res.headers.set('content-security-policy', pageCsp(ctx.cspNonce, sources))
        res.headers.set('reporting-endpoints', REPORTING_ENDPOINTS)
      }
      return res
    })
  }

  app.onError((err, c) => {
    if (isRefusal(err)) {
      // The rest of a body too large was never read (body.ts): the connection ends after this answer.
      if (err.category === 'too_large') c.header('connection', 'close')
      return answerRefusal(c, err)
    }
    if (err instanceof HTTPException && err.status < 500) {
      return c.json({ estado: 'erro', msg: err.message || 'Requisição inválida.' }, err.status)
    }
    log.error({ err, url: c.req.url, method: c.req.method }, 'unhandled error')
    return c.json({ estado: 'erro', msg: INTERNAL_ERROR }, 500)
  })

  return app
}

/** Whether a request URL's path (not its query) holds an encoded NUL, without parsing the URL. */
export function nulInPath(url: string): boolean {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start < 0) return false
  const query = url.indexOf('?', start)
  return /%00/i.test(query < 0 ? url.slice(start) : url.slice(start, query))
}
