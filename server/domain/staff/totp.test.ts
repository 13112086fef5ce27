import { eq } from 'drizzle-orm'
import { generate, generateSecret } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAFF } from '../../../contract/messages/staff'
import { createStaffMember } from '../../../tests/support/admin'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database, Db } from '../../db/client'
import { auditLog } from '../../db/schema'
import { isRefusal } from '../refusal'
import { makeSecretBox } from '../../lib/secret-box'
import { confirmEnrolment, matchCode, startEnrolment, takeCode } from './totp'

const box = makeSecretBox('t'.repeat(40))

let database: Database
let db: Db
beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
})
afterAll(() => database?.close())

const SECRET = generateSecret()
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0)
const codeAt = (ms: number) => generate({ secret: SECRET, epoch: Math.floor(ms / 1000) })

describe(`TOTP (${testDbKind})`, () => {
  it('accepts a code one step either side of now, and never a step already used', async () => {
    const step = Math.floor(NOW / 30_000)
    expect(await matchCode(SECRET, await codeAt(NOW), null, NOW)).toBe(step)
    expect(await matchCode(SECRET, await codeAt(NOW - 30_000), null, NOW)).toBe(step - 1)
    expect(await matchCode(SECRET, await codeAt(NOW - 90_000), null, NOW)).toBeNull()
    expect(await matchCode(SECRET, await codeAt(NOW), step, NOW)).toBeNull()
  })

  it('takes a login code once', async () => {
    const member = await createStaffMember(db, 'operacao')
    const code = await codeAt(NOW)
    expect(await takeCode(db, member.id, SECRET, code, null, NOW)).toBe(true)
    expect(await takeCode(db, member.id, SECRET, code, null, NOW)).toBe(false)
  })

  it('enrols: a QR code first, then a first code turns TOTP on (audited); refuses the steps out of order', async () => {
    const member = await createStaffMember(db, 'atendimento')
    const actor = { kind: 'staff' as const, staffId: member.id, name: member.nome, ip: null }
    const early = await confirmEnrolment(db, box, actor, '123456')
    expect(isRefusal(early) && early.code).toBe(STAFF.totpNotStarted.code)
    const started = await startEnrolment(db, box, { email: member.email, actor }, 'Vitrine (painel)')
    if (isRefusal(started)) throw started
    expect(started.qrSvg).toMatch(/^<svg/)
    const now = Date.now()
    const wrong = await confirmEnrolment(db, box, actor, (await generate({ secret: started.segredo })) === '000000' ? '111111' : '000000', now)
    expect(isRefusal(wrong) && wrong.code).toBe(STAFF.wrongCode.code)
    const done = await confirmEnrolment(db, box, actor, await generate({ secret: started.segredo }), now)
    expect(isRefusal(done) ? done : done.codigos).toHaveLength(10)
    const again = await startEnrolment(db, box, { email: member.email, actor }, 'Vitrine (painel)')
    expect(isRefusal(again) && again.code).toBe(STAFF.totpAlreadyOn.code)
    const lines = await db.select().from(auditLog).where(eq(auditLog.action, 'totp.ativar'))
    expect(lines.some((l) => l.actorId === member.id)).toBe(true)
    const starts = await db.select().from(auditLog).where(eq(auditLog.action, 'totp.iniciar'))
    expect(starts.filter((l) => l.actorId === member.id)).toHaveLength(1)
  })
})
