import { INTEGRATION_EVENT_TYPES } from '../../db/schema'
import { preparedRows } from '../../db/sql'
import type { Tx } from '../../db/tx'
import { enqueueAll } from '../../jobs/enqueue'

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

/** One event as a writer announces it. */
export type IntegrationEvent = { type: IntegrationEventType; resource: EventResource; data: Record<string, unknown> }

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
  const [id] = await recordEvents(tx, [{ type, resource, data }])
  return id!
}

/** The events, their deliveries and the lanes they fill, in one statement run on every write. */
const RECORD_EVENTS = `WITH input AS (
    SELECT n, x->>'type' AS type, x->>'resource' AS resource, x->'data' AS data
    FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t(x, n)
  ), e AS (
    INSERT INTO integration_events (type, resource, data) SELECT type, resource, data FROM input ORDER BY n RETURNING id, type, resource
  ), d AS (
    INSERT INTO webhook_deliveries (endpoint_id, event_id, resource)
    SELECT w.id, e.id, e.resource FROM e JOIN webhook_endpoints w ON w.active AND w.deleted_at IS NULL AND e.type = ANY(w.events)
    ORDER BY e.id, w.id
    RETURNING endpoint_id, resource
  )
  SELECT e.id, NULL::int AS endpoint_id, e.resource FROM e
  UNION ALL SELECT NULL, d.endpoint_id, d.resource FROM d`

/**
 * recordEvent for several events of one change at once (an order's stock moves), in one round trip:
 * the events in the order given (so their ids, and the deliveries of each lane, keep it), their
 * deliveries, and one job per lane (endpoint, resource) that got any.
 */
export async function recordEvents(tx: Tx, events: readonly IntegrationEvent[]): Promise<number[]> {
  if (!events.length) return []
  const input = JSON.stringify(events.map((e) => ({ type: e.type, resource: resourceKey(e.resource), data: e.data })))
  const found = await preparedRows<{ id: number | null; endpoint_id: number | null; resource: string }>(tx, RECORD_EVENTS, [input])
  const lanes = new Map<string, { endpoint: number; resource: string }>()
  for (const row of found) {
    if (row.endpoint_id != null) lanes.set(`${row.endpoint_id} ${row.resource}`, { endpoint: Number(row.endpoint_id), resource: row.resource })
  }
  await enqueueAll(tx, 'webhooks', [...lanes.values()])
  return found.flatMap((row) => (row.id == null ? [] : [Number(row.id)])).sort((a, b) => a - b)
}
