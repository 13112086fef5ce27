import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { REQUEST } from '../../../contract/messages/request'
import { loggedPath, logApiCall } from '../../domain/integrations/calls'
import { isRefusal, refuse } from '../../domain/refusal'
import { clientIp } from '../client'
import type { ApiCallNote, AppBindings } from '../context'
import { docsPage, openApiDocument } from './openapi'
import { apiAnswer, apiCaller, apiRefusal, idempotent, noteCaller, readApiBody } from './respond'
import { API_ROUTES, type ApiRoute } from './routes'

/** A route of the table as a Hono handler: the key and its scope, the body, the Idempotency-Key of a POST. */
function handler(route: ApiRoute) {
  return async (c: Context<AppBindings>) => {
    const note = c.get('apiCall')
    if (note) note.route = route.path
    try {
      const caller = await apiCaller(c, route.scope)
      const read = route.body ? await readApiBody(c, route.body) : { data: undefined, raw: new Uint8Array(0) }
      const run = () => route.handle({ c, caller, body: read.data as never, param: (name) => c.req.param(name) ?? '' })
      if (route.method === 'post') return await idempotent(c, caller, read.raw, route.idempotency === 'required', run)
      const { status, body } = await run()
      return apiAnswer(c, body, status)
    } catch (err) {
      if (isRefusal(err)) return apiRefusal(c, err)
      throw err
    }
  }
}

/**
 * The integrations API under /api/v1 (docs/api/README.md): JSON, `Authorization: Bearer vt_…`, the
 * calls of routes.ts; its OpenAPI 3.1 document and a readable page of it need no key.
 */
export const apiV1 = new Hono<AppBindings>()

apiV1.use('*', async (c, next) => {
  await next()
  c.header('Cache-Control', 'no-store')
})
apiV1.get('/openapi.json', (c) => c.json(openApiDocument()))
// The page's own inline style only (the store's default policy allows nothing).
apiV1.get('/docs', (c) => {
  c.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
  return c.html(docsPage())
})
/**
 * Every call below (not the document and its page) gets a row in the request log, written after the
 * answer off the request path (server/domain/integrations/calls.ts), and its id as `X-Request-Id`.
 */
apiV1.use('*', async (c, next) => {
  const started = performance.now()
  const at = new Date()
  const note: ApiCallNote = { requestId: randomUUID(), keyId: null, route: null, errorCode: null }
  c.set('apiCall', note)
  let failed = false
  try {
    await next()
  } catch (err) {
    failed = true
    throw err
  } finally {
    const status = failed ? 500 : c.res.status
    if (!failed) c.header('X-Request-Id', note.requestId)
    const idempotencyKey = c.req.header('idempotency-key')
    void logApiCall(c.get('ctx').db, {
      ...note,
      method: c.req.method,
      path: loggedPath(new URL(c.req.url)),
      status,
      durationMs: performance.now() - started,
      ip: clientIp(c),
      idempotencyKey: idempotencyKey ? idempotencyKey.slice(0, 255) : null,
      at,
    })
  }
})
for (const route of API_ROUTES) apiV1.on(route.method.toUpperCase(), route.path.replace(/\{(\w+)\}/g, ':$1'), handler(route))
apiV1.all('*', async (c) => {
  await noteCaller(c)
  return apiRefusal(c, refuse(REQUEST.notFound))
})
