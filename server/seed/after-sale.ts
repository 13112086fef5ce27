// The demo's after-sale: reviews of delivered products in every moderation status, 'Fale
// conosco' messages (new, answered, closed) and withdrawal requests at each step, so the back
// office's Avaliações, Mensagens and Devoluções — and the Painel's counts — show real shapes on
// first run. Deterministic for a seed; written after the demo orders, from their delivered ones.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { contactMessages, orderEvents, returnRequestItems, returnRequests, reviews } from '../db/schema'
import { rows } from '../db/sql'
import { DEMO_EMAIL } from './customer'
import { Rng } from './random'

const REVIEWS = [
  {
    rating: 5,
    title: 'Excelente, recomendo',
    body: 'Chegou antes do prazo, bem embalado. Funciona perfeitamente.',
    status: 'aprovada',
    reply: 'Obrigado pela compra, volte sempre!',
  },
  { rating: 4, title: 'Bom custo-benefício', body: 'Atendeu ao que eu precisava. Só achei o manual pouco claro.', status: 'aprovada', reply: null },
  { rating: 5, title: 'Perfeito', body: 'Produto original, nota fiscal certinha. Compraria de novo.', status: 'aprovada', reply: null },
  { rating: 3, title: 'Razoável', body: 'Cumpre o prometido, mas esquenta um pouco com uso prolongado.', status: 'pendente', reply: null },
  { rating: 5, title: 'Superou as expectativas', body: 'Qualidade muito boa pelo preço. Entrega rápida para o interior.', status: 'pendente', reply: null },
  {
    rating: 2,
    title: 'Embalagem amassada',
    body: 'O produto funciona, mas a caixa chegou amassada. Visitem www.exemplo.com para ver as fotos.',
    status: 'pendente',
    reply: null,
  },
  { rating: 1, title: 'Não gostei', body: 'Compre na loja concorrente!!! <a href="https://spam.example">clique</a>', status: 'oculta', reply: null },
] as const

const MESSAGES = [
  { subject: 'Prazo de entrega', message: 'Olá! Comprei ontem e queria saber se chega antes do fim de semana. Obrigada!', status: 'nova', order: true },
  { subject: 'Nota fiscal', message: 'Preciso da nota fiscal com o CNPJ da minha empresa. É possível reemitir?', status: 'nova', order: true },
  { subject: 'Produto tem garantia?', message: 'Bom dia, o notebook tem garantia de fábrica de quanto tempo?', status: 'nova', order: false },
  {
    subject: 'Troca de cor',
    message: 'Consigo trocar a cor do produto antes do envio?',
    status: 'respondida',
    order: true,
    reply: 'Olá! Trocamos sim: já ajustamos o seu pedido para a cor azul.',
  },
  { subject: 'Parceria', message: 'Gostaria de apresentar nossa empresa de embalagens.', status: 'encerrada', order: false },
] as const

/** A few reviews, messages and return requests over the demo's delivered orders; nothing when there are none. */
export async function seedDemoAfterSale(db: Db, options: { seed: number; now: Date }): Promise<void> {
  const r = Rng.derive(options.seed, 'demo-after-sale')
  const now = options.now.getTime()
  const delivered = await rows<{
    id: number
    code: string
    customerId: number
    nome: string
    email: string
    productId: number
    itemId: number
    quantity: number
    deliveredAt: Date
  }>(
    db,
    sql`SELECT o.id, o.code, o.customer_id AS "customerId", o.buyer_nome AS nome, o.buyer_email AS email,
          i.product_id AS "productId", i.id AS "itemId", i.quantity, o.created_at + interval '6 days' AS "deliveredAt"
        FROM orders o JOIN LATERAL (SELECT * FROM order_items WHERE order_id = o.id ORDER BY id LIMIT 1) i ON TRUE
        JOIN customers c ON c.id = o.customer_id
        -- The demo customer's own order stays untouched: its page offers review and withdrawal (README).
        WHERE o.status = 'entregue' AND c.email <> ${DEMO_EMAIL} AND i.product_id IS NOT NULL ORDER BY o.id`,
  )
  if (delivered.length === 0) return
  const authorOf = (nome: string) => {
    const [first, ...rest] = nome.split(' ')
    return rest.length ? `${first} ${rest[rest.length - 1]![0]}.` : first!
  }

  // Reviews: one per customer and product, written a day or two after delivery.
  const seen = new Set<string>()
  const reviewed = r.sample(delivered, Math.min(delivered.length, 30)).filter((o) => {
    const key = `${o.customerId}:${o.productId}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  const reviewRows = REVIEWS.slice(0, reviewed.length).map((t, i) => {
    const o = reviewed[i]!
    const at = new Date(Math.min(now - i * 3_600_000, new Date(o.deliveredAt).getTime() + (1 + (i % 2)) * 86_400_000))
    return {
      productId: o.productId,
      customerId: o.customerId,
      orderId: o.id,
      rating: t.rating,
      title: t.title,
      body: t.body,
      authorName: authorOf(o.nome),
      status: t.status,
      reply: t.reply,
      repliedAt: t.reply ? at : null,
      createdAt: at,
      updatedAt: at,
    }
  })
  if (reviewRows.length) await db.insert(reviews).values(reviewRows)

  // Messages: a few from buyers about their orders, one from a visitor.
  await db.insert(contactMessages).values(
    MESSAGES.map((m, i) => {
      const o = delivered[(i * 7) % delivered.length]!
      const at = new Date(now - (i + 1) * 5 * 3_600_000)
      return {
        customerId: m.order ? o.customerId : null,
        name: m.order ? o.nome : 'Renata Prado',
        email: m.order ? o.email : 'renata.prado@example.com',
        orderCode: m.order ? o.code : null,
        subject: m.subject,
        message: m.message,
        status: m.status,
        reply: 'reply' in m ? m.reply : null,
        repliedAt: 'reply' in m ? new Date(at.getTime() + 3_600_000) : null,
        createdAt: at,
        updatedAt: at,
      }
    }),
  )

  // Return requests, one per step before the money moves, on the most recently delivered orders.
  const recent = delivered.slice(-12).filter((o) => !reviewed.slice(0, reviewRows.length).some((v) => v.id === o.id))
  const steps = ['solicitada', 'solicitada', 'aprovada', 'recebida'] as const
  for (const [i, status] of steps.entries()) {
    const o = recent[recent.length - 1 - i]
    if (!o) break
    const at = new Date(Math.min(now - (i + 1) * 2 * 3_600_000, new Date(o.deliveredAt).getTime() + 2 * 86_400_000))
    const [req] = await db
      .insert(returnRequests)
      .values({
        orderId: o.id,
        customerId: o.customerId,
        reason: r.pick(['arrependimento', 'nao_atendeu', 'avariado'] as const),
        details: i === 0 ? 'A cor é diferente da foto.' : '',
        status,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: returnRequests.id })
    await db
      .insert(returnRequestItems)
      .values({ returnRequestId: req!.id, orderItemId: o.itemId, quantity: o.quantity, resellable: status === 'recebida' ? true : null })
    await db.insert(orderEvents).values({
      orderId: o.id,
      kind: 'return',
      actorKind: 'customer',
      actorId: o.customerId,
      actorLabel: 'Cliente',
      summary: `Devolução solicitada (${o.quantity} ${o.quantity === 1 ? 'unidade' : 'unidades'})`,
      data: { returnRequestId: req!.id, step: 'solicitada' },
      createdAt: at,
    })
  }
}
