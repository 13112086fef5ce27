import { eq, sql } from 'drizzle-orm'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAFF, STAFF_FIELDS } from '../../contract/messages/staff'
import type { Database, Db } from '../../server/db/client'
import { auditLog, customers, staff, staffInvitations, staffSessions } from '../../server/db/schema'
import { hashPassword } from '../../server/domain/auth/password'
import { createSession } from '../../server/domain/session/session'
import { isRefusal } from '../../server/domain/refusal'
import { inviteStaff } from '../../server/domain/staff/invitations'
import { deleteExpiredStaffSessions } from '../../server/domain/staff/sessions'
import { demoPasswordsInUse, seedDemoStaff } from '../../server/seed/staff'
import { storeProfile } from '../../server/store-profile'
import pino from 'pino'
import { testEnv } from '../support/app'
import { loader as auditoriaLoader } from '../../app/routes/admin/auditoria'
import { action as tarefasAction, loader as tarefasLoader } from '../../app/routes/admin/tarefas'
import { action as entrarAction } from '../../app/routes/admin/entrar'
import { action as equipeAction, loader as equipeLoader } from '../../app/routes/admin/equipe'
import { adminClient, createStaffMember, runPage, STAFF_PASSWORD, totpCode, type AdminClient, type TestStaff } from '../support/admin'
import { createTestDatabase, testDbKind } from '../support/db'
import { runJobs } from '../support/jobs'
import type { Jobs } from '../../server/jobs/runner'

let database: Database
let db: Db
let dataDir: string
let owner: TestStaff

let jobs: Jobs
beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-admin-'))
  jobs = await runJobs(database, { dataDir })
  owner = await createStaffMember(db, 'dono', { totp: true })
})
afterAll(async () => {
  await jobs?.stop()
  await database?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const client = (env: Parameters<typeof adminClient>[1] = {}) => adminClient(db, { dataDir, ...env })
/** A client already in (its session opened directly: the login itself is tested above). */
async function loggedIn(member: TestStaff): Promise<AdminClient> {
  const c = client()
  await c.enter(member)
  return c
}
/** A page's loader or action run with `c`'s cookie. */
const page = (c: AdminClient, run: Parameters<typeof runPage>[2], url: string, json?: unknown) => runPage(db, c, run, { url, json })
/** A session-only probe: 401 without a working session (the TOTP step is not one), else 404 (no such person). */
const probe = async (c: AdminClient) => (await c.post('/admin/api/equipe/999999/papel', { role: 'dono' })).status
const auditLines = (action: string) => db.select().from(auditLog).where(eq(auditLog.action, action))

/** The invitation e-mails in the outbox, newest last, as text. */
function outbox(): string[] {
  const dir = path.join(dataDir, 'outbox')
  let files: string[] = []
  try {
    files = readdirSync(dir).sort()
  } catch {
    return []
  }
  return files.map((f) => readFileSync(path.join(dir, f), 'utf8'))
}
async function waitForMail(to: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mail = outbox().find((m) => m.includes(`To: ${to}`))
    if (mail) return mail
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`no mail to ${to}`)
}
/** The invitation link's token in an e-mail (quoted-printable may wrap lines). */
const tokenOf = (mail: string) => /\/admin\/convite\/([A-Za-z0-9_-]+)/.exec(mail.replace(/=\r?\n/g, ''))![1]

describe(`back office access (${testDbKind})`, () => {
  describe('login', () => {
    it('logs a person without TOTP in with a Strict, HttpOnly cookie on /admin, and audits it', async () => {
      const member = await createStaffMember(db, 'operacao')
      const c = client({ PUBLIC_URL: 'https://loja.example' })
      const res = await c.post('/admin/api/entrar', { email: member.email.toUpperCase(), senha: STAFF_PASSWORD })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ estado: 'sucesso', etapa: 'pronto' })
      const cookie = res.res.headers.get('set-cookie')!
      expect(cookie).toMatch(/^vt_admin=/)
      expect(cookie).toMatch(/HttpOnly/i)
      expect(cookie).toMatch(/SameSite=Strict/i)
      expect(cookie).toMatch(/Path=\/admin/i)
      expect(cookie).toMatch(/Secure/i)
      expect(cookie).toMatch(/Max-Age=43200/i)
      expect(res.res.headers.get('cache-control')).toBe('private, no-store')
      expect(res.res.headers.get('x-robots-tag')).toMatch(/noindex/)
      const lines = (await auditLines('sessao.entrar')).filter((l) => l.actorId === member.id)
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatchObject({ actorKind: 'staff', actorLabel: member.nome, ip: c.ip, entity: 'staff', entityId: String(member.id) })
      const [row] = await db.select({ lastLoginAt: staff.lastLoginAt }).from(staff).where(eq(staff.id, member.id))
      expect(row.lastLoginAt).not.toBeNull()
    })

    it('is not Secure over plain http', async () => {
      const member = await createStaffMember(db, 'operacao')
      const c = client()
      const res = await c.post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })
      expect(res.res.headers.get('set-cookie')).not.toMatch(/Secure/i)
    })

    it('refuses a wrong password and an unknown e-mail with the same pt-BR message', async () => {
      const member = await createStaffMember(db, 'atendimento')
      const c = client()
      const wrong = await c.post('/admin/api/entrar', { email: member.email, senha: 'errada123' })
      const unknown = await c.post('/admin/api/entrar', { email: 'ninguem@example.com', senha: 'errada123' })
      expect(wrong.status).toBe(401)
      expect(unknown.status).toBe(401)
      expect(wrong.body).toEqual({ estado: 'erro', msg: STAFF.credentials.message })
      expect(unknown.body).toEqual(wrong.body)
      expect(c.jar.has('vt_admin')).toBe(false)
    })

    it('refuses a customer’s credentials: customers are not staff', async () => {
      const email = `cliente-${testDbKind}@example.com`
      await db.insert(customers).values({ nome: 'Cli', email, passwordHash: await hashPassword(STAFF_PASSWORD) })
      const res = await client().post('/admin/api/entrar', { email, senha: STAFF_PASSWORD })
      expect(res.status).toBe(401)
    })

    it('refuses junk with a 4xx in pt-BR', async () => {
      const c = client()
      expect((await c.post('/admin/api/entrar', { email: 'não é e-mail', senha: 'x' })).body.msg).toBe('Formato de email inválido!')
      expect((await c.post('/admin/api/entrar', { email: 'a@b.co' })).status).toBe(422)
      expect((await c.post('/admin/api/entrar', { email: 'a@b.co', senha: 'x', extra: 1 })).status).toBe(422)
      const notJson = await c.request('/admin/api/entrar', {
        method: 'POST',
        body: 'email=a',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      expect(notJson.status).toBe(415)
      const badJson = await c.request('/admin/api/entrar', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } })
      expect(badJson.status).toBe(400)
    })

    it('locks the client after 10 wrong passwords in 15 minutes, even for the right one; the person gets in from elsewhere', async () => {
      const member = await createStaffMember(db, 'operacao')
      // One attacker's misses lock that attacker (IP and e-mail), not the person (docs/decisions/0124-staff-accounts.md).
      const attacker = client()
      for (let i = 0; i < 10; i++) expect((await attacker.post('/admin/api/entrar', { email: member.email, senha: `errada${i}x` })).status).toBe(401)
      const right = await attacker.post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })
      expect(right.status).toBe(429)
      expect(right.body.msg).toBe(STAFF.locked.message)
      expect((await client().post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })).status).toBe(200)
    }, 120_000)

    it('refuses a cross-site POST (Origin of another host)', async () => {
      const member = await createStaffMember(db, 'operacao')
      const res = await client().post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD }, { headers: { origin: 'https://evil.example' } })
      expect(res.status).toBe(403)
    })
  })

  describe('TOTP', () => {
    it('asks for the code after the password; the code step opens nothing; the right code rotates the cookie', async () => {
      const member = await createStaffMember(db, 'dono', { totp: true })
      const c = client()
      const first = await c.post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })
      expect(first.body).toEqual({ estado: 'sucesso', etapa: 'totp' })
      const stageCookie = c.jar.get('vt_admin')
      expect(await probe(c)).toBe(401)
      const wrong = await c.post('/admin/api/entrar/codigo', { codigo: '000000' === (await totpCode(member.totpSecret!)) ? '111111' : '000000' })
      expect(wrong.status).toBe(422)
      expect(wrong.body.msg).toBe(STAFF.wrongCode.message)
      expect((await c.post('/admin/api/entrar/codigo', { codigo: '12a456' })).body.msg).toBe(STAFF_FIELDS.codeFormat)
      const right = await c.post('/admin/api/entrar/codigo', { codigo: await totpCode(member.totpSecret!) })
      expect(right.status).toBe(200)
      expect(c.jar.get('vt_admin')).not.toBe(stageCookie)
      expect(await probe(c)).toBe(404)
      // The stage session is gone: its cookie opens nothing any more.
      const old = client()
      old.jar.set('vt_admin', stageCookie!)
      expect((await old.post('/admin/api/entrar/codigo', { codigo: await totpCode(member.totpSecret!, 1) })).status).toBe(401)
    })

    it('takes a code once (a replayed code is refused)', async () => {
      const member = await createStaffMember(db, 'operacao', { totp: true })
      const code = await totpCode(member.totpSecret!)
      const a = client()
      await a.post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })
      expect((await a.post('/admin/api/entrar/codigo', { codigo: code })).status).toBe(200)
      const b = client()
      await b.post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })
      expect((await b.post('/admin/api/entrar/codigo', { codigo: code })).status).toBe(422)
    })

    it('counts wrong codes with wrong passwords: the 10th locks the account', async () => {
      const member = await createStaffMember(db, 'operacao', { totp: true })
      const c = client()
      await c.post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })
      const good = await totpCode(member.totpSecret!)
      const bad = good === '123456' ? '654321' : '123456'
      for (let i = 0; i < 10; i++) expect((await c.post('/admin/api/entrar/codigo', { codigo: bad })).status).toBe(422)
      const locked = await c.post('/admin/api/entrar/codigo', { codigo: good })
      expect(locked.status).toBe(429)
      expect((await client().post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })).status).toBe(429)
    })

    it('enrols with a QR code and a first code; the next login asks for a code', async () => {
      const member = await createStaffMember(db, 'atendimento')
      const c = await loggedIn(member)
      const start = await c.post('/admin/api/seguranca/totp/inicio')
      expect(start.status).toBe(200)
      expect(start.body.qrSvg).toMatch(/^<svg/)
      expect(start.body.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/)
      const secret = String(start.body.segredo)
      expect((await c.post('/admin/api/seguranca/totp/ativar', { codigo: '000000' === (await totpCode(secret)) ? '111111' : '000000' })).status).toBe(422)
      expect((await c.post('/admin/api/seguranca/totp/ativar', { codigo: await totpCode(secret) })).status).toBe(200)
      expect((await c.post('/admin/api/seguranca/totp/inicio')).status).toBe(409)
      expect((await auditLines('totp.ativar')).some((l) => l.actorId === member.id)).toBe(true)
      const again = await client().post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })
      expect(again.body.etapa).toBe('totp')
    })

    it('refuses confirming before a QR code was made', async () => {
      const c = await loggedIn(await createStaffMember(db, 'operacao'))
      expect((await c.post('/admin/api/seguranca/totp/ativar', { codigo: '123456' })).body.msg).toBe(STAFF.totpNotStarted.message)
    })
  })

  describe('the guard', () => {
    it('answers 401 without a staff session, and a shopper’s session is not one', async () => {
      const anonymous = client()
      expect(await probe(anonymous)).toBe(401)
      const { token } = await createSession(db, null)
      const shopper = client()
      shopper.jar.set('vt_sid', token)
      const res = await shopper.post('/admin/api/seguranca/totp/inicio')
      expect(res.status).toBe(401)
      expect(res.body.msg).toBe(STAFF.sessionEnded.message)
    })

    it('refuses a permission the role lacks with 403 in pt-BR and an audit line', async () => {
      const member = await createStaffMember(db, 'atendimento')
      const c = await loggedIn(member)
      const res = await c.post('/admin/api/equipe/convites', { email: 'x@example.com', nome: 'X', role: 'dono' })
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ estado: 'erro', msg: STAFF.forbidden.message })
      // The pages: the same check, audited alike.
      expect((await page(c, equipeLoader, '/admin/equipe')).status).toBe(403)
      expect((await page(c, auditoriaLoader, '/admin/auditoria')).status).toBe(403)
      const action = await page(c, equipeAction, '/admin/equipe', { intent: 'ativo', id: owner.id, ativo: false })
      expect(action).toMatchObject({ status: 403, data: { ok: false, code: STAFF.forbidden.code } })
      const denied = (await auditLines('acesso negado')).filter((l) => l.actorId === member.id)
      expect(denied.map((l) => l.entityId).sort()).toEqual(['audit:read', 'staff:manage', 'staff:manage', 'staff:manage'])
      expect(denied[0].after).toMatchObject({ perfil: 'atendimento' })
      const operacao = await loggedIn(await createStaffMember(db, 'operacao'))
      expect((await page(operacao, equipeLoader, '/admin/equipe')).status).toBe(403)
    })

    it('Tarefas com falha: Dono and Operação see and retry them; Atendimento gets 403, audited', async () => {
      for (const role of ['dono', 'operacao'] as const) {
        const c = await loggedIn(await createStaffMember(db, role))
        const res = await page(c, tarefasLoader, '/admin/tarefas')
        expect(res.status).toBe(200)
        expect(res.data).toEqual({ tarefas: expect.any(Array) })
        // An unknown job: the action runs (the permission holds) and says it found nothing to retry.
        const retry = await page(c, tarefasAction, '/admin/tarefas', { intent: 'tentar', fila: 'email', id: '00000000-0000-4000-8000-000000000000' })
        expect(retry.status).not.toBe(403)
      }
      const member = await createStaffMember(db, 'atendimento')
      const c = await loggedIn(member)
      expect((await page(c, tarefasLoader, '/admin/tarefas')).status).toBe(403)
      const action = await page(c, tarefasAction, '/admin/tarefas', { intent: 'tentar', fila: 'email', id: '00000000-0000-4000-8000-000000000000' })
      expect(action).toMatchObject({ status: 403, data: { ok: false, code: STAFF.forbidden.code } })
      const denied = (await auditLines('acesso negado')).filter((l) => l.actorId === member.id)
      expect(denied.map((l) => l.entityId)).toEqual(['jobs:manage', 'jobs:manage'])
    })

    it('ends a session idle for 30 minutes, or 12 hours old', async () => {
      const member = await createStaffMember(db, 'operacao')
      const idle = await loggedIn(member)
      const old = await loggedIn(member)
      const list = await db.select().from(staffSessions).where(eq(staffSessions.staffId, member.id))
      expect(list).toHaveLength(2)
      const probe = async (c: AdminClient) => (await c.post('/admin/api/seguranca/totp/inicio')).status
      expect(await probe(idle)).toBe(200)
      await db
        .update(staffSessions)
        .set({ lastSeenAt: sql`now() - interval '31 minutes'` })
        .where(eq(staffSessions.id, list[0].id))
      await db
        .update(staffSessions)
        .set({ createdAt: sql`now() - interval '13 hours'` })
        .where(eq(staffSessions.id, list[1].id))
      expect(await probe(idle)).toBe(401)
      expect(await probe(old)).toBe(401)
    })

    it('a new login ends the browser’s previous session; maintenance deletes expired ones', async () => {
      const a = await createStaffMember(db, 'operacao')
      const b = await createStaffMember(db, 'atendimento')
      const c = client()
      await c.login(a)
      const first = c.jar.get('vt_admin')!
      await c.login(b)
      const replay = client()
      replay.jar.set('vt_admin', first)
      expect((await replay.post('/admin/api/seguranca/totp/inicio')).status).toBe(401)
      expect(await db.select().from(staffSessions).where(eq(staffSessions.staffId, a.id))).toHaveLength(0)
      await db
        .update(staffSessions)
        .set({ lastSeenAt: sql`now() - interval '31 minutes'` })
        .where(eq(staffSessions.staffId, b.id))
      await deleteExpiredStaffSessions(db)
      expect(await db.select().from(staffSessions).where(eq(staffSessions.staffId, b.id))).toHaveLength(0)
    })

    it('Sair ends the session at once', async () => {
      const member = await createStaffMember(db, 'operacao')
      const c = await loggedIn(member)
      const token = c.jar.get('vt_admin')!
      const res = await c.post('/admin/api/sair')
      expect(res.status).toBe(200)
      expect(res.res.headers.get('set-cookie')).toMatch(/vt_admin=;.*Max-Age=0/i)
      const replay = client()
      replay.jar.set('vt_admin', token)
      expect((await replay.post('/admin/api/seguranca/totp/inicio')).status).toBe(401)
      expect((await auditLines('sessao.sair')).some((l) => l.actorId === member.id)).toBe(true)
    })

    it('sends /admin to /admin/ (the cookie’s path), unindexed and unstored', async () => {
      const res = await client().request('/admin?x=1')
      expect(res.status).toBe(308)
      expect(res.headers.get('location')).toBe('/admin/?x=1')
      expect(res.headers.get('x-robots-tag')).toMatch(/noindex/)
      expect(res.headers.get('cache-control')).toBe('private, no-store')
    })

    it('answers an unknown admin call with a JSON 404', async () => {
      const res = await client().get('/admin/api/nada')
      expect(res.status).toBe(404)
      expect(res.body.estado).toBe('erro')
    })
  })

  describe('Equipe', () => {
    it('requires the Dono to have TOTP before managing staff', async () => {
      const plain = await createStaffMember(db, 'dono')
      const c = await loggedIn(plain)
      expect((await page(c, equipeLoader, '/admin/equipe')).status).toBe(200)
      const res = await c.post('/admin/api/equipe/convites', { email: 'novo@example.com', nome: 'Novo', role: 'atendimento' })
      expect(res.status).toBe(403)
      expect(res.body.msg).toBe(STAFF.totpRequired.message)
      const other = await createStaffMember(db, 'operacao')
      const viaPage = await page(c, equipeAction, '/admin/equipe', { intent: 'ativo', id: other.id, ativo: false })
      expect(viaPage).toMatchObject({ status: 403, data: { code: STAFF.totpRequired.code } })
    })

    it('lists the staff without hashes or secrets', async () => {
      const c = await loggedIn(owner)
      const res = await page(c, equipeLoader, '/admin/equipe')
      expect(res.status).toBe(200)
      expect(JSON.stringify(res.data)).not.toMatch(/scrypt|password|totpSecret|segredo/i)
      const people = (res.data as { people: { email: string; actions: object }[] }).people
      expect(people.find((p) => p.email === owner.email)?.actions).toEqual({ role: false, active: false, removeTotp: false })
    })

    it('invites by e-mail; the link sets the password once, within 48 hours', async () => {
      const c = await loggedIn(owner)
      const email = `convidada-${testDbKind}@example.com`
      const res = await c.post('/admin/api/equipe/convites', { email: email.toUpperCase(), nome: 'Convidada', role: 'atendimento' })
      expect(res.status).toBe(200)
      const mail = await waitForMail(email)
      expect(mail).toMatch(/^Subject: (=\?UTF-8\?Q\?)?Convite[ _]para[ _]a[ _]equipe/m)
      const token = tokenOf(mail)
      const equipe = await page(c, equipeLoader, '/admin/equipe')
      expect((equipe.data as { invitations: { email: string }[] }).invitations.map((i) => i.email)).toContain(email)
      expect((await auditLines('equipe.convidar')).some((l) => l.entityId === email && l.actorId === owner.id)).toBe(true)

      const guest = client()
      const weak = await guest.post('/admin/api/convites/aceitar', { token, nome: 'Convidada', senha: 'curta', confirmacao: 'curta' })
      expect(weak.status).toBe(422)
      const mismatch = await guest.post('/admin/api/convites/aceitar', { token, nome: 'Convidada', senha: 'Convite2027!', confirmacao: 'Convite2027?' })
      expect(mismatch.body.msg).toBe(STAFF_FIELDS.confirmation)
      const accepted = await guest.post('/admin/api/convites/aceitar', { token, nome: 'Ana Convidada', senha: 'Convite2027!', confirmacao: 'Convite2027!' })
      expect(accepted.status).toBe(200)
      expect(guest.jar.has('vt_admin')).toBe(true)
      // In as an Atendimento at once.
      expect((await guest.post('/admin/api/equipe/convites', { email: 'y@example.com', nome: 'Y', role: 'dono' })).status).toBe(403)
      const [row] = await db.select().from(staff).where(eq(staff.email, email))
      expect(row).toMatchObject({ nome: 'Ana Convidada', role: 'atendimento', active: true })
      expect(row.passwordHash).toMatch(/^scrypt\$/)
      // Single use.
      const twice = await client().post('/admin/api/convites/aceitar', { token, nome: 'Outra', senha: 'Convite2027!', confirmacao: 'Convite2027!' })
      expect(twice.status).toBe(422)
      expect(twice.body.msg).toBe(STAFF.invitationInvalid.message)
      // An e-mail already on the staff cannot be invited again.
      expect((await c.post('/admin/api/equipe/convites', { email, nome: 'X', role: 'dono' })).status).toBe(409)
    })

    it('invites from the operator command (npm run equipe), audited as "linha de comando"', async () => {
      const email = `cli-${testDbKind}@example.com`
      const deps = { db, env: { ...testEnv, dataDir }, store: storeProfile, log: pino({ level: 'silent' }) }
      const result = await inviteStaff(deps, { actor: { kind: 'cli' }, email, nome: 'Pela Linha', role: 'dono', origin: 'https://loja.example' })
      if (isRefusal(result)) throw result
      expect(result.url).toMatch(/^https:\/\/loja\.example\/admin\/convite\//)
      expect(tokenOf(await waitForMail(email))).toBe(result.url.split('/').pop())
      const [line] = (await auditLines('equipe.convidar')).filter((l) => l.entityId === email)
      expect(line).toMatchObject({ actorKind: 'cli', actorLabel: 'linha de comando', actorId: null })
      const accepted = await client().post('/admin/api/convites/aceitar', {
        token: result.url.split('/').pop(),
        nome: 'Pela Linha',
        senha: 'Convite2027!',
        confirmacao: 'Convite2027!',
      })
      expect(accepted.status).toBe(200)
    })

    it('refuses an expired invitation', async () => {
      const c = await loggedIn(owner)
      const email = `expirada-${testDbKind}@example.com`
      await c.post('/admin/api/equipe/convites', { email, nome: 'Expirada', role: 'operacao' })
      const token = tokenOf(await waitForMail(email))
      await db
        .update(staffInvitations)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(staffInvitations.email, email))
      const res = await client().post('/admin/api/convites/aceitar', { token, nome: 'Expirada', senha: 'Convite2027!', confirmacao: 'Convite2027!' })
      expect(res.status).toBe(422)
      expect(await db.select().from(staff).where(eq(staff.email, email))).toHaveLength(0)
    })

    it('refuses a bad invitation in pt-BR and writes nothing', async () => {
      const c = await loggedIn(owner)
      const before = (await db.select().from(staffInvitations)).length
      expect((await c.post('/admin/api/equipe/convites', { email: 'ruim', nome: 'X', role: 'dono' })).body.msg).toBe('Formato de email inválido!')
      expect((await c.post('/admin/api/equipe/convites', { email: 'a@example.com', nome: 'X', role: 'admin' })).body.msg).toBe(STAFF_FIELDS.roleInvalid)
      expect((await c.post('/admin/api/equipe/convites', { email: 'a@example.com', nome: '  ', role: 'dono' })).body.msg).toBe(STAFF_FIELDS.nameEmpty)
      expect((await db.select().from(staffInvitations)).length).toBe(before)
    })

    it('deactivating a person ends their sessions at once; reactivating lets them in again', async () => {
      const member = await createStaffMember(db, 'operacao')
      const them = await loggedIn(member)
      const me = await loggedIn(owner)
      const res = await me.post(`/admin/api/equipe/${member.id}/ativo`, { ativo: false })
      expect(res.status).toBe(200)
      expect((await them.post('/admin/api/seguranca/totp/inicio')).status).toBe(401)
      expect(await db.select().from(staffSessions).where(eq(staffSessions.staffId, member.id))).toHaveLength(0)
      expect((await client().post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })).status).toBe(401)
      const [line] = (await auditLines('equipe.desativar')).filter((l) => l.entityId === String(member.id))
      expect(line.before).toMatchObject({ active: true, role: 'operacao' })
      expect(line.after).toMatchObject({ active: false, sessoesEncerradas: 1 })
      expect((await me.post(`/admin/api/equipe/${member.id}/ativo`, { ativo: true })).status).toBe(200)
      expect((await client().post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })).status).toBe(200)
    })

    it('changes a role (audited, sessions ended) and refuses changing oneself or junk', async () => {
      const member = await createStaffMember(db, 'atendimento')
      const them = await loggedIn(member)
      const me = await loggedIn(owner)
      expect((await me.post(`/admin/api/equipe/${member.id}/papel`, { role: 'operacao' })).status).toBe(200)
      expect((await them.post('/admin/api/seguranca/totp/inicio')).status).toBe(401)
      const [line] = (await auditLines('equipe.mudar_perfil')).filter((l) => l.entityId === String(member.id))
      expect(line).toMatchObject({ before: { role: 'atendimento' }, after: { role: 'operacao' } })
      expect((await me.post(`/admin/api/equipe/${owner.id}/papel`, { role: 'atendimento' })).body.msg).toBe(STAFF.notOneself.message)
      expect((await me.post(`/admin/api/equipe/${owner.id}/ativo`, { ativo: false })).status).toBe(403)
      expect((await me.post('/admin/api/equipe/999999/papel', { role: 'dono' })).status).toBe(404)
      expect((await me.post('/admin/api/equipe/abc/papel', { role: 'dono' })).status).toBe(404)
      expect((await me.post(`/admin/api/equipe/${member.id}/papel`, { role: 'chefe' })).status).toBe(422)
      expect((await me.post(`/admin/api/equipe/${member.id}/ativo`, { ativo: 'nao' })).status).toBe(422)
    })

    it('removes someone’s TOTP (lost phone): they log in with the password alone', async () => {
      const member = await createStaffMember(db, 'operacao', { totp: true })
      const me = await loggedIn(owner)
      expect((await me.post(`/admin/api/equipe/${member.id}/totp/remover`)).status).toBe(200)
      expect((await client().post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })).body.etapa).toBe('pronto')
    })
  })

  describe('Auditoria', () => {
    it('lists lines newest first, filtered by who, action, entity and dates, 50 a page', async () => {
      const c = await loggedIn(owner)
      const audit = async (query: string) =>
        (await page(c, auditoriaLoader, `/admin/auditoria${query}`)).data as { linhas: unknown[]; proxima: number | null; invalid: string | null }
      const all = await page(c, auditoriaLoader, '/admin/auditoria')
      expect(all.status).toBe(200)
      const linhas = (all.data as { linhas: unknown[] }).linhas as { id: number; acao: string; quemId: number | null; entidade: string }[]
      expect(linhas.length).toBeGreaterThan(0)
      expect(linhas.map((l) => l.id)).toEqual([...linhas.map((l) => l.id)].sort((a, b) => b - a))
      const mineRows = (await audit(`?quem=${owner.id}&acao=equipe.convidar`)).linhas as typeof linhas
      expect(mineRows.length).toBeGreaterThan(0)
      expect(mineRows.every((l) => l.quemId === owner.id && l.acao === 'equipe.convidar')).toBe(true)
      const staffRows = (await audit('?entidade=staff_invitation')).linhas as typeof linhas
      expect(staffRows.every((l) => l.entidade === 'staff_invitation')).toBe(true)
      const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' })
      expect((await audit(`?de=${today}&ate=${today}`)).linhas.length).toBeGreaterThan(0)
      expect((await audit('?ate=2020-01-01')).linhas.length).toBe(0)
      expect((await audit('?de=ontem')).invalid).toBe(STAFF_FIELDS.dateInvalid)
    })

    it('pages with a cursor and never repeats a line', async () => {
      const c = await loggedIn(owner)
      // Enough lines for three pages.
      await db.insert(auditLog).values(
        Array.from({ length: 120 }, (_, i) => ({
          actorKind: 'cli' as const,
          actorLabel: 'linha de comando',
          action: 'teste.paginar',
          entity: 'teste',
          entityId: String(i),
        })),
      )
      const seen: number[] = []
      let cursor: number | null = null
      for (let round = 0; round < 5; round++) {
        const res = (await page(c, auditoriaLoader, `/admin/auditoria?acao=teste.paginar${cursor ? `&antes=${cursor}` : ''}`)).data as {
          linhas: { id: number }[]
          proxima: number | null
        }
        seen.push(...res.linhas.map((l) => l.id))
        cursor = res.proxima
        if (!cursor) break
      }
      expect(seen).toHaveLength(120)
      expect(new Set(seen).size).toBe(120)
    })

    it('keeps the log append-only: UPDATE and DELETE are refused by the database', async () => {
      await expect(db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow()
      await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow()
      expect((await db.select().from(auditLog)).length).toBeGreaterThan(0)
    })
  })

  describe('races', () => {
    it('two tabs accepting one invitation make one account', async () => {
      const c = await loggedIn(owner)
      const email = `corrida-${testDbKind}@example.com`
      await c.post('/admin/api/equipe/convites', { email, nome: 'Corrida', role: 'operacao' })
      const token = tokenOf(await waitForMail(email))
      const body = { token, nome: 'Corrida', senha: 'Convite2027!', confirmacao: 'Convite2027!' }
      const results = await Promise.all([client().post('/admin/api/convites/aceitar', body), client().post('/admin/api/convites/aceitar', body)])
      expect(results.map((r) => r.status).sort()).toEqual([200, 422])
      expect(await db.select().from(staff).where(eq(staff.email, email))).toHaveLength(1)
    })

    it('two Donos demoting each other at once leave one Dono', async () => {
      const fresh = await createTestDatabase()
      try {
        const passwordHash = await hashPassword(STAFF_PASSWORD)
        // Several rounds: the two transactions must overlap at least once for the test to mean anything.
        for (let round = 0; round < 8; round++) {
          await fresh.db.delete(staff)
          const [a, b] = await fresh.db
            .insert(staff)
            .values(
              ['a', 'b'].map((n) => ({ nome: n, email: `${n}${round}@example.com`, role: 'dono' as const, passwordHash, totpSecret: 'JBSWY3DPEHPK3PXP' })),
            )
            .returning({ id: staff.id })
          const [ca, cb] = [adminClient(fresh.db, { dataDir }), adminClient(fresh.db, { dataDir })]
          await ca.enter({ id: a.id } as TestStaff)
          await cb.enter({ id: b.id } as TestStaff)
          const results = await Promise.all([
            ca.post(`/admin/api/equipe/${b.id}/papel`, { role: 'operacao' }),
            cb.post(`/admin/api/equipe/${a.id}/papel`, { role: 'operacao' }),
          ])
          const statuses = results.map((r) => r.status).sort()
          // The later one is refused as the last Dono, or finds its own session ended by the first.
          expect(statuses[0]).toBe(200)
          expect([401, 409]).toContain(statuses[1])
          expect(await fresh.db.select().from(staff).where(eq(staff.role, 'dono'))).toHaveLength(1)
        }
      } finally {
        await fresh.close()
      }
    })
  })

  describe('the pages’ actions', () => {
    it('log in with the password, then the code, and go on to `volta` (inside /admin only) with the cookie', async () => {
      const member = await createStaffMember(db, 'operacao', { totp: true })
      const c = client()
      const wrong = await page(c, entrarAction, '/admin/entrar', { intent: 'entrar', email: member.email, senha: 'errada123' })
      expect(wrong).toMatchObject({ status: 401, data: { ok: false, code: STAFF.credentials.code } })
      const first = await page(c, entrarAction, '/admin/entrar', { intent: 'entrar', email: member.email, senha: STAFF_PASSWORD })
      expect(first).toMatchObject({ status: 200, data: { ok: true, etapa: 'totp' } })
      expect(first.headers.get('set-cookie')).toMatch(/^vt_admin=.+; Max-Age=43200; Path=\/admin; HttpOnly; SameSite=Strict$/)
      expect(await probe(c)).toBe(401)
      const code = await page(c, entrarAction, '/admin/entrar', { intent: 'codigo', codigo: await totpCode(member.totpSecret!), volta: '/admin/pedidos?x=1' })
      expect(code).toMatchObject({ status: 302, location: '/admin/pedidos?x=1' })
      expect(await probe(c)).toBe(403) // in: an Operação may not manage the staff
      expect((await auditLines('sessao.entrar')).filter((l) => l.actorId === member.id)).toHaveLength(1)

      const plain = await createStaffMember(db, 'atendimento')
      const elsewhere = await page(client(), entrarAction, '/admin/entrar', {
        intent: 'entrar',
        email: plain.email,
        senha: STAFF_PASSWORD,
        volta: 'https://evil.example/',
      })
      expect(elsewhere.location).toBe('/admin/')
      // A line break would make the Location header invalid (a 500 after a right password); a
      // backslash or a tab is another path than the one written: each goes to the Painel.
      for (const volta of ['/admin/\r\nSet-Cookie: x=1', '/admin/%0d%0ax', '/admin/\\evil', '/admin/\t/x']) {
        const odd = await page(client(), entrarAction, '/admin/entrar', { intent: 'entrar', email: plain.email, senha: STAFF_PASSWORD, volta })
        expect({ volta, status: odd.status, location: odd.location }).toEqual({ volta, status: 302, location: '/admin/' })
      }
    })

    it('an expired code step says so by its code; Sair ends the session, clears the cookie and is audited', async () => {
      const c = client()
      expect(await page(c, entrarAction, '/admin/entrar', { intent: 'codigo', codigo: '123456' })).toMatchObject({
        status: 401,
        data: { code: STAFF.codeStepExpired.code },
      })
      const member = await createStaffMember(db, 'operacao')
      await c.enter(member)
      const out = await page(c, entrarAction, '/admin/entrar', { intent: 'sair' })
      expect(out).toMatchObject({ status: 302, location: '/admin/entrar' })
      expect(out.headers.get('set-cookie')).toMatch(/^vt_admin=; Max-Age=0/)
      expect(c.jar.has('vt_admin')).toBe(false)
      expect((await auditLines('sessao.sair')).some((l) => l.actorId === member.id)).toBe(true)
    })

    it('Equipe: invites and changes a person with the sentences the page shows; refusals carry their codes', async () => {
      const c = await loggedIn(owner)
      const email = `pagina-${testDbKind}@example.com`
      const invited = await page(c, equipeAction, '/admin/equipe', { intent: 'convidar', email, nome: 'Pela Página', role: 'operacao' })
      expect(invited).toMatchObject({ status: 200, data: { ok: true, msg: `Convite enviado para ${email}.` } })
      expect((await page(c, equipeAction, '/admin/equipe', { intent: 'convidar', email: owner.email, nome: 'X', role: 'dono' })).data).toMatchObject({
        code: STAFF.emailTaken.code,
      })
      const member = await createStaffMember(db, 'atendimento', { totp: true })
      expect((await page(c, equipeAction, '/admin/equipe', { intent: 'papel', id: member.id, role: 'operacao' })).data).toMatchObject({
        ok: true,
        msg: `${member.nome} agora é Operação.`,
      })
      expect((await page(c, equipeAction, '/admin/equipe', { intent: 'ativo', id: member.id, ativo: false })).data).toMatchObject({
        msg: `${member.nome} foi desativado(a); as sessões dele(a) foram encerradas.`,
      })
      expect((await page(c, equipeAction, '/admin/equipe', { intent: 'remover-totp', id: member.id })).data).toMatchObject({
        msg: `Verificação em duas etapas de ${member.nome} removida.`,
      })
      expect((await page(c, equipeAction, '/admin/equipe', { intent: 'ativo', id: owner.id, ativo: false })).data).toMatchObject({
        code: STAFF.notOneself.code,
      })
      expect((await page(c, equipeAction, '/admin/equipe', { intent: 'papel', id: 999_999, role: 'dono' })).data).toMatchObject({ code: STAFF.notFound.code })
      expect((await page(c, equipeAction, '/admin/equipe', { intent: 'papel', id: member.id, role: 'chefe' })).status).toBe(422)
    })
  })

  describe('demo staff', () => {
    it('seeds the three demo accounts on an empty staff table only, and knows their password is in use', async () => {
      const fresh = await createTestDatabase()
      try {
        expect(await seedDemoStaff(fresh.db)).toBe(true)
        expect(await seedDemoStaff(fresh.db)).toBe(false)
        const rows = await fresh.db.select({ email: staff.email, role: staff.role, totp: staff.totpSecret }).from(staff)
        expect(rows.map((r) => `${r.email}:${r.role}`).sort()).toEqual([
          'atendimento.demo@example.com:atendimento',
          'dono.demo@example.com:dono',
          'operacao.demo@example.com:operacao',
        ])
        expect(rows.every((r) => r.totp === null)).toBe(true)
        expect((await demoPasswordsInUse(fresh.db)).length).toBe(3)
        await fresh.db
          .update(staff)
          .set({ passwordHash: await hashPassword('OutraSenha1') })
          .where(eq(staff.email, 'dono.demo@example.com'))
        expect((await demoPasswordsInUse(fresh.db)).sort()).toEqual(['atendimento.demo@example.com', 'operacao.demo@example.com'])
        // The published password opens a demo account from this machine (docs/decisions/0122-live-mode.md).
        const c = adminClient(fresh.db, { dataDir }, '127.0.0.1')
        expect((await c.post('/admin/api/entrar', { email: 'operacao.demo@example.com', senha: 'Demo@2026' })).body.etapa).toBe('pronto')
      } finally {
        await fresh.close()
      }
    })
  })
})
