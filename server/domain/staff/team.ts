import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { STAFF_MESSAGES } from '../../../contract/admin/staff'
import type { Db } from '../../db/client'
import { staff } from '../../db/schema'
import type { Actor } from '../actor'
import { refuse, type Refusal } from '../refusal'
import { recordAudit } from '../audit/record'
import type { Role } from './permissions'
import { rollbackAsValue } from './rollback'
import { endAllStaffSessions } from './sessions'

type StaffActor = Actor & { kind: 'staff' }

/** Everyone on the staff, active first, by name. No hash or secret leaves this function. */
export async function listStaff(db: Db) {
  return db
    .select({
      id: staff.id,
      nome: staff.nome,
      email: staff.email,
      role: staff.role,
      active: staff.active,
      totp: sql<boolean>`${staff.totpSecret} is not null`,
      lastLoginAt: staff.lastLoginAt,
      createdAt: staff.createdAt,
    })
    .from(staff)
    .orderBy(sql`${staff.active} desc`, asc(staff.nome), asc(staff.id))
}

/** Names for the audit filter ("quem"). */
export async function staffNames(db: Db): Promise<{ id: number; nome: string }[]> {
  return db.select({ id: staff.id, nome: staff.nome }).from(staff).orderBy(asc(staff.nome))
}

type Snapshot = { role: Role; active: boolean; totp: boolean }

/**
 * One change to another person, in one transaction with its audit line: the row is locked, the
 * rules checked on what it holds now (never on what the page showed), the change written.
 * Nobody changes themselves here, and the store keeps at least one active Dono.
 */
async function changeMember(
  db: Db,
  actor: StaffActor,
  id: number,
  action: string,
  next: (before: Snapshot) => Partial<Snapshot>,
): Promise<null | Refusal> {
  if (id === actor.staffId) return refuse('forbidden', STAFF_MESSAGES.proprioPapel)
  return rollbackAsValue(
    db.transaction(async (tx) => {
      // Every Dono row is locked first, in one order, so two demotions racing cannot leave none.
      await tx.select({ id: staff.id }).from(staff).where(eq(staff.role, 'dono')).orderBy(asc(staff.id)).for('update')
      const [row] = await tx
        .select({ role: staff.role, active: staff.active, totpSecret: staff.totpSecret })
        .from(staff)
        .where(eq(staff.id, id))
        .for('update')
      if (!row) return refuse('not_found', STAFF_MESSAGES.naoEncontrado)
      const before: Snapshot = { role: row.role, active: row.active, totp: row.totpSecret !== null }
      const after: Snapshot = { ...before, ...next(before) }
      if (before.role === 'dono' && before.active && (after.role !== 'dono' || !after.active)) {
        const [others] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(staff)
          .where(and(eq(staff.role, 'dono'), eq(staff.active, true), ne(staff.id, id)))
        if (!others || others.n === 0) return refuse('conflict', STAFF_MESSAGES.ultimoDono)
      }
      await tx
        .update(staff)
        .set({
          role: after.role,
          active: after.active,
          ...(before.totp && !after.totp ? { totpSecret: null, totpPendingSecret: null, totpLastStep: null } : {}),
        })
        .where(eq(staff.id, id))
      // A person deactivated, or given a new role, starts again from the login: their sessions end now.
      const ended = before.active !== after.active || before.role !== after.role ? await endAllStaffSessions(tx, id) : 0
      await recordAudit(tx, { actor, action, entity: 'staff', entityId: String(id), before, after: { ...after, ...(ended ? { sessoesEncerradas: ended } : {}) } })
      return null
    }),
  )
}

export const changeRole = (db: Db, actor: StaffActor, id: number, role: Role) => changeMember(db, actor, id, 'equipe.mudar_perfil', () => ({ role }))

export const setActive = (db: Db, actor: StaffActor, id: number, active: boolean) =>
  changeMember(db, actor, id, active ? 'equipe.reativar' : 'equipe.desativar', () => ({ active }))

/** A person lost their phone: the Dono turns their TOTP off; they enrol again after logging in. */
export const removeTotp = (db: Db, actor: StaffActor, id: number) => changeMember(db, actor, id, 'equipe.remover_totp', () => ({ totp: false }))
