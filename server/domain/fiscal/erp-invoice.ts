import { and, eq, sql } from 'drizzle-orm'
import { isAccessKey } from '../../../contract/fiscal'
import { INTEGRATIONS } from '../../../contract/messages/integrations'
import type { Db } from '../../db/client'
import { invoices, orders } from '../../db/schema'
import { transaction } from '../../db/tx'
import type { Actor } from '../actor'
import { recordAudit } from '../audit/record'
import { announceOrder } from '../integrations/announce'
import { refuse, type Refusal } from '../refusal'

/** The statuses an order can be invoiced in: paid, and not cancelled. */
const INVOICEABLE = ['pago', 'em_separacao', 'enviado', 'entregue'] as const

export type ErpInvoiceInput = { code: string; accessKey: string; number: number; series: number; xmlUrl: string | null; actor: Actor }
export type ErpInvoiceSet = { codigo: string; chave: string; numero: number; serie: number; xml_url: string | null; novo: boolean }

/**
 * The sale invoice an ERP issued itself (PUT /api/v1/pedidos/{codigo}/nota-fiscal): written as the
 * order's authorized invoice with source 'erp'. The key is checked (44 digits, its check digit); the
 * same key again changes nothing (a retry); another ERP key replaces the ERP's; an invoice the store
 * issued itself is never overwritten. Announced as nota_fiscal.emitida when new or changed.
 */
export async function setErpInvoice(db: Db, input: ErpInvoiceInput): Promise<ErpInvoiceSet | Refusal> {
  const key = input.accessKey.trim()
  if (!isAccessKey(key)) return refuse(INTEGRATIONS.invoiceKey)
  const code = input.code.trim().toUpperCase()
  return transaction(
    db,
    async (tx) => {
      const [order] = await tx.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.code, code)).for('update')
      if (!order) throw refuse(INTEGRATIONS.orderNotFound(code))
      if (!(INVOICEABLE as readonly string[]).includes(order.status)) throw refuse(INTEGRATIONS.invoiceNotAllowed)
      const [current] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.orderId, order.id), eq(invoices.purpose, 'venda')))
      const answer = { codigo: code, chave: key, numero: input.number, serie: input.series, xml_url: input.xmlUrl }
      if (current?.source === 'focusnfe' && current.status === 'autorizada' && current.accessKey !== key) throw refuse(INTEGRATIONS.invoiceAuthorized)
      const same = current?.accessKey === key && current.number === input.number && current.series === input.series && (current.xmlUrl ?? null) === input.xmlUrl
      if (same) return { ...answer, novo: false }
      const values = {
        accessKey: key,
        number: input.number,
        series: input.series,
        xmlUrl: input.xmlUrl,
        status: 'autorizada' as const,
        authorizedAt: sql`now()`,
        updatedAt: sql`now()`,
      }
      if (current)
        await tx
          .update(invoices)
          .set({ ...values, source: 'erp', statusMessage: null })
          .where(eq(invoices.id, current.id))
      else await tx.insert(invoices).values({ orderId: order.id, purpose: 'venda', source: 'erp', ...values })
      await tx
        .update(orders)
        .set({ updatedAt: sql`now()` })
        .where(eq(orders.id, order.id))
      await recordAudit(tx, {
        actor: input.actor,
        action: 'pedido.nota_fiscal',
        entity: 'order',
        entityId: code,
        before: current ? { chave: current.accessKey, numero: current.number, serie: current.series } : null,
        after: { chave: key, numero: input.number, serie: input.series, xmlUrl: input.xmlUrl, origem: 'erp' },
      })
      await announceOrder(tx, 'nota_fiscal.emitida', order.id, {
        nota_fiscal: { chave: key, numero: input.number, serie: input.series, xml_url: input.xmlUrl, origem: 'erp' },
      })
      return { ...answer, novo: true }
    },
    (err) => {
      const e = err as { code?: string; cause?: { code?: string } }
      return e?.code === '23505' || e?.cause?.code === '23505' ? refuse(INTEGRATIONS.invoiceTaken) : null
    },
  )
}
