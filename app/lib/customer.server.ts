import { redirect } from 'react-router'
import type { RequestContext } from '../../server/http/context'
import { privateAnswer } from '../../server/http/cache-headers'
import { currentCustomer } from '../../server/http/require-customer'
import { LOGIN_PATH } from './customer'
import { loginPath } from './login'

/** The logged-in customer's id; a visitor is sent to the login flow, which brings them back to `request`'s page. */
export function customerIdOrLogin(context: RequestContext, request?: Request): number {
  const customer = currentCustomer(context)
  if (!customer) {
    const here = request ? new URL(request.url) : null
    throw redirect(here ? loginPath(here.pathname + here.search) : LOGIN_PATH, { headers: privateAnswer() })
  }
  return customer.customerId
}
