import { and, eq } from 'drizzle-orm'
import { AFTER_SALE_MESSAGES as M, type AvaliarRequest } from '../../../contract/after-sale'
import { REVIEWS } from '../../../contract/messages/reviews'
import type { Db } from '../../db/client'
import { customers, orderItems, orders, products, reviews } from '../../db/schema'
import { plainText } from '../plain-text'
import { refuse, type Refusal } from '../refusal'

/** "Maria S." from Maria and Souza: how a review's author is shown. */
export function authorName(nome: string, sobrenome: string): string {
  const first = nome.trim().split(/\s+/)[0] ?? ''
  const initial = Array.from(sobrenome.trim())[0]
  return initial ? `${first} ${initial.toUpperCase()}.` : first || 'Cliente'
}

/**
 * A buyer's review of a product of one of their delivered orders: once per customer and product,
 * pending until staff approve it. Another customer's order looks like no order at all.
 */
export async function writeReview(db: Db, customerId: number, input: AvaliarRequest): Promise<{ estado: 'sucesso'; msg: string } | Refusal> {
  const [order] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(eq(orders.code, input.pedido), eq(orders.customerId, customerId)))
    .limit(1)
  if (!order) return refuse(REVIEWS.orderNotFound)
  const [bought] = await db
    .select({ productId: products.id })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.orderId, order.id), eq(products.hash, input.produto)))
    .limit(1)
  if (!bought) return refuse(REVIEWS.notBought)
  if (order.status !== 'entregue') return refuse(REVIEWS.notDelivered)
  const [who] = await db.select({ nome: customers.nome, sobrenome: customers.sobrenome }).from(customers).where(eq(customers.id, customerId))
  const title = plainText(input.titulo)
  const body = plainText(input.texto)
  if (!title) return refuse(REVIEWS.titleEmpty)
  if (!body) return refuse(REVIEWS.textEmpty)
  const inserted = await db
    .insert(reviews)
    .values({
      productId: bought.productId,
      customerId,
      orderId: order.id,
      rating: input.nota,
      title,
      body,
      authorName: authorName(who?.nome ?? '', who?.sobrenome ?? ''),
    })
    .onConflictDoNothing({ target: [reviews.customerId, reviews.productId] })
    .returning({ id: reviews.id })
  if (!inserted.length) return refuse(REVIEWS.alreadyReviewed)
  return { estado: 'sucesso', msg: M.avaliacaoEnviada }
}
