import type { Db } from '../../db/client'
import { auditLog } from '../../db/schema'
import { actorId, actorLabel, type Actor } from '../actor'

/** A database handle or a transaction: the audit line goes in the same transaction as the change. */
type Writer = Pick<Db, 'insert'>

export type AuditEntry = {
  actor: Actor
  /** What was done, e.g. 'equipe.convidar', 'pedido.cancelar', 'acesso negado'. */
  action: string
  /** What it was done to ('staff', 'order', …) and its id. */
  entity: string
  entityId: string | null
  before?: unknown
  after?: unknown
}

/**
 * Writes one audit_log row. Call it with the transaction of the change it records, so the change
 * and its line are kept or lost together (docs/decisions/0040-back-office-staff-and-audit.md).
 */
export async function recordAudit(db: Writer, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(auditRow(entry))
}

/**
 * Writes the line only when staff, the command line or an API key made the change: they answer for what they do
 * to an order; the shopper's own changes and the jobs' are on the order's timeline instead.
 */
export async function recordOperatorAudit(db: Writer, entry: AuditEntry): Promise<void> {
  if (entry.actor.kind === 'staff' || entry.actor.kind === 'cli' || entry.actor.kind === 'api') await recordAudit(db, entry)
}

/** Many audit lines in one statement (a bulk change writes one per thing it changed), in the change's transaction. */
export async function recordAudits(db: Writer, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length) await db.insert(auditLog).values(entries.map(auditRow))
}

function auditRow(entry: AuditEntry) {
  const { actor } = entry
  return {
    actorKind: actor.kind,
    actorId: actorId(actor),
    actorLabel: actorLabel(actor),
    ip: actor.kind === 'staff' || actor.kind === 'customer' ? actor.ip : null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    apiRequestId: actor.kind === 'api' ? (actor.requestId ?? null) : null,
  }
}
