import { sql, type SQL } from 'drizzle-orm'
import type { ApiCallsQuery } from '../../../contract/admin/integrations'
import type { Db } from '../../db/client'
import { belowId, newestFirstPage } from '../../db/keyset'
import { apiCalls } from '../../db/schema'
import { preparedRows, rows } from '../../db/sql'
import { batcher } from '../../lib/batch'

/** One /api/v1 call as the request log keeps it (docs/api/README.md "Registro de chamadas"). */
export type ApiCallEntry = {
  requestId: string
  keyId: number | null
  method: string
  route: string | null
  path: string
  status: number
  errorCode: string | null
  durationMs: number
  ip: string
  idempotencyKey: string | null
  at: Date
}

/** How long the log keeps a call; the maintenance round deletes older ones. */
export const API_CALLS_KEPT_DAYS = 30

/** Query parameters whose values are never kept (a client that puts a token in the URL). */
const SECRET_PARAM = /token|secret|segredo|senha|password|passwd|key|chave|signature|assinatura|auth/i
const PATH_MAX = 2000

/** The path and query of `url` as the log keeps them: values of secret-looking parameters removed, bounded. */
export function loggedPath(url: URL): string {
  const query = new URLSearchParams()
  for (const [name, value] of url.searchParams) query.append(name, SECRET_PARAM.test(name) ? '[removido]' : value)
  const text = query.toString()
  return (text ? `${url.pathname}?${text}` : url.pathname).slice(0, PATH_MAX)
}

/**
 * The log is written off the request path: calls gather in memory and go in one prepared statement a
 * second after the first of a batch (or at once at 500), and before the process stops
 * (server/main.ts). A call costs the request no write.
 */
const FLUSH_MS = 1_000
const BATCH_MAX = 500

const INSERT = `INSERT INTO api_calls (request_id, key_id, method, route, path, status, error_code, duration_ms, ip, idempotency_key, at)
  SELECT x.request_id, x.key_id, x.method, x.route, x.path, x.status, x.error_code, x.duration_ms, x.ip, x.idempotency_key, x.at
  FROM jsonb_to_recordset($1::jsonb) AS x(request_id uuid, key_id int, method text, route text, path text, status smallint,
    error_code text, duration_ms real, ip text, idempotency_key text, at timestamptz)`

const log = batcher<string, ApiCallEntry>({
  flushMs: FLUSH_MS,
  max: BATCH_MAX,
  write: async (db, calls) => {
    const payload = [...calls.values()].map((c) => ({
      request_id: c.requestId,
      key_id: c.keyId,
      method: c.method,
      route: c.route,
      path: c.path,
      status: c.status,
      error_code: c.errorCode,
      duration_ms: Math.round(c.durationMs * 100) / 100,
      ip: c.ip,
      idempotency_key: c.idempotencyKey,
      at: c.at.toISOString(),
    }))
    await preparedRows(db, INSERT, [JSON.stringify(payload)])
  },
})

/** Queues a call for the log; resolves true once it is written. */
export function logApiCall(db: Db, entry: ApiCallEntry): Promise<boolean> {
  return log.add(db, entry.requestId, () => entry)
}

/** Writes the calls queued so far now (shutdown, tests). */
export function flushApiCalls(db?: Db): Promise<void> {
  return log.flush(db)
}

/** Maintenance: the calls older than API_CALLS_KEPT_DAYS. */
export async function deleteOldApiCalls(db: Db): Promise<void> {
  await db.delete(apiCalls).where(sql`${apiCalls.at} < now() - make_interval(days => ${API_CALLS_KEPT_DAYS})`)
}

export const API_CALLS_PAGE_SIZE = 50

/** An audit line a call's write recorded. */
export type ApiCallAudit = { id: number; acao: string; entidade: string; entidadeId: string | null }

/** One call as /admin/integracoes shows it. */
export type ApiCallRow = {
  id: number
  requestId: string
  chave: string | null
  metodo: string
  rota: string | null
  caminho: string
  status: number
  erro: string | null
  duracaoMs: number
  ip: string
  idempotencyKey: string | null
  em: string
  auditoria: ApiCallAudit[]
}

type Found = {
  id: number
  request_id: string
  key_name: string | null
  method: string
  route: string | null
  path: string
  status: number
  error_code: string | null
  duration_ms: number
  ip: string
  idempotency_key: string | null
  at: string | Date
  audits: ApiCallAudit[] | null
}

/**
 * A key's calls (`chave`: its id, 'sem' for those refused before a key was known, none: every call),
 * newest first, 50 a page, filtered by status class and method; each with the audit lines its
 * writes recorded. A keyset page below the last id seen (server/db/keyset.ts): the walk is the
 * `(key_id, id)` index, or `(key_id, status / 100, id)` with a class.
 */
export async function listApiCalls(db: Db, query: ApiCallsQuery): Promise<{ linhas: ApiCallRow[]; proxima: number | null }> {
  const where: SQL[] = []
  if (query.chave === 'sem') where.push(sql`c.key_id IS NULL`)
  else if (query.chave !== undefined) where.push(sql`c.key_id = ${query.chave}`)
  if (query.classe) where.push(sql`c.status / 100 = ${Number(query.classe[0])}`)
  if (query.metodo) where.push(sql`c.method = ${query.metodo}`)
  if (query.antes) where.push(belowId(sql`c.id`, query.antes))
  const found = await rows<Found>(
    db,
    sql`SELECT c.id, c.request_id, k.name AS key_name, c.method, c.route, c.path, c.status, c.error_code, c.duration_ms, c.ip,
          c.idempotency_key, c.at, a.audits
        FROM (SELECT * FROM api_calls c WHERE ${where.length ? sql.join(where, sql` AND `) : sql`TRUE`} ORDER BY c.id DESC LIMIT ${API_CALLS_PAGE_SIZE + 1}) c
        LEFT JOIN api_keys k ON k.id = c.key_id
        LEFT JOIN LATERAL (
          SELECT json_agg(json_build_object('id', l.id, 'acao', l.action, 'entidade', l.entity, 'entidadeId', l.entity_id) ORDER BY l.id) AS audits
          FROM audit_log l WHERE l.api_request_id = c.request_id
        ) a ON TRUE
        ORDER BY c.id DESC`,
  )
  const page = newestFirstPage(
    found.map((r) => ({ ...r, id: Number(r.id) })),
    API_CALLS_PAGE_SIZE,
  )
  return {
    linhas: page.rows.map((r) => ({
      id: r.id,
      requestId: r.request_id,
      chave: r.key_name,
      metodo: r.method,
      rota: r.route,
      caminho: r.path,
      status: Number(r.status),
      erro: r.error_code,
      duracaoMs: Number(r.duration_ms),
      ip: r.ip,
      idempotencyKey: r.idempotency_key,
      em: new Date(r.at).toISOString(),
      auditoria: (r.audits ?? []).map((l) => ({ ...l, id: Number(l.id) })),
    })),
    proxima: page.next,
  }
}
