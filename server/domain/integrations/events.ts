import { sql } from 'drizzle-orm'
import { INTEGRATION_EVENT_TYPES } from '../../db/schema'
import { rows } from '../../db/sql'
import type { Tx } from '../../db/tx'
import { enqueue } from '../../jobs/enqueue'

export { INTEGRATION_EVENT_TYPES }
export type IntegrationEventType = (typeof INTEGRATION_EVENT_TYPES)[number]

/** What an event is about: an order by its code, a return, a product by id (its SKU is in the payload). */
export type EventResource = { pedido: string } | { devolucao: number } | { produto: number }

/** The resource as one text, the order events of one resource are delivered in ('pedido:000123'). */
export function resourceKey(resource: EventResource): string {
  if ('pedido' in resource) return `pedido:${resource.pedido}`
  if ('devolucao' in resource) return `devolucao:${resource.devolucao}`
  return `produto:${resource.produto}`
}

/**
 * Records an event for integrations in `tx`, the transaction of the change it tells of: it exists
 * if and only if the change commits, and the payload is what every receiver gets. The one way any
 * area announces a change to the world outside (issue "Integrations": webhooks are delivered from
 * these rows by the queue).
 *
 * In the same statement, one delivery per active endpoint that wants the type; each endpoint's
 * deliveries of this resource are then sent in order by a job (server/domain/integrations/deliver.ts).
 * With no endpoint, the one INSERT is all it costs.
 */
export async function recordEvent(tx: Tx, type: IntegrationEventType, resource: EventResource, data: Record<string, unknown>): Promise<number> {
  const key = resourceKey(resource)
  // One round trip: the event and its deliveries (none without endpoints) in one statement.
  const found = await rows<{ id: number; endpoint_id: number | null }>(
    tx,
    sql`WITH e AS (
          INSERT INTO integration_events (type, resource, data) VALUES (${type}, ${key}, ${JSON.stringify(data)}::jsonb) RETURNING id
        ), d AS (
          INSERT INTO webhook_deliveries (endpoint_id, event_id, resource)
          SELECT w.id, e.id, ${key} FROM webhook_endpoints w, e
          WHERE w.active AND w.deleted_at IS NULL AND ${type} = ANY(w.events)
          RETURNING endpoint_id
        )
        SELECT e.id, d.endpoint_id FROM e LEFT JOIN d ON true`,
  )
  for (const lane of found) if (lane.endpoint_id != null) await enqueue(tx, 'webhooks', { endpoint: Number(lane.endpoint_id), resource: key })
  return Number(found[0]!.id)
}
