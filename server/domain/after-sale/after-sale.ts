import { and, asc, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm'
import { RETURN_REFUSAL_REASONS, type PosVenda, type ReturnRefusalReason } from '../../../contract/after-sale'
import { CARRIERS, isCarrier, trackingUrl } from '../../../contract/carriers'
import { maskCpf } from '../../../contract/validators'
import type { Db } from '../../db/client'
import { orderEvents, orderItems, orders, products, returnRequests, reviews, shippingLabels } from '../../db/schema'
import type { StoreProfile } from '../../store-profile'
import { isCancellable } from '../order/actions'
import { withdrawalWindow, withinWithdrawal } from './withdrawal'

type Order = typeof orders.$inferSelect

/**
 * The shipped order's tracking: the code, its carrier's name and the carrier's public tracking page
 * (contract/carriers.ts, as in the e-mail and the back office). An order shipped before the carrier
 * was recorded links to the Correios when its code has the Correios shape (AA123456789BR).
 */
export function tracking(order: Pick<Order, 'trackingCode' | 'carrier'>): PosVenda['rastreio'] {
  const code = order.trackingCode
  if (!code) return null
  const carrier = order.carrier ?? (/^[A-Z]{2}\d{9}[A-Z]{2}$/.test(code) ? 'correios' : null)
  return { codigo: code, url: trackingUrl(carrier, code), transportadora: isCarrier(carrier) ? CARRIERS[carrier].nome : null }
}

/** The tracking, with the carrier's events the labels' tracking recorded on the timeline and every volume's code (decision 0128). */
async function trackingWithEvents(db: Db, order: Order): Promise<PosVenda['rastreio']> {
  const first = tracking(order)
  if (!first) return null
  const labels = await db
    .select({ codigo: shippingLabels.trackingCode })
    .from(shippingLabels)
    .where(and(eq(shippingLabels.orderId, order.id), ne(shippingLabels.status, 'cancelada'), isNotNull(shippingLabels.trackingCode)))
    .orderBy(asc(shippingLabels.volume))
  const base = labels.length > 1 ? { ...first, volumes: labels.map((l) => ({ codigo: l.codigo!, url: trackingUrl(order.carrier, l.codigo!) })) } : first
  const events = await db
    .select({ summary: orderEvents.summary, data: orderEvents.data, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'shipping')))
    .orderBy(asc(orderEvents.id))
  const eventos = events
    .filter((e) => e.data.rastreio === true)
    .map((e) => ({ data: typeof e.data.em === 'string' ? e.data.em : e.at.toISOString(), texto: e.summary }))
  return eventos.length ? { ...base, eventos } : base
}

const RETURN_STATUS_FOR_SHOPPER: Record<string, string> = {
  solicitada: 'Devolução solicitada: aguardando o envio dos produtos',
  aprovada: 'Devolução aprovada: envie os produtos conforme as instruções do e-mail',
  recebida: 'Produtos recebidos: o reembolso será feito em seguida',
  reembolsada: 'Devolução concluída e valor reembolsado',
}

/** When each status was reached, from the order's timeline (status events carry `to`). */
async function statusDates(db: Db, orderId: number): Promise<Map<string, Date>> {
  const events = await db
    .select({ kind: orderEvents.kind, data: orderEvents.data, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), inArray(orderEvents.kind, ['placed', 'paid', 'status', 'cancelled'])))
    .orderBy(asc(orderEvents.id))
  const dates = new Map<string, Date>()
  for (const e of events) {
    const key = e.kind === 'status' ? String(e.data.to ?? '') : e.kind
    if (key && !dates.has(key)) dates.set(key, e.at)
  }
  return dates
}

/**
 * When the order was received: its 'entregue' event; an order delivered before the timeline
 * recorded status moves falls back to its last update (the move to 'entregue').
 */
export async function deliveredAt(db: Db, order: Pick<Order, 'id' | 'status' | 'updatedAt'>): Promise<Date | null> {
  if (order.status !== 'entregue') return null
  return (await statusDates(db, order.id)).get('entregue') ?? order.updatedAt
}

const RANK: Record<Order['status'], number> = { aguardando_pagamento: 0, pago: 1, em_separacao: 2, enviado: 3, entregue: 4, cancelado: -1, expirado: -1 }

/** The order page's after-sale part for its customer: timeline (never notes), invoice data, and what they may do now. */
export async function afterSaleView(db: Db, store: StoreProfile, order: Order, now = new Date()): Promise<PosVenda> {
  const dates = await statusDates(db, order.id)
  const rank = RANK[order.status]
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null)
  const step = (chave: PosVenda['etapas'][number]['chave'], titulo: string, at: number, date: Date | null | undefined) => ({
    chave,
    titulo,
    feito: chave === 'placed' || rank >= at,
    data: chave === 'placed' || rank >= at ? iso(date) : null,
  })
  const delivered = order.status === 'entregue' ? (dates.get('entregue') ?? order.updatedAt) : null
  const etapas = [
    step('placed', 'Pedido realizado', 0, order.createdAt),
    step('paid', 'Pagamento aprovado', 1, order.paidAt ?? dates.get('paid')),
    step('separated', 'Em separação', 2, dates.get('em_separacao')),
    step('shipped', 'Enviado', 3, dates.get('enviado')),
    step('delivered', 'Entregue', 4, delivered),
  ]

  const items = await db
    .select({
      id: orderItems.id,
      titulo: orderItems.titulo,
      variacao: orderItems.variacao,
      quantidade: orderItems.quantity,
      productId: orderItems.productId,
      hash: products.hash,
      reviewId: reviews.id,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(reviews, and(eq(reviews.productId, orderItems.productId), eq(reviews.customerId, order.customerId)))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id))

  let desistir: PosVenda['acoes']['desistir'] = null
  if (delivered) {
    // The latest request: a refused one is shown with its reason, and within the 7 days the form again.
    const [asked] = await db.select().from(returnRequests).where(eq(returnRequests.orderId, order.id)).orderBy(desc(returnRequests.id)).limit(1)
    const { lastDay } = withdrawalWindow(delivered)
    const recusa =
      asked?.status === 'recusada'
        ? {
            motivo: RETURN_REFUSAL_REASONS[asked.refusalReason as ReturnRefusalReason] ?? 'Outro',
            detalhes: asked.refusalDetails ?? '',
            data: asked.updatedAt.toISOString(),
          }
        : null
    if (asked && !recusa) desistir = { estado: 'solicitada', situacao: RETURN_STATUS_FOR_SHOPPER[asked.status] ?? asked.status }
    else if (withinWithdrawal(delivered, now)) {
      desistir = {
        estado: 'disponivel',
        ateDia: lastDay,
        itens: items.map((i) => ({ id: i.id, titulo: i.titulo, variacao: i.variacao ?? '', quantidade: i.quantidade })),
        recusa,
      }
    } else desistir = { estado: 'encerrado', ateDia: lastDay, recusa }
  }
  const seen = new Set<string>()
  const avaliar = delivered
    ? items.flatMap((i) => {
        if (!i.hash || seen.has(i.hash)) return []
        seen.add(i.hash)
        return [{ produto: i.hash, titulo: i.titulo, avaliado: i.reviewId !== null }]
      })
    : []

  return {
    etapas,
    rastreio: await trackingWithEvents(db, order),
    cancelamento: order.status === 'cancelado' || order.status === 'expirado' ? { data: iso(dates.get('cancelled') ?? order.updatedAt) } : null,
    nota: { emitente: store.razaoSocial, cnpj: store.cnpj, comprador: order.buyerNome, cpf: maskCpf(order.buyerCpf), email: order.buyerEmail },
    acoes: { cancelar: isCancellable(order.status), desistir, avaliar },
  }
}

/** The after-sale part of one of the customer's orders (null: not theirs, or no such order). */
export async function customerAfterSale(db: Db, store: StoreProfile, customerId: number, code: string, now = new Date()): Promise<PosVenda | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.code, code), eq(orders.customerId, customerId)))
    .limit(1)
  return order ? afterSaleView(db, store, order, now) : null
}
