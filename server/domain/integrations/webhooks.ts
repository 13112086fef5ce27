import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { INTEGRATIONS } from '../../../contract/messages/integrations'
import type { Db } from '../../db/client'
import { INTEGRATION_EVENT_TYPES, webhookDeliveries, webhookEndpoints } from '../../db/schema'
import { rows } from '../../db/sql'
import { transaction } from '../../db/tx'
import { enqueue } from '../../jobs/enqueue'
import type { Actor } from '../actor'
import { recordAudit } from '../audit/record'
import { isRefusal, refuse, type Refusal } from '../refusal'
import { sendWebhook, type SendResult } from './send'
import { newWebhookSecret, webhookHeaders } from './sign'
import { checkWebhookUrl, type WebhookUrlPolicy } from './webhook-url'
import type { IntegrationEventType } from './events'

export const WEBHOOKS_MAX = 20

/** What each event tells, as the back office and docs/api/README.md say it. */
export const EVENT_LABELS: Record<IntegrationEventType, string> = {
  'pedido.criado': 'Pedido feito',
  'pedido.pago': 'Pagamento confirmado',
  'pedido.cancelado': 'Pedido cancelado ou expirado',
  'pedido.enviado': 'Pedido enviado',
  'pedido.entregue': 'Pedido entregue',
  'nota_fiscal.emitida': 'NF-e emitida',
  'devolucao.recebida': 'Devolução recebida',
  'produto.atualizado': 'Produto alterado (preço, ativo)',
  'estoque.alterado': 'Estoque alterado (vendas, cancelamentos, ajustes)',
}

const isEventType = (value: string): value is IntegrationEventType => (INTEGRATION_EVENT_TYPES as readonly string[]).includes(value)

export type WebhookView = {
  id: number
  url: string
  eventos: IntegrationEventType[]
  ativo: boolean
  criadoEm: string
  falhandoDesde: string | null
  desativadoEm: string | null
  /** After a rotation: until when messages are signed with the previous secret too (null otherwise). */
  segredoAnteriorAte: string | null
}

/** The secret in use and, during a rotation's grace period, the previous one: a message carries one signature each. */
const signingSecrets = (w: typeof webhookEndpoints.$inferSelect, now = new Date()): string[] =>
  w.previousSecret && w.previousSecretUntil && w.previousSecretUntil > now ? [w.secret, w.previousSecret] : [w.secret]

const view = (w: typeof webhookEndpoints.$inferSelect): WebhookView => ({
  id: w.id,
  url: w.url,
  eventos: w.events,
  ativo: w.active,
  criadoEm: w.createdAt.toISOString(),
  falhandoDesde: w.failingSince?.toISOString() ?? null,
  desativadoEm: w.disabledAt?.toISOString() ?? null,
  segredoAnteriorAte: w.previousSecretUntil && w.previousSecretUntil > new Date() ? w.previousSecretUntil.toISOString() : null,
})

/** Registers an endpoint (its URL checked now, and again at every delivery); the secret is in this answer only. */
export async function createWebhook(
  db: Db,
  input: { url: string; events: readonly string[]; actor: Actor; apiKeyId: number | null; policy: WebhookUrlPolicy },
): Promise<(WebhookView & { segredo: string }) | Refusal> {
  const events = [...new Set(input.events)]
  if (!events.length || !events.every(isEventType)) return refuse(INTEGRATIONS.webhookEvents)
  const url = await checkWebhookUrl(input.url.trim(), input.policy)
  if (isRefusal(url)) return url
  const secret = newWebhookSecret()
  return transaction(db, async (tx) => {
    const [{ n }] = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM webhook_endpoints WHERE deleted_at IS NULL`)
    if (Number(n) >= WEBHOOKS_MAX) throw refuse(INTEGRATIONS.webhookTooMany)
    const [row] = await tx.insert(webhookEndpoints).values({ url: url.href, events, secret, apiKeyId: input.apiKeyId }).returning()
    await recordAudit(tx, {
      actor: input.actor,
      action: 'integracoes.webhook.criar',
      entity: 'webhook',
      entityId: String(row.id),
      after: { url: row.url, eventos: events },
    })
    return { ...view(row), segredo: secret }
  })
}

export async function listWebhooks(db: Db): Promise<WebhookView[]> {
  const found = await db.select().from(webhookEndpoints).where(isNull(webhookEndpoints.deletedAt)).orderBy(desc(webhookEndpoints.id))
  return found.map(view)
}

/** Removes an endpoint: nothing more is sent to it (its deliveries stay for the back office). */
export async function removeWebhook(db: Db, input: { id: number; actor: Actor }): Promise<{ id: number; removido: true } | Refusal> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ deletedAt: sql`now()`, active: false })
      .where(and(eq(webhookEndpoints.id, input.id), isNull(webhookEndpoints.deletedAt)))
      .returning()
    if (!row) throw refuse(INTEGRATIONS.webhookNotFound)
    await recordAudit(tx, { actor: input.actor, action: 'integracoes.webhook.remover', entity: 'webhook', entityId: String(row.id), before: { url: row.url } })
    return { id: row.id, removido: true as const }
  })
}

/** How long messages keep a second signature with the previous secret after a rotation. */
export const ROTATION_GRACE_HOURS = 24

/**
 * A new secret for an endpoint, shown in this answer only. For ROTATION_GRACE_HOURS every message
 * (new ones, retries, resends) is signed with both the new and the previous secret, so the receiver
 * can switch at its own pace; then the previous one is dropped. Rotating again meanwhile drops the
 * older one at once: only the secret in use before this rotation keeps signing. Audited (without
 * the secrets).
 */
export async function rotateWebhookSecret(db: Db, input: { id: number; actor: Actor }): Promise<(WebhookView & { segredo: string }) | Refusal> {
  const secret = newWebhookSecret()
  return transaction(db, async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        secret,
        previousSecret: sql`${webhookEndpoints.secret}`,
        previousSecretUntil: sql`now() + make_interval(hours => ${ROTATION_GRACE_HOURS})`,
      })
      .where(and(eq(webhookEndpoints.id, input.id), isNull(webhookEndpoints.deletedAt)))
      .returning()
    if (!row) throw refuse(INTEGRATIONS.webhookNotFound)
    await recordAudit(tx, {
      actor: input.actor,
      action: 'integracoes.webhook.rotacionar_segredo',
      entity: 'webhook',
      entityId: String(row.id),
      after: { url: row.url, segredo_anterior_valido_ate: row.previousSecretUntil?.toISOString() ?? null },
    })
    return { ...view(row), segredo: secret }
  })
}

/** Maintenance: previous secrets past their grace period are forgotten. */
export async function dropExpiredWebhookSecrets(db: Db): Promise<void> {
  await db
    .update(webhookEndpoints)
    .set({ previousSecret: null, previousSecretUntil: null })
    .where(sql`${webhookEndpoints.previousSecretUntil} <= now()`)
}

export type TestSent = { entregue: boolean; status: number | null; resposta: string; erro: string | null; duracaoMs: number }

/** A `webhook.teste` message sent now, signed like every other, to one endpoint; its answer is the call's. */
export async function sendTestWebhook(db: Db, input: { id: number; policy: WebhookUrlPolicy; now?: Date }): Promise<TestSent | Refusal> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, input.id), isNull(webhookEndpoints.deletedAt)))
  if (!row) return refuse(INTEGRATIONS.webhookNotFound)
  const now = input.now ?? new Date()
  const body = JSON.stringify({ type: 'webhook.teste', timestamp: now.toISOString(), data: { webhook: row.id } })
  const r: SendResult = await sendWebhook(
    row.url,
    webhookHeaders(signingSecrets(row, now), `msg_teste_${row.id}_${now.getTime()}`, body, now),
    body,
    input.policy,
  )
  return { entregue: r.ok, status: r.status, resposta: r.answer, erro: r.error, duracaoMs: r.durationMs }
}

export type DeliveryView = {
  id: number
  webhook: number
  url: string
  evento: string
  recurso: string
  situacao: 'pendente' | 'entregue' | 'falhou'
  tentativas: number
  proximaTentativa: string | null
  status: number | null
  resposta: string | null
  erro: string | null
  duracaoMs: number | null
  payload: string
  criadaEm: string
}

/** The latest deliveries (of one endpoint, or all), newest first (the back office's list), with what each sent and got back. */
export async function listDeliveries(db: Db, options: { limit?: number; endpointId?: number } = {}): Promise<DeliveryView[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT d.*, e.type, e.data, e.created_at AS event_at, w.url
        FROM webhook_deliveries d JOIN integration_events e ON e.id = d.event_id JOIN webhook_endpoints w ON w.id = d.endpoint_id
        ${options.endpointId ? sql`WHERE d.endpoint_id = ${options.endpointId}` : sql``}
        ORDER BY d.id DESC LIMIT ${options.limit ?? 50}`,
  )
  return found.map((d) => ({
    id: Number(d.id),
    webhook: Number(d.endpoint_id),
    url: String(d.url),
    evento: String(d.type),
    recurso: String(d.resource),
    situacao: d.status as DeliveryView['situacao'],
    tentativas: Number(d.attempts),
    proximaTentativa: d.status === 'pendente' ? new Date(d.next_attempt_at as string).toISOString() : null,
    status: d.last_status == null ? null : Number(d.last_status),
    resposta: (d.last_answer as string | null) ?? null,
    erro: (d.last_error as string | null) ?? null,
    duracaoMs: d.last_duration_ms == null ? null : Number(d.last_duration_ms),
    payload: JSON.stringify({ type: d.type, timestamp: new Date(d.event_at as string).toISOString(), data: d.data }, null, 2),
    criadaEm: new Date(d.created_at as string).toISOString(),
  }))
}

/**
 * "Reenviar": the delivery's event once more to its endpoint, as a new delivery at the end of its
 * resource's line (the same `webhook-id`: a receiver that has it already can drop it).
 */
export async function resendDelivery(db: Db, input: { id: number; actor: Actor }): Promise<{ id: number } | Refusal> {
  return transaction(db, async (tx) => {
    const [d] = await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, input.id))
    if (!d) throw refuse(INTEGRATIONS.deliveryNotFound)
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, d.endpointId), isNull(webhookEndpoints.deletedAt)))
    if (!endpoint) throw refuse(INTEGRATIONS.webhookNotFound)
    // A disabled endpoint is being given another chance: it takes deliveries again.
    await tx.update(webhookEndpoints).set({ active: true, disabledAt: null }).where(eq(webhookEndpoints.id, d.endpointId))
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({ endpointId: d.endpointId, eventId: d.eventId, resource: d.resource })
      .returning({ id: webhookDeliveries.id })
    await enqueue(tx, 'webhooks', { endpoint: d.endpointId, resource: d.resource })
    await recordAudit(tx, {
      actor: input.actor,
      action: 'integracoes.webhook.reenviar',
      entity: 'webhook_delivery',
      entityId: String(d.id),
      after: { nova: row.id },
    })
    return { id: row.id }
  })
}
