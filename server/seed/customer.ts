import type { Db } from '../db/client'
import { addresses, customers, orderEvents, orderItems, orders, payments, sandboxPayments, type OrderAddress } from '../db/schema'
import { hashPassword } from '../domain/auth/password'
import { pixPayload } from '../integrations/payments/pix'
import type { Payment } from '../integrations/payments/provider'
import { storeProfile } from '../store-profile'

export const DEMO_EMAIL = 'cliente.demo@example.com'
export const DEMO_PASSWORD = 'Demo@2026'
const DEMO_PHONE = '(11) 9 8765-4321'

/** Appends the two CPF check digits to a 9-digit base. */
export function cpfWithCheckDigits(base: string): string {
  const digits = base.split('').map(Number)
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, d, i) => acc + d * (length + 1 - i), 0)
    const rest = (sum * 10) % 11
    digits.push(rest === 10 ? 0 : rest)
  }
  return digits.join('')
}

export const maskCpf = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4')

const DEMO_ADDRESS = {
  cep: '01310200',
  estado: 'SP',
  cidade: 'São Paulo',
  bairro: 'Bela Vista',
  rua: 'Avenida Paulista',
  numero: '1000',
  complemento: 'Apto 12',
}

export type OrderLine = { productId: number; titulo: string; unitPriceCents: number; quantity: number }

/** The demo shopper: account, a default address and one delivered Pix order made of `lines`. */
export async function seedDemoCustomer(db: Db, lines: OrderLine[], now: Date): Promise<void> {
  const cpf = cpfWithCheckDigits('390533447')
  const [customer] = await db
    .insert(customers)
    .values({
      nome: 'Cliente',
      sobrenome: 'Demo',
      email: DEMO_EMAIL,
      documento: cpf,
      telefone: DEMO_PHONE,
      passwordHash: await hashPassword(DEMO_PASSWORD),
    })
    .returning({ id: customers.id })

  await db.insert(addresses).values({
    customerId: customer.id,
    nome: 'Cliente',
    sobrenome: 'Demo',
    telefone: DEMO_PHONE,
    destinatario: 'Cliente Demo',
    ...DEMO_ADDRESS,
    isDefault: true,
  })

  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0)
  const discountCents = Math.round((subtotalCents * storeProfile.pix.descontoPercentual) / 100)
  const shippingCents = subtotalCents >= 29_900 ? 0 : 2_500
  const createdAt = new Date(now.getTime() - 8 * 86_400_000)
  const deliveredAt = new Date(now.getTime() - 3 * 86_400_000)
  const shippingAddress: OrderAddress = {
    destinatario: 'Cliente Demo',
    cep: DEMO_ADDRESS.cep,
    rua: DEMO_ADDRESS.rua,
    numero: DEMO_ADDRESS.numero,
    complemento: DEMO_ADDRESS.complemento,
    bairro: DEMO_ADDRESS.bairro,
    cidade: DEMO_ADDRESS.cidade,
    estado: DEMO_ADDRESS.estado,
  }
  const code = `VT-${createdAt.getUTCFullYear()}-000123`
  const totalCents = subtotalCents - discountCents + shippingCents
  const paidAt = new Date(createdAt.getTime() + 5 * 60_000)
  const [order] = await db
    .insert(orders)
    .values({
      code,
      customerId: customer.id,
      status: 'entregue',
      paymentMethod: 'pix',
      buyerNome: 'Cliente Demo',
      buyerEmail: DEMO_EMAIL,
      buyerCpf: maskCpf(cpf),
      buyerCelular: DEMO_PHONE,
      shippingMethod: 'Entrega padrão',
      shippingAddress,
      subtotalCents,
      discountCents,
      shippingCents,
      totalCents,
      installments: 1,
      payment: {},
      createdAt,
      paidAt,
      trackingCode: 'AA123456789BR',
      updatedAt: deliveredAt,
    })
    .returning({ id: orders.id })

  // Its timeline (the customer's order page reads it): delivered 3 days ago, so 'Desistir da compra' is still offered.
  const at = (ms: number) => new Date(createdAt.getTime() + ms)
  const cli = { actorKind: 'cli' as const, actorLabel: 'linha de comando' }
  await db.insert(orderEvents).values([
    { orderId: order.id, kind: 'placed', ...cli, summary: 'Pedido realizado', createdAt },
    { orderId: order.id, kind: 'paid', ...cli, summary: 'Pagamento aprovado (Pix)', createdAt: at(5 * 60_000) },
    { orderId: order.id, kind: 'status', ...cli, summary: 'Pedido em separação', data: { from: 'pago', to: 'em_separacao' }, createdAt: at(86_400_000) },
    {
      orderId: order.id,
      kind: 'status',
      ...cli,
      summary: 'Pedido enviado — rastreio AA123456789BR',
      data: { from: 'em_separacao', to: 'enviado' },
      createdAt: at(2 * 86_400_000),
    },
    { orderId: order.id, kind: 'status', ...cli, summary: 'Pedido entregue', data: { from: 'enviado', to: 'entregue' }, createdAt: deliveredAt },
  ])

  // Its paid Pix charge, in the sandbox like every demo order's, so staff can refund a return of it.
  const payment: Payment = {
    id: 'sbx_demo_000123',
    provider: 'sandbox',
    orderCode: code,
    method: 'pix',
    status: 'paid',
    amountCents: totalCents,
    capturedCents: totalCents,
    refundedCents: 0,
    createdAt: createdAt.toISOString(),
    pix: {
      copiaECola: pixPayload({ receiver: storeProfile.pix, amountCents: totalCents, orderCode: code }),
      expiresAt: new Date(createdAt.getTime() + storeProfile.pix.validadeMinutos * 60_000).toISOString(),
    },
  }
  await db.insert(payments).values({
    orderId: order.id,
    provider: 'sandbox',
    providerPaymentId: payment.id,
    method: 'pix',
    status: 'paid',
    amountCents: totalCents,
    details: payment as unknown as Record<string, unknown>,
    createdAt,
    updatedAt: paidAt,
  })
  await db.insert(sandboxPayments).values({ id: payment.id, payment: payment as unknown as Record<string, unknown> })

  await db.insert(orderItems).values(
    lines.map((l) => ({
      orderId: order.id,
      productId: l.productId,
      titulo: l.titulo,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      listUnitPriceCents: l.unitPriceCents,
      totalCents: l.unitPriceCents * l.quantity,
    })),
  )
}
