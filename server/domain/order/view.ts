import { and, desc, eq } from 'drizzle-orm'
import { ORDER_STATUS_NAMES, type Pedido } from '../../../contract/checkout'
import { ORDERS } from '../../../contract/messages/orders'
import { toReais } from '../../../contract/pricing'
import type { Db } from '../../db/client'
import { orderItems, orders, payments } from '../../db/schema'
import { cardLabel } from '../../integrations/payments/card'
import { barcodeSvg } from '../../integrations/payments/itf'
import { pixQrSvg } from '../../integrations/payments/pix'
import type { Payment, PaymentProvider } from '../../integrations/payments/provider'
import { refuse } from '../refusal'
import { sandboxOf } from '../payment/gateway'
import { readDiscounts, summedDiscounts } from './discounts'

/** The order page's data (GET pedidos/{codigo}): one of the customer's orders, its payment instructions drawn as SVG. */
export async function orderView(db: Db, provider: PaymentProvider, customerId: number, code: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.code, code), eq(orders.customerId, customerId)))
    .limit(1)
  if (!order) return refuse(ORDERS.notFound())
  const [items, [payRow], discounts] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.id)).limit(1),
    readDiscounts(db, order.id),
  ])
  const payment = payRow?.details as unknown as Payment | undefined
  const pagamento: Pedido['pagamento'] = { metodo: order.paymentMethod, status: payRow?.status ?? 'pending' }
  if (payment?.method === 'pix')
    pagamento.pix = { copiaECola: payment.pix.copiaECola, qrSvg: await pixQrSvg(payment.pix.copiaECola), expiraEm: payment.pix.expiresAt }
  if (payment?.method === 'boleto') {
    const b = payment.boleto
    pagamento.boleto = {
      linhaDigitavel: b.linhaDigitavel,
      codigoBarras: b.barcode,
      vencimento: b.dueDate,
      barrasSvg: barcodeSvg(b.barcode),
      ...(payment.links?.boleto ? { url: payment.links.boleto } : {}),
    }
  }
  if (payment?.method === 'cartao') {
    pagamento.cartao = { descricao: cardLabel(payment.card), parcelas: payment.card.parcelas, valores: payment.card.valoresCents.map(toReais) }
  }
  const pedido: Pedido = {
    codigo: order.code,
    status: order.status,
    situacao: ORDER_STATUS_NAMES[order.status],
    criadoEm: order.createdAt.toISOString(),
    itens: items.map((i) => ({
      titulo: i.titulo,
      variacao: i.variacao ?? '',
      imagem: i.imagem ?? '',
      quantidade: i.quantity,
      valor: toReais(i.unitPriceCents),
      valor_total: toReais(i.totalCents),
      desconto: toReais(discounts.filter((d) => d.orderItemId === i.id && d.source !== 'pix').reduce((sum, d) => sum + d.amountCents, 0)),
    })),
    subtotal: toReais(order.subtotalCents),
    desconto: toReais(order.discountCents),
    descontos: summedDiscounts(discounts).map((d) => ({ tipo: d.source, nome: d.label, valor: toReais(d.amountCents) })),
    cupom: order.couponCode,
    frete: toReais(order.shippingCents),
    total: toReais(order.totalCents),
    envio: { nome: order.shippingMethod, prazo: order.shippingDays, rastreio: order.trackingCode },
    estacao: order.station,
    endereco: order.shippingAddress,
    pagamento,
    simulavel: sandboxOf(provider) !== null && order.status === 'aguardando_pagamento' && order.paymentMethod !== 'cartao',
  }
  return { estado: 'sucesso' as const, pedido }
}

/** Minha Conta's 'Meus pedidos': the customer's latest orders, newest first. */
export async function listOrders(db: Db, customerId: number, limit = 20) {
  const found = await db
    .select({ codigo: orders.code, status: orders.status, total: orders.totalCents, criadoEm: orders.createdAt, metodo: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
  return found.map((o) => ({
    codigo: o.codigo,
    situacao: ORDER_STATUS_NAMES[o.status],
    total: toReais(o.total),
    criadoEm: o.criadoEm.toISOString(),
    metodo: o.metodo,
  }))
}
