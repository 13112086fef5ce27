import { eq, sql } from 'drizzle-orm'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAFF } from '../../../contract/messages/staff'
import { createStaffMember, type TestStaff } from '../../../tests/support/admin'
import { testEnv } from '../../../tests/support/app'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database } from '../../db/client'
import { auditLog, staff, staffInvitations } from '../../db/schema'
import { storeProfile } from '../../store-profile'
import { isRefusal } from '../refusal'
import { ACCOUNT } from '../../../contract/messages/account-reasons'
import { acceptInvitation, findInvitation, inviteStaff, pendingInvitations } from './invitations'
import { findStaffSession } from './sessions'

let database: Database
let dataDir: string
let owner: TestStaff
let deps: Parameters<typeof inviteStaff>[0]
beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-invite-'))
  deps = { db: database.db, env: { ...testEnv, dataDir }, store: storeProfile, log: pino({ level: 'silent' }) }
  owner = await createStaffMember(database.db, 'dono', { totp: true })
})
afterAll(async () => {
  await database?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const actor = (m: TestStaff) => ({ kind: 'staff' as const, staffId: m.id, name: m.nome, ip: '10.0.0.1' })
const where = { ip: '10.0.0.2', userAgent: 'vitest' }
async function invite(email: string, by: TestStaff = owner) {
  const result = await inviteStaff(deps, { actor: actor(by), email, nome: 'Convidada', role: 'atendimento', origin: 'https://loja.example' })
  if (isRefusal(result)) return result
  return result.url.split('/').pop()!
}

describe(`staff invitations (${testDbKind})`, () => {
  it('invites (audited), lists the invitation, and the link makes the person once', async () => {
    const email = `convite-${testDbKind}@example.com`
    const token = await invite(email)
    if (isRefusal(token)) throw token
    expect((await pendingInvitations(deps)).map((i) => i.email)).toContain(email)
    expect(await findInvitation(deps, token)).toEqual({ email, nome: 'Convidada', role: 'atendimento' })
    const [line] = (await database.db.select().from(auditLog).where(eq(auditLog.action, 'equipe.convidar'))).filter((l) => l.entityId === email)
    expect(line).toMatchObject({ actorId: owner.id, after: { email, role: 'atendimento' } })

    const accepted = await acceptInvitation(deps, { token, nome: 'Ana', senha: 'Convite2027!' }, where)
    if (isRefusal(accepted)) throw accepted
    const [row] = await database.db.select().from(staff).where(eq(staff.email, email))
    expect(row).toMatchObject({ id: accepted.staffId, nome: 'Ana', role: 'atendimento', active: true })
    expect((await database.db.select().from(auditLog).where(eq(auditLog.action, 'equipe.aceitar_convite'))).some((l) => l.actorId === accepted.staffId)).toBe(
      true,
    )
    const again = await acceptInvitation(deps, { token, nome: 'Outra', senha: 'Convite2027!' }, where)
    expect(isRefusal(again) && again.code).toBe(STAFF.invitationInvalid.code)
    expect(await findInvitation(deps, token)).toBeNull()
  })

  it('refuses an e-mail already on the staff, and a manager without TOTP', async () => {
    const taken = await invite(owner.email)
    expect(isRefusal(taken) && taken.code).toBe(STAFF.emailTaken.code)
    const plain = await createStaffMember(database.db, 'dono')
    const noTotp = await invite(`sem-totp-${testDbKind}@example.com`, plain)
    expect(isRefusal(noTotp) && noTotp.code).toBe(STAFF.totpRequired.code)
    expect(
      await database.db
        .select()
        .from(staffInvitations)
        .where(eq(staffInvitations.email, `sem-totp-${testDbKind}@example.com`)),
    ).toHaveLength(0)
  })

  it('refuses an expired link and keeps nothing of a link whose e-mail joined meanwhile', async () => {
    const expired = `expirado-${testDbKind}@example.com`
    const old = await invite(expired)
    if (isRefusal(old)) throw old
    await database.db
      .update(staffInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(staffInvitations.email, expired))
    const late = await acceptInvitation(deps, { token: old, nome: 'X', senha: 'Convite2027!' }, where)
    expect(isRefusal(late) && late.code).toBe(STAFF.invitationInvalid.code)

    const raced = `corrida-${testDbKind}@example.com`
    const token = await invite(raced)
    if (isRefusal(token)) throw token
    await createStaffMember(database.db, 'operacao', { email: raced })
    const clash = await acceptInvitation(deps, { token, nome: 'X', senha: 'Convite2027!' }, where)
    expect(isRefusal(clash) && clash.code).toBe(STAFF.emailTaken.code)
    // The link was not spent: the transaction rolled back whole.
    expect(await findInvitation(deps, token)).not.toBeNull()
  })

  it('in live mode opens only an enrolment session (no working session without TOTP), the first Dono too', async () => {
    const email = `primeiro-dono-${testDbKind}@example.com`
    const sent = await inviteStaff(deps, { actor: { kind: 'cli' }, email, nome: 'Dona', role: 'dono', origin: 'https://loja.example' })
    if (isRefusal(sent)) throw sent
    const live = { ...deps, env: { ...deps.env, STORE_MODE: 'live' as const } }
    const accepted = await acceptInvitation(live, { token: sent.url.split('/').pop()!, nome: 'Dona', senha: 'Convite2027!' }, where)
    if (isRefusal(accepted)) throw accepted
    expect(accepted.stage).toBe('enrol')
    expect((await findStaffSession(database.db, accepted.token))?.stage).toBe('enrol')
  })

  it('refuses an easy or published password and keeps the link', async () => {
    const token = await invite(`fraca-${testDbKind}@example.com`)
    if (isRefusal(token)) throw token
    for (const [senha, code] of [
      ['Senha1234', ACCOUNT.senhaFraca.code],
      ['Demo@2026', ACCOUNT.senhaPublicada.code],
    ]) {
      const weak = await acceptInvitation(deps, { token, nome: 'Ana', senha }, where)
      expect(isRefusal(weak) && weak.code).toBe(code)
    }
    expect(await findInvitation(deps, token)).not.toBeNull()
  })
})
