import type { Hono, MiddlewareHandler } from 'hono'
import { metrics, observeRequest, routeGroup } from '../metrics'
import { isOperator } from './client'
import type { AppBindings } from './context'

/**
 * Times every request into its route group (server/metrics.ts). First of the middleware, so an
 * answer from the micro-cache or an error turned into a 500 by onError is counted too. It reads
 * only the answer's status, never its headers (micro-cache.ts keeps those a plain object).
 */
export const requestMetrics: MiddlewareHandler<AppBindings> = async (c, next) => {
  const started = performance.now()
  await next()
  observeRequest(routeGroup(c.req.path), c.res.status, (performance.now() - started) / 1000)
}

/**
 * GET /metrics in Prometheus' text format, for an operator only (client.ts isOperator); anyone
 * else is passed on and gets the store's ordinary 404, as for any unknown path.
 */
export function mountMetrics(app: Hono<AppBindings>): void {
  app.get('/metrics', async (c, next) => {
    if (!isOperator(c)) return next()
    return c.body(await metrics.metrics(), 200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' })
  })
}
