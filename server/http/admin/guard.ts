import type { Context } from 'hono'
import { STAFF } from '../../../contract/messages/staff'
import type { Db } from '../../db/client'
import type { Actor } from '../../domain/actor'
import { isRefusal, refuse, type Refusal } from '../../domain/refusal'
import { recordAudit } from '../../domain/audit/record'
import { can, type Permission, type Role } from '../../domain/staff/permissions'
import { findStaffSession, type StaffSession } from '../../domain/staff/sessions'
import { clientIp } from '../client'
import type { AppBindings, RequestContext } from '../context'
import { staffToken } from './cookie'

/** The person behind an admin request, and the Actor their changes are recorded under. */
export type StaffPrincipal = { id: number; nome: string; email: string; role: Role; totpEnabled: boolean; sessionId: string; actor: Actor & { kind: 'staff' } }

/**
 * The one check of every admin page and call (pages through app/lib/admin.server.ts): a live,
 * active staff session (a shopper's session is another cookie and another table: it never
 * counts), and — when given — the permission. A refused permission is audited ('acesso negado')
 * with what was asked, so an Atendimento calling a refund by hand leaves a line. In live mode a
 * working session of a person without TOTP opens nothing either (their TOTP was reset, or the
 * store went live after the demo): the login sends them to the enrolment.
 */
export async function checkStaff(ctx: Pick<RequestContext, 'db' | 'env'>, request: StaffRequest, permission?: Permission): Promise<StaffPrincipal | Refusal> {
  const { db } = ctx
  const session = await findStaffSession(db, staffToken(request.cookie))
  if (!session || session.stage !== 'active') return refuse(STAFF.sessionEnded)
  if (ctx.env.STORE_MODE === 'live' && !session.staff.totpEnabled) return refuse(STAFF.sessionEnded)
  const { staff } = session
  const principal: StaffPrincipal = {
    ...staff,
    sessionId: session.id,
    actor: { kind: 'staff', staffId: staff.id, name: staff.nome, ip: request.ip },
  }
  if (permission) {
    const denied = await checkPermission(db, principal, permission, request)
    if (denied) return denied
  }
  return principal
}

/** Who is asking, as the guard reads it from a request (an API call or a page's action). */
export type StaffRequest = { cookie: string | null | undefined; ip: string | null; method: string; path: string }

/**
 * The permission half of the check, for an action whose permission depends on what it was asked to
 * do (a page's `intent`): null when the role has it; else the refusal, audited ('acesso negado').
 */
export async function checkPermission(db: Db, principal: StaffPrincipal, permission: Permission, request: StaffRequest): Promise<Refusal | null> {
  if (can(principal.role, permission)) return null
  await recordAudit(db, {
    actor: principal.actor,
    action: 'acesso negado',
    entity: 'permission',
    entityId: permission,
    after: { metodo: request.method, caminho: request.path, perfil: principal.role },
  })
  return refuse(STAFF.forbidden)
}

/** Ends the request with a refusal (app.ts answers it through server/http/refusal.ts). */
export function fail(refusal: Refusal): never {
  throw refusal
}

/** The guard of an admin call: the principal, or a 401/403 answer. */
export async function requireStaff(c: Context<AppBindings>, permission?: Permission): Promise<StaffPrincipal> {
  const result = await checkStaff(c.get('ctx'), { cookie: c.req.header('cookie'), ip: clientIp(c), method: c.req.method, path: c.req.path }, permission)
  if (isRefusal(result)) fail(result)
  return result
}

/** The raw session of the cookie, whatever its stage (the TOTP step needs the 'totp' one). */
export function sessionOfRequest(c: Context<AppBindings>): Promise<StaffSession | null> {
  return findStaffSession(c.get('ctx').db, staffToken(c.req.header('cookie')))
}
