import { sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Db } from '../../db/client'
import { rows } from '../../db/sql'
import type { Tx } from '../../db/tx'
import type { Env } from '../../env'
import { enqueue } from '../../jobs/enqueue'
import { enqueueMail } from '../../jobs/mail'
import type { StoreProfile } from '../../store-profile'
import { sendWebhook, type SendResult } from './send'
import { webhookHeaders } from './sign'

/**
 * Seconds before each retry of a delivery that failed: soon at first, then backing off to a day;
 * after the last one (about 28 h of trying) the delivery is given up ('falhou') and the next one
 * of its resource goes.
 */
export const RETRY_SECONDS = [5, 30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 43_200] as const
/** An endpoint that has failed every attempt for this long is disabled, and the Dono e-mailed. */
export const DISABLE_AFTER_SECONDS = 3 * 24 * 3600
/** How long one sender holds a delivery (a dead process's hold runs out). */
const HOLD_SECONDS = 60

export type DeliverDeps = { db: Db; env: Pick<Env, 'WEBHOOKS_ALLOW_PRIVATE'>; store: StoreProfile; log: Logger }

/** The message id of an event (`webhook-id`): the same in every retry and resend, so a receiver can drop repeats. */
export const messageId = (eventId: number): string => `msg_${eventId}`

/** The body every receiver gets for an event: Standard Webhooks' envelope around the recorded payload. */
export const messageBody = (event: { type: string; created_at: Date | string; data: unknown }): string =>
  JSON.stringify({ type: event.type, timestamp: new Date(event.created_at).toISOString(), data: event.data })

type Claimed = {
  id: number
  attempts: number
  event_id: number
  type: string
  created_at: Date
  data: unknown
  url: string
  secret: string
  /** The secret before a rotation, while its grace period lasts. */
  previous_secret: string | null
  endpoint_id: number
}

/** The first undelivered delivery of a lane, if it is due and nobody holds it: held now by this sender. */
async function claim(db: Db, endpointId: number, resource: string): Promise<Claimed | undefined> {
  const [row] = await rows<Claimed>(
    db,
    sql`WITH first AS (
          SELECT d.id FROM webhook_deliveries d
          WHERE d.endpoint_id = ${endpointId} AND d.resource = ${resource} AND d.status = 'pendente'
          ORDER BY d.id LIMIT 1
        )
        UPDATE webhook_deliveries d SET locked_until = now() + make_interval(secs => ${HOLD_SECONDS})
        FROM first, integration_events e, webhook_endpoints w
        WHERE d.id = first.id AND e.id = d.event_id AND w.id = d.endpoint_id
          AND w.active AND w.deleted_at IS NULL
          AND d.next_attempt_at <= now() AND (d.locked_until IS NULL OR d.locked_until < now())
        RETURNING d.id, d.attempts, d.event_id, e.type, e.created_at, e.data, w.url, w.secret,
          CASE WHEN w.previous_secret_until > now() THEN w.previous_secret END AS previous_secret, w.id AS endpoint_id`,
  )
  return row && { ...row, id: Number(row.id), attempts: Number(row.attempts), event_id: Number(row.event_id), endpoint_id: Number(row.endpoint_id) }
}

/** The attempt's outcome on the delivery row (what the back office shows). */
const outcome = (r: SendResult) =>
  sql`attempts = attempts + 1, last_status = ${r.status}, last_answer = ${r.answer}, last_error = ${r.error},
      last_duration_ms = ${r.durationMs}, last_attempt_at = now(), locked_until = NULL`

/**
 * Sends a lane's deliveries (one endpoint, one resource) in event order, until one fails or none
 * is due. A failure schedules its retry (a job held back by the schedule) and stops the lane, so a
 * later event of the resource never overtakes an earlier one.
 */
export async function deliverLane(deps: DeliverDeps, endpointId: number, resource: string): Promise<number> {
  const policy = { allowPrivate: deps.env.WEBHOOKS_ALLOW_PRIVATE === 'true' }
  let sent = 0
  for (;;) {
    const d = await claim(deps.db, endpointId, resource)
    if (!d) return sent
    const body = messageBody(d)
    const result = await sendWebhook(
      d.url,
      webhookHeaders(d.previous_secret ? [d.secret, d.previous_secret] : [d.secret], messageId(d.event_id), body),
      body,
      policy,
    )
    if (result.ok) {
      await deps.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE webhook_deliveries SET ${outcome(result)}, status = 'entregue', delivered_at = now() WHERE id = ${d.id}`)
        await tx.execute(sql`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ${d.endpoint_id} AND failing_since IS NOT NULL`)
      })
      sent++
      continue
    }
    const delay = RETRY_SECONDS[d.attempts]
    await deps.db.transaction(async (tx) => {
      if (delay === undefined) {
        await tx.execute(sql`UPDATE webhook_deliveries SET ${outcome(result)}, status = 'falhou' WHERE id = ${d.id}`)
      } else {
        await tx.execute(sql`UPDATE webhook_deliveries SET ${outcome(result)}, next_attempt_at = now() + make_interval(secs => ${delay}) WHERE id = ${d.id}`)
        await enqueue(tx, 'webhooks', { endpoint: d.endpoint_id, resource }, { startAfterSeconds: delay })
      }
      await failing(deps, tx, d)
    })
    deps.log.warn({ entrega: d.id, status: result.status, erro: result.error }, 'webhook não entregue; nova tentativa mais tarde')
    if (delay !== undefined) return sent
  }
}

/** Marks the endpoint failing since now (unless it was already); days of it disable it and e-mail the Dono. */
async function failing(deps: DeliverDeps, tx: Tx, d: Claimed): Promise<void> {
  const [endpoint] = await rows<{ url: string; just_disabled: boolean }>(
    tx,
    sql`UPDATE webhook_endpoints SET failing_since = coalesce(failing_since, now()),
          active = CASE WHEN failing_since < now() - make_interval(secs => ${DISABLE_AFTER_SECONDS}) THEN false ELSE active END,
          disabled_at = CASE WHEN failing_since < now() - make_interval(secs => ${DISABLE_AFTER_SECONDS}) THEN now() ELSE disabled_at END
        WHERE id = ${d.endpoint_id}
        RETURNING url, (NOT active AND disabled_at = now()) AS just_disabled`,
  )
  if (!endpoint?.just_disabled) return
  const owners = await rows<{ email: string; nome: string }>(tx, sql`SELECT email, nome FROM staff WHERE role = 'dono' AND active ORDER BY id`)
  for (const owner of owners) {
    const text = `Olá, ${owner.nome}.\n\nO webhook ${endpoint.url} falhou em todas as entregas por mais de ${DISABLE_AFTER_SECONDS / 86_400} dias e foi desativado. As entregas pendentes ficam guardadas; veja-as em Integrações, no painel da loja, e cadastre o endereço de novo quando o receptor voltar.\n\n${deps.store.nome}`
    await enqueueMail(tx, {
      mail: {
        to: owner.email,
        subject: 'Webhook desativado por falhas',
        text,
        html: `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n\n/g, '</p><p>')}</p>`,
      },
    })
  }
}

/** Every lane with a delivery due that nobody holds (a lost job, a process that died): the minute's round. */
export async function deliverDue(deps: DeliverDeps, limit = 50): Promise<number> {
  const lanes = await rows<{ endpoint_id: number; resource: string }>(
    deps.db,
    sql`SELECT DISTINCT endpoint_id, resource FROM webhook_deliveries
        WHERE status = 'pendente' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
        LIMIT ${limit}`,
  )
  let sent = 0
  for (const lane of lanes) sent += await deliverLane(deps, Number(lane.endpoint_id), lane.resource)
  return sent
}
