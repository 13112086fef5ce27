import { and, desc, eq } from 'drizzle-orm'
import { formatAccessKey } from '../../../contract/fiscal'
import { PAYMENT_METHOD_NAMES } from '../../../contract/checkout'
import { formatCents } from '../../../contract/money'
import type { Db } from '../../db/client'
import { invoices, orderItems, orders, payments } from '../../db/schema'
import { cardLabel } from '../../integrations/payments/card'
import type { Logger } from 'pino'
import type { Env } from '../../env'
import type { Mail } from '../../integrations/mail/mailer'
import { compose } from '../../integrations/mail/templates'
import type { Payment } from '../../integrations/payments/provider'
import type { StoreProfile } from '../../store-profile'
import type { Tx } from '../../db/tx'
import { enqueueMail, type OrderMailKind } from '../../jobs/mail'
import { CARRIERS, isCarrier, trackingUrl } from '../../../contract/carriers'
import { discountText, readDiscounts } from './discounts'

/** Where order e-mails link to (`origin`, else PUBLIC_URL); absent (tests, scripts without mail), no e-mail is sent. */
export type OrderMailDeps = {
  db: Db
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir' | 'PUBLIC_URL'>
  store: StoreProfile
  log: Logger
  /** The store's address for the e-mail's link (the request's, else PUBLIC_URL). */ origin?: string
}

export type { OrderMailKind }

const day = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/')

/** The payment instructions of an order waiting for payment, as the order e-mail prints them. */
function instructions(payment: Payment | undefined): string[] {
  if (payment?.method === 'pix') {
    return [
      'Pague com o Pix Copia e Cola abaixo no app do seu banco. O código vale até ' +
        new Date(payment.pix.expiresAt).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }) +
        '; depois o pedido é cancelado.',
      payment.pix.copiaECola,
    ]
  }
  if (payment?.method === 'boleto') {
    return [`Pague o boleto até ${day(payment.boleto.dueDate)}. Linha digitável:`, payment.boleto.linhaDigitavel]
  }
  if (payment?.method === 'cartao') return [`Pagamento no cartão ${cardLabel(payment.card)} em ${payment.card.parcelas}x sem juros.`]
  return []
}

/**
 * Enqueues an order e-mail in `tx`, the transaction of the change that causes it (server/jobs/mail.ts):
 * received (with the payment instructions), payment approved, shipped (tracking code), cancelled,
 * paid after the cancellation. Absent `deps` (tests, scripts without mail), none is sent.
 */
export async function enqueueOrderMail(tx: Tx, deps: OrderMailDeps | undefined, code: string, kind: OrderMailKind): Promise<void> {
  if (!deps) return
  await enqueueMail(tx, { pedido: { code, kind, origin: deps.origin ?? deps.env.PUBLIC_URL?.replace(/\/$/, '') } })
}

/**
 * The e-mail of the order as it is when the job runs; null when there is nothing to say any more:
 * an order gone, a 'received' for an order cancelled before it went (its card was refused, or the
 * cancellation's e-mail says it), a 'cancelled' for an order revived by a late payment or flagged
 * for a refund (whose own e-mail says so).
 */
export async function composeOrderMail(
  db: Db,
  store: StoreProfile,
  job: { code: string; kind: OrderMailKind; origin?: string },
): Promise<{ mail: Mail; orderId: number; kind: OrderMailKind } | null> {
  const { code, kind, origin } = job
  const [order] = await db.select().from(orders).where(eq(orders.code, code)).limit(1)
  if (!order) return null
  if (kind === 'recebido' && order.status === 'cancelado') return null
  if (kind === 'cancelado' && (order.status !== 'cancelado' || order.attention === 'pago_apos_cancelamento')) return null
  const [items, [payRow], discounts, [invoice]] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.id)).limit(1),
    readDiscounts(db, order.id),
    kind === 'nota_fiscal'
      ? db
          .select()
          .from(invoices)
          .where(and(eq(invoices.orderId, order.id), eq(invoices.purpose, 'venda'), eq(invoices.status, 'autorizada')))
      : Promise.resolve([]),
  ])
  if (kind === 'nota_fiscal' && !invoice) return null
  const first = order.buyerNome.split(' ')[0]
  const lines = items.map((i) => `${i.quantity}× ${i.titulo}${i.variacao ? ` (${i.variacao})` : ''} — ${formatCents(i.totalCents)}`)
  const totals = `Total: ${formatCents(order.totalCents)} (frete ${order.shippingMethod}: ${formatCents(order.shippingCents)}${order.discountCents ? `; desconto ${formatCents(order.discountCents)}` : ''}) · ${PAYMENT_METHOD_NAMES[order.paymentMethod]}`
  // Each discount by name and the coupon, above the total they add up in.
  const money = [...discountText(discounts, order.couponCode), totals]
  const link = origin ? { label: 'Ver pedido', url: `${origin}/compras/pedido/${code}` } : undefined
  const tracking = trackingUrl(order.carrier, order.trackingCode)
  const body: Record<OrderMailKind, [string, string[]]> = {
    recebido: [
      `Pedido ${code} recebido`,
      [
        `Olá, ${first}! Recebemos o seu pedido ${code}.`,
        ...lines,
        ...money,
        ...(order.status === 'pago' ? ['Pagamento aprovado.'] : instructions(payRow?.details as unknown as Payment)),
        'Você pode desistir da compra em até 7 dias do recebimento (CDC, art. 49).',
      ],
    ],
    pago: [
      `Pagamento aprovado — pedido ${code}`,
      [`Olá, ${first}! O pagamento do pedido ${code} foi aprovado. Agora separamos os produtos para envio.`, ...money],
    ],
    enviado: [
      `Pedido ${code} enviado`,
      [
        `Olá, ${first}! O pedido ${code} foi enviado${isCarrier(order.carrier) ? ` pela ${CARRIERS[order.carrier].nome}` : ''}.`,
        `Código de rastreio: ${order.trackingCode ?? '—'}`,
        ...(tracking ? [`Acompanhe a entrega: ${tracking}`] : []),
      ],
    ],
    cancelado: [
      `Pedido ${code} cancelado`,
      [
        `Olá, ${first}. O pedido ${code} foi cancelado${order.cancelReason === 'expirado' ? ' porque o pagamento não foi feito no prazo' : ''}; os produtos voltaram ao estoque.`,
        ...(payRow && (payRow.status === 'paid' || payRow.status === 'refunded') ? ['O valor pago será devolvido pelo mesmo meio de pagamento.'] : []),
        'Se quiser, faça um novo pedido na loja.',
      ],
    ],
    nota_fiscal: [
      `Nota fiscal do pedido ${code}`,
      [
        `Olá, ${first}! A nota fiscal eletrônica do pedido ${code} foi emitida.`,
        ...(invoice?.accessKey
          ? [
              `NF-e nº ${invoice.number}, série ${invoice.series}.`,
              `Chave de acesso: ${formatAccessKey(invoice.accessKey)}`,
              'O DANFE e o XML estão na página do pedido.',
            ]
          : []),
      ],
    ],
    pago_apos_cancelamento: [
      `Pagamento recebido após o cancelamento — pedido ${code}`,
      [
        `Olá, ${first}. Recebemos o pagamento do pedido ${code} depois que ele foi cancelado, e os produtos já não estão disponíveis.`,
        'Vamos devolver o valor pelo mesmo meio de pagamento; você receberá outra mensagem quando o reembolso for feito.',
      ],
    ],
  }
  const [subject, paragraphs] = body[kind]
  return { mail: compose(store, order.buyerEmail, subject, paragraphs, link), orderId: order.id, kind }
}
