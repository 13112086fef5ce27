import { eq } from 'drizzle-orm'
import { STAFF } from '../../../contract/messages/staff'
import type { Db } from '../../db/client'
import { staff } from '../../db/schema'
import { checkPassword } from '../account/customers'
import { publishedPasswordRefusal, type PasswordGate } from '../auth/published-passwords'
import { clearLimit, isLimited, take } from '../account/limits'
import { refuse, type Refusal } from '../refusal'
import { recordAudit } from '../audit/record'
import { createStaffSession, endStaffSession, type StaffSession, type Where } from './sessions'
import { takeCode } from './totp'

/**
 * The back-office login (docs/decisions/0040-back-office-staff-and-audit.md): e-mail and password,
 * then — when the account has TOTP — a 6-digit code. The shopper login's database limits apply:
 * wrong passwords and wrong codes count together against the account ('senhaConta', keyed
 * `staff:<id>` so staff and customer ids never meet) and against the IP ('senhaIp'); the 10th in
 * 15 minutes locks the account for 15 minutes, and while locked even the right password is refused.
 * A staff e-mail is never a customer login, nor the reverse: the tables are apart.
 */
export type LoginResult = { token: string; stage: 'totp' | 'active' }

const accountKey = (staffId: number) => `staff:${staffId}`

async function countMiss(db: Db, ip: string, staffId: number | null): Promise<void> {
  await Promise.all([take(db, 'senhaIp', ip), staffId !== null ? take(db, 'senhaConta', accountKey(staffId)) : null])
}

/** Opens the working session: the person's last login is set and the login audited. */
async function open(db: Db, member: { id: number; nome: string }, where: Where): Promise<string> {
  return db.transaction(async (tx) => {
    const token = await createStaffSession(tx, member.id, 'active', where)
    await tx.update(staff).set({ lastLoginAt: new Date() }).where(eq(staff.id, member.id))
    await recordAudit(tx, {
      actor: { kind: 'staff', staffId: member.id, name: member.nome, ip: where.ip },
      action: 'sessao.entrar',
      entity: 'staff',
      entityId: String(member.id),
    })
    return token
  })
}

/**
 * The password step. Whatever session this browser had (`previous`) ends when the password is
 * right: one cookie, one session.
 */
export async function staffLogin(
  db: Db,
  input: { email: string; senha: string; previous: StaffSession | null },
  where: Where & { ip: string },
  gate: PasswordGate,
): Promise<LoginResult | Refusal> {
  if (await isLimited(db, 'senhaIp', where.ip)) return refuse(STAFF.locked)
  const [member] = await db.select().from(staff).where(eq(staff.email, input.email.toLowerCase())).limit(1)
  if (member && (await isLimited(db, 'senhaConta', accountKey(member.id)))) return refuse(STAFF.locked)
  const usable = member?.active ? member : null
  if (!(await checkPassword(usable, input.senha))) {
    await countMiss(db, where.ip, member?.id ?? null)
    return refuse(STAFF.credentials)
  }
  const published = publishedPasswordRefusal(input.senha, 'staff', where.ip, gate)
  if (published) return published
  if (input.previous) await endStaffSession(db, input.previous.id)
  if (usable!.totpSecret) return { stage: 'totp', token: await createStaffSession(db, usable!.id, 'totp', where) }
  await clearLimit(db, 'senhaConta', accountKey(usable!.id))
  return { stage: 'active', token: await open(db, usable!, where) }
}

/**
 * The code step: the session of the password step (stage 'totp') and a code. The right code ends
 * that session and opens a new one (a new token: rotation); a wrong one counts like a wrong password.
 */
export async function staffLoginCode(db: Db, pending: StaffSession | null, code: string, where: Where & { ip: string }): Promise<LoginResult | Refusal> {
  if (!pending || pending.stage !== 'totp') return refuse(STAFF.codeStepExpired)
  const id = pending.staff.id
  if ((await isLimited(db, 'senhaIp', where.ip)) || (await isLimited(db, 'senhaConta', accountKey(id)))) {
    return refuse(STAFF.locked)
  }
  const [member] = await db.select().from(staff).where(eq(staff.id, id)).limit(1)
  if (!member?.active || !member.totpSecret) return refuse(STAFF.codeStepExpired)
  if (!(await takeCode(db, id, member.totpSecret, code, member.totpLastStep))) {
    await countMiss(db, where.ip, id)
    return refuse(STAFF.wrongCode)
  }
  await endStaffSession(db, pending.id)
  await clearLimit(db, 'senhaConta', accountKey(id))
  return { stage: 'active', token: await open(db, member, where) }
}

/** Sair: the browser's session ends; a working one (not a TOTP step) leaves its audit line. */
export async function staffLogout(db: Db, session: StaffSession | null, ip: string | null): Promise<void> {
  if (!session) return
  await db.transaction(async (tx) => {
    await endStaffSession(tx, session.id)
    if (session.stage !== 'active') return
    const actor = { kind: 'staff' as const, staffId: session.staff.id, name: session.staff.nome, ip }
    await recordAudit(tx, { actor, action: 'sessao.sair', entity: 'staff', entityId: String(session.staff.id) })
  })
}
