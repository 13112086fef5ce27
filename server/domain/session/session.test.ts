import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database } from '../../db/client'
import { cartItems, carts, customers, products, sessions } from '../../db/schema'
import { rememberSearch } from './search-history'
import { insertCatalogFixture } from '../../../tests/support/catalog-fixtures'
import { getDataMenu, personalMenuRead } from '../menu/menu'
import { CUSTOMER_SESSION_MAX_MS, SESSION_TTL_MS, createSession, findSession } from './session'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
  await insertCatalogFixture(database.db)
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

  it('expires after 30 days idle: a read a day after the last renewal gives it 30 days again', async () => {
    const { token, session } = await createSession(database.db)
    const day = 86_400_000
    expect((await findSession(database.db, token))?.renewed).toBeUndefined()
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + SESSION_TTL_MS - 2 * day) })
      .where(eq(sessions.id, session.id))
    const now = Date.now()
    expect(await findSession(database.db, token, now)).toEqual({ ...session, renewed: true })
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, session.id))
    expect(row.expiresAt.getTime()).toBe(now + SESSION_TTL_MS)
    expect(await findSession(database.db, token, now + 1000)).toEqual(session)
  })

  it("a customer's session slides, but ends 30 days after its login however much it is used", async () => {
    const [customer] = await database.db
      .insert(customers)
      .values({ nome: 'Lia', email: `lia-${testDbKind}@example.com`, passwordHash: 'x' })
      .returning()
    const { token, session } = await createSession(database.db, customer.id)
    const day = 86_400_000
    // Logged in 29 days ago and used every day since: the next renewal stops at the 30th day.
    const loggedIn = Date.now() - 29 * day
    await database.db
      .update(sessions)
      .set({ createdAt: new Date(loggedIn), expiresAt: new Date(Date.now() + SESSION_TTL_MS - 2 * day) })
      .where(eq(sessions.id, session.id))
    expect((await findSession(database.db, token))?.renewed).toBe(true)
    const [row] = await database.db.select().from(sessions).where(eq(sessions.id, session.id))
    expect(row.expiresAt.getTime()).toBe(loggedIn + CUSTOMER_SESSION_MAX_MS)
    expect(await findSession(database.db, token, loggedIn + CUSTOMER_SESSION_MAX_MS + 1000)).toBeNull()
  })

  it('reads the database on every call: a session deleted elsewhere is gone at once (decision 0034)', async () => {
    const { token, session } = await createSession(database.db)
    expect(await findSession(database.db, token)).toEqual(session)
    await database.db.delete(sessions).where(eq(sessions.id, session.id))
    expect(await findSession(database.db, token)).toBeNull()
  })

  it('an expired session is not found', async () => {
    const { token, session } = await createSession(database.db)
    const now = Date.now()
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(now - 1000) })
      .where(eq(sessions.id, session.id))
    expect(await findSession(database.db, token, now)).toBeNull()
  })
})

describe(`personal part of DataMenu (${testDbKind})`, () => {
  it('is read from the database on every call: a cart written or a search queued anywhere shows at once', async () => {
    const { session } = await createSession(database.db)
    const [cart] = await database.db.insert(carts).values({ sessionId: session.id }).returning()
    const [product] = await database.db.select({ id: products.id }).from(products).limit(1)
    const menu = () => getDataMenu(database.db, session.id)
    expect((await menu()).ItensCar).toBe(0)
    expect(product).toBeDefined()
    await database.db.insert(cartItems).values({ cartId: cart.id, productId: product!.id, token: `t-${session.id}`, quantity: 2 })
    expect((await menu()).ItensCar).toBe(2)
    void rememberSearch(database.db, session.id, 'drone')
    expect((await menu()).histBusca).toEqual(['drone'])
  })

  it("reads DataMenu's badge and searches in the session's own statement, as a statement of its own would (decision 0037)", async () => {
    const { token, session } = await createSession(database.db)
    const [cart] = await database.db.insert(carts).values({ sessionId: session.id }).returning()
    const [product] = await database.db.select({ id: products.id }).from(products).limit(1)
    await database.db.insert(cartItems).values({ cartId: cart.id, productId: product!.id, token: `a-${session.id}`, quantity: 3 })
    // A search still queued is written first (the read's `before`).
    void rememberSearch(database.db, session.id, 'caixa de som')
    const found = await findSession(database.db, token, Date.now(), personalMenuRead)
    expect(found?.id).toBe(session.id)
    const along = await getDataMenu(database.db, session.id, found?.along)
    expect(along).toMatchObject({ ItensCar: 3, histBusca: ['caixa de som'] })
    expect(along).toEqual(await getDataMenu(database.db, session.id))
    // Without the read, nothing comes along; a session that is not there brings nothing either.
    expect(await findSession(database.db, token)).not.toHaveProperty('along')
    expect(await findSession(database.db, 'desconhecido', Date.now(), personalMenuRead)).toBeNull()
  })
})

describe(`reads of many sessions at once (${testDbKind}, decision 0114)`, () => {
  it("gathered in one statement, each caller gets its own session and its own cart's figures", async () => {
    const [product] = await database.db.select({ id: products.id }).from(products).limit(1)
    const made = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const { token, session } = await createSession(database.db)
        if (i % 3 !== 0) {
          const [cart] = await database.db.insert(carts).values({ sessionId: session.id }).returning()
          await database.db.insert(cartItems).values({ cartId: cart.id, productId: product!.id, token: `m-${i}-${session.id}`, quantity: i })
        }
        return { token, session, pieces: i % 3 === 0 ? 0 : i }
      }),
    )
    const [ended] = made.splice(11, 1)
    await database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, ended.session.id))
    const now = Date.now()
    const found = await Promise.all([
      ...made.map((m) => findSession(database.db, m.token, now, personalMenuRead)),
      findSession(database.db, ended.token, now, personalMenuRead),
      findSession(database.db, 'desconhecido', now, personalMenuRead),
      // The same session asked twice in the batch: both get it.
      findSession(database.db, made[1].token, now, personalMenuRead),
    ])
    for (const [i, m] of made.entries()) {
      expect(found[i]?.id).toBe(m.session.id)
      expect((await getDataMenu(database.db, m.session.id, found[i]?.along)).ItensCar).toBe(m.pieces)
    }
    expect(found.slice(made.length, made.length + 2)).toEqual([null, null])
    expect(found.at(-1)?.id).toBe(made[1].session.id)
  })
})
