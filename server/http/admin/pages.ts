import { createMiddleware } from 'hono/factory'
import { clientIp, secureCookies, storeOrigin } from '../client'
import type { AppBindings } from '../context'

/**
 * Everything under /admin (pages and /admin/api): never indexed, never stored by a browser or a
 * proxy. Pages come back as plain Responses (app.ts), so the headers are set on the answer itself.
 * The client's IP (the guard's audit lines, the login's limits), the store's origin (links in
 * e-mails) and whether cookies get `Secure` are put on the request context for the pages' loaders and actions.
 */
export const adminPages = createMiddleware<AppBindings>(async (c, next) => {
  // The Painel lives at /admin/ (app/lib/admin.ts ADMIN_HOME): a typed /admin gets the slash.
  if (c.req.path === '/admin' && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
    c.res = c.redirect(`/admin/${new URL(c.req.url).search}`, 308)
  } else {
    c.get('ctx').clientIp = clientIp(c)
    c.get('ctx').storeOrigin = storeOrigin(c)
    c.get('ctx').secureCookies = secureCookies(c)
    await next()
  }
  c.res.headers.set('Cache-Control', 'private, no-store')
  c.res.headers.set('X-Robots-Tag', 'noindex, nofollow')
})
