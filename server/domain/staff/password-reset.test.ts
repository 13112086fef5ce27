import { and, eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT } from '../../../contract/messages/account-reasons'
import { STAFF, STAFF_DONE } from '../../../contract/messages/staff'
import { action as esqueciAction } from '../../../app/routes/admin/esqueci-senha'
import { action as novaSenhaAction, loader as novaSenhaLoader } from '../../../app/routes/admin/nova-senha'
import { adminClient, createStaffMember, runPage, STAFF_PASSWORD } from '../../../tests/support/admin'
import { testEnv } from '../../../tests/support/app'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import { queuedMails } from '../../../tests/support/jobs'
import type { Database } from '../../db/client'
import { auditLog, staff } from '../../db/schema'
import { storeProfile } from '../../store-profile'
import { verifyPassword } from '../auth/password'
import { isRefusal } from '../refusal'
import { requestStaffReset, resetStaffPassword, STAFF_RESET_TTL_MS } from './password-reset'
import { createStaffSession, findStaffSession } from './sessions'

let database: Database
let deps: Parameters<typeof requestStaffReset>[0]
beforeAll(async () => {
  database = await createTestDatabase()
  deps = { db: database.db, env: testEnv, store: storeProfile, log: pino({ level: 'silent' }) }
})
afterAll(() => database?.close())

let ipSeq = 0
const at = () => ({ ip: `10.44.0.${++ipSeq}`, origin: 'https://loja.example' })
const linkToken = (text: string) => /\/admin\/nova-senha\/([A-Za-z0-9_-]+)/.exec(text)![1]

describe(`staff "Esqueci minha senha" (${testDbKind})`, () => {
  it('answers the same for a staff e-mail and an unknown one; only the person gets a 30-minute link', async () => {
    const member = await createStaffMember(database.db, 'operacao')
    const known = await requestStaffReset(deps, member.email.toUpperCase(), at())
    const unknown = await requestStaffReset(deps, `ninguem-${testDbKind}@example.com`, at())
    expect(known).toEqual({ msg: STAFF_DONE.resetSent })
    expect(unknown).toEqual(known)
    expect(await queuedMails(database, `ninguem-${testDbKind}@example.com`)).toHaveLength(0)
    const [mail] = await queuedMails(database, member.email)
    expect(mail.text).toContain('https://loja.example/admin/nova-senha/')
    expect(mail.text).toContain('30 minutos')
  })

  it('limits requests per e-mail (3 an hour) with the same answer for anyone', async () => {
    const member = await createStaffMember(database.db, 'atendimento')
    for (let i = 0; i < 3; i++) expect(isRefusal(await requestStaffReset(deps, member.email, at()))).toBe(false)
    const limited = await requestStaffReset(deps, member.email, at())
    expect(isRefusal(limited) && limited.code).toBe(STAFF.resetLimited.code)
    const ghost = `fantasma-${testDbKind}@example.com`
    for (let i = 0; i < 3; i++) await requestStaffReset(deps, ghost, at())
    const ghostLimited = await requestStaffReset(deps, ghost, at())
    expect(isRefusal(ghostLimited) && ghostLimited.code).toBe(STAFF.resetLimited.code)
  })

  it('sets a new password through the policy once, ends every session of the person, audited; older and used links die', async () => {
    const member = await createStaffMember(database.db, 'operacao')
    const session = await createStaffSession(database.db, member.id, 'active', { ip: null, userAgent: null })
    await requestStaffReset(deps, member.email, at())
    await requestStaffReset(deps, member.email, at())
    const [older, token] = (await queuedMails(database, member.email)).map((m) => linkToken(m.text))
    expect(isRefusal(await resetStaffPassword(deps, { token: older, senha: 'Girassol-Verde-42' }, '10.44.1.1'))).toBe(true)
    for (const [senha, reason] of [
      ['Senha1234', ACCOUNT.senhaFraca],
      ['Demo@2026', ACCOUNT.senhaPublicada],
    ] as const) {
      const weak = await resetStaffPassword(deps, { token, senha }, '10.44.1.1')
      expect(isRefusal(weak) && weak.code).toBe(reason.code)
    }
    expect(await resetStaffPassword(deps, { token, senha: 'Girassol-Verde-42' }, '10.44.1.1')).toEqual({ sessoesEncerradas: 1 })
    expect(await findStaffSession(database.db, session)).toBeNull()
    const [row] = await database.db.select().from(staff).where(eq(staff.id, member.id))
    expect(await verifyPassword('Girassol-Verde-42', row.passwordHash)).toBe(true)
    expect(await verifyPassword(STAFF_PASSWORD, row.passwordHash)).toBe(false)
    const again = await resetStaffPassword(deps, { token, senha: 'Outra-Senha-Forte-9' }, '10.44.1.1')
    expect(isRefusal(again) && again.code).toBe(STAFF.resetLinkInvalid.code)
    const [line] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'senha.redefinir'), eq(auditLog.entityId, String(member.id))))
    expect(line).toMatchObject({ actorId: member.id, after: { sessoesEncerradas: 1 } })
    expect((await queuedMails(database, member.email)).at(-1)?.subject).toMatch(/foi alterada/)
  })

  it('refuses a link past its 30 minutes', async () => {
    const member = await createStaffMember(database.db, 'operacao')
    const past = Date.now() - STAFF_RESET_TTL_MS - 1000
    await requestStaffReset(deps, member.email, at(), past)
    const token = linkToken((await queuedMails(database, member.email))[0].text)
    const late = await resetStaffPassword(deps, { token, senha: 'Girassol-Verde-42' }, '10.44.1.2')
    expect(isRefusal(late) && late.code).toBe(STAFF.resetLinkInvalid.code)
  })

  it('works through the pages: ask, then the link’s form', async () => {
    const member = await createStaffMember(database.db, 'atendimento')
    const c = adminClient(database.db)
    const asked = await runPage(database.db, c, esqueciAction, { url: '/admin/esqueci-senha', json: { intent: 'pedir', email: member.email } })
    expect(asked.data).toMatchObject({ ok: true, msg: STAFF_DONE.resetSent })
    const token = linkToken((await queuedMails(database, member.email))[0].text)
    const shown = await runPage(database.db, c, novaSenhaLoader, { url: `/admin/nova-senha/${token}`, params: { token } })
    expect(shown.data).toEqual({ email: member.email })
    const bad = await runPage(database.db, c, novaSenhaAction, {
      url: `/admin/nova-senha/${token}`,
      params: { token },
      json: { intent: 'redefinir', senha: 'Girassol-Verde-42', confirmacao: 'outra' },
    })
    expect(bad.status).toBe(422)
    const done = await runPage(database.db, c, novaSenhaAction, {
      url: `/admin/nova-senha/${token}`,
      params: { token },
      json: { intent: 'redefinir', senha: 'Girassol-Verde-42', confirmacao: 'Girassol-Verde-42' },
    })
    expect(done.data).toMatchObject({ ok: true, msg: STAFF_DONE.passwordReset })
    expect((await runPage(database.db, c, novaSenhaLoader, { url: `/admin/nova-senha/${token}`, params: { token } })).data).toEqual({ email: null })
  })
})
