import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { z } from 'zod'
import { INTEGRATIONS } from '../../../contract/messages/integrations'
import { REQUEST } from '../../../contract/messages/request'
import { apiIdempotency } from '../../db/schema'
import { takeOrWait } from '../../domain/account/limits'
import { authenticateKey, type ApiCaller, type ApiScope } from '../../domain/integrations/keys'
import { isRefusal, refuse, type Refusal } from '../../domain/refusal'
import { bearerToken } from '../../lib/bearer'
import { JSON_BODY_BYTES, readBody } from '../body'
import type { AppBindings } from '../context'
import { refusalStatus } from '../refusal'
import { parseJsonBody } from '../validate'

/** The API's one error shape: `{ "erro": { "codigo", "mensagem" } }`, its status by the refusal's category. */
export function apiRefusal(c: Context<AppBindings>, refusal: Refusal): Response {
  if (refusal.category === 'rate_limited' && typeof refusal.wire.retryAfter === 'number') c.header('Retry-After', String(refusal.wire.retryAfter))
  if (refusal.category === 'unavailable') c.header('Retry-After', '2')
  if (refusal.category === 'auth') c.header('WWW-Authenticate', 'Bearer realm="api"')
  const status = refusalStatus(refusal) === 200 ? 422 : refusalStatus(refusal)
  const note = c.get('apiCall')
  if (note) note.errorCode = refusal.code
  return c.json({ erro: { codigo: refusal.code, mensagem: refusal.message } }, status)
}

/** A domain answer on the wire: a refusal as above, else `status` with the value. */
export function apiAnswer(c: Context<AppBindings>, result: object | Refusal, status: ContentfulStatusCode | 204 = 200): Response {
  if (isRefusal(result)) return apiRefusal(c, result)
  return status === 204 ? c.body(null, 204) : c.json(result, status)
}

/**
 * The caller of a request: its key, active (looked up on every call: a revoked key is refused at once
 * on every instance), holding `scope`, and under its rate limit. Throws the refusal otherwise.
 */
export async function apiCaller(c: Context<AppBindings>, scope: ApiScope): Promise<ApiCaller> {
  const { db } = c.get('ctx')
  const token = bearerToken(c.req.header('authorization'))
  if (!token) throw refuse(INTEGRATIONS.noKey)
  const note = c.get('apiCall')
  const caller = await authenticateKey(db, token, { read: c.req.method === 'GET', requestId: note?.requestId })
  if (!caller) throw refuse(INTEGRATIONS.badKey)
  if (note) note.keyId = caller.keyId
  const wait = await takeOrWait(db, 'apiChave', `chave:${caller.keyId}`)
  if (wait) throw refuse(INTEGRATIONS.rateLimited, { retryAfter: wait })
  if (!caller.scopes.includes(scope)) throw refuse(INTEGRATIONS.scope(scope))
  return caller
}

/** The key of a call to no route (404), when it names an active one: the log shows the key its mistakes. */
export async function noteCaller(c: Context<AppBindings>): Promise<void> {
  const note = c.get('apiCall')
  const token = bearerToken(c.req.header('authorization'))
  if (!note || !token) return
  const caller = await authenticateKey(c.get('ctx').db, token, { read: c.req.method === 'GET', requestId: note.requestId })
  note.keyId = caller?.keyId ?? null
}

/** A JSON body read once (bounded), parsed with its schema; its bytes are kept for the idempotency fingerprint. */
export async function readApiBody<S extends z.ZodType>(c: Context<AppBindings>, schema: S): Promise<{ data: z.output<S>; raw: Uint8Array }> {
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) throw refuse(REQUEST.notJson)
  const raw = await readBody(c, JSON_BODY_BYTES)
  return { data: parseJsonBody(raw, schema), raw }
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/

/**
 * A POST under its `Idempotency-Key` (per API key): the first request runs and its answer (any but a
 * 5xx or a 429) is kept; a retry with the same key and the same request gets that answer again
 * (`Idempotency-Replayed: true`) and changes nothing; the same key with another request is refused,
 * and one still running answers 409. Without the header the request just runs, unless `required`.
 */
export async function idempotent(
  c: Context<AppBindings>,
  caller: ApiCaller,
  raw: Uint8Array,
  required: boolean,
  run: () => Promise<{ status: ContentfulStatusCode | 204; body: object | Refusal }>,
): Promise<Response> {
  const header = c.req.header('idempotency-key')
  if (header === undefined) {
    if (required) return apiRefusal(c, refuse(INTEGRATIONS.idempotencyRequired))
    const { status, body } = await run()
    return apiAnswer(c, body, status)
  }
  if (!IDEMPOTENCY_KEY.test(header)) return apiRefusal(c, refuse(INTEGRATIONS.idempotencyKey))
  const { db } = c.get('ctx')
  const fingerprint = createHash('sha256')
    .update(`${c.req.method} ${new URL(c.req.url).pathname}\n`)
    .update(raw)
    .digest('hex')
  const where = and(eq(apiIdempotency.keyId, caller.keyId), eq(apiIdempotency.idempotencyKey, header))
  const claimed = await db
    .insert(apiIdempotency)
    .values({ keyId: caller.keyId, idempotencyKey: header, fingerprint, status: 0, body: {} })
    .onConflictDoNothing()
    .returning({ keyId: apiIdempotency.keyId })
  if (!claimed.length) {
    const [kept] = await db.select().from(apiIdempotency).where(where)
    if (!kept) return apiRefusal(c, refuse(INTEGRATIONS.idempotencyBusy))
    if (kept.fingerprint !== fingerprint) return apiRefusal(c, refuse(INTEGRATIONS.idempotencyReused))
    if (kept.status === 0) return apiRefusal(c, refuse(INTEGRATIONS.idempotencyBusy))
    c.header('Idempotency-Replayed', 'true')
    const code = (kept.body as { erro?: { codigo?: unknown } }).erro?.codigo
    const note = c.get('apiCall')
    if (note && typeof code === 'string') note.errorCode = code
    return kept.status === 204 ? c.body(null, 204) : c.json(kept.body as object, kept.status as ContentfulStatusCode)
  }
  let answer: { status: ContentfulStatusCode | 204; body: object | Refusal }
  try {
    answer = await run()
  } catch (err) {
    await db.delete(apiIdempotency).where(where)
    throw err
  }
  const res = apiAnswer(c, answer.body, answer.status)
  if (res.status >= 500 || res.status === 429) await db.delete(apiIdempotency).where(where)
  else
    await db
      .update(apiIdempotency)
      .set({ status: res.status, body: res.status === 204 ? {} : await res.clone().json() })
      .where(where)
  return res
}
