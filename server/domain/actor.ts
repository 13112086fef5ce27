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
  /**
   * A key of the integrations API (/api/v1), by its name: an ERP, a marketplace hub; `requestId` is
   * the call's (its row in the request log, api_calls), kept on the audit lines it writes.
   */
  | { kind: 'api'; keyId: number; name: string; requestId?: string }

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
    case 'api':
      return `API (${actor.name})`
  }
}

/** The person or key an actor names by id (staff, customer, API key); null for jobs and the command line. */
export function actorId(actor: Actor): number | null {
  if (actor.kind === 'staff') return actor.staffId
  if (actor.kind === 'customer') return actor.customerId
  if (actor.kind === 'api') return actor.keyId
  return null
}
