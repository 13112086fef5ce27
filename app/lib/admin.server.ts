import { data, redirect, type AppLoadContext } from 'react-router'
import type { z } from 'zod'
import { STAFF_FIELDS } from '../../contract/messages/staff'
import { REQUEST } from '../../contract/messages/request'
import { isRefusal, refuse, type Refusal } from '../../server/domain/refusal'
import type { Permission } from '../../server/domain/staff/permissions'
import { checkPermission, checkStaff, type StaffPrincipal, type StaffRequest } from '../../server/http/admin/guard'
import { refusalStatus } from '../../server/http/refusal'
import { describeIssue } from '../../server/http/validate'
import { loginRedirect } from './admin'
import type { ActionAnswer } from './admin-action'

export type { StaffPrincipal }

const staffRequest = (context: AppLoadContext, request: Request): StaffRequest => ({
  cookie: request.headers.get('cookie'),
  ip: context.clientIp ?? null,
  method: request.method,
  path: new URL(request.url).pathname,
})

/**
 * The page loaders' guard (the API's is server/http/admin/guard.ts, and both are one check): the
 * staff member, or a redirect to /admin/entrar when nobody (or only a shopper) is logged in, or a
 * 403 page — audited — when their role lacks the permission.
 */
export async function requireStaffPage(context: AppLoadContext, request: Request, permission?: Permission): Promise<StaffPrincipal> {
  const result = await checkStaff(context, staffRequest(context, request), permission)
  if (isRefusal(result)) {
    if (result.category === 'auth') throw redirect(loginRedirect(request))
    throw data({ msg: STAFF_FIELDS.forbiddenPage }, { status: 403 })
  }
  return result
}

/** The staff member when the cookie holds a live session (the login page sends them on), else null. */
export async function currentStaff(context: AppLoadContext, request: Request): Promise<StaffPrincipal | null> {
  const result = await checkStaff(context, staffRequest(context, request))
  return isRefusal(result) ? null : result
}

/**
 * The one shape of a back-office page's `action` (docs/decisions/0120-back-office-shape.md):
 *
 *     export async function action({ context, request, params }: Route.ActionArgs) {
 *       const { staff, input } = await staffAction(context, request, orderIntentSchema, (i) => PERMISSION[i.intent])
 *       switch (input.intent) { case 'cancelar': return answer(await cancelOrder(…), 'Pedido cancelado.') … }
 *     }
 *
 * The body is JSON (useStaffAction submits it) read with the intent's schema; a session that ended
 * sends the page to the login, a role without the permission gets the audited 403 as a value the
 * page toasts. Every refusal is thrown as its answer, so the action's code goes on only when allowed.
 */
export async function staffAction<S extends z.ZodType>(
  context: AppLoadContext,
  request: Request,
  schema: S,
  /** None: anyone logged in (their own account's page, e.g. Segurança). */
  permission?: Permission | ((input: z.output<S>) => Permission),
): Promise<{ staff: StaffPrincipal; input: z.output<S> }> {
  const who = staffRequest(context, request)
  const staff = await checkStaff(context, who)
  if (isRefusal(staff)) {
    if (staff.category === 'auth') throw redirect(loginRedirect(request))
    throw refused(staff)
  }
  const input = await readIntent(request, schema)
  const needed = typeof permission === 'function' ? permission(input) : permission
  const denied = needed ? await checkPermission(context.db, staff, needed, who) : null
  if (denied) throw refused(denied)
  return { staff, input }
}

/** An action's JSON body read with its intent's schema; what cannot be read is thrown as the refused answer. */
export async function readIntent<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  let body: unknown
  try {
    body = await request.json()
  } catch {
    throw refused(refuse(REQUEST.badJson))
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw refused(refuse(REQUEST.invalidField(describeIssue(parsed.error.issues[0]))))
  return parsed.data
}

/** A refusal as the action's answer: its status, its code and the pt-BR sentence (and its wire fields). */
export function refused(refusal: Refusal) {
  return data({ ok: false as const, code: refusal.code, msg: refusal.message, ...refusal.wire } satisfies ActionAnswer, { status: refusalStatus(refusal) })
}

/** A domain function's result as the action's answer: refused as above, else `ok` with the success sentence. */
export function answer<T extends object>(result: T | Refusal, msg?: string) {
  if (isRefusal(result)) return refused(result)
  return { ...result, ok: true as const, ...(msg === undefined ? {} : { msg }) }
}
