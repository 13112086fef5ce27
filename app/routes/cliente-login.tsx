import { redirect } from 'react-router'
import { LOGIN_PATH } from '~/lib/customer'

/** /cliente/login/ (docs/requirements.md, "Login link"): the login flow starts at the authorization screen. */
export function loader() {
  throw redirect(LOGIN_PATH)
}
