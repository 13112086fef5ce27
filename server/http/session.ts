import { setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { Db } from '../db/client'
import { SESSION_TTL_MS, createSession, findSession, type SessionRead, type SessionRecord } from '../domain/session/session'
import { cookieValue } from '../lib/tokens'
import { secureCookies } from './client'
import type { AppBindings } from './context'

export const SESSION_COOKIE = 'vt_sid'

/**
 * Resolves the visitor's session from the cookie before the handler runs and, when the handler
 * created one, sets the cookie on the way out. Visitors who only browse never get a row.
 * `reads` gives, per request path, a route's own read of what the session owns, made in the same
 * statement (`SessionRead`): the handler finds it in its session's `along`. A read given with `when`
 * is made only for the requests that need it (the cart page's lines, only for its `sem-js` page).
 */
export type PathRead = SessionRead | { read: SessionRead; when: (url: URL) => boolean }

export function sessionMiddleware(db: Db, reads: Readonly<Record<string, PathRead>> = {}) {
  return createMiddleware<AppBindings>(async (c, next) => {
    const token = cookieValue(c.req.header('cookie'), SESSION_COOKIE)
    const ctx = c.get('ctx')
    const read = c.req.method === 'GET' ? readFor(reads[c.req.path], c.req.url) : undefined
    // A route's read that fails leaves the session to be read alone; the route then reads on its own.
    let current: SessionRecord | null = read ? await findSession(db, token, Date.now(), read).catch(() => findSession(db, token)) : await findSession(db, token)
    let created: string | null = null
    let ended = false
    let pending: Promise<SessionRecord> | null = null
    ctx.session = {
      current: () => current,
      ensure: () => {
        if (current) return Promise.resolve(current)
        pending ??= createSession(db).then(({ token: t, session }) => {
          created = t
          current = session
          return session
        })
        return pending
      },
      adopt: (t, session) => {
        created = t
        current = session
        ended = false
      },
      end: () => {
        created = null
        current = null
        ended = true
      },
    }
    await next()
    const options = { httpOnly: true, sameSite: 'Lax', secure: secureCookies(c), path: '/' } as const
    const keep = created ?? (current?.renewed && token ? token : null)
    if (keep) setCookie(c, SESSION_COOKIE, keep, { ...options, maxAge: Math.floor(SESSION_TTL_MS / 1000) })
    else if (ended) setCookie(c, SESSION_COOKIE, '', { ...options, maxAge: 0 })
  })
}

function readFor(entry: PathRead | undefined, url: string): SessionRead | undefined {
  if (!entry || !('when' in entry)) return entry
  return entry.when(new URL(url)) ? entry.read : undefined
}
