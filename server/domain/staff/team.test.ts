import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAFF } from '../../../contract/messages/staff'
import { createStaffMember, type TestStaff } from '../../../tests/support/admin'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database, Db } from '../../db/client'
import { auditLog, staff, staffSessions } from '../../db/schema'
import { isRefusal } from '../refusal'
import { createStaffSession } from './sessions'
import { changeRole, memberActions, removeTotp, setActive } from './team'

let database: Database
let db: Db
let owner: TestStaff
beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  owner = await createStaffMember(db, 'dono', { totp: true })
})
afterAll(() => database?.close())

const actorOf = (m: TestStaff) => ({ kind: 'staff' as const, staffId: m.id, name: m.nome, ip: '10.0.0.1' })
const lines = (action: string, id: number) =>
  db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .then((all) => all.filter((l) => l.entityId === String(id)))

describe(`the Equipe's rules (${testDbKind})`, () => {
  it('offers a Dono with TOTP every change of another person, and nothing of their own', () => {
    const me = { id: 1, totpEnabled: true }
    expect(memberActions(me, { id: 2, role: 'operacao', active: true, totp: true })).toEqual({ role: true, active: true, removeTotp: true })
    expect(memberActions(me, { id: 2, role: 'operacao', active: false, totp: false })).toEqual({ role: false, active: true, removeTotp: false })
    expect(memberActions(me, { id: 1, role: 'dono', active: true, totp: true })).toEqual({ role: false, active: false, removeTotp: false })
    expect(memberActions({ id: 1, totpEnabled: false }, { id: 2, role: 'operacao', active: true, totp: true })).toEqual({
      role: false,
      active: false,
      removeTotp: false,
    })
  })

  it('changes a role with its audit line and ends the person’s sessions', async () => {
    const member = await createStaffMember(db, 'atendimento')
    await createStaffSession(db, member.id, 'active', { ip: null, userAgent: null })
    const done = await changeRole(db, { id: member.id, role: 'operacao', actor: actorOf(owner) })
    expect(done).toEqual({ nome: member.nome, role: 'operacao', active: true, totp: false })
    expect(await db.select().from(staffSessions).where(eq(staffSessions.staffId, member.id))).toHaveLength(0)
    const [line] = await lines('equipe.mudar_perfil', member.id)
    expect(line).toMatchObject({ actorId: owner.id, before: { role: 'atendimento' }, after: { role: 'operacao', sessoesEncerradas: 1 } })
  })

  it('deactivates, reactivates and removes TOTP, each audited', async () => {
    const member = await createStaffMember(db, 'operacao', { totp: true })
    expect(await setActive(db, { id: member.id, active: false, actor: actorOf(owner) })).toMatchObject({ active: false })
    expect(await setActive(db, { id: member.id, active: true, actor: actorOf(owner) })).toMatchObject({ active: true })
    expect(await removeTotp(db, { id: member.id, actor: actorOf(owner) })).toMatchObject({ totp: false })
    const [row] = await db.select({ secret: staff.totpSecret }).from(staff).where(eq(staff.id, member.id))
    expect(row.secret).toBeNull()
    for (const action of ['equipe.desativar', 'equipe.reativar', 'equipe.remover_totp']) expect(await lines(action, member.id)).toHaveLength(1)
  })

  it('refuses a manager without TOTP, changing oneself and nobody, and writes nothing', async () => {
    const plain = await createStaffMember(db, 'dono')
    const member = await createStaffMember(db, 'atendimento')
    const noTotp = await changeRole(db, { id: member.id, role: 'dono', actor: actorOf(plain) })
    expect(isRefusal(noTotp) && noTotp.code).toBe(STAFF.totpRequired.code)
    const self = await setActive(db, { id: owner.id, active: false, actor: actorOf(owner) })
    expect(isRefusal(self) && self.code).toBe(STAFF.notOneself.code)
    const nobody = await removeTotp(db, { id: 999_999, actor: actorOf(owner) })
    expect(isRefusal(nobody) && nobody.code).toBe(STAFF.notFound.code)
    expect(await lines('equipe.mudar_perfil', member.id)).toHaveLength(0)
  })

  it('keeps at least one active Dono', async () => {
    const fresh = await createTestDatabase()
    try {
      const a = await createStaffMember(fresh.db, 'dono', { totp: true })
      const b = await createStaffMember(fresh.db, 'dono', { totp: true })
      // a was demoted meanwhile (another tab): b is now the last Dono.
      await fresh.db.update(staff).set({ role: 'operacao' }).where(eq(staff.id, a.id))
      const last = await changeRole(fresh.db, { id: b.id, role: 'atendimento', actor: actorOf(a) })
      expect(isRefusal(last) && last.code).toBe(STAFF.lastOwner.code)
      const off = await setActive(fresh.db, { id: b.id, active: false, actor: actorOf(a) })
      expect(isRefusal(off) && off.code).toBe(STAFF.lastOwner.code)
      const [row] = await fresh.db.select({ role: staff.role, active: staff.active }).from(staff).where(eq(staff.id, b.id))
      expect(row).toEqual({ role: 'dono', active: true })
    } finally {
      await fresh.close()
    }
  })
})
