import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { INTEGRATIONS } from '../../../contract/messages/integrations'
import type { Db } from '../../db/client'
import { API_SCOPES, apiIdempotency, apiKeys, staff } from '../../db/schema'
import { transaction } from '../../db/tx'
import { batcher } from '../../lib/batch'
import type { Actor } from '../actor'
import { recordAudit } from '../audit/record'
import { refuse, type Refusal } from '../refusal'

export { API_SCOPES }
export type ApiScope = (typeof API_SCOPES)[number]

/** What each scope allows, as the back office and docs/api/README.md say it. */
export const SCOPE_LABELS: Record<ApiScope, string> = {
  'pedidos:ler': 'Ler pedidos',
  'pedidos:escrever': 'Nota fiscal, envio e entrega de pedidos',
  'produtos:ler': 'Ler produtos',
  'produtos:escrever': 'Alterar preços de produtos',
  'estoque:escrever': 'Alterar estoque',
  'webhooks:gerenciar': 'Cadastrar e remover webhooks',
}

export const isScope = (value: string): value is ApiScope => (API_SCOPES as readonly string[]).includes(value)

/** A key's first characters, kept in clear to name it on screens ('vt_ab12cd34…'). */
const PREFIX_LENGTH = 11
export const KEY_NAME_MAX = 80

/** SHA-256 in hex: a key of 32 random bytes needs no slow hash (nothing to guess), and is looked up by it. */
export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex')

/** A new key: `vt_` and 32 random bytes in base64url (256 bits). */
export const newKey = (): string => `vt_${randomBytes(32).toString('base64url')}`

export type ApiKeyCreated = { id: number; nome: string; prefixo: string; escopos: ApiScope[]; chave: string }

/** Makes a key, audited; the key itself is in the answer only (shown once), the table keeps its hash. */
export async function createApiKey(db: Db, input: { name: string; scopes: readonly string[]; actor: Actor }): Promise<ApiKeyCreated | Refusal> {
  const name = input.name.trim()
  if (!name || name.length > KEY_NAME_MAX) return refuse(INTEGRATIONS.keyName)
  const scopes = [...new Set(input.scopes)]
  if (!scopes.length || !scopes.every(isScope)) return refuse(INTEGRATIONS.keyScopes)
  const key = newKey()
  const prefix = key.slice(0, PREFIX_LENGTH)
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({ name, keyHash: hashKey(key), prefix, scopes, createdBy: input.actor.kind === 'staff' ? input.actor.staffId : null })
      .returning({ id: apiKeys.id })
    await recordAudit(tx, {
      actor: input.actor,
      action: 'integracoes.chave.criar',
      entity: 'api_key',
      entityId: String(row.id),
      after: { nome: name, prefixo: prefix, escopos: scopes },
    })
    return { id: row.id, nome: name, prefixo: prefix, escopos: scopes, chave: key }
  })
}

/** Revokes a key at once: the next call with it, on any instance, is refused (it is looked up on every call). */
export async function revokeApiKey(db: Db, input: { id: number; actor: Actor }): Promise<{ id: number; revogada: true } | Refusal> {
  return transaction(db, async (tx) => {
    const [row] = await tx.select().from(apiKeys).where(eq(apiKeys.id, input.id)).for('update')
    if (!row) throw refuse(INTEGRATIONS.keyNotFound)
    if (row.revokedAt) throw refuse(INTEGRATIONS.keyRevoked)
    await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(eq(apiKeys.id, row.id))
    await recordAudit(tx, {
      actor: input.actor,
      action: 'integracoes.chave.revogar',
      entity: 'api_key',
      entityId: String(row.id),
      before: { nome: row.name, prefixo: row.prefix },
    })
    return { id: row.id, revogada: true as const }
  })
}

export type ApiKeyRow = {
  id: number
  nome: string
  prefixo: string
  escopos: ApiScope[]
  criadaPor: string | null
  criadaEm: string
  ultimoUso: string | null
  /** Calls made with the key (GET ones among them as leituras), written once a minute. */
  chamadas: number
  leituras: number
  revogadaEm: string | null
}

/** Every key, the active ones first, newest first. */
export async function listApiKeys(db: Db): Promise<ApiKeyRow[]> {
  const found = await db
    .select({ key: apiKeys, by: staff.nome })
    .from(apiKeys)
    .leftJoin(staff, eq(staff.id, apiKeys.createdBy))
    .orderBy(sql`${apiKeys.revokedAt} IS NOT NULL`, desc(apiKeys.id))
    .limit(200)
  return found.map(({ key, by }) => ({
    id: key.id,
    nome: key.name,
    prefixo: key.prefix,
    escopos: key.scopes,
    criadaPor: by ?? (key.createdBy == null ? 'linha de comando' : null),
    criadaEm: key.createdAt.toISOString(),
    ultimoUso: key.lastUsedAt?.toISOString() ?? null,
    chamadas: Number(key.callCount),
    leituras: Number(key.readCount),
    revogadaEm: key.revokedAt?.toISOString() ?? null,
  }))
}

export type ApiCaller = { keyId: number; name: string; scopes: ApiScope[]; actor: Actor }

/** How stale "last use" and the call counts may get: one write a minute, not one per call. */
export const USAGE_STEP_SECONDS = 60

/**
 * The calls made with each key, counted in memory and written together a minute after the first
 * of a batch (one statement for every key in use; before the process stops, server/main.ts): the
 * counts on /admin/integracoes are about a minute behind and cost no write per call.
 */
const usage = batcher<number, { calls: number; reads: number }>({
  flushMs: USAGE_STEP_SECONDS * 1000,
  max: 1_000,
  write: async (db, counts) => {
    const payload = JSON.stringify([...counts].map(([id, n]) => ({ id, calls: n.calls, reads: n.reads })))
    await db.execute(
      sql`UPDATE api_keys k SET call_count = k.call_count + x.calls, read_count = k.read_count + x.reads
          FROM jsonb_to_recordset(${payload}::jsonb) AS x(id int, calls int, reads int) WHERE k.id = x.id`,
    )
  },
})

/** Writes the calls counted so far now (shutdown, tests). */
export function flushApiKeyUsage(db?: Db): Promise<void> {
  return usage.flush(db)
}

/**
 * The active key a bearer token is, or null: looked up by its hash on every call (a revoked key is
 * refused at once everywhere). The call is counted (`read`: a GET) in the minute's batch; its last
 * use is written at most once a minute. `requestId` (the call's, in the request log) goes on the
 * actor, so the audit lines of its writes name the call.
 */
export async function authenticateKey(db: Db, token: string, call: { read: boolean; requestId?: string } = { read: true }): Promise<ApiCaller | null> {
  if (!token.startsWith('vt_') || token.length > 200) return null
  const [row] = await db
    .select({ id: apiKeys.id, name: apiKeys.name, scopes: apiKeys.scopes, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashKey(token)), isNull(apiKeys.revokedAt)))
    .limit(1)
  if (!row) return null
  void usage.add(db, row.id, (n = { calls: 0, reads: 0 }) => ({ calls: n.calls + 1, reads: n.reads + (call.read ? 1 : 0) }))
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > USAGE_STEP_SECONDS * 1000) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiKeys.id, row.id))
  }
  return { keyId: row.id, name: row.name, scopes: row.scopes, actor: { kind: 'api', keyId: row.id, name: row.name, requestId: call.requestId } }
}

/** How long a POST's Idempotency-Key answers its retries (then the key may be used again). */
export const IDEMPOTENCY_KEPT_HOURS = 24

/** Maintenance: the idempotency answers older than IDEMPOTENCY_KEPT_HOURS. */
export async function deleteOldIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(apiIdempotency).where(sql`${apiIdempotency.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEPT_HOURS})`)
}
