// The demo orders: about 200 orders of a dozen demo customers over the last
// 60 days, in every status, with their items, sandbox payments and timelines, so the back office's
// Painel and lists show real shapes on first run. Deterministic for a seed and a day.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { addresses, customers, orderEvents, orderItems, orders, payments, sandboxPayments, type OrderAddress } from '../db/schema'
import { rows } from '../db/sql'
import { orderCode, paymentDeadline } from '../domain/order/place'
import type { OrderStatus } from '../domain/order/status'
import { boletoDueDate, encodeBoleto } from '../integrations/payments/boleto'
import { brazilDate } from '../integrations/payments/dates'
import { pixPayload } from '../integrations/payments/pix'
import type { Payment } from '../integrations/payments/provider'
import { storeProfile } from '../store-profile'
import { cpfWithCheckDigits, maskCpf } from './customer'
import { Rng } from './random'

export const DEMO_ORDER_COUNT = 200

const PEOPLE = [
  ['Ana', 'Souza', 'São Paulo', 'SP', '01311000', 'Avenida Paulista', 'Bela Vista'],
  ['Bruno', 'Lima', 'Rio de Janeiro', 'RJ', '22041001', 'Avenida Atlântica', 'Copacabana'],
  ['Carla', 'Mendes', 'Belo Horizonte', 'MG', '30130010', 'Avenida Afonso Pena', 'Centro'],
  ['Diego', 'Ferreira', 'Curitiba', 'PR', '80010000', 'Rua XV de Novembro', 'Centro'],
  ['Elaine', 'Rocha', 'Porto Alegre', 'RS', '90010150', 'Rua dos Andradas', 'Centro Histórico'],
  ['Fábio', 'Almeida', 'Salvador', 'BA', '40020000', 'Rua Chile', 'Centro'],
  ['Gabriela', 'Costa', 'Recife', 'PE', '50030230', 'Avenida Guararapes', 'Santo Antônio'],
  ['Henrique', 'Barbosa', 'Fortaleza', 'CE', '60060170', 'Avenida Beira Mar', 'Meireles'],
  ['Isabela', 'Martins', 'Goiânia', 'GO', '74003010', 'Avenida Goiás', 'Setor Central'],
  ['João', 'Carvalho', 'Campinas', 'SP', '13010001', 'Rua Barão de Jaguara', 'Centro'],
  ['Larissa', 'Gomes', 'Florianópolis', 'SC', '88010001', 'Rua Felipe Schmidt', 'Centro'],
  ['Marcos', 'Ribeiro', 'Brasília', 'DF', '70040010', 'Setor Comercial Sul', 'Asa Sul'],
] as const

const SYSTEM = { actorKind: 'system' as const, actorId: null }
const PAID_FLOW: OrderStatus[] = ['pago', 'em_separacao', 'enviado', 'entregue']

/** The status of an order placed `days` ago: recent ones still moving, older ones delivered or cancelled. */
function statusFor(r: Rng, days: number, method: 'pix' | 'boleto' | 'cartao', minutes: number): OrderStatus {
  const roll = r.next()
  if (method === 'pix' && minutes < 25) return 'aguardando_pagamento'
  if (method === 'boleto' && days < 3 && roll < 0.45) return 'aguardando_pagamento'
  if (roll > 0.88) return 'cancelado'
  if (days < 2) return roll < 0.55 ? 'pago' : 'em_separacao'
  if (days < 8) return roll < 0.2 ? 'pago' : roll < 0.4 ? 'em_separacao' : 'enviado'
  if (days < 14) return roll < 0.35 ? 'enviado' : 'entregue'
  return 'entregue'
}

export async function seedDemoOrders(db: Db, options: { seed: number; now: Date; count?: number }): Promise<number> {
  const r = Rng.derive(options.seed, 'demo-orders')
  const now = options.now.getTime()
  const pool = await rows<{ id: number; titulo: string; price: number }>(
    db,
    sql`SELECT p.id, p.titulo, p.price_cents AS price FROM products p
        WHERE p.active AND NOT EXISTS (SELECT 1 FROM variation_options v WHERE v.product_id = p.id) ORDER BY p.id LIMIT 400`,
  )
  if (pool.length === 0) return 0
  // Demo customers cannot log in: their hash is of nothing anyone knows.
  const people = await db
    .insert(customers)
    .values(
      PEOPLE.map(([nome, sobrenome], i) => ({
        nome,
        sobrenome,
        email: `${nome.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}.${sobrenome.toLowerCase()}@example.com`,
        documento: cpfWithCheckDigits(String(123456000 + i * 7919).slice(0, 9)),
        telefone: `119${String(80000000 + i * 123457).slice(0, 8)}`,
        passwordHash: `scrypt$demo$${r.token(32)}`,
        createdAt: new Date(now - (90 + i) * 86_400_000),
      })),
    )
    .returning({
      id: customers.id,
      nome: customers.nome,
      sobrenome: customers.sobrenome,
      email: customers.email,
      documento: customers.documento,
      telefone: customers.telefone,
    })
  const place = (i: number): OrderAddress => {
    const [nome, sobrenome, cidade, estado, cep, rua, bairro] = PEOPLE[i]
    return { destinatario: `${nome} ${sobrenome}`, cep, rua, numero: String(100 + i * 37), complemento: i % 3 ? '' : `Apto ${10 + i}`, bairro, cidade, estado }
  }
  await db
    .insert(addresses)
    .values(people.map((p, i) => ({ customerId: p.id, nome: p.nome, sobrenome: p.sobrenome, telefone: p.telefone ?? '', isDefault: true, ...place(i) })))

  const count = options.count ?? DEMO_ORDER_COUNT
  const seqs = await rows<{ n: number }>(db, sql`SELECT nextval('order_code_seq')::int AS n FROM generate_series(1, ${count})`)
  const planned = Array.from({ length: count }, (_, i) => {
    // Spread over 60 days, more of them recent; the last few minutes hold the unpaid Pix.
    const minutesAgo = i < 3 ? 2 + i * 6 : Math.floor(Math.pow(r.next(), 1.4) * 60 * 24 * 60)
    return { createdAt: new Date(now - minutesAgo * 60_000), minutesAgo }
  }).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())

  const orderRows: (typeof orders.$inferInsert)[] = []
  const extras: { items: (typeof orderItems.$inferInsert)[]; payment: Payment; status: OrderStatus }[] = []
  planned.forEach(({ createdAt, minutesAgo }, i) => {
    const who = r.int(0, people.length - 1)
    const person = people[who]
    const method = i < 3 ? 'pix' : r.weighted(['pix', 'cartao', 'boleto'] as const, (m) => (m === 'pix' ? 5 : m === 'cartao' ? 4 : 1.5))
    const status = statusFor(r, minutesAgo / 1440, method, minutesAgo)
    const lines = r
      .sample(
        pool,
        r.weighted([1, 2, 3], (n) => (n === 1 ? 6 : n === 2 ? 3 : 1)),
      )
      .map((p) => ({ ...p, quantity: r.chance(0.2) ? 2 : 1 }))
    const subtotalCents = lines.reduce((s, l) => s + Number(l.price) * l.quantity, 0)
    const discountCents = method === 'pix' ? Math.round((subtotalCents * storeProfile.pix.descontoPercentual) / 100) : 0
    const shippingCents = subtotalCents >= 29_900 ? 0 : 2_500
    const totalCents = subtotalCents - discountCents + shippingCents
    const code = orderCode(seqs[i].n, brazilDate(createdAt))
    const parcelas = method === 'cartao' ? r.pick([1, 1, 2, 3, 6, 10]) : 1
    const paid = status !== 'aguardando_pagamento' && status !== 'cancelado'
    const base = {
      id: `sbx_demo_${seqs[i].n}`,
      provider: 'sandbox',
      orderCode: code,
      amountCents: totalCents,
      refundedCents: 0,
      createdAt: createdAt.toISOString(),
    }
    const payStatus = paid ? 'paid' : status === 'cancelado' ? 'voided' : 'pending'
    const captured = paid ? totalCents : 0
    let payment: Payment
    if (method === 'pix') {
      payment = {
        ...base,
        method,
        status: payStatus,
        capturedCents: captured,
        pix: {
          copiaECola: pixPayload({ receiver: storeProfile.pix, amountCents: totalCents, orderCode: code }),
          expiresAt: new Date(createdAt.getTime() + storeProfile.pix.validadeMinutos * 60_000).toISOString(),
        },
      }
    } else if (method === 'boleto') {
      const dueDate = boletoDueDate(brazilDate(createdAt), storeProfile.boleto.prazoDiasUteis)
      payment = {
        ...base,
        method,
        status: payStatus,
        capturedCents: captured,
        boleto: { ...encodeBoleto({ account: storeProfile.boleto, amountCents: totalCents, dueDate, orderCode: code }), dueDate },
      }
    } else {
      const each = Math.floor(totalCents / parcelas)
      const valoresCents = Array.from({ length: parcelas }, (_, k) => (k === 0 ? totalCents - each * (parcelas - 1) : each))
      payment = {
        ...base,
        method,
        status: payStatus,
        capturedCents: captured,
        card: { brand: r.pick(['visa', 'mastercard', 'elo'] as const), last4: String(r.int(1000, 9999)), parcelas, valoresCents },
      }
    }
    const paidAt = paid ? new Date(createdAt.getTime() + (method === 'boleto' ? r.int(600, 2880) : r.int(1, 20)) * 60_000) : null
    orderRows.push({
      code,
      customerId: person.id,
      status,
      paymentMethod: method,
      buyerNome: `${person.nome} ${person.sobrenome}`,
      buyerEmail: person.email,
      buyerCpf: maskCpf(person.documento ?? ''),
      buyerCelular: person.telefone ?? '',
      shippingMethod: 'Entrega padrão',
      shippingIndex: 0,
      shippingDays: 5,
      shippingAddress: place(who),
      subtotalCents,
      discountCents,
      shippingCents,
      totalCents,
      installments: parcelas,
      payment: {},
      trackingCode: status === 'enviado' || status === 'entregue' ? `AA${String(100000000 + seqs[i].n * 7)}BR` : null,
      carrier: status === 'enviado' || status === 'entregue' ? 'correios' : null,
      cancelReason: status === 'cancelado' ? (method === 'cartao' ? 'pagamento' : 'expirado') : null,
      createdAt,
      updatedAt: createdAt,
      paidAt: paidAt && paidAt.getTime() < now ? paidAt : paid ? new Date(now) : null,
      expiresAt: status === 'aguardando_pagamento' ? paymentDeadline(payment) : null,
    })
    extras.push({
      status,
      payment,
      items: lines.map((l) => ({
        orderId: 0,
        productId: l.id,
        titulo: l.titulo,
        quantity: l.quantity,
        unitPriceCents: Number(l.price),
        listUnitPriceCents: Number(l.price),
        totalCents: Number(l.price) * l.quantity,
      })),
    })
  })
  const inserted = await db.insert(orders).values(orderRows).returning({ id: orders.id })
  const events: (typeof orderEvents.$inferInsert)[] = []
  inserted.forEach(({ id }, i) => {
    const o = orderRows[i]
    const at = (minutes: number) => new Date(Math.min(now, o.createdAt!.getTime() + minutes * 60_000))
    const customer = { actorKind: 'customer' as const, actorId: o.customerId, actorLabel: 'Cliente' }
    const mail = (minutes: number, subject: string) =>
      events.push({ orderId: id, kind: 'email', ...SYSTEM, actorLabel: 'Sistema (e-mail)', summary: `E-mail enviado: ${subject}`, createdAt: at(minutes) })
    events.push({ orderId: id, kind: 'placed', ...customer, summary: 'Pedido feito', createdAt: o.createdAt })
    mail(0, `Pedido ${o.code} recebido`)
    const status = extras[i].status
    if (status === 'cancelado') {
      events.push({
        orderId: id,
        kind: 'cancelled',
        ...SYSTEM,
        actorLabel: 'Sistema (expiração)',
        summary: 'Pedido cancelado: pagamento não feito no prazo',
        createdAt: at(60 * 24 * 4),
      })
      mail(60 * 24 * 4, `Pedido ${o.code} cancelado`)
      return
    }
    const reached = PAID_FLOW.indexOf(status)
    if (reached < 0) return
    events.push({ orderId: id, kind: 'paid', ...SYSTEM, actorLabel: 'Sistema (pagamento)', summary: 'Pagamento aprovado', createdAt: o.paidAt! })
    mail((o.paidAt!.getTime() - o.createdAt!.getTime()) / 60_000, `Pagamento aprovado — pedido ${o.code}`)
    const steps = [
      [1, 'Pago → Em separação', 60 * 20],
      [2, `Pedido enviado — Correios, rastreio ${o.trackingCode}`, 60 * 40],
      [3, 'Enviado → Entregue', 60 * 24 * 6],
    ] as const
    for (const [step, summary, minutes] of steps) {
      if (reached < step) break
      events.push({
        orderId: id,
        kind: 'status',
        ...SYSTEM,
        actorLabel: 'Sistema (demonstração)',
        summary,
        data: { de: PAID_FLOW[step - 1], para: PAID_FLOW[step] },
        createdAt: at(minutes),
      })
      if (step === 2) mail(minutes, `Pedido ${o.code} enviado`)
    }
  })
  await db.insert(orderItems).values(inserted.flatMap(({ id }, i) => extras[i].items.map((item) => ({ ...item, orderId: id }))))
  await db.insert(payments).values(
    inserted.map(({ id }, i) => {
      const p = extras[i].payment
      return {
        orderId: id,
        provider: 'sandbox',
        providerPaymentId: p.id,
        method: p.method,
        status: p.status,
        amountCents: p.amountCents,
        details: p as unknown as Record<string, unknown>,
        createdAt: orderRows[i].createdAt,
        updatedAt: orderRows[i].createdAt,
      }
    }),
  )
  await db.insert(sandboxPayments).values(extras.map((e) => ({ id: e.payment.id, payment: e.payment as unknown as Record<string, unknown> })))
  await db.insert(orderEvents).values(events)
  return inserted.length
}
