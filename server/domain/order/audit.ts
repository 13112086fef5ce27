// An order change's audit line (issue 18: every staff write, and the command line's, is audited),
// written in the change's own transaction.
import type { Db } from '../../db/client'
import type { Actor } from '../actor'
import type { RefundAudit } from '../payment/refund'
import { recordAudit } from '../audit/record'
import type { CancelAudit } from './cancel'
import type { Tx } from './stock'

export async function auditOrder(db: Db | Tx, actor: Actor, action: string, code: string, before: Record<string, unknown>, after: Record<string, unknown>): Promise<void> {
  await recordAudit(db, { actor, action, entity: 'order', entityId: code, before, after })
}

/**
 * A cancellation's line, passed to cancelOrder (`deps.audit`): written with the order, stock and
 * refund rows it records. What the provider then did with the money is on the order's timeline.
 */
export const auditCancel =
  (actor: Actor): CancelAudit =>
  (tx, c) =>
    auditOrder(tx, actor, 'pedido.cancelar', c.code, { status: c.previousStatus }, { status: 'cancelado', motivo: c.reason, ...(c.refund ? { reembolsoCents: c.refund.amountCents } : {}) })

/** A refund's line, passed to refundOrder (`audit`): written with the refund row it records. */
export const auditRefund =
  (actor: Actor): RefundAudit =>
  (tx, r) =>
    auditOrder(tx, actor, 'pedido.reembolsar', r.code, {}, { reembolsoCents: r.amountCents, motivo: r.reason })
