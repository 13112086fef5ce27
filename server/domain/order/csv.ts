// The order list's CSV export, as Excel in Brazil opens it: UTF-8 with a BOM, ';' between fields,
// decimal commas, dates in Brasília time. Streamed a batch at a time (flat memory whatever the size).
import { ORDER_STATUS_NAMES, PAYMENT_METHOD_NAMES } from '../../../contract/checkout'
import type { OrderSort } from '../../../contract/admin/orders'
import { decimalCents } from '../../../contract/money'
import type { Db } from '../../db/client'
import { eachAdminOrder, type OrderFilter } from './admin-list'

export const CSV_COLUMNS = [
  'Pedido',
  'Data',
  'Situação',
  'Cliente',
  'E-mail',
  'CPF',
  'Pagamento',
  'Parcelas',
  'Itens',
  'Subtotal',
  'Desconto',
  'Frete',
  'Total',
  'Rastreio',
  // The coupon and the discount split (docs/decisions/0127-promotions.md): Desconto = their sum.
  'Cupom',
  'Desconto promoções',
  'Desconto cupom',
  'Desconto frete',
  'Desconto Pix',
] as const

const when = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' })

/** One field: quoted when it holds the separator, quotes or a line break; a leading =, +, - or @ is defused so a spreadsheet never runs it as a formula. */
export function csvField(value: string | number): string {
  let text = String(value)
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

const line = (fields: (string | number)[]) => `${fields.map(csvField).join(';')}\r\n`

export async function* ordersCsv(db: Db, filter: OrderFilter, sort: OrderSort = 'recentes'): AsyncGenerator<string> {
  yield `\uFEFF${line([...CSV_COLUMNS])}`
  let chunk = ''
  for await (const o of eachAdminOrder(db, filter, sort)) {
    chunk += line([
      o.code,
      when.format(o.criadoEm),
      ORDER_STATUS_NAMES[o.status],
      o.buyerNome,
      o.buyerEmail,
      o.buyerCpf,
      PAYMENT_METHOD_NAMES[o.metodo],
      o.parcelas,
      o.itens,
      decimalCents(o.subtotalCents),
      decimalCents(o.discountCents),
      decimalCents(o.shippingCents),
      decimalCents(o.totalCents),
      o.trackingCode ?? '',
      o.couponCode ?? '',
      decimalCents(o.promotionCents),
      decimalCents(o.couponCents),
      decimalCents(o.freeShippingCents),
      // Orders from before discounts were kept by kind had only the Pix one: what the others leave.
      decimalCents(o.discountCents - o.promotionCents - o.couponCents - o.freeShippingCents),
    ])
    if (chunk.length > 64 * 1024) {
      yield chunk
      chunk = ''
    }
  }
  if (chunk) yield chunk
}
