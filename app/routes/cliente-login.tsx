import { redirect } from 'react-router'

/** /cliente/login/ (spec §2 "Login link"): the login flow starts at the authorization screen. */
export function loader() {
  throw redirect('/authorization/user/')
}
