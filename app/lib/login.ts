import { LOGIN_PATH } from './customer'

/**
 * The login flow's way back: a page that needs a customer (checkout's 'auth' prompt)
 * links to `loginPath(itself)` (LOGIN_PATH, with the way back); after step 2 the shopper lands there
 * instead of the site root.
 * Only same-site paths are followed.
 */
export function loginPath(voltar?: string): string {
  const back = safeReturn(voltar)
  return back ? `${LOGIN_PATH}?voltar=${encodeURIComponent(back)}` : LOGIN_PATH
}

/** A path on this site ('/…', not '//…'), or null. */
export function safeReturn(value: unknown): string | null {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && value.length <= 512 ? value : null
}
