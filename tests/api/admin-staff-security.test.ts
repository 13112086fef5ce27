import { sql } from 'drizzle-orm'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { STAFF } from '../../contract/messages/staff'
import type { Database, Db } from '../../server/db/client'
import { auditLog } from '../../server/db/schema'
import type * as Passwords from '../../server/domain/auth/password'
import { inviteStaff } from '../../server/domain/staff/invitations'
import { clearStore } from '../../server/seed/reset'
import { storeProfile } from '../../server/store-profile'
import pino from 'pino'
import { testEnv } from '../support/app'
import { adminClient, createStaffMember, STAFF_PASSWORD } from '../support/admin'
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
      const res = await client().post('/admin/api/convites/aceitar', { token: 'x'.repeat(40), nome: 'Eu', senha: 'Senha1234', confirmacao: 'Senha1234' })
      expect(res.status).toBe(422)
      expect(res.body.msg).toBe(STAFF.invitationInvalid.message)
      expect(scrypt.hash).toBe(before)
    })

    it('limits acceptances per IP (10 an hour), known token or not', async () => {
      const c = client()
      const body = { token: 'y'.repeat(40), nome: 'Eu', senha: 'Senha1234', confirmacao: 'Senha1234' }
      for (let i = 0; i < 10; i++) expect((await c.post('/admin/api/convites/aceitar', body)).status).toBe(422)
      const token = await invite(`limite-${testDbKind}@example.com`)
      const limited = await c.post('/admin/api/convites/aceitar', { ...body, token })
      expect(limited.status).toBe(429)
      expect(limited.body.msg).toBe(STAFF.invitationLimited.message)
      // Another place still accepts it.
      expect((await client().post('/admin/api/convites/aceitar', { ...body, token })).status).toBe(200)
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
