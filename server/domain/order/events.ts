// The order's timeline: one append-only row per event, written in the same transaction as the change
// it records, read by the back office's order page and (without notes) the customer's order page.
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderEvents, type ORDER_EVENT_KINDS } from '../../db/schema'
import { actorId, actorLabel, type Actor } from '../actor'
import type { Tx } from '../../db/tx'

export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number]
export type OrderEvent = typeof orderEvents.$inferSelect

/** Records one event of an order; call it inside the transaction that makes the change. */
export async function recordOrderEvent(
  db: Db | Tx,
  orderId: number,
  event: { kind: OrderEventKind; actor: Actor; summary: string; data?: Record<string, unknown> },
): Promise<void> {
  await db.insert(orderEvents).values({
    orderId,
    kind: event.kind,
    actorKind: event.actor.kind,
    actorId: actorId(event.actor),
    actorLabel: actorLabel(event.actor),
    summary: event.summary,
    data: event.data ?? {},
  })
}

/** An order's events, oldest first; `withNotes: false` for anything the buyer sees. */
export async function orderTimeline(db: Db, orderId: number, options: { withNotes: boolean }): Promise<OrderEvent[]> {
  const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id))
  return options.withNotes ? rows : rows.filter((row) => row.kind !== 'note')
}
