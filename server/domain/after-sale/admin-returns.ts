// The back office's half of a withdrawal (issue 22): approve, receive (stock back for what can be
// sold again) and refund in full including shipping (CDC art. 49), each an order event. The admin
// API (server/http/admin/after-sale.ts) passes `audit` to write its audit line in the same transaction.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { RETURN_STATUS_NAMES, type ReturnListQuery } from '../../../contract/admin/after-sale'
import { PAYMENT_METHOD_NAMES } from '../../../contract/checkout'
import { formatBRL } from '../../../contract/money'
import type { Db } from '../../db/client'
import { orderItems, orders, refunds, returnRequestItems, returnRequests, type RETURN_STATUSES } from '../../db/schema'
import type { PaymentProvider } from '../../integrations/payments/provider'
import type { Actor } from '../actor'
import { paymentProvider } from '../payment/gateway'
import { executeRefund, latestPayment, openRefundIn, paidCents, type RefundResult } from '../payment/refund'
import { countByStatus, keysetPage, queueKey } from '../../db/keyset'
import { isRefusal, refuse, type Refusal } from '../refusal'
import { recordOrderEvent } from '../order/events'
import { releaseStock, type Tx } from '../order/stock'

type ReturnStatus = (typeof RETURN_STATUSES)[number]
type ReturnRow = typeof returnRequests.$inferSelect
export type ReturnAudit = (tx: Tx, change: { before: ReturnRow; after: ReturnRow }) => Promise<void>

const STEP_NAMES: Partial<Record<ReturnStatus, string>> = { aprovada: 'Devolução aprovada', recebida: 'Produtos da devolução recebidos', reembolsada: 'Devolução reembolsada', recusada: 'Devolução recusada' }

type StepOptions = {
  /** Columns written with the status (the refusal's reason). */
  set?: Partial<Pick<ReturnRow, 'refusalReason' | 'refusalDetails'>>
  /** The loser's message, from the status the request has now. */
  conflict?: (now: ReturnStatus) => string
}

/** Moves a request from `from` to `to` (conditional: a racing second click loses) with its order event. */
export async function step(
  tx: Tx,
  id: number,
  from: ReturnStatus,
  to: ReturnStatus,
  actor: Actor,
  data: Record<string, unknown>,
  audit?: ReturnAudit,
  options: StepOptions = {},
): Promise<ReturnRow> {
  const [before] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id))
  if (!before) throw refuse('not_found', 'Pedido de devolução não encontrado.')
  const [after] = await tx
    .update(returnRequests)
    .set({ ...options.set, status: to, updatedAt: new Date() })
    .where(and(eq(returnRequests.id, id), eq(returnRequests.status, from)))
    .returning()
  if (!after) {
    // Read again: a racing change committed after `before` was read is what the loser must hear about.
    const [now] = await tx.select({ status: returnRequests.status }).from(returnRequests).where(eq(returnRequests.id, id))
    const status = now?.status ?? before.status
    throw refuse('conflict', options.conflict?.(status) ?? `Esta devolução está "${RETURN_STATUS_NAMES[status]}": não pode passar a "${RETURN_STATUS_NAMES[to]}".`)
  }
  await recordOrderEvent(tx, before.orderId, { kind: 'return', actor, summary: STEP_NAMES[to] ?? `Devolução: ${to}`, data: { returnRequestId: id, step: to, ...data } })
  if (audit) await audit(tx, { before, after })
  return after
}

export async function inTx<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T | Refusal> {
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
 * Refunds a received return through issue 20's refund path (docs/decisions/0082-return-refund-once.md).
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
  id: number,
  actor: Actor,
  provider: PaymentProvider = paymentProvider(db),
  audit?: ReturnAudit,
  expectedCents?: number,
): Promise<RefundResult | Refusal> {
  const opened = await inTx(db, async (tx) => {
    const [req] = await tx.select({ orderId: returnRequests.orderId }).from(returnRequests).where(eq(returnRequests.id, id))
    if (!req) throw refuse('not_found', 'Pedido de devolução não encontrado.')
    const [order] = await tx.select({ id: orders.id, code: orders.code }).from(orders).where(eq(orders.id, req.orderId)).for('update')
    const amountCents = await returnRefundCents(tx, id)
    const payment = await latestPayment(tx, order!.id)
    if (!payment) throw refuse('conflict', `O pedido ${order!.code} não tem pagamento a reembolsar.`)
    const whole = paidCents(payment)
    const [{ sum }] = await tx.select({ sum: sql<string | null>`sum(${refunds.amountCents})` }).from(refunds).where(and(eq(refunds.paymentId, payment.id), inArray(refunds.status, ['pending', 'done'])))
    const due = amountCents ?? whole - Number(sum ?? 0)
    // The status first: a second click is told the return was already refunded, not about amounts.
    await step(tx, id, 'recebida', 'reembolsada', actor, { amountCents: due }, audit)
    if (expectedCents !== undefined && expectedCents !== due) throw refuse('conflict', `O valor a reembolsar mudou para ${formatBRL(due / 100)}: confira e confirme de novo.`)
    const row = await openRefundIn(tx, order!, payment, { amountCents: amountCents ?? undefined, reason: `Devolução #${id} (direito de arrependimento)`, actor })
    if (isRefusal(row)) throw row
    return row
  })
  if (isRefusal(opened)) return opened
  try {
    return await executeRefund(db, provider, opened)
  } catch (err) {
    if (!isRefusal(err)) throw err
    // The provider said no: nothing went back, so the return is again waiting for its refund.
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id))
      const [after] = await tx.update(returnRequests).set({ status: 'recebida', updatedAt: new Date() }).where(and(eq(returnRequests.id, id), eq(returnRequests.status, 'reembolsada'))).returning()
      if (!before || !after) return
      await recordOrderEvent(tx, after.orderId, { kind: 'return', actor: { kind: 'system', job: 'reembolso' }, summary: 'Reembolso da devolução recusado: a devolução voltou a "recebida"', data: { returnRequestId: id, step: 'recebida' } })
      if (audit) await audit(tx, { before, after })
    })
    return err
  }
}

// ───────────────────────────── the back office's list and page ─────────────────────────────

export type StaffReturnRow = {
  id: number
  status: ReturnStatus
  pedido: string
  cliente: string
  motivo: string
  unidades: number
  totalCents: number
  criadaEm: Date
}

/** Devoluções' list: open requests first (solicitada, aprovada, recebida), newest first; a keyset page. */
export async function listReturnsForStaff(db: Db, query: ReturnListQuery) {
  const key = queueKey(sql`r.status IN ('solicitada', 'aprovada', 'recebida')`, sql`r.id`)
  const filter = query.situacao === 'abertas' ? sql`r.status IN ('solicitada', 'aprovada', 'recebida')` : query.situacao ? sql`r.status = ${query.situacao}` : sql`TRUE`
  const select = sql`SELECT r.id, r.status, o.code AS pedido, o.buyer_nome AS cliente, r.reason AS motivo, o.total_cents AS "totalCents", r.created_at AS "criadaEm",
      (SELECT coalesce(sum(i.quantity), 0)::int FROM return_request_items i WHERE i.return_request_id = r.id) AS unidades, ${key} AS k
    FROM return_requests r JOIN orders o ON o.id = r.order_id WHERE ${filter}`
  const [page, counts] = await Promise.all([keysetPage<StaffReturnRow & { k: string }>(db, select, query), countByStatus(db, sql`return_requests`)])
  return { ...page, rows: page.rows.map((r) => ({ ...r, id: Number(r.id), unidades: Number(r.unidades), totalCents: Number(r.totalCents), criadaEm: new Date(r.criadaEm) })), counts }
}

/** One request whole: the order's figures, the items asked (and, once received, which went back to stock), what the refund will be. */
export async function returnForStaff(db: Db, id: number) {
  const [request] = await db.select().from(returnRequests).where(eq(returnRequests.id, id))
  if (!request) return null
  const [order] = await db
    .select({
      code: orders.code,
      status: orders.status,
      buyerNome: orders.buyerNome,
      buyerEmail: orders.buyerEmail,
      paymentMethod: orders.paymentMethod,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
      shippingCents: orders.shippingCents,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(eq(orders.id, request.orderId))
  const items = await db
    .select({ orderItemId: returnRequestItems.orderItemId, quantidade: returnRequestItems.quantity, revenda: returnRequestItems.resellable, titulo: orderItems.titulo, productId: orderItems.productId, variacao: orderItems.variacao, comprados: orderItems.quantity, unitCents: orderItems.unitPriceCents })
    .from(returnRequestItems)
    .innerJoin(orderItems, eq(orderItems.id, returnRequestItems.orderItemId))
    .where(eq(returnRequestItems.returnRequestId, id))
    .orderBy(returnRequestItems.orderItemId)
  const payment = await latestPayment(db, request.orderId)
  const refunded = await db.select({ amountCents: refunds.amountCents, status: refunds.status, reason: refunds.reason, createdAt: refunds.createdAt }).from(refunds).where(eq(refunds.orderId, request.orderId)).orderBy(refunds.id)
  const partial = await returnRefundCents(db, id)
  const taken = refunded.filter((r) => r.status !== 'failed').reduce((s, r) => s + r.amountCents, 0)
  const left = payment ? Math.max(0, paidCents(payment) - taken) : 0
  const paid = payment !== undefined && paidCents(payment) > 0
  const refundCents = request.status === 'reembolsada' || request.status === 'recusada' ? null : (partial ?? left)
  return { request, order: order!, items, refunds: refunded, whole: partial === null, refundCents, leftCents: left, paid, noRefund: whyNoRefund(order!, refundCents, paid, left) }
}

/**
 * Why the store cannot refund this return (refundReturn refuses it too), for the page to say instead
 * of offering the button; null when it can, or when there is nothing left to decide (refunded, refused).
 */
function whyNoRefund(order: { code: string; paymentMethod: keyof typeof PAYMENT_METHOD_NAMES }, refundCents: number | null, paid: boolean, leftCents: number): string | null {
  if (refundCents === null) return null
  if (!paid) return `Este pedido não tem pagamento registrado para reembolsar: a loja não recebeu nenhum pagamento (${PAYMENT_METHOD_NAMES[order.paymentMethod]}) no pedido ${order.code}. Se o cliente pagou por outro meio, combine a devolução do valor com ele diretamente.`
  if (leftCents === 0) return 'Nada resta a reembolsar: o pagamento deste pedido já foi devolvido por inteiro.'
  if (refundCents > leftCents) return `Restam ${formatBRL(leftCents / 100)} do pagamento deste pedido (já houve reembolso), menos que os ${formatBRL(refundCents / 100)} desta devolução: confira os reembolsos do pedido antes de continuar.`
  return null
}
