import { data, redirect, type AppLoadContext } from 'react-router'
import { STAFF_MESSAGES } from '../../contract/admin/staff'
import { isRefusal } from '../../server/domain/refusal'
import type { Permission } from '../../server/domain/staff/permissions'
import { checkStaff, type StaffPrincipal } from '../../server/http/admin/guard'
import { loginRedirect } from './admin'

export type { StaffPrincipal }

/**
 * The page loaders' guard (the API's is server/http/admin/guard.ts, and both are one check): the
 * staff member, or a redirect to /admin/entrar when nobody (or only a shopper) is logged in, or a
 * 403 page — audited — when their role lacks the permission.
 */
export async function requireStaffPage(context: AppLoadContext, request: Request, permission?: Permission): Promise<StaffPrincipal> {
  const url = new URL(request.url)
  const result = await checkStaff(
    context.db,
    { cookie: request.headers.get('cookie'), ip: context.clientIp ?? null, method: request.method, path: url.pathname },
    permission,
  )
  if (isRefusal(result)) {
    if (result.code === 'auth') throw redirect(loginRedirect(request))
    throw data({ msg: STAFF_MESSAGES.proibidoPagina }, { status: 403 })
  }
  return result
}

/** The staff member when the cookie holds a live session (the login page sends them on), else null. */
export async function currentStaff(context: AppLoadContext, request: Request): Promise<StaffPrincipal | null> {
  const result = await checkStaff(context.db, { cookie: request.headers.get('cookie'), ip: context.clientIp ?? null, method: request.method, path: new URL(request.url).pathname })
  return isRefusal(result) ? null : result
}
