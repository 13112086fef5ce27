import { and, eq } from 'drizzle-orm'
import { AFTER_SALE_MESSAGES as M, type AvaliarRequest } from '../../../contract/after-sale'
import { REVIEWS } from '../../../contract/messages/reviews'
import type { Db } from '../../db/client'
import { customers, orderItems, orders, products, reviews } from '../../db/schema'
import { cleanText } from '../../db/sql'
import { refuse, type Refusal } from '../refusal'

/**
 * Review text is kept as plain text: control characters out, line breaks kept, nothing else
 * touched. It is always shown escaped and never linkified (docs/decisions/0080-reviews-plain-text.md).
 */
export function plainText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => cleanText(line).replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

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
