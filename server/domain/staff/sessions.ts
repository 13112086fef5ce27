import { and, eq, lt, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { staff, staffSessions } from '../../db/schema'
import { randomToken, sha256 } from '../../lib/tokens'
import type { Role } from './permissions'

/**
 * Back-office sessions (docs/decisions/0040-back-office-staff-and-audit.md). Read from the database
 * on every request — never cached in a process — so a deactivated person or an ended session is
 * refused on the very next request, on every instance.
 */
export const STAFF_IDLE_MS = 30 * 60_000
export const STAFF_ABSOLUTE_MS = 12 * 60 * 60_000
/** A session waiting for its TOTP code lives this long. */
export const STAFF_TOTP_STAGE_MS = 5 * 60_000
/** A session that may only enrol TOTP (live mode, first login without it) lives this long. */
export const STAFF_ENROL_STAGE_MS = 15 * 60_000
const STAGE_MS = { totp: STAFF_TOTP_STAGE_MS, enrol: STAFF_ENROL_STAGE_MS, active: STAFF_ABSOLUTE_MS } as const
/** last_seen_at is written at most this often (the idle timeout is 30 minutes; a minute of slack is harmless). */
const TOUCH_EVERY_MS = 60_000

/** 'totp': the code is due; 'enrol': TOTP must be enrolled first; 'active': a working session. */
export type SessionStage = 'totp' | 'enrol' | 'active'
export type StaffMember = { id: number; nome: string; email: string; role: Role; totpEnabled: boolean }
export type StaffSession = { id: string; stage: SessionStage; staff: StaffMember }
export type Where = { ip: string | null; userAgent: string | null }

/** A new session for a staff member; the token goes into the cookie, its SHA-256 into the row. */
export async function createStaffSession(db: Pick<Db, 'insert'>, staffId: number, stage: SessionStage, where: Where): Promise<string> {
  const token = randomToken(32)
  await db.insert(staffSessions).values({
    id: sha256(token),
    staffId,
    stage,
    ip: where.ip?.slice(0, 64) ?? null,
    userAgent: where.userAgent?.slice(0, 300) ?? null,
  })
  return token
}

/**
 * The live session of a cookie token with its (active) staff member, or null: unknown, idle over
 * 30 minutes, older than 12 hours, a TOTP stage older than 5 minutes (an enrolment one 15), or the
 * person deactivated.
 * A live active session has its last_seen_at moved (at most once a minute).
 */
export async function findStaffSession(db: Db, token: string | undefined, now = Date.now()): Promise<StaffSession | null> {
  if (!token || token.length > 128) return null
  const id = sha256(token)
  const [row] = await db
    .select({
      id: staffSessions.id,
      stage: staffSessions.stage,
      createdAt: staffSessions.createdAt,
      lastSeenAt: staffSessions.lastSeenAt,
      staffId: staff.id,
      nome: staff.nome,
      email: staff.email,
      role: staff.role,
      active: staff.active,
      totpSecret: staff.totpSecret,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.id, id))
    .limit(1)
  if (!row || !row.active) return null
  const age = now - row.createdAt.getTime()
  const idle = now - row.lastSeenAt.getTime()
  if (age > STAGE_MS[row.stage] || idle > STAFF_IDLE_MS) return null
  if (row.stage === 'active' && idle > TOUCH_EVERY_MS) {
    await db
      .update(staffSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(staffSessions.id, id))
  }
  return {
    id: row.id,
    stage: row.stage,
    staff: { id: row.staffId, nome: row.nome, email: row.email, role: row.role, totpEnabled: row.totpSecret !== null },
  }
}

/** Ends one session (Sair, or the TOTP stage traded for an active session). */
export async function endStaffSession(db: Pick<Db, 'delete'>, sessionId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, sessionId))
}

/** Ends every session of a person (deactivation, role change): refused from the next request on. */
export async function endAllStaffSessions(db: Pick<Db, 'delete'>, staffId: number): Promise<number> {
  const ended = await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId)).returning({ id: staffSessions.id })
  return ended.length
}

/** Maintenance: sessions past their idle or absolute time. */
export async function deleteExpiredStaffSessions(db: Db, now = Date.now()): Promise<void> {
  await db
    .delete(staffSessions)
    .where(
      or(
        lt(staffSessions.lastSeenAt, new Date(now - STAFF_IDLE_MS)),
        lt(staffSessions.createdAt, new Date(now - STAFF_ABSOLUTE_MS)),
        and(eq(staffSessions.stage, 'totp'), lt(staffSessions.createdAt, new Date(now - STAFF_TOTP_STAGE_MS))),
        and(eq(staffSessions.stage, 'enrol'), lt(staffSessions.createdAt, new Date(now - STAFF_ENROL_STAGE_MS))),
      ),
    )
}
