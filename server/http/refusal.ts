import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { isRefusal, type Refusal, type RefusalCategory } from '../domain/refusal'

/**
 * The one place a refusal becomes HTTP (docs/decisions/0032-one-way-to-refuse.md): its status by
 * code, and its body `{estado:'erro', msg, …wire}`.
 */
export const REFUSAL_STATUS: Record<RefusalCategory, ContentfulStatusCode> = {
  bad_request: 400,
  auth: 401,
  payment: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  stock: 409,
  too_large: 413,
  unsupported: 415,
  invalid: 422,
  rate_limited: 429,
  unavailable: 503,
}

/**
 * A refusal whose wire fields name their own `estado` (alterar-pedido's 'MaxLimite') is an answer
 * the client acts on, not an error: it goes out as 200, as the wire calls in docs/requirements.md say.
 */
export function refusalStatus(refusal: Refusal): ContentfulStatusCode {
  const estado = refusal.wire.estado
  return estado !== undefined && estado !== 'erro' ? 200 : REFUSAL_STATUS[refusal.category]
}

/** The wire body: `estado` first, then `msg`, then the wire fields (which may replace `estado`). */
export const refusalBody = (refusal: Refusal): Record<string, unknown> => ({ estado: 'erro', msg: refusal.message, ...refusal.wire })

/** Answers a refusal; 'unavailable' (busy, starting, a provider down) also says when to try again. */
export function answerRefusal(c: Context, refusal: Refusal): Response {
  if (refusal.category === 'unavailable') c.header('Retry-After', '2')
  return c.json(refusalBody(refusal), refusalStatus(refusal))
}

/** A domain function's value on the wire: a refusal as above, anything else as it is (200). */
export function answer(c: Context, result: object): Response {
  return isRefusal(result) ? answerRefusal(c, result) : c.json(result)
}
