import { eq, sql } from 'drizzle-orm'
import { countCartItems } from '../cart/in-cart'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT } from '../../../contract/messages/account-reasons'
import { testEnv } from '../../../tests/support/app'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database, Db } from '../../db/client'
import { authTokens, cartItems, carts, customers, sessions } from '../../db/schema'
import { rows } from '../../db/sql'
import { hashPassword } from '../auth/password'
import { insertCatalogFixture, type CatalogFixture } from '../../../tests/support/catalog-fixtures'
import { FIXTURE } from '../../../tests/support/cart-fixtures'
import { createSession } from '../session/session'
import { checkCaptcha, newChallenge } from './captcha'
import { LIMIT_RULES, clearLimit, deleteExpiredLimits, isLimited, limitKey, settle, take, takeFirst, type LimitName } from './limits'
import { loginStep2 } from './login'
import { maskDocument } from './profile'
import { startCustomerSession } from './sessions'
import { TOKEN_TTL_MS, findToken, issueToken, spendToken } from './tokens'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'

let database: Database
let db: Db
let fx: CatalogFixture

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  fx = await insertCatalogFixture(db)
})
afterAll(() => database?.close())

let seq = 0
async function customer() {
  const [row] = await db
    .insert(customers)
    .values({ nome: 'Rui', email: `rui${++seq}@example.com`, passwordHash: await hashPassword('Certa2026') })
    .returning()
  return row
}

describe(`tokens on ${testDbKind}`, () => {
  it('are single-use, bound to their session and kind, and live their kind’s time', async () => {
    const { session } = await createSession(db)
    const other = (await createSession(db)).session
    const t0 = Date.now()
    const token = await issueToken(db, 'acesso', { sessionId: session.id }, t0)
    expect(await spendToken(db, 'senha', token, session.id, t0)).toBeNull()
    expect(await spendToken(db, 'acesso', token, other.id, t0)).toBeNull()
    expect(await findToken(db, 'acesso', token, session.id, t0 + TOKEN_TTL_MS.acesso - 1)).not.toBeNull()
    expect(await spendToken(db, 'acesso', token, session.id, t0 + TOKEN_TTL_MS.acesso + 1)).toBeNull()
    expect(await spendToken(db, 'acesso', token, session.id, t0)).toEqual({ customerId: null })
    expect(await spendToken(db, 'acesso', token, session.id, t0)).toBeNull()
    // Only the hash is kept.
    expect(await db.select().from(authTokens).where(eq(authTokens.id, token))).toEqual([])
    expect(TOKEN_TTL_MS).toEqual({ acesso: 600_000, senha: 600_000, recuperacao: 3_600_000 })
  })

  it('racing uses of one token get one use', async () => {
    const { session } = await createSession(db)
    const token = await issueToken(db, 'senha', { sessionId: session.id, customerId: (await customer()).id })
    const uses = await Promise.all(Array.from({ length: 5 }, () => spendToken(db, 'senha', token, session.id)))
    expect(uses.filter(Boolean)).toHaveLength(1)
  })
})

describe(`rate limits on ${testDbKind}`, () => {
  it('count to the limit and refuse the next use, per key', async () => {
    const ip = `ip-${testDbKind}-1`
    for (let i = 0; i < LIMIT_RULES.passo1Ip.points; i++) expect(await take(db, 'passo1Ip', ip)).toBe(true)
    expect(await isLimited(db, 'passo1Ip', ip)).toBe(true)
    expect(await take(db, 'passo1Ip', ip)).toBe(false)
    expect(await isLimited(db, 'passo1Ip', `${ip}-outro`)).toBe(false)
    await clearLimit(db, 'passo1Ip', ip)
    expect(await isLimited(db, 'passo1Ip', ip)).toBe(false)
  })

  it('take first: a use refused at the limit counts nothing; a pass gives its use back; the miss that spends it holds the key', async () => {
    const key = `primeiro-${testDbKind}`
    const results = await Promise.all(Array.from({ length: 40 }, () => takeFirst(db, 'senhaAtual', key)))
    expect(results.filter(Boolean)).toHaveLength(LIMIT_RULES.senhaAtual.points)
    const points = async () => Number((await rows<{ points: number }>(db, sql`SELECT points FROM rate_limits WHERE key = ${`senhaAtual:${key}`}`))[0].points)
    expect(await points()).toBe(LIMIT_RULES.senhaAtual.points)
    await settle(db, 'senhaAtual', key, true)
    expect(await points()).toBe(LIMIT_RULES.senhaAtual.points - 1)
    expect(await takeFirst(db, 'senhaAtual', key)).toBe(true)
    await settle(db, 'senhaAtual', key, false)
    const [row] = await rows<{ ms: number }>(
      db,
      sql`SELECT extract(epoch FROM expire - now()) * 1000 AS ms FROM rate_limits WHERE key = ${`senhaAtual:${key}`}`,
    )
    expect(Number(row.ms)).toBeGreaterThan(14 * 60_000)
    expect(await isLimited(db, 'senhaAtual', key)).toBe(true)
  })

  it('per-IP rules (named …Ip) count an IPv6 /64 as one key, other rules their key as given', () => {
    const perIp = (Object.keys(LIMIT_RULES) as LimitName[]).filter((name) => 'byIp' in LIMIT_RULES[name])
    // Every rule that names an IP is keyed by it (staffIpEmail too), whatever its name ends with.
    expect((Object.keys(LIMIT_RULES) as LimitName[]).filter((name) => /Ip($|[A-Z])/.test(name))).toEqual(perIp)
    expect(perIp).toContain('staffIpEmail')
    for (const name of perIp) {
      expect(limitKey(name, '2001:db8::1')).toBe(limitKey(name, '2001:db8:0:0:ffff::2'))
      expect(limitKey(name, '203.0.113.1')).not.toBe(limitKey(name, '203.0.113.2'))
    }
    expect(limitKey('staffIpEmail', '2001:db8::1|ana@example.com')).toBe(limitKey('staffIpEmail', '2001:db8::ffff:2|ana@example.com'))
    expect(limitKey('senhaContaIp', '2001:db8::1|42')).toBe('2001:db8:0:0::/64|42')
    expect(limitKey('senhaAtual', '2001:db8::1')).toBe('2001:db8::1')
  })

  it('lock an account for 15 minutes from its 10th wrong password', async () => {
    const key = `conta-${testDbKind}`
    for (let i = 0; i < 9; i++) await take(db, 'senhaConta', key)
    expect(await isLimited(db, 'senhaConta', key)).toBe(false)
    await take(db, 'senhaConta', key)
    expect(await isLimited(db, 'senhaConta', key)).toBe(true)
    const [row] = await rows<{ ms: number }>(
      db,
      sql`SELECT extract(epoch FROM expire - now()) * 1000 AS ms FROM rate_limits WHERE key = ${`senhaConta:${key}`}`,
    )
    expect(Number(row.ms)).toBeGreaterThan(14 * 60_000)
    expect(Number(row.ms)).toBeLessThanOrEqual(15 * 60_000)
    await db.execute(sql`UPDATE rate_limits SET expire = now() - interval '1 second' WHERE key = ${`senhaConta:${key}`}`)
    expect(await isLimited(db, 'senhaConta', key)).toBe(false)
    await deleteExpiredLimits(db)
    expect(await rows(db, sql`SELECT 1 FROM rate_limits WHERE key = ${`senhaConta:${key}`}`)).toEqual([])
  })
})

describe(`login step 2 on ${testDbKind}`, () => {
  it('an 11th attempt is refused even with the right password; the right one before that logs in on a new id', async () => {
    const c = await customer()
    const { session } = await createSession(db)
    const pass = await issueToken(db, 'senha', { sessionId: session.id, customerId: c.id })
    for (let i = 0; i < 10; i++)
      expect(await loginStep2(db, `ip-${c.id}`, session, { s: 'Errada2026', Acess: pass }, testEnv)).toEqual({ status: 'erro', error: 'senha' })
    expect(await loginStep2(db, `ip-${c.id}`, session, { s: 'Certa2026', Acess: pass }, testEnv)).toEqual({ status: 'erro', error: 'rate-limit' })
    const d = await customer()
    const s2 = (await createSession(db)).session
    const ok = await loginStep2(db, `ip-${d.id}`, s2, { s: 'Certa2026', Acess: await issueToken(db, 'senha', { sessionId: s2.id, customerId: d.id }) }, testEnv)
    expect(ok.status).toBe('success')
    if (ok.status !== 'success') return
    expect(ok.session.id).not.toBe(s2.id)
    expect(ok.session.customerId).toBe(d.id)
    expect(await db.select().from(sessions).where(eq(sessions.id, s2.id))).toEqual([])
  })
})

describe(`cart at login on ${testDbKind}`, () => {
  const line = async (sessionId: string, productId: number, quantity: number) => {
    let [cart] = await db.select().from(carts).where(eq(carts.sessionId, sessionId))
    if (!cart) [cart] = await db.insert(carts).values({ sessionId }).returning()
    await db.insert(cartItems).values({ cartId: cart.id, productId, quantity, token: `t-${sessionId.slice(0, 8)}-${productId}` })
  }

  it("merges the visitor's lines into the customer's cart, capped at stock; the cart stays the customer's (every device)", async () => {
    const c = await customer()
    const earlier = await createSession(db, c.id)
    const canon = fx.ids[FIXTURE.CANON]
    const capa = fx.ids[FIXTURE.CAPA]
    await line(earlier.session.id, canon, 2)
    await db.update(carts).set({ customerId: c.id }).where(eq(carts.sessionId, earlier.session.id))
    const visitor = await createSession(db)
    const [{ stock }] = await rows<{ stock: number }>(db, sql`SELECT stock FROM products WHERE id = ${canon}`)
    await line(visitor.session.id, canon, Number(stock))
    await line(visitor.session.id, capa, 1)
    const started = await startCustomerSession(db, visitor.session.id, c.id)
    const mine = await db.select().from(carts).where(eq(carts.customerId, c.id))
    expect(mine).toHaveLength(1)
    // Not moved to the new session: the earlier device still has it.
    expect(mine[0].sessionId).not.toBe(started.session.id)
    expect(await countCartItems(db, earlier.session.id)).toBe(Number(stock) + 1)
    expect(await countCartItems(db, started.session.id)).toBe(Number(stock) + 1)
    const items = await db.select().from(cartItems).where(eq(cartItems.cartId, mine[0].id))
    expect(Object.fromEntries(items.map((i) => [i.productId, i.quantity]))).toEqual({ [canon]: Number(stock), [capa]: 1 })
    expect(await db.select().from(carts).where(eq(carts.sessionId, visitor.session.id))).toEqual([])
  })

  it("without a customer cart, the visitor's lines make the customer's cart", async () => {
    const c = await customer()
    const visitor = await createSession(db)
    await line(visitor.session.id, fx.ids[FIXTURE.CAPA], 2)
    const started = await startCustomerSession(db, visitor.session.id, c.id)
    const [cart] = await db.select().from(carts).where(eq(carts.customerId, c.id))
    expect(await countCartItems(db, started.session.id)).toBe(2)
    expect((await db.select().from(cartItems).where(eq(cartItems.cartId, cart.id))).map((i) => i.quantity)).toEqual([2])
  })
})

describe(`captcha on ${testDbKind}`, () => {
  const settings = { CAPTCHA_COST: 10, CAPTCHA_MAX_COUNTER: 20 }
  const payload = (challenge: object, solution: object) => Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')

  it('accepts a solved challenge once; refuses wrong, foreign-signed or expired ones', async () => {
    const challenge = await newChallenge(db, settings)
    const solution = (await solveChallenge({ challenge, deriveKey }))!
    expect(await checkCaptcha(db, payload(challenge, { ...solution, counter: solution.counter + 1, derivedKey: '00'.repeat(32) }))).toEqual(
      ACCOUNT.captchaInvalido,
    )
    expect(await checkCaptcha(db, payload({ ...challenge, signature: '00' }, solution))).toEqual(ACCOUNT.captchaInvalido)
    expect(await checkCaptcha(db, payload(challenge, solution))).toBeNull()
    expect(await checkCaptcha(db, payload(challenge, solution))).toEqual(ACCOUNT.captchaUsado)
    const old = await newChallenge(db, settings, Date.now() - 11 * 60_000)
    const oldSolution = (await solveChallenge({ challenge: old, deriveKey }))!
    expect(await checkCaptcha(db, payload(old, oldSolution))).toEqual(ACCOUNT.captchaInvalido)
  })
})

describe('document masking', () => {
  it('shows the first 3 and last 2 characters of a CPF or CNPJ', () => {
    expect(maskDocument('39053344705')).toBe('390.***.***-05')
    expect(maskDocument('12ABC34501DE35')).toBe('12.A**.***/****-35')
    expect(maskDocument(null)).toBe('')
  })
})
