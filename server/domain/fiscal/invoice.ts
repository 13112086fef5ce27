// The invoice follows the order (docs/decisions/0129-nfe.md): created with its one reference when the
// order is paid, issued by a job, polled until SEFAZ answers, its files fetched once into media
// storage, cancelled with the order within 24 h. Provider calls happen in jobs, outside transactions;
// each job is idempotent: it asks the provider where the reference stands before sending anything, so
// a retry never issues twice.
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Logger } from 'pino'
import { FISCAL } from '../../../contract/messages/fiscal'
import type { Db } from '../../db/client'
import { invoices, orderItems, orders, products, returnRequestItems, returnRequests, type INVOICE_PURPOSES } from '../../db/schema'
import { transaction, type Tx } from '../../db/tx'
import { enqueue } from '../../jobs/enqueue'
import type { InvoiceState } from '../../integrations/fiscal/provider'
import type { BlobStore } from '../../integrations/storage'
import { storeProfile, type StoreProfile } from '../../store-profile'
import type { Actor } from '../actor'
import { recordAudit } from '../audit/record'
import { announceOrder } from '../integrations/announce'
import { recordOrderEvent } from '../order/events'
import { enqueueOrderMail, type OrderMailDeps } from '../order/mail'
import { isRefusal, refuse, type Refusal } from '../refusal'
import { buildReturnDraft, buildSaleDraft, type DraftLine } from './build'
import { fiscalProvider } from './gateway'

/** What a job of the 'nfe' queue asks for: about the order's sale invoice, or its entry invoice (`nota: 'devolucao'`). */
export type NfeJob = {
  acao: 'emitir' | 'consultar' | 'arquivos' | 'cancelar'
  pedido: string
  nota?: 'devolucao'
  tentativa?: number
  justificativa?: string
}
type Purpose = (typeof INVOICE_PURPOSES)[number]
const purposeOf = (job: NfeJob): Purpose => job.nota ?? 'venda'
/** The same job about the same invoice (its `nota` kept). */
const jobFor = (job: NfeJob, next: Omit<NfeJob, 'pedido' | 'nota'>): NfeJob => ({ ...next, pedido: job.pedido, ...(job.nota ? { nota: job.nota } : {}) })

const SYSTEM: Actor = { kind: 'system', job: 'nota-fiscal' }
/** SEFAZ accepts a cancellation within 24 h of the authorization (most states). */
export const CANCEL_WINDOW_MS = 24 * 3600 * 1000
/** Polls after sending: 10 s, 20 s, 40 s … up to 10 min apart, 30 times (about 4 h), then staff see it "em processamento". */
const POLLS = 30
const pollDelay = (n: number) => Math.min(10 * 2 ** n, 600)

/** The one reference of an order's sale invoice at the provider: a retry, or a re-issue after a rejection, reuses it. */
export const saleReference = (code: string) => `pedido-${code.toLowerCase()}`
/** The one reference of an order's entry invoice (a return received, or the whole order after a late cancellation). */
export const returnReference = (code: string) => `devolucao-${code.toLowerCase()}`

/**
 * In the transaction that made an order 'pago': its invoice row and the job that issues it, when a
 * provider issues and the store invoices by itself (config/store.json fiscal.emissao). `db` is the
 * store's handle (which provider it has); `tx` the payment's transaction.
 */
export async function invoiceWhenPaid(db: Db, tx: Tx, orderId: number, store: StoreProfile = storeProfile): Promise<void> {
  if (!fiscalProvider(db).issues || store.fiscal.emissao !== 'automatica') return
  await createSaleInvoice(tx, orderId)
}

async function createSaleInvoice(tx: Tx, orderId: number): Promise<boolean> {
  const [order] = await tx.select({ code: orders.code }).from(orders).where(eq(orders.id, orderId))
  if (!order) return false
  const created = await tx
    .insert(invoices)
    .values({ orderId, purpose: 'venda', source: 'focusnfe', reference: saleReference(order.code), status: 'pendente' })
    .onConflictDoNothing()
    .returning({ id: invoices.id })
  if (created.length) await enqueue(tx, 'nfe', { acao: 'emitir', pedido: order.code } satisfies NfeJob)
  return created.length > 0
}

export type FiscalDeps = { db: Db; store: StoreProfile; files: BlobStore; log: Logger; mail?: OrderMailDeps; now?: () => Date }

async function invoiceOf(db: Db | Tx, code: string, purpose: Purpose = 'venda') {
  const [row] = await db
    .select({ invoice: invoices, order: orders })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(orders.code, code), eq(invoices.purpose, purpose)))
    .limit(1)
  return row ?? null
}

/** The order's lines with their products' fiscal data now. */
async function draftLines(db: Db, orderId: number): Promise<Array<DraftLine & { id: number }>> {
  const rows = await db
    .select({
      item: orderItems,
      product: { sku: products.sku, ncm: products.ncm, cest: products.cest, origem: products.origem, gtin: products.gtin, unidade: products.unidade },
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id)
  return rows.map((r) => ({ ...r.item, product: r.product }))
}

/** One job of the 'nfe' queue. Throws FiscalUnavailable when the provider fails: the queue retries with backoff. */
export async function runNfeJob(deps: FiscalDeps, job: NfeJob): Promise<void> {
  const found = await invoiceOf(deps.db, job.pedido, purposeOf(job))
  if (!found || !found.invoice.reference) return
  const { invoice, order } = found
  const ref = found.invoice.reference
  const provider = fiscalProvider(deps.db)
  if (!provider.issues) return
  if (job.acao === 'cancelar') return job.nota ? undefined : cancelJob(deps, job, ref)
  if (job.acao === 'arquivos') return filesJob(deps, job, ref)
  if (invoice.status === 'autorizada' || invoice.status === 'cancelada') return
  if (job.acao === 'consultar' && invoice.status !== 'processando') return
  // Where the reference stands first: a job retried after the provider took it must not send it again.
  const state = await provider.status(ref)
  const resend = state.status === 'desconhecida' || (state.status === 'rejeitada' && !state.final && invoice.status === 'pendente')
  if (job.acao === 'emitir' && resend) {
    const draft = job.nota
      ? await returnDraft(deps, order, invoice.returnRequestId)
      : buildSaleDraft(order, await draftLines(deps.db, order.id), deps.store, deps.now?.() ?? new Date())
    if (isRefusal(draft)) return applyState(deps, job, { status: 'rejeitada', message: draft.message, final: false })
    return applyState(deps, job, await provider.issue(ref, draft))
  }
  if (state.status === 'desconhecida') return
  return applyState(deps, job, state)
}

/**
 * The entry invoice's draft: the lines of the received return (`returnRequestId`), or the whole order;
 * it references the sale's authorized key, or it is refused.
 */
async function returnDraft(deps: FiscalDeps, order: typeof orders.$inferSelect, returnRequestId: number | null) {
  const sale = await invoiceOf(deps.db, order.code, 'venda')
  if (!sale?.invoice.accessKey || sale.invoice.status !== 'autorizada') return refuse(FISCAL.noSaleInvoice)
  const lines = await draftLines(deps.db, order.id)
  let returned: Map<number, number> | null = null
  if (returnRequestId != null) {
    const asked = await deps.db
      .select({ orderItemId: returnRequestItems.orderItemId, quantity: returnRequestItems.quantity })
      .from(returnRequestItems)
      .where(eq(returnRequestItems.returnRequestId, returnRequestId))
    const units = new Map(asked.map((a) => [a.orderItemId, a.quantity]))
    returned = new Map(lines.map((l, i) => [i, units.get(l.id) ?? 0]))
  }
  return buildReturnDraft(order, lines, returned, sale.invoice.accessKey, deps.store, deps.now?.() ?? new Date())
}

/** What the provider said, kept on the invoice (and what follows from it) in one transaction. */
async function applyState(deps: FiscalDeps, job: NfeJob, state: InvoiceState): Promise<void> {
  const now = deps.now?.() ?? new Date()
  const entry = job.nota === 'devolucao'
  const what = entry ? 'NF-e de devolução' : 'NF-e'
  await deps.db.transaction(async (tx) => {
    const found = await invoiceOf(tx, job.pedido, purposeOf(job))
    if (!found) return
    const { invoice, order } = found
    const set = (values: Partial<typeof invoices.$inferInsert>) =>
      tx
        .update(invoices)
        .set({ ...values, updatedAt: now })
        .where(eq(invoices.id, invoice.id))
    if (state.status === 'processando' || state.status === 'desconhecida') {
      await set({ status: 'processando' })
      const tentativa = (job.acao === 'consultar' ? (job.tentativa ?? 0) : 0) + 1
      if (tentativa <= POLLS) await enqueue(tx, 'nfe', jobFor(job, { acao: 'consultar', tentativa }), { startAfterSeconds: pollDelay(tentativa - 1) })
      return
    }
    if (state.status === 'rejeitada') {
      if (invoice.status === 'rejeitada' && invoice.statusMessage === state.message) return
      await set({ status: 'rejeitada', statusMessage: state.message })
      await recordOrderEvent(tx, order.id, {
        kind: 'invoice',
        actor: SYSTEM,
        summary: `${what} rejeitada: ${state.message}`,
        data: { referencia: invoice.reference },
      })
      return
    }
    if (state.status === 'cancelada') {
      if (invoice.status === 'cancelada') return
      await set({ status: 'cancelada', cancelledAt: now, statusMessage: state.message || null })
      await recordOrderEvent(tx, order.id, { kind: 'invoice', actor: SYSTEM, summary: `${what} cancelada`, data: { chave: invoice.accessKey } })
      return
    }
    if (invoice.status === 'autorizada') return
    await set({
      status: 'autorizada',
      accessKey: state.accessKey,
      number: state.number,
      series: state.series,
      protocol: state.protocol,
      authorizedAt: now,
      statusMessage: state.message || null,
    })
    await recordOrderEvent(tx, order.id, {
      kind: 'invoice',
      actor: SYSTEM,
      summary: `${what} ${state.number} série ${state.series} emitida`,
      data: { chave: state.accessKey, protocolo: state.protocol },
    })
    const [sale] = entry
      ? await tx
          .select({ id: invoices.id, accessKey: invoices.accessKey })
          .from(invoices)
          .where(and(eq(invoices.orderId, order.id), eq(invoices.purpose, 'venda')))
      : []
    // The entry settles what the sale's note owed.
    if (sale) await tx.update(invoices).set({ returnRequiredAt: null, updatedAt: now }).where(eq(invoices.id, sale.id))
    // The same payload as an ERP's invoice set through /api/v1 (server/domain/fiscal/erp-invoice.ts).
    await announceOrder(tx, 'nota_fiscal.emitida', order.id, {
      nota_fiscal: {
        chave: state.accessKey,
        numero: state.number,
        serie: state.series,
        protocolo: state.protocol,
        autorizada_em: now.toISOString(),
        origem: 'focusnfe',
        finalidade: entry ? 'devolucao' : 'venda',
        ...(entry ? { chave_referenciada: sale?.accessKey ?? null } : {}),
      },
    })
    await enqueue(tx, 'nfe', jobFor(job, { acao: 'arquivos' }))
    // The customer's e-mail is of the sale's note; the entry is the store's record of what came back.
    if (!entry) await enqueueOrderMail(tx, deps.mail, order.code, 'nota_fiscal')
  })
}

/** Where an invoice's files live in media storage (never served by the public media route: not images). */
export const invoiceFileKey = (code: string, key: string, file: 'xml' | 'danfe') => `notas-fiscais/${code}/${key}${file === 'xml' ? '-nfe.xml' : '-danfe.pdf'}`

/** The XML and the DANFE, fetched once from the provider into media storage. */
async function filesJob(deps: FiscalDeps, job: NfeJob, ref: string): Promise<void> {
  const code = job.pedido
  const found = await invoiceOf(deps.db, code, purposeOf(job))
  if (!found || found.invoice.status !== 'autorizada' || !found.invoice.accessKey) return
  if (found.invoice.xmlStorageKey && found.invoice.danfeStorageKey) return
  const state = await fiscalProvider(deps.db).status(ref)
  if (state.status !== 'autorizada' || state.accessKey !== found.invoice.accessKey) return
  const provider = fiscalProvider(deps.db)
  const [xml, danfe] = await Promise.all([provider.file(state.xmlPath), provider.file(state.danfePath)])
  const xmlKey = invoiceFileKey(code, state.accessKey, 'xml')
  const danfeKey = invoiceFileKey(code, state.accessKey, 'danfe')
  await deps.files.write(xmlKey, xml, 'application/xml')
  await deps.files.write(danfeKey, danfe, 'application/pdf')
  await deps.db
    .update(invoices)
    .set({ xmlStorageKey: xmlKey, danfeStorageKey: danfeKey, updatedAt: deps.now?.() ?? new Date() })
    .where(eq(invoices.id, found.invoice.id))
}

async function cancelJob(deps: FiscalDeps, job: NfeJob, ref: string): Promise<void> {
  const provider = fiscalProvider(deps.db)
  const state = await provider.status(ref)
  if (state.status === 'processando') {
    // SEFAZ has not answered yet: cancel once it does (the queue retries this job).
    throw new Error('NF-e ainda em processamento; o cancelamento espera a resposta da SEFAZ')
  }
  if (state.status !== 'autorizada') {
    return applyState(deps, job, { status: 'cancelada', message: state.status === 'cancelada' ? state.message : 'Pedido cancelado antes da autorização' })
  }
  const outcome = await provider.cancel(ref, job.justificativa ?? 'Pedido cancelado antes do envio da mercadoria')
  if (outcome.status === 'cancelada') return applyState(deps, job, { status: 'cancelada', message: outcome.message })
  await deps.db.transaction(async (tx) => {
    const found = await invoiceOf(tx, job.pedido)
    if (!found) return
    // The note stands: what was sold comes back on an entry invoice.
    await tx
      .update(invoices)
      .set({ statusMessage: `Cancelamento recusado: ${outcome.message}`, returnRequiredAt: new Date(), updatedAt: new Date() })
      .where(eq(invoices.id, found.invoice.id))
    await recordOrderEvent(tx, found.order.id, { kind: 'invoice', actor: SYSTEM, summary: `Cancelamento da NF-e recusado: ${outcome.message}` })
  })
}

/**
 * In the transaction that cancels an order: its invoice is cancelled too — one authorized less than
 * 24 h ago by a job (the provider's cancellation, with the justification); one never authorized at
 * once. Older than 24 h the invoice stands: the order needs a return invoice (the back office says so).
 */
export async function cancelInvoiceWithOrder(tx: Tx, orderId: number, reason: string, now = new Date()): Promise<void> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.purpose, 'venda')))
    .for('update')
  if (!invoice || invoice.status === 'cancelada') return
  const [order] = await tx.select({ code: orders.code }).from(orders).where(eq(orders.id, orderId))
  const justificativa = `Venda cancelada: ${reason}`.padEnd(15, '.').slice(0, 255)
  if (invoice.status === 'pendente' || invoice.status === 'rejeitada') {
    await tx
      .update(invoices)
      .set({ status: 'cancelada', cancelledAt: now, cancelJustification: justificativa, updatedAt: now })
      .where(eq(invoices.id, invoice.id))
    return
  }
  if (invoice.status === 'autorizada' && invoice.authorizedAt && now.getTime() - invoice.authorizedAt.getTime() > CANCEL_WINDOW_MS) {
    await tx.update(invoices).set({ returnRequiredAt: now, updatedAt: now }).where(eq(invoices.id, invoice.id))
    await recordOrderEvent(tx, orderId, { kind: 'invoice', actor: SYSTEM, summary: 'NF-e autorizada há mais de 24 h: emita a nota de devolução' })
    return
  }
  await tx.update(invoices).set({ cancelJustification: justificativa, updatedAt: now }).where(eq(invoices.id, invoice.id))
  await enqueue(tx, 'nfe', { acao: 'cancelar', pedido: order!.code, justificativa } satisfies NfeJob)
}

/**
 * Staff's "Emitir NF-e" (manual emission) and "Corrigir e emitir de novo" (a rejected invoice, after
 * the product or the order was corrected): the same reference, sent again by the job.
 */
export async function issueInvoiceByHand(db: Db, code: string, actor: Actor): Promise<{ status: 'pendente' } | Refusal> {
  if (!fiscalProvider(db).issues) return refuse(FISCAL.off)
  return transaction(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.code, code)).for('update')
    if (!order) return refuse(FISCAL.orderNotFound(code))
    if (!['pago', 'em_separacao', 'enviado', 'entregue'].includes(order.status)) return refuse(FISCAL.notPaid)
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.purpose, 'venda')))
    if (invoice && invoice.status !== 'rejeitada') return refuse(invoice.status === 'cancelada' ? FISCAL.notRejected : FISCAL.alreadyIssued)
    if (invoice) {
      await tx.update(invoices).set({ status: 'pendente', statusMessage: null, updatedAt: new Date() }).where(eq(invoices.id, invoice.id))
      await enqueue(tx, 'nfe', { acao: 'emitir', pedido: order.code } satisfies NfeJob)
    } else await createSaleInvoice(tx, order.id)
    await recordOrderEvent(tx, order.id, { kind: 'invoice', actor, summary: invoice ? 'NF-e corrigida e enviada de novo' : 'Emissão da NF-e pedida' })
    await recordAudit(tx, {
      actor,
      action: 'pedido.nota_fiscal',
      entity: 'order',
      entityId: order.code,
      before: { status: invoice?.status ?? null },
      after: { status: 'pendente' },
    })
    return { status: 'pendente' as const }
  })
}

/** The provider's webhook named a reference: a poll of it, now (true when it is one of the store's invoices in processing). */
export async function invoiceWebhook(db: Db, ref: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ code: orders.code, status: invoices.status, purpose: invoices.purpose })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(and(eq(invoices.reference, ref), isNotNull(invoices.reference)))
    if (!row || (row.status !== 'processando' && row.status !== 'pendente')) return false
    await enqueue(tx, 'nfe', { acao: 'consultar', pedido: row.code, ...(row.purpose === 'devolucao' ? { nota: 'devolucao' as const } : {}) } satisfies NfeJob)
    return true
  })
}

/** The order's sale invoice, locked, when it is authorized with its key (what an entry invoice references). */
async function authorizedSale(tx: Tx, orderId: number) {
  const [sale] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.purpose, 'venda')))
    .for('update')
  return sale && sale.status === 'autorizada' && sale.accessKey ? sale : null
}

/** The entry invoice's row (pendente) and the job that issues it; false when the order has one already. */
async function createReturnInvoice(tx: Tx, order: { id: number; code: string }, returnRequestId: number | null): Promise<boolean> {
  const created = await tx
    .insert(invoices)
    .values({ orderId: order.id, purpose: 'devolucao', returnRequestId, source: 'focusnfe', reference: returnReference(order.code), status: 'pendente' })
    .onConflictDoNothing()
    .returning({ id: invoices.id })
  if (created.length) await enqueue(tx, 'nfe', { acao: 'emitir', pedido: order.code, nota: 'devolucao' } satisfies NfeJob)
  return created.length > 0
}

/**
 * In the transaction where a return became 'recebida': the sale's note now owes an entry invoice
 * (returnRequiredAt); when a provider issues and the store invoices by itself, its row and the job
 * that issues it (the returned lines, referencing the sale's key). A sale without an authorized note
 * has nothing to reference: nothing is owed.
 */
export async function invoiceReturnWhenReceived(db: Db, tx: Tx, returnRequestId: number, store: StoreProfile = storeProfile): Promise<void> {
  if (!fiscalProvider(db).issues) return
  const [order] = await tx
    .select({ id: orders.id, code: orders.code })
    .from(orders)
    .innerJoin(returnRequests, eq(returnRequests.orderId, orders.id))
    .where(eq(returnRequests.id, returnRequestId))
  if (!order) return
  const sale = await authorizedSale(tx, order.id)
  if (!sale) return
  await tx.update(invoices).set({ returnRequiredAt: new Date(), updatedAt: new Date() }).where(eq(invoices.id, sale.id))
  if (store.fiscal.emissao === 'automatica') await createReturnInvoice(tx, order, returnRequestId)
}

/**
 * Staff's "Emitir nota de devolução": the entry invoice an order owes (cancelled after 24 h, its
 * cancellation refused, or a return received while emission is by hand), or "corrigir e emitir de
 * novo" after a rejection (the same reference). The lines are the received return's, else the whole order's.
 */
export async function issueReturnInvoiceByHand(db: Db, code: string, actor: Actor): Promise<{ status: 'pendente' } | Refusal> {
  if (!fiscalProvider(db).issues) return refuse(FISCAL.off)
  return transaction(db, async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.code, code)).for('update')
    if (!order) return refuse(FISCAL.orderNotFound(code))
    const sale = await authorizedSale(tx, order.id)
    if (!sale) return refuse(FISCAL.noSaleInvoice)
    const [entry] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.purpose, 'devolucao')))
    if (entry && entry.status !== 'rejeitada') return refuse(FISCAL.returnAlreadyIssued)
    if (!entry && !sale.returnRequiredAt) return refuse(FISCAL.returnNotNeeded)
    if (entry) {
      await tx.update(invoices).set({ status: 'pendente', statusMessage: null, updatedAt: new Date() }).where(eq(invoices.id, entry.id))
      await enqueue(tx, 'nfe', { acao: 'emitir', pedido: order.code, nota: 'devolucao' } satisfies NfeJob)
    } else {
      const [received] = await tx
        .select({ id: returnRequests.id })
        .from(returnRequests)
        .where(and(eq(returnRequests.orderId, order.id), inArray(returnRequests.status, ['recebida', 'reembolsada'])))
        .limit(1)
      await createReturnInvoice(tx, order, received?.id ?? null)
    }
    await recordOrderEvent(tx, order.id, {
      kind: 'invoice',
      actor,
      summary: entry ? 'NF-e de devolução corrigida e enviada de novo' : 'Emissão da NF-e de devolução pedida',
    })
    await recordAudit(tx, {
      actor,
      action: 'pedido.nota_devolucao',
      entity: 'order',
      entityId: order.code,
      before: { status: entry?.status ?? null },
      after: { status: 'pendente' },
    })
    return { status: 'pendente' as const }
  })
}
