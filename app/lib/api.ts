import type { z } from 'zod'
import { calls } from '../../contract/calls'
import type { ListingQuery } from '../../contract/catalog'
import type { JsonEndpointName, endpoints } from '../../contract/endpoints'

/**
 * The browser's one way to reach the wire API: `call(name, input)`. Method and path come
 * from contract/calls.ts, types from the registry's schemas (type-only: the server validates, so the
 * browser ships no zod). Path segments (`{id}`) are filled from the input, the rest of a GET's input
 * becomes the query string and a POST's the JSON body. Failures come back as values, never throws
 * (an abort is let through: the caller cancelled).
 */

type Entry<K extends JsonEndpointName> = (typeof endpoints)[K]
type Part<E, F extends 'params' | 'request'> = E extends Record<F, z.ZodType> ? z.input<E[F]> : Record<never, never>

/**
 * Query parameters as the server reads them. Its schemas take any text (they normalise), so the
 * types come from what they produce: paging, sort and price range have server defaults and may be
 * left out; the others (p, id, bloco) are required.
 */
type QueryOf<E> = E extends { query: z.ZodType }
  ? Partial<Pick<z.output<E['query']>, keyof ListingQuery & keyof z.output<E['query']>>> & Omit<z.output<E['query']>, keyof ListingQuery>
  : Record<never, never>

/** What a call takes: its path parameters, query parameters or JSON body, as one object. */
export type CallInput<K extends JsonEndpointName> = Part<Entry<K>, 'params'> & QueryOf<Entry<K>> & Part<Entry<K>, 'request'>

/** An answer the spec reads as a failure: `estado` 'erro' (or 'error', checkout/1's spelling). */
type FailedAnswer = { estado: 'erro' | 'error' }

/** What a call answers when it worked (the registry's answer without its failure shapes). */
export type CallData<K extends JsonEndpointName> = Exclude<z.output<Entry<K>['response']>, FailedAnswer>

/**
 * A failed call: HTTP status (0 without a connection), the answer's estado and a message for people;
 * `message` is the answer's own `message` field when it has one (listar-carrinho's), `notJson` says
 * the body was not JSON at all (the cart panel's 'Erro desconhecido'); `error` is the answer's `error`
 * field when it has one (the login steps': 'rate-limit' whatever the HTTP status).
 */
export type CallFailure = {
  ok: false
  status: number
  estado: string
  msg: string
  message?: string
  error?: string
  notJson?: true
  /** The form field a refusal is about (the back office's forms show it there), and every bad field's message. */
  campo?: string
  campos?: Record<string, string>
}

export type CallResult<K extends JsonEndpointName> = { ok: true; status: number; data: CallData<K> } | CallFailure

export type CallOptions = { signal?: AbortSignal; cache?: RequestCache; headers?: Record<string, string> }

const FALLBACK_MSG = 'Não foi possível completar a operação. Tente novamente.'
const OFFLINE_MSG = 'Sem conexão com a loja. Verifique sua internet.'

type Input = Record<string, unknown>

/** The URL of a call and, for a POST, its body: path segments filled, the rest as query or body. */
export function requestOf(name: JsonEndpointName, input: Input = {}): { method: 'GET' | 'POST'; url: string; body?: Input } {
  return requestFor(name, calls[name], input)
}

/** The same for any registry entry (the back office's calls live in contract/admin/calls.ts). */
export function requestFor(
  name: string,
  { method, path }: { method: 'GET' | 'POST'; path: string },
  input: Input = {},
): { method: 'GET' | 'POST'; url: string; body?: Input } {
  const rest: Input = { ...input }
  const url = path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = rest[key]
    delete rest[key]
    if (value == null || value === '') throw new TypeError(`${name}: falta o parâmetro ${key}`)
    return encodeURIComponent(String(value))
  })
  if (method === 'POST') return { method, url, body: rest }
  const search = Object.entries(rest)
    .filter(([, value]) => value != null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&')
  return { method, url: search ? `${url}?${search}` : url }
}

function failure(status: number, answer: unknown): CallFailure {
  const fields =
    answer && typeof answer === 'object'
      ? (answer as { estado?: unknown; msg?: unknown; message?: unknown; error?: unknown; campo?: unknown; campos?: unknown })
      : {}
  return {
    ok: false,
    status,
    estado: typeof fields.estado === 'string' ? fields.estado : 'erro',
    msg: typeof fields.msg === 'string' && fields.msg ? fields.msg : FALLBACK_MSG,
    ...(typeof fields.message === 'string' && fields.message ? { message: fields.message } : {}),
    ...(typeof fields.error === 'string' && fields.error ? { error: fields.error } : {}),
    ...(typeof fields.campo === 'string' ? { campo: fields.campo } : {}),
    ...(fields.campos && typeof fields.campos === 'object' ? { campos: fields.campos as Record<string, string> } : {}),
  }
}

const isFailedAnswer = (answer: unknown): boolean =>
  Boolean(answer && typeof answer === 'object' && 'estado' in answer && (answer.estado === 'erro' || answer.estado === 'error'))

/** Calls the wire API by the registry's name; `input` is optional when the call needs none. */
export async function call<K extends JsonEndpointName>(
  name: K,
  ...[input, options = {}]: Record<never, never> extends CallInput<K>
    ? [input?: CallInput<K>, options?: CallOptions]
    : [input: CallInput<K>, options?: CallOptions]
): Promise<CallResult<K>> {
  return send(requestOf(name, input as Input | undefined), options)
}

/** Sends a built request and reads the answer as a CallResult (the one fetch of the store's clients). */
export async function send<T>(
  { method, url, body }: { method: 'GET' | 'POST'; url: string; body?: Input },
  options: CallOptions = {},
): Promise<{ ok: true; status: number; data: T } | CallFailure> {
  let res: Response
  try {
    res = await fetch(url, {
      method,
      headers: { ...options.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      credentials: 'same-origin',
      signal: options.signal,
      cache: options.cache,
    })
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err
    return { ok: false, status: 0, estado: 'erro', msg: OFFLINE_MSG }
  }
  let answer: unknown
  try {
    answer = await res.json()
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err
    return { ...failure(res.status, undefined), notJson: true }
  }
  if (!res.ok || isFailedAnswer(answer)) return failure(res.status, answer)
  return { ok: true, status: res.status, data: answer as T }
}
