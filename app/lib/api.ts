/**
 * The one fetch helper for the wire API (spec §7). Types come from contract/; the server is the
 * validator, so the browser does not ship zod. Failures come back as values, never throws.
 */
export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; msg: string; data?: unknown }

export async function api<T>(
  path: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal; cache?: RequestCache; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  try {
    const res = await fetch(path, {
      method: init.method ?? 'GET',
      headers: { ...init.headers, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      credentials: 'same-origin',
      signal: init.signal,
      cache: init.cache,
    })
    let data: unknown
    try {
      data = await res.json()
    } catch {
      data = undefined
    }
    if (!res.ok) {
      const msg =
        data && typeof data === 'object' && 'msg' in data && typeof data.msg === 'string'
          ? data.msg
          : 'Não foi possível completar a operação. Tente novamente.'
      return { ok: false, status: res.status, msg, data }
    }
    return { ok: true, status: res.status, data: data as T }
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err
    return { ok: false, status: 0, msg: 'Sem conexão com a loja. Verifique sua internet.' }
  }
}
