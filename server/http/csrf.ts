import type { Context, Next } from 'hono'
import { requestHost } from './client'
import type { AppBindings } from './context'
import { REQUEST } from '../../contract/messages/request'
import { refuse } from '../domain/refusal'
import { answerRefusal } from './refusal'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Cross-site writes are refused (every state-changing call: /_next/api, /_auth, /admin/api): a
 * browser sends Origin on every POST, and it must be this store's host. `Origin: null` (a sandboxed
 * frame, a data: page, some redirects) names no site and is refused too; a browser's
 * Sec-Fetch-Site: cross-site as well. The host is the trusted proxy's X-Forwarded-Host, else Host
 * (client.ts). Callers without Origin (scripts, curl) are not browsers and pass.
 */
export async function csrfGuard(c: Context<AppBindings>, next: Next) {
  if (!SAFE_METHODS.has(c.req.method) && !sameSite(c)) {
    return answerRefusal(c, refuse(REQUEST.crossSite))
  }
  await next()
}

function sameSite(c: Context<AppBindings>): boolean {
  if (c.req.header('sec-fetch-site') === 'cross-site') return false
  const origin = c.req.header('origin')
  if (origin === undefined) return true
  let originHost: string
  try {
    originHost = new URL(origin).host
  } catch {
    return false
  }
  const host = requestHost(c)
  return originHost !== '' && host !== undefined && originHost === host.toLowerCase()
}
