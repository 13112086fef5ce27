import { and, eq } from 'drizzle-orm'
import { AFTER_SALE_MESSAGES as M, RETURN_REASONS, type DesistirRequest } from '../../../contract/after-sale'
import { RETURNS } from '../../../contract/messages/returns'
import type { Db } from '../../db/client'
import { orderItems, orders, returnRequestItems, returnRequests } from '../../db/schema'
import { enqueueMail } from '../../jobs/mail'
import type { StoreProfile } from '../../store-profile'
import { compose } from '../../integrations/mail/templates'
import type { Actor } from '../actor'
import { refuse, type Refusal } from '../refusal'
import { plainText } from '../plain-text'
import { deliveredAt } from './after-sale'
import { recordOrderEvent } from '../order/events'
import type { OrderMailDeps } from '../order/mail'
import { withdrawalWindow } from './withdrawal'

/**
 * 'Desistir da compra' (CDC art. 49): from delivery until the 7th day after it (São Paulo), the
 * customer asks to return some or all items, with a reason. One live request per order (a refused
 * one does not count: within the 7 days the customer may ask again, docs/decisions/0111-return-refusal.md);
 * the request, its items and the order event are one transaction; the instructions e-mail is enqueued in it.
 */
export async function requestReturn(
  deps: { db: Db; mail?: OrderMailDeps; now?: Date },
  customer: { customerId: number; ip: string | null },
  code: string,
  input: DesistirRequest,
): Promise<{ estado: 'sucesso'; msg: string } | Refusal> {
  const { db } = deps
  const now = deps.now ?? new Date()
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.code, code), eq(orders.customerId, customer.customerId)))
    .limit(1)
  if (!order) return refuse(RETURNS.orderNotFound)
  const delivered = await deliveredAt(db, order)
  if (!delivered) return refuse(RETURNS.notDelivered)
  const window = withdrawalWindow(delivered)
  if (now >= window.until) return refuse(RETURNS.windowClosed)

  const items = await db
    .select({ id: orderItems.id, quantity: orderItems.quantity, titulo: orderItems.titulo })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
  const byId = new Map(items.map((i) => [i.id, i]))
  const seen = new Set<number>()
  for (const asked of input.itens) {
    const item = byId.get(asked.item)
    if (!item || seen.has(asked.item)) return refuse(RETURNS.badItems)
    if (asked.quantidade > item.quantity) return refuse(RETURNS.badQuantity)
    seen.add(asked.item)
  }
  const details = plainText(input.detalhes)
  const actor: Actor = { kind: 'customer', customerId: customer.customerId, ip: customer.ip }

  const instructionsMail = (store: StoreProfile) =>
    compose(store, order.buyerEmail, `Devolução do pedido ${order.code}: instruções`, [
      `Olá, ${order.buyerNome.split(' ')[0]}! Recebemos o seu pedido de devolução do pedido ${order.code} (direito de arrependimento, CDC art. 49).`,
      ...input.itens.map((i) => `${i.quantidade}× ${byId.get(i.item)!.titulo}`),
      `Embale os produtos com todos os acessórios e manuais e escreva no pacote: "Devolução ${order.code}". Leve o pacote a uma agência dos Correios em até 7 dias e informe a postagem reversa em nome de ${store.nome}; o envio não tem custo para você.`,
      'Assim que os produtos chegarem, devolvemos o valor pago, incluindo o frete, pelo mesmo meio de pagamento.',
      `Dúvidas? Responda a este e-mail ou fale com o atendimento: ${store.email}.`,
    ])

  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(returnRequests)
      .values({ orderId: order.id, customerId: customer.customerId, reason: input.motivo, details, createdAt: now, updatedAt: now })
      // The partial unique index (order_id, where not 'recusada') is the only one that can conflict.
      .onConflictDoNothing()
      .returning({ id: returnRequests.id })
    if (!row) return null
    await tx.insert(returnRequestItems).values(input.itens.map((i) => ({ returnRequestId: row.id, orderItemId: i.item, quantity: i.quantidade })))
    const count = input.itens.reduce((n, i) => n + i.quantidade, 0)
    if (deps.mail)
      await enqueueMail(tx, {
        mail: instructionsMail(deps.mail.store),
        event: { orderId: order.id, job: 'devolucao', summary: 'E-mail com as instruções de devolução enviado' },
      })
    await recordOrderEvent(tx, order.id, {
      kind: 'return',
      actor,
      summary: `Devolução solicitada (${count} ${count === 1 ? 'unidade' : 'unidades'}) — ${RETURN_REASONS[input.motivo]}`,
      data: { returnRequestId: row.id, step: 'solicitada', reason: input.motivo, items: input.itens },
    })
    return row
  })
  if (!created) return refuse(RETURNS.alreadyRequested)

  return { estado: 'sucesso', msg: M.devolucaoSolicitada }
}
