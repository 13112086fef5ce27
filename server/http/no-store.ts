import type { MiddlewareHandler } from 'hono'
import type { AppBindings } from './context'

/**
 * For routers whose every answer belongs to one visitor: `Cache-Control: private, no-store`, set
 * before the handler so refusals and bad-input answers carry it too (the micro-cache keeps only
 * answers marked shared; this keeps browsers and proxies out as well).
 */
export const noStore: MiddlewareHandler<AppBindings> = async (c, next) => {
  c.header('Cache-Control', 'private, no-store')
  await next()
}
