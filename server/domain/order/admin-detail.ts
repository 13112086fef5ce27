// One order as the back office sees it: the purchase snapshots, the buyer, delivery, every payment
// row with its provider details (never a card number: providers report only safe fields, decision
// 0017), and the whole timeline with notes. Internal notes are written here too.
import { invoiceView } from '../fiscal/view'
import { asc, eq } from 'drizzle-orm'
import { CARRIERS, isCarrier, trackingUrl } from '../../../contract/carriers'
import type { Db } from '../../db/client'
import { orderItems, orders, payments } from '../../db/schema'
import { cardLabel } from '../../integrations/payments/card'
import type { Payment } from '../../integrations/payments/provider'
import type { Actor } from '../actor'
import { ORDERS } from '../../../contract/messages/orders'
import { transaction } from '../../db/tx'
import { recordAudit } from '../audit/record'
import { refuse, type Refusal } from '../refusal'
import { orderTimeline, recordOrderEvent } from './events'
import { readDiscounts, summedDiscounts } from './discounts'

/** What the page shows of a provider payment, picked field by field. */
function paymentDetails(details: Record<string, unknown>) {
  const p = details as unknown as Payment
  if (p.method === 'pix' && p.pix) return { pix: { copiaECola: p.pix.copiaECola, expiraEm: p.pix.expiresAt } }
  if (p.method === 'boleto' && p.boleto)
    return { boleto: { linhaDigitavel: p.boleto.linhaDigitavel, nossoNumero: p.boleto.nossoNumero, vencimento: p.boleto.dueDate } }
  if (p.method === 'cartao' && p.card) return { cartao: { descricao: cardLabel(p.card), parcelas: p.card.parcelas } }
  return {}
}

export async function adminOrderDetail(db: Db, code: string) {
  const [order] = await db.select().from(orders).where(eq(orders.code, code)).limit(1)
  if (!order) return null
  const [items, paid, events, discounts, invoice, returnInvoice] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.id)),
    orderTimeline(db, order.id, { withNotes: true }),
    readDiscounts(db, order.id),
    invoiceView(db, order.id),
    invoiceView(db, order.id, 'devolucao'),
  ])
  const { placementKey: _key, ...rest } = order
  return {
    order: {
      ...rest,
      carrierName: isCarrier(order.carrier) ? CARRIERS[order.carrier].nome : null,
      trackingUrl: trackingUrl(order.carrier, order.trackingCode),
    },
    items: items.map(({ orderId: _o, ...i }) => i),
    /** Its NF-e (docs/decisions/0129-nfe.md), null when it has none. */
    invoice,
    /** Its entry invoice (NF-e de devolução), null when it has none. */
    returnInvoice,
    /** Each discount by kind and name (promotion, coupon, its free shipping, Pix), in the order they apply. */
    discounts: summedDiscounts(discounts),
    payments: paid.map((p) => ({
      id: p.id,
      provider: p.provider,
      providerPaymentId: p.providerPaymentId,
      method: p.method,
      status: p.status,
      amountCents: p.amountCents,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
      ...paymentDetails(p.details),
    })),
    events: events.map((e) => ({ id: e.id, kind: e.kind, actor: e.actorLabel, summary: e.summary, data: e.data, at: e.createdAt })),
  }
}

export type AdminOrderDetail = NonNullable<Awaited<ReturnType<typeof adminOrderDetail>>>

/** An internal note on an order's timeline (never shown to the buyer), audited. */
export async function addOrderNote(db: Db, input: { code: string; actor: Actor; text: string }): Promise<{ id: number } | Refusal> {
  return transaction(db, async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.code, input.code)).limit(1)
    if (!order) return refuse(ORDERS.notFound(input.code))
    await recordOrderEvent(tx, order.id, { kind: 'note', actor: input.actor, summary: input.text })
    await recordAudit(tx, { actor: input.actor, action: 'pedido.nota', entity: 'order', entityId: input.code, before: {}, after: { nota: input.text } })
    return { id: order.id }
  })
}
