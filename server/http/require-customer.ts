import { ACCOUNT } from '../../contract/messages/account-reasons'
import type { SessionRecord } from '../domain/session/session'
import type { RequestContext } from './context'
import { refuse } from '../domain/refusal'

/** A session with a logged-in customer. */
export type CustomerSession = SessionRecord & { customerId: number }

/** The logged-in customer's session, or null (pages redirect to the login flow). */
export function currentCustomer(ctx: RequestContext): CustomerSession | null {
  const session = ctx.session.current()
  return session && session.customerId !== null ? (session as CustomerSession) : null
}

/**
 * The one guard of every call that needs a customer: their session, or a 401
 * `{estado:'erro', msg:'auth'}` (the checkout shows a login prompt on 'auth').
 */
export function requireCustomer(ctx: RequestContext): CustomerSession {
  const session = currentCustomer(ctx)
  if (!session) throw refuse(ACCOUNT.auth)
  return session
}
