// The back office's half of a withdrawal: approve, receive (stock back for what can be sold again),
// refund in full including shipping (CDC art. 49) or refuse, each an order event and an audit line
// written in the step's own transaction.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { REFUSABLE_RETURN_STATUSES } from '../../../contract/admin/after-sale'
import { RETURNS } from '../../../contract/messages/returns'
import type { Db } from '../../db/client'
import { orderItems, orders, refunds, returnRequestItems, returnRequests, type RETURN_STATUSES } from '../../db/schema'
import { transaction, type Tx } from '../../db/tx'
import type { PaymentProvider } from '../../integrations/payments/provider'
import type { Actor } from '../actor'
import { recordAudit } from '../audit/record'
import { recordOrderEvent } from '../order/events'
import { readDiscounts } from '../order/discounts'
import { recordEvents } from '../integrations/events'
import { releaseStock } from '../order/stock'
import { paymentProvider } from '../payment/gateway'
import { executeRefund, latestPayment, openRefundIn, paidCents, type RefundResult } from '../payment/refund'
import { isRefusal, refuse, type Refusal } from '../refusal'
import type { Permission } from '../staff/permissions'
import { recordEvent } from '../integrations/events'
import { invoiceReturnWhenReceived } from '../fiscal/invoice'

export type ReturnStatus = (typeof RETURN_STATUSES)[number]
type ReturnRow = typeof returnRequests.$inferSelect

/**
 * The steps of a return: the statuses each starts from, where it leads, who may take it and its
 * audit line's action. The page's buttons (returnActions) and the writers below read this one table.
 */
export const RETURN_STEPS = {
  aprovar: { from: ['solicitada'], to: 'aprovada', permission: 'returns:manage', audit: 'devolucao.aprovar', event: 'Devolução aprovada' },
  receber: { from: ['aprovada'], to: 'recebida', permission: 'returns:manage', audit: 'devolucao.receber', event: 'Produtos da devolução recebidos' },
  reembolsar: { from: ['recebida'], to: 'reembolsada', permission: 'orders:refund', audit: 'devolucao.reembolsar', event: 'Devolução reembolsada' },
  recusar: { from: REFUSABLE_RETURN_STATUSES, to: 'recusada', permission: 'returns:manage', audit: 'devolucao.recusar', event: 'Devolução recusada' },
} as const satisfies Record<string, { from: readonly ReturnStatus[]; to: ReturnStatus; permission: Permission; audit: string; event: string }>
export type ReturnStep = keyof typeof RETURN_STEPS

/** The audit line of a step: the status before and after, and what the step adds (revenda, valorCents, motivo…). */
function auditStep(tx: Tx, actor: Actor, action: string, before: ReturnRow, after: ReturnRow, extra: Record<string, unknown>) {
  return recordAudit(tx, {
    actor,
    action,
    entity: 'return_request',
    entityId: String(after.id),
    before: { status: before.status },
    after: { status: after.status, ...extra },
  })
}

type StepOptions = {
  /** The status the person saw (refusing): the step starts only from it. */
  from?: ReturnStatus
  /** Columns written with the status (the refusal's reason). */
  set?: Partial<Pick<ReturnRow, 'refusalReason' | 'refusalDetails'>>
  /** The order event's data and the audit line's extra fields. */
  data?: Record<string, unknown>
  audit?: Record<string, unknown>
  /** The loser's refusal, from the status the request has now. */
  conflict?: (now: ReturnStatus) => Refusal
}

/** Takes `name` on request `id` (conditional: a racing second click loses), with its order event and audit line. */
export async function step(tx: Tx, id: number, name: ReturnStep, actor: Actor, options: StepOptions = {}): Promise<ReturnRow> {
  const { to, audit, event } = RETURN_STEPS[name]
  const from: readonly ReturnStatus[] = options.from ? [options.from] : RETURN_STEPS[name].from
  const [before] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id))
  if (!before) throw refuse(RETURNS.notFound)
  const [after] = await tx
    .update(returnRequests)
    .set({ ...options.set, status: to, updatedAt: new Date() })
    .where(and(eq(returnRequests.id, id), inArray(returnRequests.status, [...from])))
    .returning()
  if (!after) {
    // Read again: a racing change committed after `before` was read is what the loser must hear about.
    const [now] = await tx.select({ status: returnRequests.status }).from(returnRequests).where(eq(returnRequests.id, id))
    const status = now?.status ?? before.status
    throw options.conflict?.(status) ?? refuse(RETURNS.wrongStatus(status, to))
  }
  await recordOrderEvent(tx, before.orderId, { kind: 'return', actor, summary: event, data: { returnRequestId: id, step: to, ...options.data } })
  if (to === 'recebida') {
    const [order] = await tx.select({ code: orders.code }).from(orders).where(eq(orders.id, before.orderId))
    await recordEvent(tx, 'devolucao.recebida', { devolucao: id }, { devolucao: id, pedido: order?.code ?? null })
  }
  await auditStep(tx, actor, audit, before, after, options.audit ?? {})
  return after
}

export const approveReturn = (db: Db, change: { id: number; actor: Actor }) => transaction(db, (tx) => step(tx, change.id, 'aprovar', change.actor))

/**
 * The products arrived: `resellable` names the order items (of the request) that go back to stock;
 * the others stay out (damaged, opened). Stock and the request move in one transaction.
 */
export function receiveReturn(db: Db, change: { id: number; actor: Actor; resellable: readonly number[] }) {
  const { id, actor, resellable } = change
  return transaction(db, async (tx) => {
    const items = await returnLines(tx, id)
    const known = new Set(items.map((i) => i.orderItemId))
    if (resellable.some((r) => !known.has(r))) return refuse(RETURNS.notTheseItems)
    const after = await step(tx, id, 'receber', actor, { data: { resellable }, audit: { revenda: resellable } })
    // What came back is entered on an entry invoice referencing the sale's (docs/decisions/0129-nfe.md).
    await invoiceReturnWhenReceived(db, tx, id)
    const back = items.filter((i) => resellable.includes(i.orderItemId) && i.productId != null)
    const [order] = await tx.select({ code: orders.code }).from(orders).where(eq(orders.id, after.orderId))
    await recordEvents(
      tx,
      await releaseStock(
        tx,
        back.map((i) => ({ productId: i.productId!, optionId: i.optionId, quantity: i.quantidade })),
        { reason: 'Devolução', actor, orderCode: order?.code ?? '' },
      ),
    )
    await tx
      .update(returnRequestItems)
      .set({ resellable: true })
      .where(and(eq(returnRequestItems.returnRequestId, id), inArray(returnRequestItems.orderItemId, resellable.length ? [...resellable] : [-1])))
    await tx
      .update(returnRequestItems)
      .set({ resellable: false })
      .where(and(eq(returnRequestItems.returnRequestId, id), isNull(returnRequestItems.resellable)))
    return after
  })
}

/** The items a request asks back, each with its order line as it was bought, in the order's line order. */
export function returnLines(db: Db | Tx, id: number) {
  return db
    .select({
      orderItemId: returnRequestItems.orderItemId,
      quantidade: returnRequestItems.quantity,
      revenda: returnRequestItems.resellable,
      titulo: orderItems.titulo,
      productId: orderItems.productId,
      optionId: orderItems.optionId,
      variacao: orderItems.variacao,
      comprados: orderItems.quantity,
      unitCents: orderItems.unitPriceCents,
    })
    .from(returnRequestItems)
    .innerJoin(orderItems, eq(orderItems.id, returnRequestItems.orderItemId))
    .where(eq(returnRequestItems.returnRequestId, id))
    .orderBy(returnRequestItems.orderItemId)
}

/**
 * What a return gives back: everything left when every unit comes back; otherwise the returned
 * units at what was paid for them — each line's own discounts (promotions, coupon, Pix) shared over
 * its units (docs/decisions/0127-promotions.md) — plus the shipping paid. An order kept before
 * discounts were kept per line shares its discount over the goods in proportion.
 */
export async function returnRefundCents(db: Db | Tx, id: number): Promise<number | null> {
  const [req] = await db.select({ orderId: returnRequests.orderId }).from(returnRequests).where(eq(returnRequests.id, id))
  if (!req) return null
  const [order] = await db.select().from(orders).where(eq(orders.id, req.orderId))
  const all = await db
    .select({
      id: orderItems.id,
      quantity: orderItems.quantity,
      unit: orderItems.unitPriceCents,
      total: orderItems.totalCents,
      discount: orderItems.discountCents,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, req.orderId))
  const asked = new Map((await db.select().from(returnRequestItems).where(eq(returnRequestItems.returnRequestId, id))).map((r) => [r.orderItemId, r.quantity]))
  if (all.every((i) => asked.get(i.id) === i.quantity)) return null
  const freeShipping = (await readDiscounts(db as Db, req.orderId)).filter((d) => d.source === 'frete').reduce((sum, d) => sum + d.amountCents, 0)
  const perLine = all.some((i) => i.discount > 0) || freeShipping > 0 || order!.discountCents === 0
  if (perLine) {
    const goods = all.reduce((sum, i) => sum + Math.round(((i.total - i.discount) * (asked.get(i.id) ?? 0)) / i.quantity), 0)
    return goods + order!.shippingCents - freeShipping
  }
  const goods = all.reduce((sum, i) => sum + i.unit * (asked.get(i.id) ?? 0), 0)
  const share = order!.subtotalCents > 0 ? Math.round((goods * order!.discountCents) / order!.subtotalCents) : 0
  return goods - share + order!.shippingCents
}

/**
 * Refunds a received return through the orders' refund path (docs/decisions/0082-return-refund-once.md).
 * One transaction, with the order row locked: the request moves 'recebida' → 'reembolsada'
 * (conditional, so a second click or a second tab finds it moved and is refused), the amount is
 * computed, the refund row is recorded (never past what was paid) and the audit line written. The
 * provider is asked after the commit with the row's idempotency key. If it refuses, the request goes
 * back to 'recebida' (an order event and an audit line say why) and the amount can be asked again;
 * if it is down, the refund stays pending for reconciliation and the request stays 'reembolsada'.
 * `expectedCents`: the amount the person confirmed; a different one is refused (something changed).
 */
export async function refundReturn(
  db: Db,
  change: { id: number; actor: Actor; expectedCents: number; provider?: PaymentProvider },
): Promise<RefundResult | Refusal> {
  const { id, actor, expectedCents, provider = paymentProvider(db) } = change
  const opened = await transaction(db, async (tx) => {
    const [req] = await tx.select({ orderId: returnRequests.orderId }).from(returnRequests).where(eq(returnRequests.id, id))
    if (!req) return refuse(RETURNS.notFound)
    const [order] = await tx.select({ id: orders.id, code: orders.code }).from(orders).where(eq(orders.id, req.orderId)).for('update')
    const amountCents = await returnRefundCents(tx, id)
    const payment = await latestPayment(tx, order!.id)
    if (!payment) return refuse(RETURNS.notPaid(order!.code))
    const whole = paidCents(payment)
    const [{ sum }] = await tx
      .select({ sum: sql<string | null>`sum(${refunds.amountCents})` })
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), inArray(refunds.status, ['pending', 'done'])))
    const due = amountCents ?? whole - Number(sum ?? 0)
    // The status first: a second click is told the return was already refunded, not about amounts.
    await step(tx, id, 'reembolsar', actor, { data: { amountCents: due }, audit: { valorCents: expectedCents } })
    if (expectedCents !== due) return refuse(RETURNS.amountChanged(due))
    return openRefundIn(tx, order!, payment, { amountCents: amountCents ?? undefined, reason: `Devolução #${id} (direito de arrependimento)`, actor })
  })
  if (isRefusal(opened)) return opened
  try {
    return await executeRefund(db, provider, opened)
  } catch (err) {
    if (!isRefusal(err)) throw err
    // The provider said no: nothing went back, so the return is again waiting for its refund.
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id))
      const [after] = await tx
        .update(returnRequests)
        .set({ status: 'recebida', updatedAt: new Date() })
        .where(and(eq(returnRequests.id, id), eq(returnRequests.status, 'reembolsada')))
        .returning()
      if (!before || !after) return
      await recordOrderEvent(tx, after.orderId, {
        kind: 'return',
        actor: { kind: 'system', job: 'reembolso' },
        summary: 'Reembolso da devolução recusado: a devolução voltou a "recebida"',
        data: { returnRequestId: id, step: 'recebida' },
      })
      await auditStep(tx, actor, RETURN_STEPS.reembolsar.audit, before, after, { valorCents: expectedCents })
    })
    return err
  }
}
