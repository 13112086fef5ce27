import { and, eq } from 'drizzle-orm'
import { STAFF } from '../../../contract/messages/staff'
import type { Db } from '../../db/client'
import { staff } from '../../db/schema'
import { checkPassword } from '../account/customers'
import { publishedPasswordRefusal, type PasswordGate } from '../auth/published-passwords'
import { clearLimit, giveBack, isLimited, take, type LimitName } from '../account/limits'
import { isSealed, type SecretBox } from '../../lib/secret-box'
import { isRefusal, refuse, type Refusal } from '../refusal'
import { recordAudit } from '../audit/record'
import { createStaffSession, endStaffSession, type StaffSession, type Where } from './sessions'
import { confirmEnrolment, startEnrolment, takeCode, takeRecoveryCode, totpPlace } from './totp'

/**
 * The back-office login (docs/decisions/0040-back-office-staff-and-audit.md,
 * docs/decisions/0124-staff-accounts.md): e-mail and password, then — when the account has TOTP —
 * a 6-digit code or a recovery code. A try is counted before the expensive check (scrypt, the
 * code) and given back when it succeeds, so a burst of concurrent guesses gets no more checks than
 * the limit. Password tries count per IP and e-mail ('staffIpEmail', 10 locks that client for 15
 * minutes), per IP ('senhaIp') and per e-mail ('staffEmail', a ceiling above what one client can
 * reach): keyed on the typed e-mail, known or not, so "bloqueado" never tells who is staff, and an
 * attacker locks themselves out before the person. Wrong codes also count against the account
 * ('senhaConta', keyed `staff:<id>`): whoever reaches the code step already has the password.
 */
export type LoginResult = { token: string; stage: 'totp' | 'active' | 'enrol' }

const accountKey = (staffId: number) => `staff:${staffId}`
type Try = [name: LimitName, key: string]

/** Gives back tries taken for a check that did not happen. */
const returnTries = (db: Db, tries: Try[]) => Promise.all(tries.map((t) => giveBack(db, ...t)))

/** Takes one try from each limit in order; at the first one used up, gives back those taken and answers false. */
async function takeTries(db: Db, tries: Try[]): Promise<boolean> {
  for (let i = 0; i < tries.length; i++) {
    if (!(await take(db, ...tries[i]))) {
      await returnTries(db, tries.slice(0, i))
      return false
    }
  }
  return true
}
/** A success gives its tries back; the place it came from (IP and e-mail) starts again from nothing. */
const giveBackTries = (db: Db, tries: Try[]) =>
  Promise.all(tries.map(([name, key]) => (name === 'staffIpEmail' ? clearLimit(db, name, key) : giveBack(db, name, key))))

const passwordTries = (ip: string, email: string): Try[] => [
  ['staffIpEmail', `${ip}|${email}`],
  ['senhaIp', ip],
  ['staffEmail', email],
]

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
 * right: one cookie, one session. In live mode a person without TOTP gets an
 * 'enrol' session, which opens nothing but the enrolment (docs/decisions/0124-staff-accounts.md).
 */
export async function staffLogin(
  db: Db,
  input: { email: string; senha: string; previous: StaffSession | null },
  where: Where & { ip: string },
  gate: PasswordGate,
): Promise<LoginResult | Refusal> {
  const email = input.email.toLowerCase()
  const tries = passwordTries(where.ip, email)
  if (!(await takeTries(db, tries))) return refuse(STAFF.locked)
  const [member] = await db.select().from(staff).where(eq(staff.email, email)).limit(1)
  const usable = member?.active ? member : null
  // A check refused as busy (too many hashes at once) guessed nothing: its tries go back.
  const right = await checkPassword(usable, input.senha).catch(async (err: unknown) => {
    await returnTries(db, tries)
    throw err
  })
  if (!right || !usable) return refuse(STAFF.credentials)
  await giveBackTries(db, tries)
  const published = publishedPasswordRefusal(input.senha, 'staff', where.ip, gate)
  if (published) return published
  // Wrong codes lock the account itself; only someone with the password learns it.
  if (await isLimited(db, 'senhaConta', accountKey(usable.id))) return refuse(STAFF.locked)
  if (input.previous) await endStaffSession(db, input.previous.id)
  if (usable.totpSecret) return { stage: 'totp', token: await createStaffSession(db, usable.id, 'totp', where) }
  if (gate.STORE_MODE === 'live') return { stage: 'enrol', token: await createStaffSession(db, usable.id, 'enrol', where) }
  return { stage: 'active', token: await open(db, usable, where) }
}

/**
 * The code step: the session of the password step (stage 'totp') and a 6-digit code or a
 * recovery code. The right one ends that session and opens a new one (a new token: rotation); a
 * wrong one counts like a wrong password, and against the account.
 */
export async function staffLoginCode(
  db: Db,
  box: SecretBox,
  pending: StaffSession | null,
  code: string,
  where: Where & { ip: string },
): Promise<LoginResult | Refusal> {
  if (!pending || pending.stage !== 'totp') return refuse(STAFF.codeStepExpired)
  const id = pending.staff.id
  const tries: Try[] = [...passwordTries(where.ip, pending.staff.email), ['senhaConta', accountKey(id)]]
  if (!(await takeTries(db, tries))) return refuse(STAFF.locked)
  const [member] = await db.select().from(staff).where(eq(staff.id, id)).limit(1)
  if (!member?.active || !member.totpSecret) return refuse(STAFF.codeStepExpired)
  const secret = box.open(member.totpSecret, totpPlace(id))
  const right = /^\d{6}$/.test(code) ? await takeCode(db, id, secret, code, member.totpLastStep) : await takeRecoveryCode(db, id, code)
  if (!right) return refuse(STAFF.wrongCode)
  await giveBackTries(db, tries)
  // A secret from before secrets were sealed is sealed now (sealClearTotpSecrets does the rest at start).
  if (!isSealed(member.totpSecret)) {
    await db
      .update(staff)
      .set({ totpSecret: box.seal(secret, totpPlace(id)) })
      .where(and(eq(staff.id, id), eq(staff.totpSecret, member.totpSecret)))
  }
  await endStaffSession(db, pending.id)
  return { stage: 'active', token: await open(db, member, where) }
}

/** The enrolment at login (live mode), first half: the QR code for the person of an 'enrol' session. */
export async function loginEnrolStart(db: Db, box: SecretBox, pending: StaffSession | null, issuer: string, ip: string | null) {
  if (!pending || pending.stage !== 'enrol') return refuse(STAFF.codeStepExpired)
  const { staff: who } = pending
  return startEnrolment(db, box, { email: who.email, actor: { kind: 'staff', staffId: who.id, name: who.nome, ip } }, issuer)
}

/**
 * The enrolment at login, second half: the first code turns TOTP on; the 'enrol' session is
 * traded for a working one, and the recovery codes come back to be shown once.
 */
export async function loginEnrolConfirm(
  db: Db,
  box: SecretBox,
  pending: StaffSession | null,
  code: string,
  where: Where & { ip: string },
): Promise<(LoginResult & { codigos: string[] }) | Refusal> {
  if (!pending || pending.stage !== 'enrol') return refuse(STAFF.codeStepExpired)
  const { staff: who } = pending
  const done = await confirmEnrolment(db, box, { kind: 'staff', staffId: who.id, name: who.nome, ip: where.ip }, code)
  if (isRefusal(done)) return done
  await endStaffSession(db, pending.id)
  return { stage: 'active', token: await open(db, who, where), codigos: done.codigos }
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
