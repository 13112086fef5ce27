// An order change's audit line (issue 18: every staff write, and the command line's, is audited),
// written in the change's own transaction.
import type { Db } from '../../db/client'
import type { Actor } from '../actor'
import type { Tx } from './stock'

export async function auditOrder(
  _db: Db | Tx,
  _actor: Actor,
  _action: string,
  _orderId: number,
  _code: string,
  _before: Record<string, unknown>,
  _after: Record<string, unknown>,
): Promise<void> {
  // TEMPORARY until wip/18a's recordAudit is merged (server/domain/staff/audit.ts).
}
