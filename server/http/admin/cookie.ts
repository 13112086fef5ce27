import { setCookie } from 'hono/cookie'
import type { Context } from 'hono'
import { cookieValue } from '../../lib/tokens'
import { STAFF_ABSOLUTE_MS } from '../../domain/staff/sessions'
import type { AppBindings } from '../context'

/**
 * The back office's own cookie: HttpOnly, SameSite=Strict, Secure behind https, path /admin (the
 * pages and /admin/api), never sent to the storefront. It lives at most the session's 12 hours;
 * the idle timeout is kept in the database (server/domain/staff/sessions.ts).
 */
export const STAFF_COOKIE = 'vt_admin'

/** The staff token of a Cookie header (pages and API read it alike). */
export const staffToken = (cookieHeader: string | null | undefined) => cookieValue(cookieHeader, STAFF_COOKIE)

export function isHttps(publicUrl: string | undefined, requestUrl: string): boolean {
  return new URL(publicUrl ?? requestUrl).protocol === 'https:' || new URL(requestUrl).protocol === 'https:'
}

function options(c: Context<AppBindings>) {
  return { httpOnly: true, sameSite: 'Strict', secure: isHttps(c.get('ctx').env.PUBLIC_URL, c.req.url), path: '/admin' } as const
}

export function setStaffCookie(c: Context<AppBindings>, token: string): void {
  setCookie(c, STAFF_COOKIE, token, { ...options(c), maxAge: Math.floor(STAFF_ABSOLUTE_MS / 1000) })
}

export function clearStaffCookie(c: Context<AppBindings>): void {
  setCookie(c, STAFF_COOKIE, '', { ...options(c), maxAge: 0 })
}
