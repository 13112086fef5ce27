import type { Context } from 'hono'
import type { AppBindings } from './context'

/**
 * Who is asking, for rate limits and links: the client's IP (the socket's, or with TRUST_PROXY
 * the first X-Forwarded-For address) and the store's origin (PUBLIC_URL, else the request's).
 */
export function clientIp(c: Context<AppBindings>): string {
  const { env } = c.get('ctx')
  if (env.TRUST_PROXY === 'true') {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded.slice(0, 64)
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  return incoming?.socket?.remoteAddress ?? 'local'
}

export function storeOrigin(c: Context<AppBindings>): string {
  return (c.get('ctx').env.PUBLIC_URL ?? new URL(c.req.url).origin).replace(/\/$/, '')
}
