import { generateCookie } from 'hono/cookie'
import type { Context } from 'hono'
import { cookieValue } from '../../lib/tokens'
import { STAFF_ABSOLUTE_MS } from '../../domain/staff/sessions'
import { secureCookies } from '../client'
import type { AppBindings } from '../context'

/**
 * The back office's own cookie: HttpOnly, SameSite=Strict, Secure behind https (server/http/client.ts secureCookies), path /admin (the
 * pages and /admin/api), never sent to the storefront. It lives at most the session's 12 hours;
 * the idle timeout is kept in the database (server/domain/staff/sessions.ts).
 */
export const STAFF_COOKIE = 'vt_admin'

/** The staff token of a Cookie header (pages and API read it alike). */
export const staffToken = (cookieHeader: string | null | undefined) => cookieValue(cookieHeader, STAFF_COOKIE)

/** The Set-Cookie line giving the browser `token`, or clearing the cookie (null): the API's and the pages' actions' alike. */
export function staffCookie(token: string | null, secure: boolean): string {
  const maxAge = token === null ? 0 : Math.floor(STAFF_ABSOLUTE_MS / 1000)
  return generateCookie(STAFF_COOKIE, token ?? '', { httpOnly: true, sameSite: 'Strict', secure, path: '/admin', maxAge })
}

export function setStaffCookie(c: Context<AppBindings>, token: string | null): void {
  c.header('Set-Cookie', staffCookie(token, secureCookies(c)), { append: true })
}
