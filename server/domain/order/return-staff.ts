// The back office's half of a withdrawal (issue 22): approve, receive (stock back for what can be
// sold again) and refund in full including shipping (CDC art. 49), each an order event. The admin
// API (server/http/admin/, issue 18) passes `audit` to write its audit line in the same transaction.
import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orderItems, orders, returnRequestItems, returnRequests, type RETURN_STATUSES } from '../../db/schema'
import type { PaymentProvider } from '../../integrations/payments/provider'
import type { Actor } from '../actor'
import { refundOrder, type RefundResult } from '../payment/refund'
import { isRefusal, refuse, type Refusal } from '../refusal'
import { recordOrderEvent } from './events'
import { releaseStock, type Tx } from './stock'

type ReturnStatus = (typeof RETURN_STATUSES)[number]
type ReturnRow = typeof returnRequests.$inferSelect
export type ReturnAudit = (tx: Tx, change: { before: ReturnRow; after: ReturnRow }) => Promise<void>

const STEP_NAMES: Partial<Record<ReturnStatus, string>> = { aprovada: 'Devolução aprovada', recebida: 'Produtos da devolução recebidos', reembolsada: 'Devolução reembolsada' }

/** Moves a request from `from` to `to` (conditional: a racing second click loses) with its order event. */
async function step(
  tx: Tx,
  id: number,
  from: ReturnStatus,
  to: ReturnStatus,
  actor: Actor,
  data: Record<string, unknown>,
  audit?: ReturnAudit,
): Promise<ReturnRow> {
  const [before] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id))
  if (!before) throw refuse('not_found', 'Pedido de devolução não encontrado.')
  const [after] = await tx
    .update(returnRequests)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(returnRequests.id, id), eq(returnRequests.status, from)))
    .returning()
  if (!after) throw refuse('conflict', `Esta devolução está "${before.status}": não pode passar a "${to}".`)
  await recordOrderEvent(tx, before.orderId, { kind: 'return', actor, summary: STEP_NAMES[to] ?? `Devolução: ${to}`, data: { returnRequestId: id, step: to, ...data } })
  if (audit) await audit(tx, { before, after })
  return after
}

async function inTx<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T | Refusal> {
  try {
    return await db.transaction(work)
  } catch (err) {
    if (isRefusal(err)) return err
    throw err
  }
}

export const approveReturn = (db: Db, id: number, actor: Actor, audit?: ReturnAudit) => inTx(db, (tx) => step(tx, id, 'solicitada', 'aprovada', actor, {}, audit))

/**
 * The products arrived: `resellable` names the order items (of the request) that go back to stock;
 * the others stay out (damaged, opened). Stock and the request move in one transaction.
 */
export function receiveReturn(db: Db, id: number, actor: Actor, resellable: readonly number[], audit?: ReturnAudit) {
  return inTx(db, async (tx) => {
    const items = await tx
      .select({ orderItemId: returnRequestItems.orderItemId, quantity: returnRequestItems.quantity, productId: orderItems.productId, optionId: orderItems.optionId })
      .from(returnRequestItems)
      .innerJoin(orderItems, eq(orderItems.id, returnRequestItems.orderItemId))
      .where(eq(returnRequestItems.returnRequestId, id))
    const known = new Set(items.map((i) => i.orderItemId))
    if (resellable.some((r) => !known.has(r))) throw refuse('invalid', 'Marque apenas itens desta devolução.')
    const after = await step(tx, id, 'aprovada', 'recebida', actor, { resellable }, audit)
    const back = items.filter((i) => resellable.includes(i.orderItemId) && i.productId != null)
    const [order] = await tx.select({ code: orders.code }).from(orders).where(eq(orders.id, after.orderId))
    await releaseStock(tx, back.map((i) => ({ productId: i.productId!, optionId: i.optionId, quantity: i.quantity })), { reason: 'Devolução', actor, orderCode: order?.code ?? '' })
    await tx.update(returnRequestItems).set({ resellable: true }).where(and(eq(returnRequestItems.returnRequestId, id), inArray(returnRequestItems.orderItemId, resellable.length ? [...resellable] : [-1])))
    await tx.update(returnRequestItems).set({ resellable: false }).where(and(eq(returnRequestItems.returnRequestId, id), isNull(returnRequestItems.resellable)))
    return after
  })
}

/**
 * What a return gives back: everything left when every unit comes back; otherwise the returned
 * units at what was paid for them (the order's discount shared in proportion) plus all the shipping.
 */
export async function returnRefundCents(db: Db | Tx, id: number): Promise<number | null> {
  const [req] = await db.select({ orderId: returnRequests.orderId }).from(returnRequests).where(eq(returnRequests.id, id))
  if (!req) return null
  const [order] = await db.select().from(orders).where(eq(orders.id, req.orderId))
  const all = await db.select({ id: orderItems.id, quantity: orderItems.quantity, unit: orderItems.unitPriceCents }).from(orderItems).where(eq(orderItems.orderId, req.orderId))
  const asked = new Map((await db.select().from(returnRequestItems).where(eq(returnRequestItems.returnRequestId, id))).map((r) => [r.orderItemId, r.quantity]))
  if (all.every((i) => asked.get(i.id) === i.quantity)) return null
  const goods = all.reduce((sum, i) => sum + i.unit * (asked.get(i.id) ?? 0), 0)
  const share = order!.subtotalCents > 0 ? Math.round((goods * order!.discountCents) / order!.subtotalCents) : 0
  return goods - share + order!.shippingCents
}

/**
 * Refunds a received return through issue 20's refundOrder (provider asked once, over-refund
 * impossible). The request is claimed first, so two clicks refund once; a refused refund puts it back.
 */
export async function refundReturn(db: Db, id: number, actor: Actor, provider?: PaymentProvider, audit?: ReturnAudit): Promise<RefundResult | Refusal> {
  const claimed = await inTx(db, (tx) => step(tx, id, 'recebida', 'reembolsada', actor, {}, audit))
  if (isRefusal(claimed)) return claimed
  const [order] = await db.select({ code: orders.code }).from(orders).where(eq(orders.id, claimed.orderId))
  const amountCents = (await returnRefundCents(db, id)) ?? undefined
  const refunded = await refundOrder(db, { code: order!.code, amountCents, reason: `Devolução #${id} (direito de arrependimento)`, actor }, provider)
  if (isRefusal(refunded)) {
    await db.update(returnRequests).set({ status: 'recebida', updatedAt: new Date() }).where(eq(returnRequests.id, id))
  }
  return refunded
}
