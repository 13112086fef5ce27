import { randomBytes } from 'node:crypto'
import { and, eq, isNotNull, isNull, lt, notLike, or, sql } from 'drizzle-orm'
import { generateSecret, generateURI, verify } from 'otplib'
import QRCode from 'qrcode'
import { STAFF } from '../../../contract/messages/staff'
import type { Db } from '../../db/client'
import { staff, staffRecoveryCodes } from '../../db/schema'
import { transaction, type Tx } from '../../db/tx'
import { isSealed, type SecretBox } from '../../lib/secret-box'
import { sha256 } from '../../lib/tokens'
import type { Actor } from '../actor'
import { isRefusal, refuse, type Refusal } from '../refusal'
import { recordAudit } from '../audit/record'

/**
 * TOTP (RFC 6238, 6 digits, 30 s) through otplib: any authenticator app reads the QR code.
 * A code is accepted one step either side of now (clock drift) and only once: the step it matched
 * is kept, and a code of that step or an earlier one is refused (no replay of a seen code).
 */
const TOLERANCE_S = 30
const PERIOD_S = 30

/** The time step a code matched, or null when it does not match (or was already used). */
export async function matchCode(secret: string, code: string, lastStep: number | null, now = Date.now()): Promise<number | null> {
  const epoch = Math.floor(now / 1000)
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOLERANCE_S,
    epoch,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  }).catch(() => ({ valid: false as const }))
  // The step the code belongs to: now's step moved by the drift it matched at (30 s periods).
  return result.valid ? Math.floor(epoch / PERIOD_S) + result.delta : null
}

type StaffActor = Actor & { kind: 'staff' }

/** The additional data a staff member's sealed TOTP secret is bound to (server/lib/secret-box.ts). */
export const totpPlace = (staffId: number) => `staff:${staffId}:totp`

/**
 * Enrolment, first half: a new secret kept (sealed) as pending — the active one, if any, stays
 * until a code confirms the new one — and its otpauth URI and QR code. Audited: a person starting
 * an enrolment they did not ask for is the first sign of a stolen password.
 */
export async function startEnrolment(
  db: Db,
  box: SecretBox,
  member: { email: string; actor: StaffActor },
  issuer: string,
): Promise<{ uri: string; qrSvg: string; segredo: string } | Refusal> {
  const id = member.actor.staffId
  const secret = generateSecret()
  const started = await transaction(db, async (tx) => {
    const [row] = await tx.select({ totpSecret: staff.totpSecret }).from(staff).where(eq(staff.id, id)).for('update')
    if (!row) return refuse(STAFF.notFound)
    if (row.totpSecret) return refuse(STAFF.totpAlreadyOn)
    await tx
      .update(staff)
      .set({ totpPendingSecret: box.seal(secret, totpPlace(id)) })
      .where(eq(staff.id, id))
    await recordAudit(tx, { actor: member.actor, action: 'totp.iniciar', entity: 'staff', entityId: String(id) })
    return null
  })
  if (isRefusal(started)) return started
  const uri = generateURI({ issuer, label: member.email, secret })
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { uri, qrSvg, segredo: secret }
}

/** How many recovery codes an enrolment gives. */
export const RECOVERY_CODES = 10
/** Letters and digits that cannot be mistaken for one another when copied from paper. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const recoveryHash = (staffId: number, code: string) => sha256(`${staffId}:${code.toUpperCase().replace(/[^A-Z0-9]/g, '')}`)

function newRecoveryCode(): string {
  const bytes = randomBytes(10)
  const chars = [...bytes].map((b) => CODE_ALPHABET[b % 32])
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
}

/** A new set of recovery codes for a person (the old ones stop working); the clear codes are returned to be shown once. */
async function replaceRecoveryCodes(tx: Tx, staffId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode)
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId))
  await tx.insert(staffRecoveryCodes).values(codes.map((c) => ({ staffId, hash: recoveryHash(staffId, c) })))
  return codes
}

/**
 * Enrolment, second half: a first code from the app proves the secret was kept; TOTP is on from
 * now, and the recovery codes are made — returned here, the only time they can be read.
 */
export async function confirmEnrolment(db: Db, box: SecretBox, actor: StaffActor, code: string, now = Date.now()): Promise<{ codigos: string[] } | Refusal> {
  const [row] = await db.select({ pending: staff.totpPendingSecret, secret: staff.totpSecret }).from(staff).where(eq(staff.id, actor.staffId))
  if (!row) return refuse(STAFF.notFound)
  if (row.secret) return refuse(STAFF.totpAlreadyOn)
  if (!row.pending) return refuse(STAFF.totpNotStarted)
  const step = await matchCode(box.open(row.pending, totpPlace(actor.staffId)), code, null, now)
  if (step === null) return refuse(STAFF.wrongCode)
  const pending = isSealed(row.pending) ? row.pending : box.seal(row.pending, totpPlace(actor.staffId))
  return transaction(db, async (tx) => {
    const done = await tx
      .update(staff)
      .set({ totpSecret: pending, totpPendingSecret: null, totpLastStep: step })
      .where(and(eq(staff.id, actor.staffId), isNull(staff.totpSecret), eq(staff.totpPendingSecret, row.pending!)))
      .returning({ id: staff.id })
    if (!done.length) return refuse(STAFF.totpAlreadyOn)
    const codigos = await replaceRecoveryCodes(tx, actor.staffId)
    await recordAudit(tx, { actor, action: 'totp.ativar', entity: 'staff', entityId: String(actor.staffId), before: { totp: false }, after: { totp: true } })
    return { codigos }
  })
}

/** Segurança: new recovery codes (the old ones stop working), audited; only with TOTP on. */
export async function renewRecoveryCodes(db: Db, actor: StaffActor): Promise<{ codigos: string[] } | Refusal> {
  return transaction(db, async (tx) => {
    const [row] = await tx.select({ secret: staff.totpSecret }).from(staff).where(eq(staff.id, actor.staffId)).for('update')
    if (!row) return refuse(STAFF.notFound)
    if (!row.secret) return refuse(STAFF.totpOff)
    const codigos = await replaceRecoveryCodes(tx, actor.staffId)
    await recordAudit(tx, { actor, action: 'totp.novos_codigos', entity: 'staff', entityId: String(actor.staffId) })
    return { codigos }
  })
}

/** How many unused recovery codes a person has left (Segurança shows it). */
export async function recoveryCodesLeft(db: Db, staffId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(eq(staffRecoveryCodes.staffId, staffId))
  return Number(row?.n ?? 0)
}

/** Uses a recovery code at login: true once per code (deleted in the statement that finds it). */
export async function takeRecoveryCode(db: Db, staffId: number, code: string): Promise<boolean> {
  const used = await db
    .delete(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.hash, recoveryHash(staffId, code))))
    .returning({ staffId: staffRecoveryCodes.staffId })
  return used.length > 0
}

/**
 * Seals the TOTP secrets still kept in clear (rows from before they were sealed): run at start,
 * and a clear one read at login is sealed too. Each row is written only if it still holds what
 * was read.
 */
export async function sealClearTotpSecrets(db: Db, box: SecretBox): Promise<number> {
  const rows = await db
    .select({ id: staff.id, secret: staff.totpSecret, pending: staff.totpPendingSecret })
    .from(staff)
    .where(
      or(
        and(isNotNull(staff.totpSecret), notLike(staff.totpSecret, 'v1.%')),
        and(isNotNull(staff.totpPendingSecret), notLike(staff.totpPendingSecret, 'v1.%')),
      ),
    )
  for (const row of rows) {
    const seal = (v: string | null) => (v && !isSealed(v) ? box.seal(v, totpPlace(row.id)) : v)
    await db
      .update(staff)
      .set({ totpSecret: seal(row.secret), totpPendingSecret: seal(row.pending) })
      .where(and(eq(staff.id, row.id), row.secret ? eq(staff.totpSecret, row.secret) : isNull(staff.totpSecret)))
  }
  return rows.length
}

/**
 * Takes a code at login: true and the step remembered when it matches a step after the last one
 * used (a conditional update, so two requests with one code get one login between them).
 */
export async function takeCode(db: Db, staffId: number, secret: string, code: string, lastStep: number | null, now = Date.now()): Promise<boolean> {
  const step = await matchCode(secret, code, lastStep, now)
  if (step === null) return false
  const taken = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, staffId), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
    .returning({ id: staff.id })
  return taken.length > 0
}
