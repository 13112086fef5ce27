import type { RefusalCode } from '../../domain/refusal'

/**
 * Refusal code → HTTP status for the admin router. Issue 17 puts the store's one mapping in
 * server/http/refusal.ts; until it is on main this local copy stands in (replace its use then).
 */
const STATUS: Record<RefusalCode, 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503 | 402> = {
  bad_request: 400,
  invalid: 422,
  auth: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  stock: 409,
  too_large: 413,
  unsupported: 415,
  rate_limited: 429,
  payment: 402,
  unavailable: 503,
}

export const statusOfRefusal = (code: RefusalCode) => STATUS[code]
