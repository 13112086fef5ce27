// Live mode and links (docs/decisions/0122-live-mode.md): the published demo passwords, the sandbox's
// 'Simular pagamento', the operator's /healthz detail, and links that never come from the request's
// Host — in e-mails and in the pages the micro-cache keeps — with each kept page's scripts allowed
// by hash, not by one nonce shared by every visitor.
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteOrigin } from '../../app/lib/seo'
import { DEMO_ACCESS } from '../../contract/messages/demo'
import type { Database, Db } from '../../server/db/client'
import { customers, staff } from '../../server/db/schema'
import { hashPassword } from '../../server/domain/auth/password'
import { createPaymentProvider, sandboxOf, setPaymentProvider } from '../../server/domain/payment/gateway'
import type { Env } from '../../server/env'
import { createHttpApp } from '../../server/http/app'
import { sharedAnswer } from '../../server/http/cache-headers'
import { DEMO_PASSWORD } from '../../server/seed/customer'
import { DEMO_STAFF_PASSWORD } from '../../server/seed/staff'
import { storeProfile } from '../../server/store-profile'
import { adminClient, createStaffMember } from '../support/admin'
import { createTestApp, testEnv } from '../support/app'
import { createShopper } from '../support/checkout'
import { createTestDatabase, testDbKind } from '../support/db'
import { runJobs } from '../support/jobs'
import type { Jobs } from '../../server/jobs/runner'

let database: Database
let db: Db
let dataDir: string
let jobs: Jobs
const LIVE: Partial<Env> = { STORE_MODE: 'live', PUBLIC_URL: 'https://loja.example', SECRETS_KEY: 'k'.repeat(32) }

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-live-'))
  // E-mails are jobs: the queue's worker runs in this process and writes them to the outbox.
  jobs = await runJobs(database, { dataDir })
})
afterAll(async () => {
  await jobs?.stop()
  await database?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

let seq = 0
async function customerWith(password: string) {
  const email = `live${++seq}-${testDbKind}@example.com`
  await db
    .insert(customers)
    .values({ nome: 'Ana', sobrenome: 'Souza', email, documento: '39053344705', telefone: '11987654321', passwordHash: await hashPassword(password) })
  return email
}

/** The storefront's three login calls from `ip` (undefined: this machine), answering step 2's status and body. */
async function customerLogin(env: Partial<Env>, email: string, password: string, ip?: string) {
  const { request } = createTestApp(db, { ...env, dataDir })
  const headers: Record<string, string> = ip ? { 'x-forwarded-for': ip } : {}
  const post = async (p: string, json: unknown) => {
    const res = await request(p, { method: 'POST', json, headers })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  const permission = await post('/_auth/permission/', {})
  const step1 = await post('/_auth/step/1/', { u: email, Acess: permission.body.TokenAcess })
  return post('/_auth/step/2/', { s: password, Acess: step1.body.TokenPass })
}

describe(`published demo passwords (${testDbKind})`, () => {
  it('live: a customer whose password is still the published one is told to set a new one; another password logs in', async () => {
    const demo = await customerWith(DEMO_PASSWORD)
    expect(await customerLogin(LIVE, demo, DEMO_PASSWORD)).toEqual({
      status: 403,
      body: { estado: 'erro', msg: DEMO_ACCESS.customerPasswordPublished.message },
    })
    expect(DEMO_ACCESS.customerPasswordPublished.message).toContain('Esqueci minha senha')
    // A wrong password is still just a wrong password: the check comes after the right one.
    expect((await customerLogin(LIVE, demo, 'Errada2026')).body).toEqual({ status: 'erro', error: 'senha' })
    const own = await customerWith('Propria2026')
    expect((await customerLogin(LIVE, own, 'Propria2026')).body).toEqual({ status: 'success' })
  })

  it('demo: the published password works from this machine only, unless DEMO_OPEN_TO_NETWORK=true', async () => {
    const demo = await customerWith(DEMO_PASSWORD)
    expect((await customerLogin({}, demo, DEMO_PASSWORD)).body).toEqual({ status: 'success' })
    expect((await customerLogin({}, demo, DEMO_PASSWORD, '127.0.0.1')).body).toEqual({ status: 'success' })
    expect(await customerLogin({}, demo, DEMO_PASSWORD, '203.0.113.7')).toEqual({
      status: 403,
      body: { estado: 'erro', msg: DEMO_ACCESS.onlyFromThisMachine.message },
    })
    expect((await customerLogin({ DEMO_OPEN_TO_NETWORK: 'true' }, demo, DEMO_PASSWORD, '203.0.113.8')).body).toEqual({ status: 'success' })
  })

  it('staff: refused in live with a pt-BR answer; from the network in demo; open from loopback', async () => {
    const member = await createStaffMember(db, 'dono')
    await db
      .update(staff)
      .set({ passwordHash: await hashPassword(DEMO_STAFF_PASSWORD) })
      .where(eq(staff.id, member.id))
    const live = await adminClient(db, LIVE).post('/admin/api/entrar', { email: member.email, senha: DEMO_STAFF_PASSWORD })
    expect(live.status).toBe(403)
    expect(live.body.msg).toBe(DEMO_ACCESS.staffPasswordPublished.message)
    expect(live.res.headers.getSetCookie()).toEqual([])
    const network = await adminClient(db, {}, '198.51.100.9').post('/admin/api/entrar', { email: member.email, senha: DEMO_STAFF_PASSWORD })
    expect(network.body.msg).toBe(DEMO_ACCESS.onlyFromThisMachine.message)
    const here = await adminClient(db, {}, '127.0.0.1').post('/admin/api/entrar', { email: member.email, senha: DEMO_STAFF_PASSWORD })
    expect(here.body.etapa).toBe('pronto')
  })
})

describe(`the sandbox in live mode (${testDbKind})`, () => {
  it("a live store rehearsing on the sandbox has no 'Simular pagamento': the call answers 404", async () => {
    const provider = createPaymentProvider({ ...testEnv, ...LIVE, dataDir, PAYMENTS_WEBHOOK_SECRET: 's'.repeat(32) }, db, pino({ level: 'silent' }))
    expect(sandboxOf(provider)).toBeNull()
    setPaymentProvider(db, provider)
    const shopper = await createShopper(db, `simula${testDbKind}`)
    const { request } = createTestApp(db, { ...LIVE, dataDir })
    const res = await request('/_next/api/pagamentos/simular/', {
      method: 'POST',
      json: { pedido: 'VT-2026-000001' },
      headers: { cookie: `vt_sid=${shopper.token}` },
    })
    expect(res.status).toBe(404)
    expect(sandboxOf(createPaymentProvider({ ...testEnv, dataDir, PAYMENTS_WEBHOOK_SECRET: 's'.repeat(32) }, db, pino({ level: 'silent' })))).not.toBeNull()
  })
})

describe(`the operator's /healthz detail (${testDbKind})`, () => {
  it('cache figures only for loopback or the METRICS_TOKEN; anyone else gets the plain answer', async () => {
    const { app } = createTestApp(db, { TRUST_PROXY: 'false', METRICS_TOKEN: 't'.repeat(24) })
    const ask = async (ip: string, headers: Record<string, string> = {}) =>
      (await app.request('http://localhost/healthz?detalhe=1', { headers }, { incoming: { socket: { remoteAddress: ip } } })).json()
    expect(await ask('203.0.113.20')).toEqual({ status: 'ok' })
    expect(await ask('203.0.113.20', { authorization: 'Bearer errado' })).toEqual({ status: 'ok' })
    expect(await ask('203.0.113.20', { authorization: `Bearer ${'t'.repeat(24)}` })).toHaveProperty('caches')
    expect(await ask('127.0.0.1')).toHaveProperty('caches')
  })
})

/** The newest .eml in the outbox that is to `to`, waiting for it (mail is a job, sent after the commit). */
async function mailTo(to: string): Promise<string> {
  const dir = path.join(dataDir, 'outbox')
  for (let i = 0; i < 50; i++) {
    let files: string[] = []
    try {
      files = readdirSync(dir).sort().reverse()
    } catch {
      files = []
    }
    for (const file of files) {
      const text = readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, '')
      if (text.includes(`To: ${to}`)) return text
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no e-mail to ${to}`)
}

describe(`links never come from the request (${testDbKind})`, () => {
  it.each([
    ['demo', { PORT: 3000, TRUST_PROXY: 'false' }, {}, 'http://localhost:3000'],
    ['demo, a forwarded host from a trusted proxy', { PORT: 3000, TRUST_PROXY: 'true' }, { 'x-forwarded-host': 'evil.example' }, 'http://localhost:3000'],
    ['live', { ...LIVE, TRUST_PROXY: 'true' }, { 'x-forwarded-host': 'evil.example' }, 'https://loja.example'],
  ] as const)('%s: a recovery asked with Host evil.example mails a link to the store', async (_, env, extra, origin) => {
    const email = await customerWith('Propria2026')
    const { app } = createTestApp(db, { ...env, dataDir } as Partial<Env>)
    const res = await app.request('http://evil.example/_auth/recuperar/', {
      method: 'POST',
      headers: { host: 'evil.example', origin: 'http://evil.example', 'content-type': 'application/json', ...extra },
      body: JSON.stringify({ email }),
    })
    expect(res.status).toBe(200)
    const mail = await mailTo(email)
    expect(mail).not.toContain('evil.example')
    expect(mail).toMatch(new RegExp(`${origin.replace(/[.:/]/g, '\\$&')}/cliente/nova-senha/[A-Za-z0-9_-]+`))
  })

  it('a kept page built with Host evil.example names the store; every visitor gets the store’s links', async () => {
    let renders = 0
    const app = createHttpApp({
      db,
      env: { ...testEnv, PORT: 3000, TRUST_PROXY: 'false' },
      store: storeProfile,
      log: pino({ level: 'silent' }),
      isReady: () => true,
      // A page as the routes build one: its canonical from siteOrigin(context), the same for everyone.
      pages: async (request, ctx) => {
        renders += 1
        const canonical = new URL(new URL(request.url).pathname, siteOrigin(ctx)).toString()
        return new Response(`<link rel="canonical" href="${canonical}">`, { headers: { 'content-type': 'text/html', ...sharedAnswer() } })
      },
    })
    const get = async (host: string) => {
      const res = await app.request(`http://${host}/sobre/poisoned/`, { headers: { host } })
      return { cache: res.headers.get('x-cache'), html: await res.text() }
    }
    expect(await get('evil.example')).toEqual({ cache: 'MISS', html: '<link rel="canonical" href="http://localhost:3000/sobre/poisoned/">' })
    expect(await get('localhost:3000')).toEqual({ cache: 'HIT', html: '<link rel="canonical" href="http://localhost:3000/sobre/poisoned/">' })
    expect(await get('other.example:3000')).toEqual({ cache: 'HIT', html: '<link rel="canonical" href="http://localhost:3000/sobre/poisoned/">' })
    // Another loopback address the visitor typed has its own copy, with its own links.
    expect(await get('127.0.0.1:3000')).toEqual({ cache: 'MISS', html: '<link rel="canonical" href="http://127.0.0.1:3000/sobre/poisoned/">' })
    expect(renders).toBe(2)
  })

  it("a kept page's inline scripts are allowed by hash: the nonce its HTML carries opens nothing", async () => {
    const app = createHttpApp({
      db,
      env: testEnv,
      store: storeProfile,
      log: pino({ level: 'silent' }),
      isReady: () => true,
      pages: async (_request, ctx) =>
        new Response(`<script nonce="${ctx.cspNonce}">window.a=1</script><script src="/x.js" nonce="${ctx.cspNonce}"></script>`, {
          headers: { 'content-type': 'text/html', ...sharedAnswer() },
        }),
    })
    const first = await app.request('http://localhost/sobre/scripts/')
    const second = await app.request('http://localhost/sobre/scripts/')
    expect(second.headers.get('x-cache')).toBe('HIT')
    const html = await second.text()
    const nonce = /nonce="([^"]+)"/.exec(html)![1]
    const hash = createHash('sha256').update('window.a=1').digest('base64')
    for (const res of [first, second]) {
      const policy = res.headers.get('content-security-policy') ?? ''
      expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`)
      expect(policy).not.toContain('nonce-')
      expect(policy).not.toContain(nonce)
    }
  })
})
