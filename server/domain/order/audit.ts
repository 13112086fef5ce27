// An order change's audit line (issue 18: every staff write, and the command line's, is audited),
// written in the change's own transaction.
import type { Db } from '../../db/client'
import type { Actor } from '../actor'
import { recordAudit } from '../staff/audit'
import type { Tx } from './stock'

export async function auditOrder(db: Db | Tx, actor: Actor, action: string, code: string, before: Record<string, unknown>, after: Record<string, unknown>): Promise<void> {
  await recordAudit(db, { actor, action, entity: 'order', entityId: code, before, after })
}
