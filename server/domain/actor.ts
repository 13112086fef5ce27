/**
 * Who asked for a change: recorded on order events, refunds, stock moves and the audit log.
 * One shape for every writer, so a cancellation is the same function whoever asks.
 */
export type Actor =
  | { kind: 'staff'; staffId: number; name: string; ip: string | null }
  | { kind: 'customer'; customerId: number; ip: string | null }
  /** Jobs of the store itself: expiry, reconciliation, webhooks. */
  | { kind: 'system'; job: string }
  /** The operator command (`npm run pedidos`), recorded as "linha de comando". */
  | { kind: 'cli' }

/** How an actor is named on timelines and in the audit log (pt-BR). */
export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case 'staff':
      return actor.name
    case 'customer':
      return 'Cliente'
    case 'system':
      return `Sistema (${actor.job})`
    case 'cli':
      return 'linha de comando'
  }
}
