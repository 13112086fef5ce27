import { INTEGRATION_EVENT_TYPES, integrationEvents } from '../../db/schema'
import type { Tx } from '../../db/tx'

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
 */
export async function recordEvent(tx: Tx, type: IntegrationEventType, resource: EventResource, data: Record<string, unknown>): Promise<number> {
  const [row] = await tx
    .insert(integrationEvents)
    .values({ type, resource: resourceKey(resource), data })
    .returning({ id: integrationEvents.id })
  return row!.id
}
