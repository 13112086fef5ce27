import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestDatabase, testDbKind } from '../../tests/support/db'
import type { Database } from '../db/client'
import { createSession, type SessionRead } from '../domain/session/session'
import type { AppBindings, RequestContext } from './context'
import { SESSION_COOKIE, sessionMiddleware } from './session'

let database: Database
let token: string

beforeAll(async () => {
  database = await createTestDatabase()
  ;({ token } = await createSession(database.db))
})
afterAll(() => database.close())

describe(`sessionMiddleware's reads along (${testDbKind})`, () => {
  it('makes a read given with `when` only for the requests it names, and a plain read always', async () => {
    const before = vi.fn(async () => {})
    const plainBefore = vi.fn(async () => {})
    const lines: SessionRead = { along: () => sql`'linhas'`, before }
    const plain: SessionRead = { along: () => sql`'menu'`, before: plainBefore }
    const app = new Hono<AppBindings>()
    app.use('*', async (c, next) => {
      c.set('ctx', { env: {} } as RequestContext)
      await next()
    })
    app.use('*', sessionMiddleware(database.db, { '/pagina': { read: lines, when: (url) => url.searchParams.has('sem-js') }, '/menu': plain }))
    app.get('*', (c) => c.json({ along: c.get('ctx').session.current()?.along ?? null }))
    const ask = async (path: string) => (await (await app.request(path, { headers: { cookie: `${SESSION_COOKIE}=${token}` } })).json()) as { along: unknown }

    expect(await ask('/pagina')).toEqual({ along: null })
    expect(before).not.toHaveBeenCalled()
    expect(await ask('/pagina?sem-js=1')).toEqual({ along: 'linhas' })
    expect(before).toHaveBeenCalledTimes(1)
    expect(await ask('/menu')).toEqual({ along: 'menu' })
    expect(plainBefore).toHaveBeenCalledTimes(1)
  })
})
