import type { z } from 'zod'
import { adminCalls } from '../../contract/admin/calls'
import type { AdminEndpointName, adminEndpoints } from '../../contract/admin/endpoints'
import { requestFor, send, type CallFailure, type CallOptions } from './api'

/**
 * The admin pages' way to reach /admin/api: `adminCall(name, input)`, built like the storefront's
 * `call` (app/lib/api.ts, whose fetch it shares): method and path from contract/admin/calls.ts,
 * types from the admin registry (type-only, so no zod ships). Failures come back as values.
 */
type Entry<K extends AdminEndpointName> = (typeof adminEndpoints)[K]
type Part<E, F extends 'params' | 'request' | 'query'> = E extends Record<F, z.ZodType> ? z.input<E[F]> : Record<never, never>

export type AdminCallInput<K extends AdminEndpointName> = Part<Entry<K>, 'params'> & Part<Entry<K>, 'query'> & Part<Entry<K>, 'request'>
export type AdminCallData<K extends AdminEndpointName> = z.output<Entry<K>['response']>
export type AdminCallResult<K extends AdminEndpointName> = { ok: true; status: number; data: AdminCallData<K> } | CallFailure

/** Calls whose 401 is an answer for the form (wrong password, expired code step), not an ended session. */
const LOGIN_CALLS = new Set<AdminEndpointName>(['entrar', 'entrarCodigo', 'aceitarConvite', 'sair'])

export async function adminCall<K extends AdminEndpointName>(name: K, input: AdminCallInput<K>, options?: CallOptions): Promise<AdminCallResult<K>> {
  const result = await send<AdminCallData<K>>(requestFor(name, adminCalls[name], input as Record<string, unknown>), options)
  // The session ended meanwhile (30 minutes idle, deactivated, logged out elsewhere): back to the login.
  if (!result.ok && result.status === 401 && !LOGIN_CALLS.has(name) && typeof window !== 'undefined') {
    window.location.assign(`/admin/entrar?volta=${encodeURIComponent(window.location.pathname + window.location.search)}`)
  }
  return result
}
