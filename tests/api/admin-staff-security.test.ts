import { and, eq, sql } from 'drizzle-orm'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ACCOUNT } from '../../contract/messages/account-reasons'
import { STAFF, STAFF_DONE } from '../../contract/messages/staff'
import { action as conviteAction } from '../../app/routes/admin/convite'
import { action as segurancaAction } from '../../app/routes/admin/seguranca'
import type { Database, Db } from '../../server/db/client'
import { auditLog, staff, staffRecoveryCodes } from '../../server/db/schema'
import { sealClearTotpSecrets } from '../../server/domain/staff/totp'
import { secretBox } from '../../server/lib/secret-box'
import type * as Passwords from '../../server/domain/auth/password'
import { inviteStaff } from '../../server/domain/staff/invitations'
import { clearStore } from '../../server/seed/reset'
import { storeProfile } from '../../server/store-profile'
import pino from 'pino'
import { testEnv } from '../support/app'
import { adminClient, createStaffMember, runPage, STAFF_PASSWORD, totpCode } from '../support/admin'
import { createTestDatabase, testDbKind } from '../support/db'

/** How many passwords were hashed or checked (scrypt runs), counted around the real functions. */
const scrypt = vi.hoisted(() => ({ hash: 0, verify: 0 }))
vi.mock('../../server/domain/auth/password', async (importOriginal) => {
  const real = await importOriginal<typeof Passwords>()
  return {
    ...real,
    hashPassword: (plain: string) => (scrypt.hash++, real.hashPassword(plain)),
    verifyPassword: (plain: string, stored: string) => (scrypt.verify++, real.verifyPassword(plain, stored)),
  }
})

let database: Database
let db: Db
let dataDir: string

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-staffsec-'))
})
afterAll(async () => {
  await database?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const client = (env: Parameters<typeof adminClient>[1] = {}, ip?: string) => adminClient(db, { dataDir, ...env }, ip)
const deps = () => ({ db, env: { ...testEnv, dataDir }, store: storeProfile, log: pino({ level: 'silent' }) })
async function invite(email: string) {
  const sent = await inviteStaff(deps(), { actor: { kind: 'cli' }, email, nome: 'Convidada', role: 'atendimento', origin: 'http://localhost' })
  if (!('url' in sent)) throw new Error(sent.message)
  return sent.url.split('/').pop()!
}

describe(`staff accounts a shop can trust (${testDbKind})`, () => {
  describe('the staff cookie', () => {
    it('is Secure when a trusted proxy says the client came over https', async () => {
      const member = await createStaffMember(db, 'operacao')
      const res = await client().post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD }, { headers: { 'x-forwarded-proto': 'https' } })
      expect(res.status).toBe(200)
      expect(res.res.headers.get('set-cookie')).toMatch(/;\s*Secure/i)
    })
  })

  describe('invitation acceptance', () => {
    it('hashes no password for an unknown token', async () => {
      const before = scrypt.hash
      const res = await client().post('/admin/api/convites/aceitar', { token: 'x'.repeat(40), nome: 'Eu', senha: 'Convite2027!', confirmacao: 'Convite2027!' })
      expect(res.status).toBe(422)
      expect(res.body.msg).toBe(STAFF.invitationInvalid.message)
      expect(scrypt.hash).toBe(before)
    })

    it('limits acceptances per IP (10 an hour), known token or not', async () => {
      const c = client()
      const body = { token: 'y'.repeat(40), nome: 'Eu', senha: 'Convite2027!', confirmacao: 'Convite2027!' }
      for (let i = 0; i < 10; i++) expect((await c.post('/admin/api/convites/aceitar', body)).status).toBe(422)
      const token = await invite(`limite-${testDbKind}@example.com`)
      const limited = await c.post('/admin/api/convites/aceitar', { ...body, token })
      expect(limited.status).toBe(429)
      expect(limited.body.msg).toBe(STAFF.invitationLimited.message)
      // Another place still accepts it.
      expect((await client().post('/admin/api/convites/aceitar', { ...body, token })).status).toBe(200)
    })
  })

  describe('login limits under a burst', () => {
    it('lets at most 10 of 200 concurrent wrong passwords reach scrypt, and locks only that client', async () => {
      const member = await createStaffMember(db, 'operacao')
      const attacker = client()
      const before = scrypt.verify
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => attacker.post('/admin/api/entrar', { email: member.email, senha: `errada${i}x` })),
      )
      expect(scrypt.verify - before).toBeLessThanOrEqual(10)
      expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(10)
      expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(190)
      expect((await client().post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })).status).toBe(200)
    })

    it('answers an unknown e-mail’s burst exactly like a known one’s', async () => {
      const attacker = client()
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => attacker.post('/admin/api/entrar', { email: 'ninguem@example.com', senha: 'errada1x' })),
      )
      expect(answers.filter((a) => a.status === 401)).toHaveLength(10)
      expect(new Set(answers.filter((a) => a.status === 429).map((a) => a.body.msg))).toEqual(new Set([STAFF.locked.message]))
    })

    it('counts the code step before checking it: 10 of 100 concurrent wrong codes at most, then locked', async () => {
      const member = await createStaffMember(db, 'dono', { totp: true })
      const c = client()
      expect((await c.post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })).body.etapa).toBe('totp')
      const good = await totpCode(member.totpSecret!)
      const bad = good === '123456' ? '654321' : '123456'
      const answers = await Promise.all(Array.from({ length: 100 }, () => c.post('/admin/api/entrar/codigo', { codigo: bad })))
      expect(answers.filter((a) => a.status === 422).length).toBeLessThanOrEqual(10)
      expect((await c.post('/admin/api/entrar/codigo', { codigo: good })).status).toBe(429)
    })
  })

  describe('TOTP in live mode', () => {
    const live = { STORE_MODE: 'live' as const, PUBLIC_URL: 'https://loja.example', SECRETS_KEY: 's'.repeat(40) }

    it('sends a person without TOTP to enrolment, which is all the session opens; recovery codes once, each used once', async () => {
      const member = await createStaffMember(db, 'atendimento')
      const c = client(live)
      const first = await c.post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })
      expect(first.body).toEqual({ estado: 'sucesso', etapa: 'cadastro-totp' })
      expect((await c.post('/admin/api/equipe/999999/papel', { role: 'dono' })).status).toBe(401)
      expect((await c.post('/admin/api/seguranca/totp/inicio')).status).toBe(401)
      expect((await c.post('/admin/api/entrar/codigo', { codigo: '123456' })).body.msg).toBe(STAFF.codeStepExpired.message)
      const start = await c.post('/admin/api/entrar/totp/inicio')
      expect(start.status).toBe(200)
      const secret = String(start.body.segredo)
      const done = await c.post('/admin/api/entrar/totp/ativar', { codigo: await totpCode(secret) })
      expect(done.status).toBe(200)
      const codigos = done.body.codigos as string[]
      expect(codigos).toHaveLength(10)
      expect(new Set(codigos).size).toBe(10)
      expect((await c.post('/admin/api/equipe/999999/papel', { role: 'dono' })).status).toBe(403)
      // Stored sealed, never in clear; the codes only as hashes.
      const [row] = await db.select().from(staff).where(eq(staff.id, member.id))
      expect(row.totpSecret).toMatch(/^v1\./)
      expect(row.totpSecret).not.toContain(secret)
      const kept = await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, member.id))
      expect(kept).toHaveLength(10)
      expect(kept.some((k) => codigos.some((code) => k.hash.includes(code.replace('-', ''))))).toBe(false)
      // The next login asks for a code; a recovery code (any case, with or without the dash) works once.
      const again = client(live)
      expect((await again.post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })).body.etapa).toBe('totp')
      expect((await again.post('/admin/api/entrar/codigo', { codigo: codigos[0].toLowerCase().replace('-', '') })).status).toBe(200)
      const third = client(live)
      await third.post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })
      expect((await third.post('/admin/api/entrar/codigo', { codigo: codigos[0] })).status).toBe(422)
      expect((await third.post('/admin/api/entrar/codigo', { codigo: codigos[1] })).status).toBe(200)
      // New codes from Segurança: the old ones stop working.
      const renewed = await third.post('/admin/api/seguranca/totp/codigos')
      expect(renewed.body.codigos).toHaveLength(10)
      const fourth = client(live)
      await fourth.post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })
      expect((await fourth.post('/admin/api/entrar/codigo', { codigo: codigos[2] })).status).toBe(422)
      const audited = await db.select().from(auditLog).where(eq(auditLog.actorId, member.id))
      expect(audited.map((l) => l.action)).toEqual(expect.arrayContaining(['totp.iniciar', 'totp.ativar', 'totp.novos_codigos']))
    })

    it('keeps TOTP optional in demo', async () => {
      const member = await createStaffMember(db, 'atendimento')
      expect((await client().post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })).body.etapa).toBe('pronto')
    })

    it('a Dono’s reset of someone’s TOTP (audited): in live they enrol again at the next login', async () => {
      const member = await createStaffMember(db, 'operacao', { totp: true })
      const dono = await createStaffMember(db, 'dono', { totp: true })
      const theirs = client(live)
      await theirs.enter(member)
      const manager = client(live)
      await manager.enter(dono)
      expect((await manager.post(`/admin/api/equipe/${member.id}/totp/remover`)).status).toBe(200)
      // Their sessions ended with the reset: nothing opens until they enrol again.
      expect((await theirs.post('/admin/api/equipe/999999/papel', { role: 'dono' })).status).toBe(401)
      expect((await client(live).post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })).body.etapa).toBe('cadastro-totp')
      const [line] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'equipe.remover_totp'), eq(auditLog.entityId, String(member.id))))
      expect(line).toMatchObject({ actorId: dono.id, after: expect.objectContaining({ totp: false }) })
    })

    it('a working session of a person without TOTP opens nothing in live (a store switched from demo)', async () => {
      const member = await createStaffMember(db, 'operacao')
      const c = client(live)
      await c.enter(member)
      expect((await c.post('/admin/api/equipe/999999/papel', { role: 'dono' })).status).toBe(401)
      const page = await runPage(db, c, segurancaAction, {
        url: '/admin/seguranca',
        env: live,
        json: { intent: 'senha', atual: 'x', nova: 'y', confirmacao: 'y' },
      })
      expect(page.location).toMatch(/^\/admin\/entrar/)
      // The same session in a demo store is a working one.
      expect(
        (await client().post('/admin/api/equipe/999999/papel', { role: 'dono' }, { headers: { cookie: `vt_admin=${c.jar.get('vt_admin')}` } })).status,
      ).toBe(403)
    })

    it('the first Dono from `npm run equipe -- convidar` enrols TOTP before anything opens; the invitation page goes on to it', async () => {
      const api = client(live)
      const accepted = await api.post('/admin/api/convites/aceitar', {
        token: await invite(`dono1-${testDbKind}@example.com`),
        nome: 'Dona',
        senha: 'Convite2027!',
        confirmacao: 'Convite2027!',
      })
      expect(accepted.body).toEqual({ estado: 'sucesso', etapa: 'cadastro-totp' })
      expect((await api.post('/admin/api/seguranca/totp/inicio')).status).toBe(401)
      expect((await api.post('/admin/api/entrar/totp/inicio')).status).toBe(200)
      const token = await invite(`dono2-${testDbKind}@example.com`)
      const page = client(live)
      const res = await runPage(db, page, conviteAction, {
        url: `/admin/convite/${token}`,
        params: { token },
        env: live,
        json: { intent: 'aceitar', nome: 'Dono', senha: 'Convite2027!', confirmacao: 'Convite2027!' },
      })
      expect(res.data).toEqual({ ok: true, etapa: 'enrol' })
    })

    it('reads a secret kept in clear and seals it; the start seals the rest', async () => {
      const member = await createStaffMember(db, 'operacao', { totp: true })
      const other = await createStaffMember(db, 'operacao', { totp: true })
      const c = client(live)
      await c.post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })
      expect((await c.post('/admin/api/entrar/codigo', { codigo: await totpCode(member.totpSecret!) })).status).toBe(200)
      const read = async (id: number) => (await db.select({ s: staff.totpSecret }).from(staff).where(eq(staff.id, id)))[0].s!
      expect(await read(member.id)).toMatch(/^v1\./)
      expect(await read(other.id)).toBe(other.totpSecret)
      const box = secretBox({ ...testEnv, ...live })
      expect(await sealClearTotpSecrets(db, box)).toBeGreaterThanOrEqual(1)
      expect(box.open(await read(other.id), `staff:${other.id}:totp`)).toBe(other.totpSecret)
      const d = client(live)
      await d.post('/admin/api/entrar', { email: other.email, senha: STAFF_PASSWORD })
      expect((await d.post('/admin/api/entrar/codigo', { codigo: await totpCode(other.totpSecret!) })).status).toBe(200)
    })
  })

  describe('change of password', () => {
    it('asks the current password, ends the person’s other sessions, keeps this one; audited', async () => {
      const member = await createStaffMember(db, 'atendimento')
      const here = client()
      await here.enter(member)
      const elsewhere = client()
      await elsewhere.enter(member)
      const wrong = await here.post('/admin/api/seguranca/senha', { atual: 'errada123', nova: 'NovaSenha2027', confirmacao: 'NovaSenha2027' })
      expect(wrong.status).toBe(422)
      expect(wrong.body.msg).toBe(STAFF.wrongCurrentPassword.message)
      expect((await elsewhere.post('/admin/api/equipe/999999/papel', { role: 'dono' })).status).toBe(403)
      const mismatch = await here.post('/admin/api/seguranca/senha', { atual: STAFF_PASSWORD, nova: 'NovaSenha2027', confirmacao: 'Outra2027' })
      expect(mismatch.status).toBe(422)
      const done = await here.post('/admin/api/seguranca/senha', { atual: STAFF_PASSWORD, nova: 'NovaSenha2027', confirmacao: 'NovaSenha2027' })
      expect(done.status).toBe(200)
      expect((await elsewhere.post('/admin/api/equipe/999999/papel', { role: 'dono' })).status).toBe(401)
      expect((await here.post('/admin/api/equipe/999999/papel', { role: 'dono' })).status).toBe(403)
      expect((await client().post('/admin/api/entrar', { email: member.email, senha: STAFF_PASSWORD })).status).toBe(401)
      expect((await client().post('/admin/api/entrar', { email: member.email, senha: 'NovaSenha2027' })).status).toBe(200)
      const [line] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'senha.trocar'), eq(auditLog.actorId, member.id)))
      expect(line.after).toEqual({ sessoesEncerradas: 1 })
    })

    it('refuses an easy or published new password', async () => {
      const member = await createStaffMember(db, 'atendimento')
      const c = client()
      await c.enter(member)
      for (const [nova, reason] of [
        ['Senha1234', ACCOUNT.senhaFraca],
        ['Demo@2026', ACCOUNT.senhaPublicada],
      ] as const) {
        const res = await c.post('/admin/api/seguranca/senha', { atual: STAFF_PASSWORD, nova, confirmacao: nova })
        expect([res.status, res.body.msg]).toEqual([422, reason.message])
      }
    })

    it('is Segurança’s action too, with the page’s sentence', async () => {
      const member = await createStaffMember(db, 'operacao')
      const c = client()
      await c.enter(member)
      const res = await runPage(db, c, segurancaAction, {
        url: '/admin/seguranca',
        json: { intent: 'senha', atual: STAFF_PASSWORD, nova: 'Trocada2027', confirmacao: 'Trocada2027' },
      })
      expect(res.data).toMatchObject({ ok: true, msg: STAFF_DONE.passwordChanged })
      const again = await runPage(db, c, segurancaAction, {
        url: '/admin/seguranca',
        json: { intent: 'senha', atual: STAFF_PASSWORD, nova: 'Trocada2028', confirmacao: 'Trocada2028' },
      })
      expect(again).toMatchObject({ status: 422, data: { ok: false, code: STAFF.wrongCurrentPassword.code } })
    })
  })

  describe('the audit log', () => {
    it('refuses TRUNCATE; emptying the whole demo store still works', async () => {
      await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow()
      expect((await db.select().from(auditLog)).length).toBeGreaterThan(0)
      const scratch = await createTestDatabase()
      try {
        await scratch.db.insert(auditLog).values({ actorKind: 'cli', actorLabel: 'x', action: 'teste', entity: 'staff' })
        await clearStore(scratch.db, mkdtempSync(path.join(os.tmpdir(), 'vitrine-clear-')))
        expect(await scratch.db.select().from(auditLog)).toHaveLength(0)
        await scratch.db.insert(auditLog).values({ actorKind: 'cli', actorLabel: 'x', action: 'teste', entity: 'staff' })
        await expect(scratch.db.execute(sql`truncate audit_log`)).rejects.toThrow()
      } finally {
        await scratch.close()
      }
    })
  })
})
