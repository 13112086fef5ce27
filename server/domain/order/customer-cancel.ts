import { and, eq } from 'drizzle-orm'
import { AFTER_SALE_MESSAGES as M } from '../../../contract/after-sale'
import { ORDERS } from '../../../contract/messages/orders'
import type { Db } from '../../db/client'
import { orders } from '../../db/schema'
import type { Actor } from '../actor'
import { isRefusal, refuse, type Refusal } from '../refusal'
import { isCancellable } from './actions'
import { cancelOrder, type CancelDeps } from './cancel'

const REFUNDING = new Set(['reembolsado', 'reembolso_pendente', 'reembolso_recusado', 'reembolso_a_fazer'])

/**
 * 'Cancelar pedido' on the customer's order page: the store's one cancellation (stock back, a paid
 * order refunded in full), for the order's own customer only, from the status they saw. Staff
 * shipping it at the same moment: one of the two wins; the shopper who loses is told it was shipped.
 * Asking again once cancelled is answered as done (nothing moves twice).
 */
export async function cancelByCustomer(
  db: Db,
  customer: { customerId: number; ip: string | null },
  code: string,
  motivo: string,
  deps: CancelDeps = {},
): Promise<{ estado: 'sucesso'; msg: string } | Refusal> {
  const [order] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.code, code), eq(orders.customerId, customer.customerId)))
    .limit(1)
  if (!order) return refuse(ORDERS.notFound())
  if (order.status === 'cancelado' || order.status === 'expirado') return { estado: 'sucesso', msg: M.jaCancelado }
  if (!isCancellable(order.status)) return refuse(ORDERS.tooLateToCancel)
  const actor: Actor = { kind: 'customer', customerId: customer.customerId, ip: customer.ip }
  const reason = motivo.trim() ? `pelo cliente: ${motivo.trim()}` : 'pelo cliente'
  const outcome = await cancelOrder(db, { code, actor, reason, expectedStatus: order.status }, deps)
  if (isRefusal(outcome)) {
    if (outcome.category !== 'conflict') return outcome
    // Lost a race: say what the order became.
    const [now] = await db.select({ status: orders.status }).from(orders).where(eq(orders.code, code)).limit(1)
    if (now?.status === 'cancelado') return { estado: 'sucesso', msg: M.jaCancelado }
    return now && !isCancellable(now.status) ? refuse(ORDERS.tooLateToCancel) : outcome
  }
  return { estado: 'sucesso', msg: REFUNDING.has(outcome.money) ? M.canceladoReembolso : M.cancelado }
}
