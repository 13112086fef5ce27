import { and, eq, isNull, or, lt } from 'drizzle-orm'
import { generateSecret, generateURI, verify } from 'otplib'
import QRCode from 'qrcode'
import { STAFF } from '../../../contract/messages/staff'
import type { Db } from '../../db/client'
import { staff } from '../../db/schema'
import type { Actor } from '../actor'
import { refuse, type Refusal } from '../refusal'
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

/**
 * Enrolment, first half: a new secret kept as pending (the active one, if any, stays until a code
 * confirms the new one) and its otpauth URI and QR code.
 */
export async function startEnrolment(
  db: Db,
  member: { id: number; email: string },
  issuer: string,
): Promise<{ uri: string; qrSvg: string; segredo: string } | Refusal> {
  const [row] = await db.select({ totpSecret: staff.totpSecret }).from(staff).where(eq(staff.id, member.id))
  if (!row) return refuse(STAFF.notFound)
  if (row.totpSecret) return refuse(STAFF.totpAlreadyOn)
  const secret = generateSecret()
  await db.update(staff).set({ totpPendingSecret: secret }).where(eq(staff.id, member.id))
  const uri = generateURI({ issuer, label: member.email, secret })
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return { uri, qrSvg, segredo: secret }
}

/** Enrolment, second half: a first code from the app proves the secret was kept; TOTP is on from now. */
export async function confirmEnrolment(db: Db, actor: Actor & { kind: 'staff' }, code: string, now = Date.now()): Promise<null | Refusal> {
  const [row] = await db.select({ pending: staff.totpPendingSecret, secret: staff.totpSecret }).from(staff).where(eq(staff.id, actor.staffId))
  if (!row) return refuse(STAFF.notFound)
  if (row.secret) return refuse(STAFF.totpAlreadyOn)
  if (!row.pending) return refuse(STAFF.totpNotStarted)
  const step = await matchCode(row.pending, code, null, now)
  if (step === null) return refuse(STAFF.wrongCode)
  return db.transaction(async (tx) => {
    const done = await tx
      .update(staff)
      .set({ totpSecret: row.pending, totpPendingSecret: null, totpLastStep: step })
      .where(and(eq(staff.id, actor.staffId), isNull(staff.totpSecret), eq(staff.totpPendingSecret, row.pending!)))
      .returning({ id: staff.id })
    if (!done.length) return refuse(STAFF.totpAlreadyOn)
    await recordAudit(tx, { actor, action: 'totp.ativar', entity: 'staff', entityId: String(actor.staffId), before: { totp: false }, after: { totp: true } })
    return null
  })
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
