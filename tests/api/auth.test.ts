import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { eq, sql } from 'drizzle-orm'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES, captchaResponseSchema } from '../../contract/account'
import { cartProductIds } from '../../server/domain/cart/in-cart'
import { loginStep1ResponseSchema, loginStep2ResponseSchema, permissionResponseSchema } from '../../contract/auth'
import type { Database, Db } from '../../server/db/client'
import { authTokens, carts, customers, newsletterSubscribers, privacyRequests, sessions } from '../../server/db/schema'
import { rows } from '../../server/db/sql'
import { hashPassword } from '../../server/domain/auth/password'
import { take } from '../../server/domain/account/limits'
import { FIXTURE, publicHashes } from '../support/cart-fixtures'
import { insertCatalogFixture } from '../support/catalog-fixtures'
import { createTestApp } from '../support/app'
import { createTestDatabase, testDbKind } from '../support/db'
import { runJobs } from '../support/jobs'
import type { Jobs } from '../../server/jobs/runner'

let database: Database
let db: Db
let dataDir: string
let hashes: Record<string, string>
const PASSWORD = 'Segredo123'

let jobs: Jobs
beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-auth-'))
  jobs = await runJobs(database, { dataDir })
  await insertCatalogFixture(db)
  ;({ hashes } = await publicHashes(db))
})
afterAll(async () => {
  await jobs?.stop()
  await database?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

type Visitor = ReturnType<typeof createTestApp> & { ip: string }
let ipSeq = 0
/** A browser of its own (cookies) from an IP of its own, unless told. */
function visitor(ip = `10.0.${testDbKind === 'postgres' ? 1 : 2}.${++ipSeq}`): Visitor {
  const app = createTestApp(db, { dataDir, PUBLIC_URL: 'https://loja.example' })
  return { ...app, ip }
}

async function post(v: Visitor, p: string, json: unknown, init: RequestInit = {}) {
  const res = await v.request(p, { method: 'POST', json, ...init, headers: { 'x-forwarded-for': v.ip, ...(init.headers as object) } })
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, res }
}
async function get(v: Visitor, p: string) {
  const res = await v.request(p, { headers: { 'x-forwarded-for': v.ip } })
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, res }
}

let emailSeq = 0
async function newCustomer(password = PASSWORD) {
  const email = `cliente${++emailSeq}-${testDbKind}@example.com`
  const [row] = await db
    .insert(customers)
    .values({ nome: 'Ana', sobrenome: 'Souza', email, documento: '39053344705', telefone: '11987654321', passwordHash: await hashPassword(password) })
    .returning()
  return row
}

async function permission(v: Visitor) {
  const { status, body, res } = await post(v, '/_auth/permission/', {})
  expect(status).toBe(200)
  expect(res.headers.get('cache-control')).toBe('private, no-store')
  return permissionResponseSchema.parse(body)
}
async function step1(v: Visitor, u: string, Acess: string) {
  const { body } = await post(v, '/_auth/step/1/', { u, Acess })
  return loginStep1ResponseSchema.parse(body)
}
async function step2(v: Visitor, s: string, Acess: string) {
  const { body, res } = await post(v, '/_auth/step/2/', { s, Acess })
  return { ...loginStep2ResponseSchema.parse(body), cookie: res.headers.get('set-cookie') }
}
/** Permission and step 1: the TokenPass. */
async function tokenPass(v: Visitor, email: string): Promise<string> {
  const p = await permission(v)
  if (p.status !== 'success') throw new Error('permission denied')
  const s1 = await step1(v, email, p.TokenAcess)
  if (s1.status !== 'sucsess') throw new Error(`step 1: ${s1.error}`)
  return s1.TokenPass
}
async function login(v: Visitor, email: string, password = PASSWORD) {
  return step2(v, password, await tokenPass(v, email))
}

const count = async (table: 'customers' | 'sessions' | 'auth_tokens' | 'captcha_uses') =>
  Number((await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0].n)

describe(`login on ${testDbKind}`, () => {
  it('permission → step 1 → step 2 logs in on a new session id, with the cookie HttpOnly, Lax and Secure', async () => {
    const customer = await newCustomer()
    const v = visitor()
    const p = await permission(v)
    expect(p.status).toBe('success')
    const before = (await db.select().from(sessions)).map((s) => s.id)
    const tp = p.status === 'success' ? await step1(v, customer.email.toUpperCase(), p.TokenAcess) : null
    expect(tp?.status).toBe('sucsess')
    const s2 = await step2(v, PASSWORD, (tp as { TokenPass: string }).TokenPass)
    expect(s2.status).toBe('success')
    expect(s2.cookie).toMatch(/^vt_sid=[^;]+;.*HttpOnly/)
    expect(s2.cookie).toMatch(/SameSite=Lax/)
    expect(s2.cookie).toMatch(/Secure/)
    const mine = await db.select().from(sessions).where(eq(sessions.customerId, customer.id))
    expect(mine).toHaveLength(1)
    // Rotation: the logged-in session is not the one the visitor had.
    expect(before).not.toContain(mine[0].id)
    const { status, body } = await post(v, '/_auth/conta/exportar/', { senha: PASSWORD })
    expect(status).toBe(200)
    expect((body.conta as { email: string }).email).toBe(customer.email)
  })

  it('step 1: unknown e-mail is Conta não localizada and keeps the token; bad e-mails get the spec texts', async () => {
    const customer = await newCustomer()
    const v = visitor()
    const p = await permission(v)
    if (p.status !== 'success') throw new Error()
    expect(await step1(v, 'ninguem@example.com', p.TokenAcess)).toEqual({ status: 'erro', error: 'conta' })
    for (const [u, msg] of [
      ['', 'Preencha o campo email!'],
      ['a b@example.com', 'Preencha o campo email!'],
      ['sem-arroba', 'Formato de email inválido!'],
    ]) {
      const { status, body } = await post(v, '/_auth/step/1/', { u, Acess: p.TokenAcess })
      expect(status).toBe(422)
      expect(body).toEqual({ estado: 'erro', msg })
    }
    expect((await step1(v, customer.email, p.TokenAcess)).status).toBe('sucsess')
  })

  it('tokens are single-use, bound to their session and kind, and expire', async () => {
    const customer = await newCustomer()
    const v = visitor()
    const p = await permission(v)
    if (p.status !== 'success') throw new Error()
    const s1 = await step1(v, customer.email, p.TokenAcess)
    // Replayed TokenAcess.
    expect(await step1(v, customer.email, p.TokenAcess)).toEqual({ status: 'erro', error: 'acesso' })
    if (s1.status !== 'sucsess') throw new Error()
    // A TokenAcess is not a TokenPass, and a TokenPass from another browser is foreign.
    const other = visitor()
    expect((await step2(other, PASSWORD, s1.TokenPass)).status).toBe('erro')
    const otherP = await permission(other)
    if (otherP.status !== 'success') throw new Error()
    expect((await step2(other, PASSWORD, otherP.TokenAcess)).status).toBe('erro')
    expect((await step2(other, PASSWORD, s1.TokenPass)).status).toBe('erro')
    // Its owner can still use it, once.
    expect((await step2(v, PASSWORD, s1.TokenPass)).status).toBe('success')
    expect(await step2(v, PASSWORD, s1.TokenPass)).toMatchObject({ status: 'erro', error: 'acesso' })
    // Expired.
    const w = visitor()
    const tp = await tokenPass(w, customer.email)
    await db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.kind, 'senha'))
    expect(await step2(w, PASSWORD, tp)).toMatchObject({ status: 'erro', error: 'acesso' })
    // Garbage and a missing session.
    expect(await step2(visitor(), PASSWORD, 'abc')).toMatchObject({ status: 'erro', error: 'acesso' })
  })

  it('wrong password is Senha incorreta; the 11th attempt is locked for that client, even with the right password', async () => {
    const customer = await newCustomer()
    const v = visitor()
    const tp = await tokenPass(v, customer.email)
    for (let i = 0; i < 10; i++) expect(await step2(v, 'Errada123', tp)).toMatchObject({ status: 'erro', error: 'senha' })
    expect(await step2(v, PASSWORD, tp)).toMatchObject({ status: 'erro', error: 'rate-limit' })
    // The locking session is refused permission; a new browser on the same network finds the account held.
    expect(await permission(v)).toEqual({ status: 'denied' })
    const sameNetwork = visitor(v.ip)
    const p = await permission(sameNetwork)
    if (p.status !== 'success') throw new Error()
    expect(await step1(sameNetwork, customer.email, p.TokenAcess)).toEqual({ status: 'erro', error: 'rate-limit' })
    expect(await db.select().from(sessions).where(eq(sessions.customerId, customer.id))).toEqual([])
    // The owner, elsewhere, still logs in: the lock is the attacking client's first.
    expect((await login(visitor(), customer.email)).status).toBe('success')
    // 15 minutes later the account opens again for that network too.
    await db.execute(sql`UPDATE rate_limits SET expire = now() - interval '1 second' WHERE key LIKE ${'senhaContaIp:%'}`)
    expect((await login(visitor(v.ip), customer.email)).status).toBe('success')
  })

  it('a burst of 200 concurrent wrong passwords: at most the limit reach the check, and the right one is then held', async () => {
    const customer = await newCustomer()
    const v = visitor()
    const tp = await tokenPass(v, customer.email)
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => step2(v, `Errada${i}`, tp)))
    const checked = answers.filter((a) => a.status === 'erro' && a.error === 'senha').length
    expect(checked).toBeGreaterThan(0)
    expect(checked).toBeLessThanOrEqual(10)
    expect(answers.filter((a) => a.status === 'erro' && a.error === 'rate-limit')).toHaveLength(200 - checked)
    // One by one, the session's tries left: the burst and these reach the check 10 times in all.
    let more = 0
    const wrongAgain = async () => {
      const answer = await step2(v, 'Errada123', tp)
      return answer.status === 'erro' && answer.error === 'senha'
    }
    while (more < 20 && (await wrongAgain())) more++
    expect(checked + more).toBe(10)
    expect(await step2(v, PASSWORD, tp)).toMatchObject({ status: 'erro', error: 'rate-limit' })
    // What was counted against the client's network and the account is what reached the check.
    const [pair] = await rows<{ points: number }>(db, sql`SELECT points FROM rate_limits WHERE key = ${`senhaContaIp:${v.ip}|${customer.id}`}`)
    expect(pair.points).toBeLessThanOrEqual(11)
    const [all] = await rows<{ points: number }>(db, sql`SELECT points FROM rate_limits WHERE key = ${`senhaContaGeral:${customer.id}`}`)
    expect(all.points).toBe(10)
  })

  it('guesses from many networks lock the account everywhere, with the answer of any held login', async () => {
    const customer = await newCustomer()
    // 49 wrong passwords spread over other networks already counted; the 50th locks the account.
    await take(db, 'senhaContaGeral', String(customer.id), 49)
    const v = visitor()
    expect(await step2(v, 'Errada123', await tokenPass(v, customer.email))).toMatchObject({ error: 'senha' })
    expect(await login(visitor(), customer.email)).toMatchObject({ status: 'erro', error: 'rate-limit' })
  })

  it('per-IP limits count an IPv6 /64 as one client', async () => {
    const net = testDbKind === 'postgres' ? '2001:db8:5:1' : '2001:db8:5:2'
    // 30 e-mails without an account, each from another address of one /64 and another browser.
    for (let i = 1; i <= 30; i++) {
      const v = visitor(`${net}::${i.toString(16)}`)
      const p = await permission(v)
      if (p.status !== 'success') throw new Error(`permission ${i}`)
      expect(await step1(v, `sem-conta-${i}@example.com`, p.TokenAcess)).toEqual({ status: 'erro', error: 'conta' })
    }
    expect(await permission(visitor(`${net}:ffff:ffff:ffff:ffff`))).toEqual({ status: 'denied' })
    // Another /64 is another client.
    expect((await permission(visitor(`${net.replace(/:\d+$/, ':9')}::1`))).status).toBe('success')
  })

  it('the right password clears the failures counted so far', async () => {
    const customer = await newCustomer()
    const v = visitor()
    for (let round = 0; round < 2; round++) {
      const tp = await tokenPass(v, customer.email)
      for (let i = 0; i < 9; i++) await step2(v, 'Errada123', tp)
      expect((await step2(v, PASSWORD, tp)).status).toBe('success')
      await post(v, '/_auth/sair/', {})
    }
  })

  it('step 1 per IP: 30 e-mails without an account in 15 minutes, then rate-limit; permission is then denied', async () => {
    const v = visitor()
    const p = await permission(v)
    if (p.status !== 'success') throw new Error()
    for (let i = 0; i < 30; i++) expect((await step1(v, `x${i}@example.com`, p.TokenAcess)).status).toBe('erro')
    expect(await step1(v, 'x@example.com', p.TokenAcess)).toEqual({ status: 'erro', error: 'rate-limit' })
    expect(await permission(v)).toEqual({ status: 'denied' })
    // Another IP is not held, and e-mails that have an account do not count.
    const customer = await newCustomer()
    const w = visitor()
    for (let i = 0; i < 31; i++) expect(await tokenPass(w, customer.email)).toMatch(/^[A-Za-z0-9_-]+$/)
  })

  it('login merges the visitor cart into the customer cart, capped at stock', async () => {
    const customer = await newCustomer()
    // The customer left a cart on an earlier session.
    const earlier = visitor()
    await login(earlier, customer.email)
    await post(earlier, '/_next/api/carrinho/add/', { id: hashes[FIXTURE.CANON], qtd: 2 })
    await post(earlier, '/_auth/sair/', {})
    const v = visitor()
    await post(v, '/_next/api/carrinho/add/', { id: hashes[FIXTURE.CANON], qtd: 3 })
    await post(v, '/_next/api/carrinho/add/', { id: hashes[FIXTURE.CAPA], qtd: 1 })
    const anonymous = (await db.select().from(sessions)).find((s) => s.customerId === null && s.id)
    expect(anonymous).toBeDefined()
    expect((await login(v, customer.email)).status).toBe('success')
    const { body } = await get(v, '/_next/api/listar-carrinho/')
    const itens = body.itens as Array<{ hash: string; quantidade: number }>
    const stock = Number((await rows<{ s: number }>(db, sql`SELECT stock AS s FROM products WHERE link_real = ${FIXTURE.CANON}`))[0].s)
    expect(itens.find((i) => i.hash === hashes[FIXTURE.CANON])?.quantidade).toBe(Math.min(5, stock))
    expect(itens.find((i) => i.hash === hashes[FIXTURE.CAPA])?.quantidade).toBe(1)
    expect(await db.select().from(carts).where(eq(carts.customerId, customer.id))).toHaveLength(1)
  })
})

describe(`junk on every account call on ${testDbKind}`, () => {
  it('malformed JSON, wrong types, unknown fields and 100 KB bodies get a pt-BR 4xx and store nothing', async () => {
    const customer = await newCustomer()
    const v = visitor()
    await login(v, customer.email)
    const counts = async () => Promise.all((['customers', 'sessions', 'auth_tokens', 'captcha_uses'] as const).map(count))
    const before = await counts()
    const [saved] = await db.select().from(customers).where(eq(customers.id, customer.id))
    const calls = ['permission/', 'step/1/', 'step/2/', 'cadastro/', 'recuperar/', 'nova-senha/', 'sair/', 'conta/dados/', 'conta/senha/', 'conta/excluir/']
    for (const call of calls) {
      const send = (body: string) =>
        v.request(`/_auth/${call}`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-forwarded-for': v.ip } })
      const malformed = await send('{"u": ')
      expect([call, malformed.status]).toEqual([call, 400])
      expect((await malformed.json()).msg).toBe('Não foi possível ler os dados enviados (JSON inválido).')
      const wrongType = await send(JSON.stringify({ u: 1, s: [], email: {}, nome: 5, senha: null, token: 7, atual: true, extra: '<b>' }))
      expect([call, wrongType.status]).toEqual([call, 422])
      expect((await wrongType.json()).msg).toMatch(/^[A-ZÀ-Úa-zà-ú]/)
      const huge = await send(JSON.stringify({ u: 'x'.repeat(110_000) }))
      expect([call, huge.status]).toEqual([call, 413])
      expect((await huge.json()).msg).toBe('Requisição muito grande.')
      const plain = await v.request(`/_auth/${call}`, { method: 'POST', body: 'u=1', headers: { 'content-type': 'text/plain', 'x-forwarded-for': v.ip } })
      expect([call, plain.status]).toEqual([call, 415])
    }
    expect(await counts()).toEqual(before)
    const [after] = await db.select().from(customers).where(eq(customers.id, customer.id))
    expect(after).toEqual(saved)
    // Still logged in: none of it ended the session.
    expect((await get(v, '/_next/api/lista-enderecos/')).status).toBe(200)
  })

  it('a cross-site POST is refused', async () => {
    const { status, body } = await post(visitor(), '/_auth/permission/', {}, { headers: { origin: 'https://evil.example' } })
    expect(status).toBe(403)
    expect(body.msg).toBe('Origem da requisição não permitida.')
  })
})

describe(`logout and guard on ${testDbKind}`, () => {
  it('logout ends the session and clears the cookie; the cart stays with the account', async () => {
    const customer = await newCustomer()
    const v = visitor()
    await login(v, customer.email)
    await post(v, '/_next/api/carrinho/add/', { id: hashes[FIXTURE.CAPA], qtd: 1 })
    const { body, res } = await post(v, '/_auth/sair/', {})
    expect(body).toEqual({ estado: 'sucesso' })
    expect(res.headers.get('set-cookie')).toMatch(/vt_sid=;.*Max-Age=0/)
    expect(await db.select().from(sessions).where(eq(sessions.customerId, customer.id))).toEqual([])
    const [cart] = await db.select().from(carts).where(eq(carts.customerId, customer.id))
    expect(cart.sessionId).toBeNull()
    const w = visitor()
    await login(w, customer.email)
    expect(((await get(w, '/_next/api/listar-carrinho/')).body.itens as unknown[]).length).toBe(1)
  })

  it('a session in use gets its 30 days again, once a day, with its cookie sent again', async () => {
    const customer = await newCustomer()
    const v = visitor()
    const { cookie } = await login(v, customer.email)
    const [s] = await db.select().from(sessions).where(eq(sessions.customerId, customer.id))
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 20 * 86_400_000) })
      .where(eq(sessions.id, s.id))
    const { res } = await get(v, '/_next/api/lista-enderecos/')
    expect(res.headers.get('set-cookie')?.split(';')[0]).toBe(cookie?.split(';')[0])
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=2592000/)
    const [renewed] = await db.select().from(sessions).where(eq(sessions.id, s.id))
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000)
    expect((await get(v, '/_next/api/lista-enderecos/')).res.headers.get('set-cookie')).toBeNull()
  })

  it("account calls without a customer answer 401 {estado:'erro', msg:'auth'}", async () => {
    const v = visitor()
    for (const [p, json] of [
      ['/_auth/conta/dados/', { nome: 'A', sobrenome: 'B', telefone: '(11) 9 8765-4321', marketing: false }],
      ['/_auth/conta/senha/', { atual: 'x', senha: 'Nova12345', confirmacao: 'Nova12345' }],
      ['/_auth/conta/exportar/', { senha: 'x' }],
      ['/_auth/conta/excluir/', { senha: 'x' }],
    ] as const) {
      const r = await post(v, p, json)
      expect(r.status, p).toBe(401)
      expect(r.body).toEqual({ estado: 'erro', msg: 'auth' })
    }
  })
})

async function solvedCaptcha(v: Visitor): Promise<string> {
  const { body } = await get(v, '/_auth/captcha/')
  const challenge = captchaResponseSchema.parse(body) as never
  const solution = await solveChallenge({ challenge, deriveKey })
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

let regSeq = 0
const registration = (over: Record<string, unknown> = {}) => ({
  nome: 'Maria',
  sobrenome: "D'Ávila Souza",
  documento: '390.533.447-05',
  email: `nova${++regSeq}-${testDbKind}@example.com`,
  telefone: '(11) 9 8765-4321',
  senha: 'Cadeira7Janela',
  confirmacao: 'Cadeira7Janela',
  termos: true,
  marketing: false,
  ...over,
})

/** Every .eml in the outbox sent to `to`, waiting a little for mail sent after the answer. */
async function mailsTo(to: string): Promise<string[]> {
  const dir = path.join(dataDir, 'outbox')
  for (let i = 0; i < 50; i++) {
    const found = (() => {
      try {
        return readdirSync(dir)
          .map((f) => readFileSync(path.join(dir, f), 'utf8'))
          .filter((m) => m.includes(`To: ${to}`))
      } catch {
        return []
      }
    })()
    if (found.length) return found
    await new Promise((r) => setTimeout(r, 50))
  }
  return []
}

describe(`registration on ${testDbKind}`, () => {
  it('registers with a solved captcha, logs in and sends the welcome e-mail', async () => {
    const v = visitor()
    await post(v, '/_next/api/carrinho/add/', { id: hashes[FIXTURE.CAPA], qtd: 1 })
    const input = registration({ email: `  Maria.Nova-${testDbKind}@Example.com `, marketing: true, documento: '12.ABC.345/01DE-35' })
    const { status, body, res } = await post(v, '/_auth/cadastro/', { ...input, altcha: await solvedCaptcha(v) })
    expect(body).toEqual({ estado: 'sucesso' })
    expect(status).toBe(200)
    expect(res.headers.get('set-cookie')).toMatch(/vt_sid=/)
    const [row] = await db
      .select()
      .from(customers)
      .where(eq(customers.email, `maria.nova-${testDbKind}@example.com`))
    expect(row).toMatchObject({ nome: 'Maria', sobrenome: "D'Ávila Souza", documento: '12ABC34501DE35', telefone: '11987654321', marketingOptIn: true })
    expect(row.passwordHash).toMatch(/^scrypt\$/)
    expect(row.termsAcceptedAt).not.toBeNull()
    // Logged in, with the visitor's cart.
    expect((await get(v, '/_next/api/lista-enderecos/')).status).toBe(200)
    expect(((await get(v, '/_next/api/listar-carrinho/')).body.itens as unknown[]).length).toBe(1)
    const [mail] = await mailsTo(row.email)
    expect(mail).toContain('Subject: =?UTF-8?Q?Boas-vindas')
    expect(mail).toContain('CNPJ 11.222.333/0001-81')
    // The same e-mail in other letters is taken.
    const again = await post(visitor(), '/_auth/cadastro/', { ...registration({ email: row.email.toUpperCase() }), altcha: await solvedCaptcha(v) })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ estado: 'erro', msg: 'Este e-mail já está cadastrado.' })
  })

  it('refuses a missing, wrong or replayed captcha, storing nothing', async () => {
    const v = visitor()
    const before = await count('customers')
    const missing = await post(v, '/_auth/cadastro/', registration())
    expect(missing.status).toBe(422)
    expect(missing.body.msg).toBe(ACCOUNT_MESSAGES.captchaVazio)
    const solved = await solvedCaptcha(v)
    const decoded = JSON.parse(Buffer.from(solved, 'base64').toString())
    decoded.solution.counter += 1
    decoded.solution.derivedKey = '00'
    const wrong = await post(v, '/_auth/cadastro/', { ...registration(), altcha: Buffer.from(JSON.stringify(decoded)).toString('base64') })
    expect(wrong.body).toEqual({ estado: 'erro', msg: ACCOUNT_MESSAGES.captchaInvalido })
    const junk = await post(v, '/_auth/cadastro/', { ...registration(), altcha: 'bm90IGpzb24=' })
    expect(junk.body).toEqual({ estado: 'erro', msg: ACCOUNT_MESSAGES.captchaInvalido })
    expect(await count('customers')).toBe(before)
    const first = await post(v, '/_auth/cadastro/', { ...registration(), altcha: solved })
    expect(first.body).toEqual({ estado: 'sucesso' })
    const replay = await post(visitor(), '/_auth/cadastro/', { ...registration(), altcha: solved })
    expect(replay.status).toBe(422)
    expect(replay.body).toEqual({ estado: 'erro', msg: ACCOUNT_MESSAGES.captchaUsado })
    expect(await count('customers')).toBe(before + 1)
  })

  it('checks every field with a pt-BR message and stores nothing', async () => {
    const v = visitor()
    const before = await count('customers')
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ nome: '' }, 'Preencha o campo nome!'],
      [{ nome: '<script>alert(1)</script>' }, ACCOUNT_MESSAGES.nomeInvalido],
      [{ sobrenome: "'; DROP TABLE customers; --" }, ACCOUNT_MESSAGES.sobrenomeInvalido],
      [{ nome: 'x'.repeat(100_000) }, ACCOUNT_MESSAGES.nomeLongo],
      [{ documento: '111.111.111-11' }, ACCOUNT_MESSAGES.documentoInvalido],
      [{ documento: '390.533.447-06' }, ACCOUNT_MESSAGES.documentoInvalido],
      [{ documento: '12.ABC.345/01DE-34' }, ACCOUNT_MESSAGES.documentoInvalido],
      [{ email: 'nao-e-email' }, 'Formato de email inválido!'],
      [{ telefone: '(11) 8 8765-4321' }, ACCOUNT_MESSAGES.telefoneInvalido],
      [{ senha: 'curta1', confirmacao: 'curta1' }, ACCOUNT_MESSAGES.senhaCurta],
      [{ senha: 'soletras', confirmacao: 'soletras' }, ACCOUNT_MESSAGES.senhaCurta],
      [{ senha: '12345678', confirmacao: '12345678' }, ACCOUNT_MESSAGES.senhaCurta],
      [{ senha: 'com espaco1', confirmacao: 'com espaco1' }, ACCOUNT_MESSAGES.senhaEspacos],
      [{ email: 'abc123@x.com', senha: 'ABC123@x.com', confirmacao: 'ABC123@x.com' }, ACCOUNT_MESSAGES.senhaIgualEmail],
      [{ confirmacao: 'Outra2026' }, ACCOUNT_MESSAGES.confirmacao],
      [{ termos: false }, ACCOUNT_MESSAGES.termos],
      [{ nome: 12 }, 'Preencha o campo nome!'],
      [{ extra: 1 }, 'Campo não reconhecido: extra.'],
    ]
    for (const [over, msg] of cases) {
      const { status, body } = await post(v, '/_auth/cadastro/', { ...registration(over), altcha: 'eA==' })
      expect([status, body], JSON.stringify(over).slice(0, 80)).toEqual([422, { estado: 'erro', msg }])
    }
    const malformed = await v.request('/_auth/cadastro/', {
      method: 'POST',
      body: '{"nome":',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': v.ip },
    })
    expect(malformed.status).toBe(400)
    expect((await malformed.json()).msg).toMatch(/JSON inválido/)
    const huge = await v.request('/_auth/cadastro/', {
      method: 'POST',
      body: JSON.stringify({ ...registration(), nome: 'x'.repeat(120_000) }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': v.ip },
    })
    expect(huge.status).toBe(413)
    expect(await count('customers')).toBe(before)
  })

  it('refuses common passwords and ones built from the person, when registering and when changing', async () => {
    const v = visitor()
    for (const senha of ['senha1234', 'Maria2026', 'Souza12345', 'Brasil2026']) {
      const { status, body } = await post(v, '/_auth/cadastro/', { ...registration({ senha, confirmacao: senha }), altcha: await solvedCaptcha(v) })
      expect([status, body], senha).toEqual([422, { estado: 'erro', msg: ACCOUNT_MESSAGES.senhaFraca }])
    }
    const customer = await newCustomer()
    const w = visitor()
    await login(w, customer.email)
    const weak = await post(w, '/_auth/conta/senha/', { atual: PASSWORD, senha: 'AnaSouza2026', confirmacao: 'AnaSouza2026' })
    expect(weak.body).toEqual({ estado: 'erro', msg: ACCOUNT_MESSAGES.senhaFraca })
    expect((await login(visitor(), customer.email)).status).toBe('success')
  })

  it('registrations are limited per e-mail (3 an hour) and per IP (10 an hour)', async () => {
    const v = visitor()
    const email = `limite-${testDbKind}@example.com`
    for (let i = 0; i < 3; i++) await post(v, '/_auth/cadastro/', { ...registration({ email }), altcha: 'eA==' })
    const fourth = await post(v, '/_auth/cadastro/', { ...registration({ email }), altcha: 'eA==' })
    expect(fourth.status).toBe(429)
    expect(fourth.body.msg).toBe(ACCOUNT_MESSAGES.limite)
    for (let i = 0; i < 6; i++) await post(v, '/_auth/cadastro/', { ...registration(), altcha: 'eA==' })
    expect((await post(v, '/_auth/cadastro/', { ...registration(), altcha: 'eA==' })).status).toBe(429)
  })
})

/** The recovery links mailed to `to`, oldest first, once there are `n` of them. */
async function resetTokens(to: string, n: number): Promise<string[]> {
  for (let i = 0; i < 50; i++) {
    const links = (await mailsTo(to)).map((m) => m.replace(/=\r?\n/g, '').match(/nova-senha\/([A-Za-z0-9_-]+)/)?.[1]).filter((t): t is string => Boolean(t))
    if (links.length >= n) return [...new Set(links)]
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`fewer than ${n} recovery e-mails to ${to}`)
}

describe(`captcha issuance on ${testDbKind}`, () => {
  it('is limited per IP (30 in 15 minutes) before any key is derived', async () => {
    const v = visitor()
    for (let i = 0; i < 30; i++) expect((await get(v, '/_auth/captcha/')).status).toBe(200)
    const refused = await get(v, '/_auth/captcha/')
    expect(refused.status).toBe(429)
    expect(refused.body).toEqual({ estado: 'erro', msg: ACCOUNT_MESSAGES.limite })
    expect((await get(visitor(), '/_auth/captcha/')).status).toBe(200)
  })
})

describe(`recovery on ${testDbKind}`, () => {
  it('answers the same sentence for any e-mail; the link sets a new password once, ends other sessions and logs in', async () => {
    const customer = await newCustomer()
    const other = visitor()
    await login(other, customer.email)
    const v = visitor()
    const unknown = await post(v, '/_auth/recuperar/', { email: 'ninguem@example.com' })
    const known = await post(v, '/_auth/recuperar/', { email: customer.email })
    expect(unknown.body).toEqual(known.body)
    expect(known.body).toEqual({ estado: 'sucesso', msg: ACCOUNT_MESSAGES.recuperacaoEnviada })
    const [mail] = await mailsTo(customer.email)
    const link = mail.replace(/=\r?\n/g, '').match(/https:\/\/loja\.example\/cliente\/nova-senha\/([A-Za-z0-9_-]+)/)
    expect(link).not.toBeNull()
    const token = link![1]
    // Only the hash is stored.
    expect(await db.select().from(authTokens).where(eq(authTokens.id, token))).toEqual([])
    const mismatch = await post(v, '/_auth/nova-senha/', { token, senha: 'NovaSenha1', confirmacao: 'NovaSenha2' })
    expect(mismatch.body).toEqual({ estado: 'erro', msg: ACCOUNT_MESSAGES.confirmacao })
    const weak = await post(v, '/_auth/nova-senha/', { token, senha: 'Senha12345', confirmacao: 'Senha12345' })
    expect(weak.body).toEqual({ estado: 'erro', msg: ACCOUNT_MESSAGES.senhaFraca })
    const done = await post(v, '/_auth/nova-senha/', { token, senha: 'Janela-Nova-31', confirmacao: 'Janela-Nova-31' })
    expect(done.body).toEqual({ estado: 'sucesso' })
    const mine = await db.select().from(sessions).where(eq(sessions.customerId, customer.id))
    expect(mine).toHaveLength(1)
    expect((await get(other, '/_next/api/lista-enderecos/')).status).toBe(401)
    expect((await get(v, '/_next/api/lista-enderecos/')).status).toBe(200)
    const replay = await post(visitor(), '/_auth/nova-senha/', { token, senha: 'Outra12345', confirmacao: 'Outra12345' })
    expect(replay.body).toEqual({ estado: 'erro', msg: ACCOUNT_MESSAGES.linkInvalido })
    expect((await login(visitor(), customer.email, 'Janela-Nova-31')).status).toBe('success')
  })

  it('an expired or superseded link is refused', async () => {
    const customer = await newCustomer()
    const v = visitor()
    await post(v, '/_auth/recuperar/', { email: customer.email })
    await post(v, '/_auth/recuperar/', { email: customer.email })
    const tokens = await resetTokens(customer.email, 2)
    const results = await Promise.all(
      tokens.map((token) => post(visitor(), '/_auth/nova-senha/', { token, senha: 'Janela-Nova-31', confirmacao: 'Janela-Nova-31' })),
    )
    // The newer link replaced the older: exactly one works.
    expect(results.map((r) => r.body.estado).sort()).toEqual(['erro', 'sucesso'])
    await post(v, '/_auth/recuperar/', { email: customer.email })
    const [, , last] = await resetTokens(customer.email, 3)
    await db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authTokens.customerId, customer.id))
    const expired = await post(visitor(), '/_auth/nova-senha/', { token: last, senha: 'NovaSenha2', confirmacao: 'NovaSenha2' })
    expect(expired.body).toEqual({ estado: 'erro', msg: ACCOUNT_MESSAGES.linkInvalido })
  })

  it('recovery is limited per e-mail (3 an hour)', async () => {
    const v = visitor()
    for (let i = 0; i < 3; i++) expect((await post(v, '/_auth/recuperar/', { email: 'repetido@example.com' })).status).toBe(200)
    expect((await post(v, '/_auth/recuperar/', { email: 'repetido@example.com' })).status).toBe(429)
  })
})

describe(`Minha Conta on ${testDbKind}`, () => {
  it('edits the data, refusing junk', async () => {
    const customer = await newCustomer()
    const v = visitor()
    await login(v, customer.email)
    const ok = await post(v, '/_auth/conta/dados/', { nome: 'Ana Paula', sobrenome: 'Souza Lima', telefone: '(21) 9 9999-0000', marketing: true })
    expect(ok.body).toMatchObject({
      estado: 'sucesso',
      conta: { nome: 'Ana Paula', sobrenome: 'Souza Lima', telefone: '(21) 9 9999-0000', marketing: true, documento: '390.***.***-05' },
    })
    const bad = await post(v, '/_auth/conta/dados/', { nome: '<b>x</b>', sobrenome: 'S', telefone: '(21) 9 9999-0000', marketing: true })
    expect(bad.status).toBe(422)
    const [row] = await db.select().from(customers).where(eq(customers.id, customer.id))
    expect(row.nome).toBe('Ana Paula')
  })

  it('changes the password with the current one and ends the other sessions', async () => {
    const customer = await newCustomer()
    const v = visitor()
    const other = visitor()
    await login(v, customer.email)
    await login(other, customer.email)
    const wrong = await post(v, '/_auth/conta/senha/', { atual: 'Errada123', senha: 'Trocada-Verde-88', confirmacao: 'Trocada-Verde-88' })
    expect(wrong.body).toEqual({ estado: 'erro', msg: ACCOUNT_MESSAGES.senhaAtualErrada })
    const ok = await post(v, '/_auth/conta/senha/', { atual: PASSWORD, senha: 'Trocada-Verde-88', confirmacao: 'Trocada-Verde-88' })
    expect(ok.body).toEqual({ estado: 'sucesso' })
    expect((await get(other, '/_next/api/lista-enderecos/')).status).toBe(401)
    expect((await get(v, '/_next/api/lista-enderecos/')).status).toBe(200)
    expect((await login(visitor(), customer.email, 'Trocada-Verde-88')).status).toBe('success')
  })

  it('a burst of wrong current passwords: at most the limit reach the check', async () => {
    const customer = await newCustomer()
    const v = visitor()
    await login(v, customer.email)
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post(v, '/_auth/conta/senha/', { atual: `Errada${i}`, senha: 'Trocada-Verde-88', confirmacao: 'Trocada-Verde-88' }),
      ),
    )
    const checked = answers.filter((a) => a.body.msg === ACCOUNT_MESSAGES.senhaAtualErrada).length
    expect(checked).toBeGreaterThan(0)
    expect(checked).toBeLessThanOrEqual(10)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(200 - checked)
  })

  it('exports the data as JSON and anonymises on a deletion request', async () => {
    const customer = await newCustomer()
    const v = visitor()
    await login(v, customer.email)
    // The password is asked again: none or a wrong one gets no file.
    expect((await post(v, '/_auth/conta/exportar/', {})).status).toBe(422)
    const wrong = await post(v, '/_auth/conta/exportar/', { senha: 'Errada123' })
    expect([wrong.status, wrong.body]).toEqual([422, { estado: 'erro', msg: ACCOUNT_MESSAGES.senhaAtualErrada }])
    expect((await get(v, '/_auth/conta/exportar/')).status).toBe(404)
    const confirmedAt = new Date('2026-11-20T15:00:00Z')
    await db.insert(newsletterSubscribers).values([{ email: customer.email.toLowerCase(), confirmedAt }, { email: `outra-${customer.id}@example.com` }])
    const exported = await post(v, '/_auth/conta/exportar/', { senha: PASSWORD })
    expect(exported.res.headers.get('content-disposition')).toMatch(/attachment/)
    expect(exported.body).toMatchObject({ conta: { email: customer.email, documento: '39053344705' }, solicitacoes: [{ tipo: 'exportacao' }] })
    expect(exported.body.newsletter).toEqual([
      { email: customer.email.toLowerCase(), origem: 'rodape', confirmada: true, inscritoEm: expect.any(String), confirmadaEm: confirmedAt.toISOString() },
    ])
    expect((await post(v, '/_auth/conta/excluir/', { senha: 'Errada123' })).status).toBe(422)
    const done = await post(v, '/_auth/conta/excluir/', { senha: PASSWORD })
    expect(done.body.estado).toBe('sucesso')
    const [row] = await db.select().from(customers).where(eq(customers.id, customer.id))
    expect(row).toMatchObject({ status: 'removed', documento: null, telefone: null, nome: 'Cliente' })
    expect(row.email).not.toContain('cliente')
    expect(await db.select().from(privacyRequests).where(eq(privacyRequests.customerId, customer.id))).toHaveLength(2)
    // The subscription of the old e-mail is gone with it; another address's stays.
    const left = (await db.select().from(newsletterSubscribers)).map((n) => n.email)
    expect(left).toContain(`outra-${customer.id}@example.com`)
    expect(left).not.toContain(customer.email.toLowerCase())
    expect((await get(v, '/_next/api/lista-enderecos/')).status).toBe(401)
    const w = visitor()
    const p = await permission(w)
    if (p.status !== 'success') throw new Error()
    expect(await step1(w, customer.email, p.TokenAcess)).toEqual({ status: 'erro', error: 'conta' })
  })

  it('keeps the in-cart marker in step with the login', async () => {
    const customer = await newCustomer()
    const v = visitor()
    await post(v, '/_next/api/carrinho/add/', { id: hashes[FIXTURE.CAPA], qtd: 1 })
    await login(v, customer.email)
    const [s] = await db.select().from(sessions).where(eq(sessions.customerId, customer.id))
    expect((await cartProductIds(db, s.id)).size).toBe(1)
  })
})
