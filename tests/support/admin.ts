import { generate, generateSecret } from 'otplib'
import type { Db } from '../../server/db/client'
import { staff } from '../../server/db/schema'
import { hashPassword } from '../../server/domain/auth/password'
import type { Role } from '../../server/domain/staff/permissions'
import { createStaffSession } from '../../server/domain/staff/sessions'
import pino from 'pino'
import { storeProfile } from '../../server/store-profile'
import { createTestApp, testEnv } from './app'
import { testDbKind } from './db'

/**
 * Back-office test helpers: staff rows, and a browser-like client with a cookie jar of
 * its own (the staff cookie and a shopper's can travel together) speaking to /admin/api.
 */
export const STAFF_PASSWORD = 'Equipe2026'
let seq = 0

export type TestStaff = { id: number; email: string; nome: string; role: Role; totpSecret: string | null }

/** A staff member (active, the shared test password); `totp: true` gives them a secret. */
export async function createStaffMember(db: Db, role: Role, options: { totp?: boolean; email?: string } = {}): Promise<TestStaff> {
  const email = options.email ?? `${role}${++seq}-${testDbKind}-${Math.random().toString(36).slice(2, 7)}@example.com`
  const totpSecret = options.totp ? generateSecret() : null
  const nome = `${role} ${seq}`
  const [row] = await db
    .insert(staff)
    .values({ nome, email, role, passwordHash: await hashPassword(STAFF_PASSWORD), totpSecret })
    .returning({ id: staff.id })
  return { id: row.id, email, nome, role, totpSecret }
}

/** The current TOTP code of a secret (`offsetSteps` moves it by 30 s periods). */
export const totpCode = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 })

export type AdminClient = ReturnType<typeof adminClient>

let ipSeq = 0
/** A browser of its own from an IP of its own (rate limits are per IP). */
export function adminClient(db: Db, env: Parameters<typeof createTestApp>[1] = {}, ip = `10.18.${testDbKind === 'postgres' ? 1 : 2}.${++ipSeq}`) {
  const { app } = createTestApp(db, env)
  const jar = new Map<string, string>()
  async function request(path: string, init: RequestInit & { json?: unknown } = {}) {
    const headers = new Headers(init.headers)
    if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', ip)
    if (jar.size) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '))
    let body = init.body
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(init.json)
    }
    const res = await app.request(`http://localhost${path}`, { ...init, headers, body })
    for (const line of res.headers.getSetCookie()) keepCookie(jar, line)
    return res
  }
  async function post(path: string, json: unknown = {}, init: RequestInit = {}) {
    const res = await request(path, { method: 'POST', json, ...init })
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, res }
  }
  async function get(path: string) {
    const res = await request(path)
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, res }
  }
  /** Logs in (with the code when the member has TOTP); throws when the login does not work. */
  async function login(member: TestStaff, password = STAFF_PASSWORD) {
    const first = await post('/admin/api/entrar', { email: member.email, senha: password })
    if (first.status !== 200) throw new Error(`login ${member.email}: ${first.status} ${JSON.stringify(first.body)}`)
    if (first.body.etapa === 'totp') {
      // A code is taken once: a second login within the same 30 s uses the next step's code.
      let second = await post('/admin/api/entrar/codigo', { codigo: await totpCode(member.totpSecret!) })
      if (second.status === 422) second = await post('/admin/api/entrar/codigo', { codigo: await totpCode(member.totpSecret!, 1) })
      if (second.status !== 200) throw new Error(`codigo ${member.email}: ${second.status} ${JSON.stringify(second.body)}`)
    }
  }
  /** Opens a working session directly (tests of what comes after the login, without spending TOTP codes). */
  async function enter(member: TestStaff) {
    jar.set('vt_admin', await createStaffSession(db, member.id, 'active', { ip, userAgent: 'vitest' }))
  }
  return { app, ip, jar, request, post, get, login, enter }
}

type PageFunction = (args: never) => unknown
/** One staff member of each role, as most back-office tests need them. */
export async function staffOfEachRole(db: Db): Promise<Record<'dono' | 'operacao' | 'atendimento', TestStaff>> {
  return {
    dono: await createStaffMember(db, 'dono'),
    operacao: await createStaffMember(db, 'operacao'),
    atendimento: await createStaffMember(db, 'atendimento'),
  }
}

/** A client of the back office, signed in as `member`. */
export async function signedIn(db: Db, member: TestStaff, env: Parameters<typeof createTestApp>[1] = {}): Promise<AdminClient> {
  const c = adminClient(db, env)
  await c.enter(member)
  return c
}

export type PageAnswer = { status: number; data: unknown; headers: Headers; location: string | null }

/**
 * Runs a back-office page's loader or action as React Router would, with `client`'s cookie and IP
 * (a POST carries `json` as its body): its answer or what it threw, as status, data and headers.
 */
export async function runPage(
  db: Db,
  client: Pick<AdminClient, 'ip' | 'jar'>,
  run: PageFunction,
  options: { url: string; json?: unknown; params?: Record<string, string>; env?: Parameters<typeof createTestApp>[1] },
): Promise<PageAnswer> {
  const headers = new Headers({ 'user-agent': 'vitest' })
  if (client.jar.size) headers.set('cookie', [...client.jar].map(([k, v]) => `${k}=${v}`).join('; '))
  if (options.json !== undefined) headers.set('content-type', 'application/json')
  const request = new Request(`http://localhost${options.url}`, {
    method: options.json === undefined ? 'GET' : 'POST',
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
  })
  const context = {
    db,
    env: { ...testEnv, ...options.env },
    store: storeProfile,
    log: pino({ level: 'silent' }),
    clientIp: client.ip,
    storeOrigin: 'http://localhost',
  }
  let out: unknown
  try {
    out = await (run as (args: unknown) => Promise<unknown>)({ request, params: options.params ?? {}, context })
  } catch (thrown) {
    out = thrown
  }
  const settle = (res: Response): PageAnswer => ({ status: res.status, data: null, headers: res.headers, location: res.headers.get('location') })
  if (out instanceof Response) {
    const answer = settle(out)
    for (const line of out.headers.getSetCookie()) keepCookie(client.jar, line)
    return answer
  }
  if (out && typeof out === 'object' && 'type' in out && out.type === 'DataWithResponseInit') {
    const { data, init } = out as unknown as { data: unknown; init: ResponseInit | null }
    const h = new Headers(init?.headers)
    for (const line of h.getSetCookie()) keepCookie(client.jar, line)
    return { status: init?.status ?? 200, data, headers: h, location: null }
  }
  return { status: 200, data: out, headers: new Headers(), location: null }
}

/** A Set-Cookie line into a client's jar (or out of it, when it clears the cookie). */
function keepCookie(jar: Map<string, string>, line: string) {
  const [pair, ...attributes] = line.split(';')
  const at = pair.indexOf('=')
  const name = pair.slice(0, at).trim()
  const value = pair.slice(at + 1).trim()
  if (value === '' || attributes.some((a) => /max-age=0\b/i.test(a.trim()))) jar.delete(name)
  else jar.set(name, value)
}
