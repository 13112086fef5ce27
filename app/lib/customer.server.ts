import { redirect } from 'react-router'
import type { RequestContext } from '../../server/http/context'
import { privateAnswer } from '../../server/http/cache-headers'
import { currentCustomer } from '../../server/http/require-customer'
import { LOGIN_PATH } from './customer'

/** The logged-in customer's id; a visitor is sent to the login flow. */
export function customerIdOrLogin(context: RequestContext): number {
  const customer = currentCustomer(context)
  if (!customer) throw redirect(LOGIN_PATH, { headers: privateAnswer() })
  return customer.customerId
}
