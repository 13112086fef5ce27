// What people see of an order's NF-e (docs/decisions/0129-nfe.md): the back office's panel, the
// customer's "Nota fiscal", the packing slip's key; and its two files, for the order's owner and staff.
import { and, eq } from 'drizzle-orm'
import { formatAccessKey } from '../../../contract/fiscal'
import { INVOICE_STATUS_NAMES } from '../../../contract/messages/fiscal'
import type { Db } from '../../db/client'
import { invoices, orders } from '../../db/schema'
import type { BlobStore } from '../../integrations/storage'
import { can, type Role } from '../staff/permissions'
import type { OrderStatus } from '../order/actions'
import { fiscalProvider } from './gateway'

export type InvoiceView = {
  status: (typeof invoices.$inferSelect)['status']
  statusName: string
  /** In groups of four, as the DANFE prints it. */
  chave: string | null
  numero: number | null
  serie: number | null
  protocolo: string | null
  autorizadaEm: Date | null
  /** SEFAZ's (or the store's) words: why it was rejected, or how the cancellation went. */
  mensagem: string | null
  danfe: boolean
  xml: boolean
  /** On the sale's note: an entry invoice is owed (cancelled after 24 h, cancellation refused, a return received) and not yet authorized. */
  devolucaoPendente: boolean
}

export type InvoicePurpose = (typeof invoices.$inferSelect)['purpose']

/** The order's sale invoice (or its entry invoice, `purpose` 'devolucao') as shown, or null when it has none. */
export async function invoiceView(db: Db, orderId: number, purpose: InvoicePurpose = 'venda'): Promise<InvoiceView | null> {
  const [i] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.purpose, purpose)))
  if (!i) return null
  return {
    status: i.status,
    statusName: INVOICE_STATUS_NAMES[i.status],
    chave: i.accessKey ? formatAccessKey(i.accessKey) : null,
    numero: i.number,
    serie: i.series,
    protocolo: i.protocol,
    autorizadaEm: i.authorizedAt,
    mensagem: i.statusMessage,
    danfe: Boolean(i.danfeStorageKey),
    xml: Boolean(i.xmlStorageKey),
    devolucaoPendente: i.returnRequiredAt != null,
  }
}

/**
 * What staff may do to the invoice now: issue it (NF-e on, a paid order without one), or correct and
 * issue again (a rejected one); the same rule refuses it in issueInvoiceByHand.
 */
export function invoiceActions(
  db: Db,
  staff: { role: Role },
  order: { status: OrderStatus },
  invoice: InvoiceView | null,
  entry: InvoiceView | null = null,
): InvoiceActions {
  const on = fiscalProvider(db).issues
  const paid = ['pago', 'em_separacao', 'enviado', 'entregue'].includes(order.status)
  const allowed = on && can(staff.role, 'orders:advance')
  // The entry invoice (issueReturnInvoiceByHand): owed and not sent yet, or rejected.
  const devolucao =
    !allowed || invoice?.status !== 'autorizada'
      ? null
      : entry
        ? entry.status === 'rejeitada'
          ? 'reemitir'
          : null
        : invoice.devolucaoPendente
          ? 'emitir'
          : null
  if (!allowed || !paid) return { issue: null, devolucao, on }
  if (!invoice) return { issue: 'emitir', devolucao, on }
  return { issue: invoice.status === 'rejeitada' ? 'reemitir' : null, devolucao, on }
}

export type InvoiceActions = { issue: 'emitir' | 'reemitir' | null; devolucao: 'emitir' | 'reemitir' | null; on: boolean }

/** The customer's view of their order's invoice: only once it was issued (or cancelled after). */
export async function customerInvoice(db: Db, customerId: number, code: string): Promise<InvoiceView | null> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.code, code), eq(orders.customerId, customerId)))
  if (!order) return null
  const view = await invoiceView(db, order.id)
  return view && (view.status === 'autorizada' || view.status === 'cancelada') && view.chave ? view : null
}

export type InvoiceFileName = 'danfe' | 'xml'

/**
 * One of the invoice's files from media storage: for staff (`customerId` null) or the order's owner;
 * null when there is no such order for them, or the file was not fetched yet.
 */
export async function invoiceFile(
  db: Db,
  files: BlobStore,
  code: string,
  file: InvoiceFileName,
  customerId: number | null,
  purpose: InvoicePurpose = 'venda',
): Promise<{ bytes: Buffer; contentType: string; filename: string } | null> {
  const [row] = await db
    .select({ invoice: invoices, customerId: orders.customerId })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(orders.code, code), eq(invoices.purpose, purpose)))
  if (!row || (customerId !== null && row.customerId !== customerId)) return null
  const key = file === 'xml' ? row.invoice.xmlStorageKey : row.invoice.danfeStorageKey
  if (!key || !row.invoice.accessKey) return null
  const bytes = await files.read(key)
  if (!bytes) return null
  return file === 'xml'
    ? { bytes, contentType: 'application/xml', filename: `${row.invoice.accessKey}-nfe.xml` }
    : { bytes, contentType: 'application/pdf', filename: `DANFE-${row.invoice.accessKey}.pdf` }
}

/** The file as an HTTP answer: private, never cached by a shared cache. */
export function invoiceFileResponse(found: { bytes: Buffer; contentType: string; filename: string }, download: boolean): Response {
  return new Response(new Uint8Array(found.bytes), {
    headers: {
      'Content-Type': found.contentType,
      'Content-Disposition': `${download ? 'attachment' : 'inline'}; filename="${found.filename}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
