import { redirect } from 'react-router'
import type { RequestContext } from '../../server/http/context'
import { currentCustomer } from '../../server/http/require-customer'
import { LOGIN_PATH } from './customer'

/** Pages of one customer (addresses): never kept by a browser, a proxy or the micro-cache. */
export const PRIVATE_HEADERS = { 'Cache-Control': 'private, no-store' } as const


/** The logged-in customer's id; a visitor is sent to the login flow. */
export function customerIdOrLogin(context: RequestContext): number {
  const customer = currentCustomer(context)
  if (!customer) throw redirect(LOGIN_PATH, { headers: PRIVATE_HEADERS })
  return customer.customerId
}
