import { loginPath } from './login'

/** The login flow (browser-safe): its first screen. Pages that need a customer send visitors to loginPath(here). */
export const LOGIN_PATH = '/authorization/user/'

/** The login flow, coming back to the page the browser is on. */
export const loginHere = () => loginPath(window.location.pathname + window.location.search)
