/** Back-office paths shared by its pages and their loaders. */
import { safeReturn as sameSitePath } from './login'

/**
 * The Painel's address, with its slash: the staff cookie's path is /admin, and a client-side
 * navigation to `/admin` would fetch `/admin.data` — outside that path, so without the cookie.
 * `/admin/` fetches `/admin/_.data` (docs/decisions/0040-back-office-staff-and-audit.md). Link here.
 */
export const ADMIN_HOME = '/admin/'

/** Where the staff login sends someone back to after entering (only paths inside /admin). */
export function loginRedirect(request: Request): string {
  const url = new URL(request.url)
  const back = url.pathname + url.search
  return back === '/admin' || back === ADMIN_HOME ? '/admin/entrar' : `/admin/entrar?volta=${encodeURIComponent(back)}`
}

/**
 * A `volta` parameter that stays inside the back office (no open redirect): a same-site path by
 * the storefront's rule (no control characters nor backslashes, plain or percent-encoded — a line
 * break would also make the redirect's Location header invalid) under /admin/.
 */
export function safeReturn(value: string | null): string {
  const path = sameSitePath(value)
  return path && path.startsWith('/admin/') ? path : ADMIN_HOME
}
