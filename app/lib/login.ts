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

/**
 * Control characters (a browser drops tab, CR and LF from a URL: '/\t/x' becomes '//x') and
 * backslashes (read as '/'): none may be in a way back.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const UNSAFE = /[\u0000-\u001f\u007f\\]/

/** '/…' but not '//…' (another host), with nothing a browser would rewrite into one. */
const isLocalPath = (value: string) => value.startsWith('/') && !value.startsWith('//') && !UNSAFE.test(value)

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

/**
 * A path on this site, or null: the text and its percent-decoded form must both be a local path
 * ('/%09/x' and '/%5Cx' are refused as '/\t/x' and '/\x' are), so no browser, router or proxy
 * that decodes it once can make it another origin.
 */
export function safeReturn(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 512 || !isLocalPath(value)) return null
  const plain = decoded(value)
  return plain !== null && isLocalPath(plain) ? value : null
}
