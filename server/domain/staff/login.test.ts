import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAFF } from '../../../contract/messages/staff'
import { createStaffMember, STAFF_PASSWORD, totpCode } from '../../../tests/support/admin'
import { testEnv } from '../../../tests/support/app'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database, Db } from '../../db/client'
import { auditLog, staff } from '../../db/schema'
import { isRefusal, type Refusal } from '../refusal'
import { makeSecretBox } from '../../lib/secret-box'
import { BusyError } from '../../lib/limiter'
import { HASHES_AT_ONCE, HASHES_WAITING, passwordHashing } from '../auth/password'
import { staffLogin, staffLoginCode, staffLogout, type LoginResult } from './login'
import { findStaffSession } from './sessions'

let database: Database
let db: Db
beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
})
afterAll(() => database?.close())
const box = makeSecretBox('l'.repeat(40))

let ipSeq = 0
const place = () => ({ ip: `10.9.0.${++ipSeq}`, userAgent: 'vitest' })
const codeOf = (result: LoginResult | Refusal) => (isRefusal(result) ? result.code : result.stage)
const login = (email: string, senha = STAFF_PASSWORD, where = place()) => staffLogin(db, { email, senha, previous: null }, where, testEnv)
const lines = (action: string, id: number) =>
  db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .then((all) => all.filter((l) => l.actorId === id))

describe(`the staff login (${testDbKind})`, () => {
  it('opens a working session for the right password (any case of the e-mail), audited', async () => {
    const member = await createStaffMember(db, 'operacao')
    const result = await login(member.email.toUpperCase())
    if (isRefusal(result)) throw result
    expect(result.stage).toBe('active')
    expect((await findStaffSession(db, result.token))?.staff.id).toBe(member.id)
    expect(await lines('sessao.entrar', member.id)).toHaveLength(1)
  })

  it('says the same for a wrong password, an unknown e-mail and a deactivated person', async () => {
    const member = await createStaffMember(db, 'atendimento')
    expect(codeOf(await login(member.email, 'errada123'))).toBe(STAFF.credentials.code)
    expect(codeOf(await login('ninguem@example.com'))).toBe(STAFF.credentials.code)
    await db.update(staff).set({ active: false }).where(eq(staff.id, member.id))
    expect(codeOf(await login(member.email))).toBe(STAFF.credentials.code)
  })

  it('locks the client missing 10 times in 15 minutes (IP and e-mail), even for the right password, not the person elsewhere', async () => {
    const member = await createStaffMember(db, 'operacao')
    const attacker = place()
    for (let i = 0; i < 10; i++) expect(codeOf(await login(member.email, `errada${i}x`, attacker))).toBe(STAFF.credentials.code)
    expect(codeOf(await login(member.email, STAFF_PASSWORD, attacker))).toBe(STAFF.locked.code)
    expect(codeOf(await login(member.email))).toBe('active')
    // An unknown e-mail is locked the same way: "bloqueado" does not tell who is staff.
    const prober = place()
    for (let i = 0; i < 10; i++) expect(codeOf(await login('ninguem@example.com', `errada${i}x`, prober))).toBe(STAFF.credentials.code)
    expect(codeOf(await login('ninguem@example.com', 'errada', prober))).toBe(STAFF.locked.code)
  }, 120_000)

  it('locks an e-mail for everyone past 50 misses in 15 minutes (a guess spread over many IPs)', async () => {
    const member = await createStaffMember(db, 'operacao')
    // Ten at a time: more at once than the password-hash queue holds would be answered "busy" (password.ts).
    const misses: Awaited<ReturnType<typeof login>>[] = []
    for (let i = 0; i < 50; i += 10) misses.push(...(await Promise.all(Array.from({ length: 10 }, (_, j) => login(member.email, `errada${i + j}x`)))))
    expect(misses.map(codeOf)).toEqual(Array(50).fill(STAFF.credentials.code))
    expect(codeOf(await login(member.email))).toBe(STAFF.locked.code)
  }, 120_000)

  it('asks for the code after the password; the code step opens nothing, the right code opens a new session once', async () => {
    const member = await createStaffMember(db, 'dono', { totp: true })
    const where = place()
    const first = await login(member.email, STAFF_PASSWORD, where)
    if (isRefusal(first)) throw first
    expect(first.stage).toBe('totp')
    const pending = await findStaffSession(db, first.token)
    expect(pending?.stage).toBe('totp')
    expect(codeOf(await staffLoginCode(db, box, pending, (await totpCode(member.totpSecret!)) === '000000' ? '111111' : '000000', where))).toBe(
      STAFF.wrongCode.code,
    )
    const code = await totpCode(member.totpSecret!)
    const second = await staffLoginCode(db, box, pending, code, where)
    if (isRefusal(second)) throw second
    expect(second.stage).toBe('active')
    expect(await findStaffSession(db, first.token)).toBeNull()
    // The step was traded: the same stage session (or the same code) opens nothing again.
    expect(codeOf(await staffLoginCode(db, box, null, code, where))).toBe(STAFF.codeStepExpired.code)
  })

  it('ends the browser’s previous session on a new login; Sair ends it and is audited', async () => {
    const member = await createStaffMember(db, 'operacao')
    const first = await login(member.email)
    if (isRefusal(first)) throw first
    const previous = await findStaffSession(db, first.token)
    const second = await staffLogin(db, { email: member.email, senha: STAFF_PASSWORD, previous }, place(), testEnv)
    if (isRefusal(second)) throw second
    expect(await findStaffSession(db, first.token)).toBeNull()
    await staffLogout(db, await findStaffSession(db, second.token), '10.0.0.9')
    expect(await findStaffSession(db, second.token)).toBeNull()
    expect(await lines('sessao.sair', member.id)).toHaveLength(1)
  })

  it('gives the tries back when the check is refused as busy (too many hashes at once)', async () => {
    const member = await createStaffMember(db, 'operacao')
    const where = place()
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const held = Array.from({ length: HASHES_AT_ONCE + HASHES_WAITING }, () => passwordHashing.run(() => gate))
    for (let i = 0; i < 12; i++) await expect(login(member.email, STAFF_PASSWORD, where)).rejects.toBeInstanceOf(BusyError)
    release()
    await Promise.all(held)
    expect(codeOf(await login(member.email, STAFF_PASSWORD, where))).toBe('active')
  })
})
