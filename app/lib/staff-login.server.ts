import type { AppLoadContext } from 'react-router'
import { findStaffSession, type StaffSession, type Where } from '../../server/domain/staff/sessions'
import { staffCookie, staffToken } from '../../server/http/admin/cookie'

/**
 * What the login pages' actions (entrar, convite, Sair) need beyond staffAction: who is asking
 * from where (the login's rate limits count by IP), the browser's session whatever its stage, and
 * the staff cookie to set or clear on the answer.
 */
export const loginPlace = (context: AppLoadContext, request: Request): Where & { ip: string } => ({
  ip: context.clientIp ?? '',
  userAgent: request.headers.get('user-agent'),
})

export const cookieSession = (context: AppLoadContext, request: Request): Promise<StaffSession | null> =>
  findStaffSession(context.db, staffToken(request.headers.get('cookie')))

/** Headers giving the browser the staff cookie of `token` (null: clearing it). */
export const cookieHeaders = (context: AppLoadContext, request: Request, token: string | null) => ({
  'Set-Cookie': staffCookie(token, context.secureCookies === true),
})
