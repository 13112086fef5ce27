import { formatBoleto } from '@brazilian-utils/brazilian-utils/format-boleto'
import { and, desc, eq } from 'drizzle-orm'
import { ORDER_STATUS_NAMES } from '../../../contract/checkout'
import { toReais } from '../../../contract/pricing'
import { formatCep, maskCpf } from '../../../contract/validators'
import type { Db } from '../../db/client'
import { orders, payments } from '../../db/schema'
import { brazilDate } from '../../integrations/payments/dates'
import { barcodeSvg } from '../../integrations/payments/itf'
import type { Payment } from '../../integrations/payments/provider'
import type { StoreProfile } from '../../store-profile'

/** The banks whose slips the store prints: the name and the code with its check digit (boleto.ts has one layout, Banco do Brasil). */
const BANKS: Record<StoreProfile['boleto']['banco'], { nome: string; codigo: string }> = {
  '001': { nome: 'Banco do Brasil', codigo: '001-9' },
}

/**
 * The printable boleto of one of the customer's orders (/compras/pedido/{code}/boleto): what the
 * ficha de compensação prints — the bank, the linha digitável, the barcode drawn as ITF, the
 * beneficiary (the store profile), the payer (the order's buyer and address), value, due date,
 * nosso número. Null when the order is not the customer's or was not paid by boleto.
 */
export async function boletoSlip(db: Db, store: StoreProfile, customerId: number, code: string) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.code, code), eq(orders.customerId, customerId)))
    .limit(1)
  if (!order || order.paymentMethod !== 'boleto') return null
  const [payRow] = await db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.id)).limit(1)
  const payment = payRow?.details as unknown as Payment | undefined
  if (payment?.method !== 'boleto') return null
  const b = payment.boleto
  const s = store.endereco
  const a = order.shippingAddress
  return {
    codigo: order.code,
    situacao: ORDER_STATUS_NAMES[order.status],
    /** Paid: the slip is a receipt. Cancelled: it must not be paid (the page says so and draws no barcode). */
    pago: order.paidAt !== null,
    cancelado: order.status === 'cancelado' || order.status === 'expirado',
    banco: BANKS[store.boleto.banco],
    linhaDigitavel: formatBoleto(b.linhaDigitavel),
    codigoBarras: b.barcode,
    barrasSvg: barcodeSvg(b.barcode),
    nossoNumero: b.nossoNumero,
    vencimento: b.dueDate,
    dataDocumento: brazilDate(order.createdAt),
    valor: toReais(payment.amountCents),
    carteira: store.boleto.carteira,
    agenciaCodigo: `${store.boleto.agencia} / ${store.boleto.conta}`,
    beneficiario: {
      nome: store.razaoSocial,
      cnpj: store.cnpj,
      endereco: `${s.logradouro}, ${s.numero}${s.complemento ? ` – ${s.complemento}` : ''} · ${s.bairro} · ${s.cidade}/${s.uf} · CEP ${s.cep}`,
    },
    pagador: {
      nome: order.buyerNome,
      cpf: maskCpf(order.buyerCpf),
      endereco: `${a.rua}, ${a.numero}${a.complemento ? ` – ${a.complemento}` : ''} · ${a.bairro} · ${a.cidade}/${a.estado} · CEP ${formatCep(a.cep)}`,
    },
  }
}

export type BoletoSlip = NonNullable<Awaited<ReturnType<typeof boletoSlip>>>
