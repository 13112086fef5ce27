import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database } from '../../db/client'
import { sessions } from '../../db/schema'
import { SESSION_MEMORY_MS, createSession, findSession, forgetSession } from './session'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database?.close())

describe(`sessions (${testDbKind})`, () => {
  it('finds a session by its cookie token; junk and unknown tokens find nothing', async () => {
    const { token, session } = await createSession(database.db)
    expect(await findSession(database.db, token)).toEqual(session)
    expect(await findSession(database.db, undefined)).toBeNull()
    expect(await findSession(database.db, 'x'.repeat(200))).toBeNull()
    expect(await findSession(database.db, 'desconhecido')).toBeNull()
  })

  it('remembers what it read for a few seconds; forgetSession makes the next read go to the database', async () => {
    const { token, session } = await createSession(database.db)
    const now = Date.now()
    expect(await findSession(database.db, token, now)).toEqual(session)
    await database.db.delete(sessions).where(eq(sessions.id, session.id))
    // Still remembered by this process …
    expect(await findSession(database.db, token, now + 1)).toEqual(session)
    // … until its memory ends, or at once when forgotten.
    expect(await findSession(database.db, token, now + SESSION_MEMORY_MS + 1)).toBeNull()
    const other = await createSession(database.db)
    await database.db.delete(sessions).where(eq(sessions.id, other.session.id))
    forgetSession(database.db, other.session.id)
    expect(await findSession(database.db, other.token)).toBeNull()
  })

  it('an expired session is not found, even when remembered', async () => {
    const { token, session } = await createSession(database.db)
    const now = Date.now()
    await database.db.update(sessions).set({ expiresAt: new Date(now - 1000) }).where(eq(sessions.id, session.id))
    forgetSession(database.db, session.id)
    expect(await findSession(database.db, token, now)).toBeNull()
  })
})
