import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { STAFF } from '../../../contract/messages/staff'
import type { Db } from '../../db/client'
import { staff, staffRecoveryCodes } from '../../db/schema'
import type { Actor } from '../actor'
import { refuse, type Refusal } from '../refusal'
import { recordAudit } from '../audit/record'
import type { Role } from './permissions'
import { endAllStaffSessions } from './sessions'
import { transaction } from '../../db/tx'

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

/** A person on the Equipe's list, as the page sees them. */
type Member = { id: number; role: Role; active: boolean; totp: boolean }
/** The manager looking at the list. */
type Manager = { id: number; totpEnabled: boolean }

/**
 * What `manager` may do to `member` now (the Equipe's buttons); changeMember refuses by the same
 * rules. A Dono manages staff only with TOTP on (a stolen password alone must not hand out
 * accounts), and never changes themselves.
 */
export function memberActions(manager: Manager, member: Member) {
  const may = manager.totpEnabled && manager.id !== member.id
  return { role: may && member.active, active: may, removeTotp: may && member.totp }
}

/** The TOTP rule of a staff actor managing the staff, read from the database (the CLI has no TOTP and is let through). */
export async function managerRefusal(db: Pick<Db, 'select'>, actor: Actor): Promise<Refusal | null> {
  if (actor.kind !== 'staff') return null
  const [row] = await db
    .select({ totp: sql<boolean>`${staff.totpSecret} is not null` })
    .from(staff)
    .where(eq(staff.id, actor.staffId))
  return row?.totp ? null : refuse(STAFF.totpRequired)
}

/**
 * One change to another person, in one transaction with its audit line: the row is locked, the
 * rules checked on what it holds now (never on what the page showed), the change written.
 * Nobody changes themselves here, and the store keeps at least one active Dono. Answers the
 * person's name and what they are now.
 */
async function changeMember(
  db: Db,
  actor: StaffActor,
  id: number,
  action: string,
  next: (before: Snapshot) => Partial<Snapshot>,
): Promise<(Snapshot & { nome: string }) | Refusal> {
  return transaction(db, async (tx) => {
    const notManager = await managerRefusal(tx, actor)
    if (notManager) return notManager
    if (id === actor.staffId) return refuse(STAFF.notOneself)
    // Every Dono row is locked first, in one order, so two demotions racing cannot leave none.
    await tx.select({ id: staff.id }).from(staff).where(eq(staff.role, 'dono')).orderBy(asc(staff.id)).for('update')
    const [row] = await tx
      .select({ nome: staff.nome, role: staff.role, active: staff.active, totpSecret: staff.totpSecret })
      .from(staff)
      .where(eq(staff.id, id))
      .for('update')
    if (!row) return refuse(STAFF.notFound)
    const before: Snapshot = { role: row.role, active: row.active, totp: row.totpSecret !== null }
    const after: Snapshot = { ...before, ...next(before) }
    if (before.role === 'dono' && before.active && (after.role !== 'dono' || !after.active)) {
      const [others] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(staff)
        .where(and(eq(staff.role, 'dono'), eq(staff.active, true), ne(staff.id, id)))
      if (!others || others.n === 0) return refuse(STAFF.lastOwner)
    }
    await tx
      .update(staff)
      .set({
        role: after.role,
        active: after.active,
        ...(before.totp && !after.totp ? { totpSecret: null, totpPendingSecret: null, totpLastStep: null } : {}),
      })
      .where(eq(staff.id, id))
    if (before.totp && !after.totp) await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, id))
    // A person deactivated, given a new role or whose TOTP was reset starts again from the login
    // (where live mode makes them enrol again): their sessions end now.
    const changed = before.active !== after.active || before.role !== after.role || before.totp !== after.totp
    const ended = changed ? await endAllStaffSessions(tx, id) : 0
    await recordAudit(tx, { actor, action, entity: 'staff', entityId: String(id), before, after: { ...after, ...(ended ? { sessoesEncerradas: ended } : {}) } })
    return { nome: row.nome, ...after }
  })
}

export const changeRole = (db: Db, change: { id: number; role: Role; actor: StaffActor }) =>
  changeMember(db, change.actor, change.id, 'equipe.mudar_perfil', () => ({ role: change.role }))

export const setActive = (db: Db, change: { id: number; active: boolean; actor: StaffActor }) =>
  changeMember(db, change.actor, change.id, change.active ? 'equipe.reativar' : 'equipe.desativar', () => ({ active: change.active }))

/**
 * A person lost their phone (and their recovery codes): the Dono turns their TOTP off, audited;
 * they enrol again at their next login (required in live mode).
 */
export const removeTotp = (db: Db, change: { id: number; actor: StaffActor }) =>
  changeMember(db, change.actor, change.id, 'equipe.remover_totp', () => ({ totp: false }))
