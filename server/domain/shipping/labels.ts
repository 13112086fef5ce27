// An order's carrier label (docs/decisions/0128-shipping-providers.md, "Labels"): bought through the
// shipping provider's documented sequence — cart → checkout → generate → print — each step a job on
// the durable queue ('etiquetas') that records what it got before the next step is enqueued, in the
// same transaction. A step that fails is retried from where it stopped; before paying or generating
// it asks the provider whether that was already done, so a crash between the provider's answer and
// the store's write never pays twice. The last step saves the tracking code and moves the order to
// 'enviado' through advanceOrder, exactly as "Marcar como enviado" does (the buyer's e-mail included).
import { and, eq, inArray, ne, sql, type Column } from 'drizzle-orm'
import type { Logger } from 'pino'
import { ORDER_STATUS_NAMES } from '../../../contract/checkout'
import type { CarrierId } from '../../../contract/carriers'
import { formatCents } from '../../../contract/money'
import { ORDERS } from '../../../contract/messages/orders'
import { LABELS } from '../../../contract/messages/shipping-labels'
import type { Db } from '../../db/client'
import { invoices, orderItems, orders, products, shippingLabels, variationOptions, type LABEL_STEPS } from '../../db/schema'
import { transaction, type Tx } from '../../db/tx'
import { LabelError, type LabelApi, type LabelRequest, type LabelState } from '../../integrations/shipping/provider'
import { enqueue } from '../../jobs/enqueue'
import type { StoreProfile } from '../../store-profile'
import type { Actor } from '../actor'
import { recordAudit } from '../audit/record'
import { can, type Role } from '../staff/permissions'
import { recordOrderEvent } from '../order/events'
import type { OrderMailDeps } from '../order/mail'
import { advanceOrder } from '../order/status'
import { isRefusal, refuse, type Refusal } from '../refusal'
import { shippingProvider } from './gateway'
import { withDefaultBox } from './quotes'
import { loadFrete, type Frete } from './settings'

export type ShippingLabel = typeof shippingLabels.$inferSelect
export type LabelStep = (typeof LABEL_STEPS)[number]
export type LabelDeps = { db: Db; store: StoreProfile; log: Logger; mail?: OrderMailDeps; origin?: string }

const SYSTEM: Actor = { kind: 'system', job: 'etiquetas' }
const TRACKING: Actor = { kind: 'system', job: 'rastreio' }

/** Who carries each of Melhor Envio's services, for the buyer's tracking link (contract/carriers.ts). */
const SERVICE_CARRIER: Record<string, CarrierId> = {
  '1': 'correios',
  '2': 'correios',
  '17': 'correios',
  '3': 'jadlog',
  '4': 'jadlog',
  '31': 'loggi',
  '32': 'loggi',
}
export const carrierOfService = (service: string): CarrierId | null => SERVICE_CARRIER[service] ?? null

type OrderRow = typeof orders.$inferSelect

const measure = (option: Column, product: Column) => sql<number | null>`coalesce(${option}, ${product})`.mapWith(Number)

/**
 * The provider's service an order's label is bought with: the one the shopper chose; an order placed
 * while the table answered as an estimate ('padrao', 'expressa') ships with the store's first or
 * second carrier service, the slots those names held (decision 0128, "Left" 9).
 */
export function labelService(frete: Pick<Frete, 'transportadoras'>, order: Pick<OrderRow, 'shippingService' | 'shippingIndex'>): string | null {
  const servicos = frete.transportadoras.servicos
  const s = order.shippingService
  if (s && servicos.some((c) => String(c.id) === s)) return s
  if (s === 'padrao' || (!s && order.shippingIndex === 0)) return String(servicos[0].id)
  if (s === 'expressa' || (!s && order.shippingIndex === 1)) return String(servicos[1].id)
  return null
}

export const serviceName = (frete: Pick<Frete, 'transportadoras'>, service: string) =>
  frete.transportadoras.servicos.find((c) => String(c.id) === service)?.nome ?? `serviço ${service}`

/** The order's live label (not cancelled), if any. */
export async function liveLabel(db: Db | Tx, orderId: number): Promise<ShippingLabel | null> {
  const [row] = await db
    .select()
    .from(shippingLabels)
    .where(and(eq(shippingLabels.orderId, orderId), ne(shippingLabels.status, 'cancelada')))
    .limit(1)
  return row ?? null
}

/** Everything the provider is told about the parcel: the store as sender, the buyer as recipient, the items with the catalog's measures, the NF-e key if issued. */
export async function labelRequest(db: Db, store: StoreProfile, frete: Frete, order: OrderRow, service: string, origin: string): Promise<LabelRequest> {
  const t = frete.transportadoras
  const lines = await db
    .select({
      titulo: orderItems.titulo,
      productId: orderItems.productId,
      optionId: orderItems.optionId,
      quantity: orderItems.quantity,
      unitCents: orderItems.unitPriceCents,
      // The option's own measures where it has them (decision 0133), else the product's.
      alturaMm: measure(variationOptions.alturaMm, products.alturaMm),
      larguraMm: measure(variationOptions.larguraMm, products.larguraMm),
      comprimentoMm: measure(variationOptions.comprimentoMm, products.comprimentoMm),
      pesoG: measure(variationOptions.pesoG, products.pesoG),
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(variationOptions, eq(variationOptions.id, orderItems.optionId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.id)
  const items = lines.map((l) => ({
    ...withDefaultBox(
      { alturaMm: l.alturaMm ?? 0, larguraMm: l.larguraMm ?? 0, comprimentoMm: l.comprimentoMm ?? 0, pesoG: l.pesoG ?? 0, quantity: l.quantity },
      t.caixaPadrao,
    ),
    id: l.optionId == null ? `p${l.productId}` : `p${l.productId}-o${l.optionId}`,
    name: l.titulo,
    unitCents: l.unitCents,
  }))
  // The sale's NF-e, once authorized (the NF-e area writes it); else a declaração de conteúdo.
  const [invoice] = await db
    .select({ key: invoices.accessKey })
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.purpose, 'venda'), eq(invoices.status, 'autorizada')))
    .limit(1)
  const a = order.shippingAddress
  const e = frete.origem
  return {
    service,
    from: {
      name: store.razaoSocial,
      phone: store.whatsapp,
      email: store.email,
      document: t.remetente.cnpj ?? store.cnpj,
      address: e.logradouro,
      number: e.numero,
      complement: e.complemento,
      district: e.bairro,
      city: e.cidade,
      state: e.uf,
      postalCode: e.cep,
    },
    to: {
      name: a.destinatario || order.buyerNome,
      phone: order.buyerCelular,
      email: order.buyerEmail,
      document: order.buyerCpf,
      address: a.rua,
      number: a.numero,
      complement: a.complemento,
      district: a.bairro,
      city: a.cidade,
      state: a.estado,
      postalCode: a.cep,
    },
    items,
    insuredCents: items.reduce((sum, i) => sum + i.unitCents * i.quantity, 0),
    invoiceKey: invoice?.key ?? null,
    reference: order.code,
    referenceUrl: `${origin.replace(/\/$/, '')}/admin/pedidos/${order.code}`,
  }
}

/** Why this order cannot have a label bought now, or null. */
function labelRefusal(frete: Frete, api: LabelApi | null, order: OrderRow): Refusal | null {
  if (!api) return refuse(LABELS.noProvider)
  if (order.status !== 'pago' && order.status !== 'em_separacao') return refuse(LABELS.notShippable(ORDER_STATUS_NAMES[order.status]))
  if (order.shippingIndex === 2 || order.station) return refuse(LABELS.pickup)
  const service = labelService(frete, order)
  if (!service) return refuse(LABELS.noService(order.shippingService ?? order.shippingMethod))
  if (!carrierOfService(service)) return refuse(LABELS.noCarrier(serviceName(frete, service)))
  return null
}

/**
 * "Comprar etiqueta": the label's row and its first step's job, in one transaction with the
 * timeline event and the audit line. Asked again while a purchase stopped on a failure, it resumes
 * it from the last step done (never from the start).
 */
export async function requestLabel(deps: LabelDeps, input: { code: string; actor: Actor }): Promise<ShippingLabel | Refusal> {
  const api = shippingProvider(deps.db).labels
  const provider = shippingProvider(deps.db).name
  const frete = await loadFrete(deps.db, deps.store)
  const code = input.code.trim().toUpperCase()
  return transaction(deps.db, async (tx): Promise<ShippingLabel | Refusal> => {
    const [order] = await tx.select().from(orders).where(eq(orders.code, code)).for('update').limit(1)
    if (!order) return refuse(ORDERS.notFound(code))
    const existing = await liveLabel(tx, order.id)
    if (existing?.status === 'comprando' && existing.error) {
      const [resumed] = await tx.update(shippingLabels).set({ error: null, updatedAt: new Date() }).where(eq(shippingLabels.id, existing.id)).returning()
      await enqueue(tx, 'etiquetas', { labelId: existing.id })
      await recordAudit(tx, { actor: input.actor, action: 'etiqueta.retomar', entity: 'order', entityId: code, after: { passo: existing.step } })
      return resumed
    }
    if (existing) return refuse(LABELS.exists)
    const refusal = labelRefusal(frete, api, order)
    if (refusal) return refusal
    const service = labelService(frete, order)!
    const [label] = await tx.insert(shippingLabels).values({ orderId: order.id, provider, service }).returning()
    await enqueue(tx, 'etiquetas', { labelId: label.id })
    await recordOrderEvent(tx, order.id, {
      kind: 'shipping',
      actor: input.actor,
      summary: `Compra da etiqueta ${serviceName(frete, service)} iniciada`,
      data: { etiqueta: label.id, servico: service },
    })
    await recordAudit(tx, { actor: input.actor, action: 'etiqueta.comprar', entity: 'order', entityId: code, after: { servico: service } })
    return label
  })
}

const NEXT: Record<Exclude<LabelStep, 'impressa'>, LabelStep> = { novo: 'carrinho', carrinho: 'paga', paga: 'gerada', gerada: 'impressa' }

/**
 * Records a step done and enqueues the next, only if the label is still where this step found it
 * (a cancellation or a duplicate job meanwhile: nothing is written, nothing more runs).
 */
async function stepDone(db: Db, label: ShippingLabel, values: Partial<ShippingLabel>, enqueueNext: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(shippingLabels)
      .set({ ...values, step: NEXT[label.step as Exclude<LabelStep, 'impressa'>], error: null, updatedAt: new Date() })
      .where(and(eq(shippingLabels.id, label.id), eq(shippingLabels.step, label.step), eq(shippingLabels.status, 'comprando')))
      .returning({ id: shippingLabels.id })
    if (moved.length && enqueueNext) await enqueue(tx, 'etiquetas', { labelId: label.id })
    return moved.length > 0
  })
}

async function stateOf(api: LabelApi, id: string): Promise<LabelState | null> {
  return (await api.track([id])).get(id) ?? null
}

/**
 * One step of a label's purchase (the 'etiquetas' job): the next one after the last done. A
 * provider's refusal (4xx) stops the purchase with its words on the label (staff fix and resume); no
 * answer, a 5xx or a 429 throws, and the queue retries the same step.
 */
export async function runLabelStep(deps: LabelDeps, labelId: number): Promise<LabelStep | null> {
  const [label] = await deps.db.select().from(shippingLabels).where(eq(shippingLabels.id, labelId)).limit(1)
  if (!label || label.status !== 'comprando' || label.step === 'impressa') return null
  const api = shippingProvider(deps.db).labels
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, label.orderId)).limit(1)
  if (!api || !order) return null
  const id = label.providerOrderId
  try {
    switch (label.step) {
      case 'novo': {
        const origin = deps.origin ?? deps.mail?.origin ?? deps.mail?.env.PUBLIC_URL ?? 'http://localhost'
        const cart = await api.cartLabel(await labelRequest(deps.db, deps.store, await loadFrete(deps.db, deps.store), order, label.service, origin))
        await stepDone(deps.db, label, { providerOrderId: cart.id, priceCents: cart.priceCents }, true)
        break
      }
      case 'carrinho': {
        // Paid already (the answer was lost before the store wrote it)? Then it is not paid again.
        if (!(await stateOf(api, id!))?.paidAt) await api.payLabel(id!)
        await stepDone(deps.db, label, {}, true)
        break
      }
      case 'paga': {
        if (!(await stateOf(api, id!))?.generatedAt) await api.generateLabel(id!)
        await stepDone(deps.db, label, {}, true)
        break
      }
      case 'gerada': {
        const url = await api.printLabel(id!)
        const state = await stateOf(api, id!)
        const done = await stepDone(deps.db, label, { printUrl: url, trackingCode: state?.trackingCode ?? null, status: 'comprada' }, false)
        if (done && state?.trackingCode) await shipOrder(deps, { ...label, trackingCode: state.trackingCode })
        break
      }
    }
  } catch (err) {
    if (!(err instanceof LabelError)) throw err
    await deps.db.update(shippingLabels).set({ error: err.message, updatedAt: new Date() }).where(eq(shippingLabels.id, label.id))
    if (err.retry) throw err
    deps.log.warn({ etiqueta: label.id, passo: label.step }, 'compra de etiqueta parada: o provedor recusou')
    return label.step
  }
  return NEXT[label.step]
}

/**
 * The label's tracking code on the order, and the order to 'enviado' through advanceOrder, as
 * "Marcar como enviado" does (the timeline, the audit and the buyer's e-mail with the link); a paid
 * order passes 'em separação' first, the same function's step.
 */
async function shipOrder(deps: LabelDeps, label: ShippingLabel & { trackingCode: string }): Promise<void> {
  const carrier = carrierOfService(label.service)
  const [order] = await deps.db.select({ code: orders.code, status: orders.status }).from(orders).where(eq(orders.id, label.orderId)).limit(1)
  if (!order || !carrier) return
  if (order.status === 'pago') {
    const moved = await advanceOrder(deps.db, { code: order.code, actor: SYSTEM, expectedStatus: 'pago', mail: deps.mail })
    if (isRefusal(moved)) return
  } else if (order.status !== 'em_separacao') return
  const shipped = await advanceOrder(deps.db, {
    code: order.code,
    actor: SYSTEM,
    expectedStatus: 'em_separacao',
    trackingCode: label.trackingCode,
    carrier,
    mail: deps.mail,
  })
  if (isRefusal(shipped)) deps.log.warn({ pedido: order.code, motivo: shipped.code }, 'etiqueta comprada, pedido não marcado como enviado')
}

/**
 * Cancels an order's label before it is posted: a paid one at the provider (its price back to the
 * account's balance), then the row; an order the label had shipped goes back to 'em separação' with
 * no tracking code, so a new label (or the manual path) ships it.
 */
export async function cancelLabel(deps: LabelDeps, input: { code: string; actor: Actor }): Promise<ShippingLabel | Refusal> {
  const code = input.code.trim().toUpperCase()
  const [order] = await deps.db.select().from(orders).where(eq(orders.code, code)).limit(1)
  if (!order) return refuse(ORDERS.notFound(code))
  const label = await liveLabel(deps.db, order.id)
  if (!label) return refuse(LABELS.none)
  if (label.status === 'postada' || label.status === 'entregue') return refuse(LABELS.notCancellable)
  const api = shippingProvider(deps.db).labels
  // Only a paid label costs anything; one still in the provider's cart lapses there by itself (7 days).
  const paid = label.providerOrderId && label.step !== 'novo' && label.step !== 'carrinho'
  if (paid && api) {
    try {
      await api.cancelLabel(label.providerOrderId!, `Pedido ${code}: etiqueta cancelada pela loja`)
    } catch (err) {
      if (err instanceof LabelError) return refuse(LABELS.providerRefused(err.message))
      throw err
    }
  }
  return transaction(deps.db, async (tx): Promise<ShippingLabel | Refusal> => {
    const now = new Date()
    const [cancelled] = await tx
      .update(shippingLabels)
      .set({ status: 'cancelada', cancelledAt: now, updatedAt: now })
      .where(and(eq(shippingLabels.id, label.id), inArray(shippingLabels.status, ['comprando', 'comprada'])))
      .returning()
    if (!cancelled) return refuse(LABELS.notCancellable)
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update').limit(1)
    const unship = current.status === 'enviado' && !!label.trackingCode && current.trackingCode === label.trackingCode
    if (unship) await tx.update(orders).set({ status: 'em_separacao', trackingCode: null, carrier: null, updatedAt: now }).where(eq(orders.id, order.id))
    const price = label.priceCents != null && paid ? ` (${formatCents(label.priceCents)} de volta ao saldo)` : ''
    await recordOrderEvent(tx, order.id, {
      kind: 'shipping',
      actor: input.actor,
      summary: `Etiqueta cancelada${price}${unship ? ' — pedido de volta a Em separação' : ''}`,
      data: { etiqueta: label.id, ...(unship ? { de: 'enviado', para: 'em_separacao' } : {}) },
    })
    await recordAudit(tx, {
      actor: input.actor,
      action: 'etiqueta.cancelar',
      entity: 'order',
      entityId: code,
      before: { etiqueta: label.status, status: current.status },
      after: { etiqueta: 'cancelada', status: unship ? 'em_separacao' : current.status },
    })
    return cancelled
  })
}

/**
 * What the provider says of a label, applied (a webhook's or the tracking round's): a tracking code
 * that came late ships the order; posted is recorded on the timeline; delivered moves the order to
 * 'entregue' through advanceOrder with the carrier's date, which starts the withdrawal window
 * (decision 0081); cancelled at the provider cancels the row. Each change once.
 */
export async function applyLabelState(deps: LabelDeps, label: ShippingLabel, state: LabelState, via: 'webhook' | 'rastreio'): Promise<void> {
  if (label.status === 'cancelada' || label.status === 'entregue') return
  const actor: Actor = via === 'webhook' ? { kind: 'system', job: 'webhook de frete' } : TRACKING
  if (label.status === 'comprada' && !label.trackingCode && state.trackingCode) {
    await deps.db.update(shippingLabels).set({ trackingCode: state.trackingCode, updatedAt: new Date() }).where(eq(shippingLabels.id, label.id))
    label = { ...label, trackingCode: state.trackingCode }
    await shipOrder(deps, { ...label, trackingCode: state.trackingCode })
  }
  const posted = state.postedAt ?? (state.status === 'posted' ? new Date() : null)
  if (label.status === 'comprada' && (posted || state.deliveredAt)) {
    const at = posted ?? state.deliveredAt!
    await transaction(deps.db, async (tx) => {
      const moved = await tx
        .update(shippingLabels)
        .set({ status: 'postada', postedAt: at, updatedAt: new Date() })
        .where(and(eq(shippingLabels.id, label.id), eq(shippingLabels.status, 'comprada')))
        .returning({ id: shippingLabels.id })
      if (moved.length)
        await recordOrderEvent(tx, label.orderId, {
          kind: 'shipping',
          actor,
          summary: 'Pacote postado na transportadora',
          data: { etiqueta: label.id, em: at.toISOString(), rastreio: true },
        })
    })
    label = { ...label, status: 'postada' }
  }
  const delivered = state.deliveredAt ?? (state.status === 'delivered' ? new Date() : null)
  if (delivered && label.status === 'postada') {
    const [order] = await deps.db.select({ code: orders.code, status: orders.status }).from(orders).where(eq(orders.id, label.orderId)).limit(1)
    if (order?.status === 'enviado') {
      const moved = await advanceOrder(deps.db, { code: order.code, actor, expectedStatus: 'enviado', now: delivered, mail: deps.mail })
      if (isRefusal(moved)) return
    }
    await deps.db
      .update(shippingLabels)
      .set({ status: 'entregue', deliveredAt: delivered, updatedAt: new Date() })
      .where(and(eq(shippingLabels.id, label.id), eq(shippingLabels.status, 'postada')))
  }
  if (state.canceledAt && label.status === 'comprada') {
    await deps.db
      .update(shippingLabels)
      .set({ status: 'cancelada', cancelledAt: state.canceledAt, updatedAt: new Date() })
      .where(eq(shippingLabels.id, label.id))
    await recordOrderEvent(deps.db, label.orderId, { kind: 'shipping', actor, summary: 'Etiqueta cancelada no Melhor Envio', data: { etiqueta: label.id } })
  }
}

/** Labels bought and not yet delivered, asked of the provider in batches: what no webhook reported (the 'rastreio-etiquetas' round). */
export async function trackingRound(deps: LabelDeps, batch = 50): Promise<number> {
  const api = shippingProvider(deps.db).labels
  if (!api) return 0
  const open = await deps.db
    .select()
    .from(shippingLabels)
    .where(inArray(shippingLabels.status, ['comprada', 'postada']))
    .orderBy(shippingLabels.updatedAt)
    .limit(500)
  let applied = 0
  for (let i = 0; i < open.length; i += batch) {
    const slice = open.slice(i, i + batch).filter((l) => l.providerOrderId)
    if (!slice.length) continue
    const states = await api.track(slice.map((l) => l.providerOrderId!))
    for (const label of slice) {
      const state = states.get(label.providerOrderId!)
      if (!state) continue
      await applyLabelState(deps, label, state, 'rastreio')
      applied++
    }
  }
  return applied
}

/**
 * A provider's webhook: its signature checked against the raw body first (a forged one is refused
 * and changes nothing), then the label's state fetched from the provider's API — the body only
 * names which label; what it claims is not trusted. A label the store does not know is acknowledged.
 */
export async function receiveLabelWebhook(deps: LabelDeps, rawBody: string, signature: string | null | undefined): Promise<{ applied: boolean } | Refusal> {
  const api = shippingProvider(deps.db).labels
  if (!api || !api.verifyWebhook(rawBody, signature)) return refuse(LABELS.badSignature)
  let id: unknown
  try {
    id = (JSON.parse(rawBody) as { data?: { id?: unknown } }).data?.id
  } catch {
    return refuse(LABELS.badWebhook)
  }
  if (typeof id !== 'string' || !id) return refuse(LABELS.badWebhook)
  const [label] = await deps.db.select().from(shippingLabels).where(eq(shippingLabels.providerOrderId, id)).limit(1)
  if (!label) return { applied: false }
  let state: LabelState | null
  try {
    state = await stateOf(api, id)
  } catch (err) {
    // The provider retries an unanswered webhook; the tracking round catches up meanwhile.
    if (err instanceof LabelError) return refuse(LABELS.trackingUnavailable)
    throw err
  }
  if (!state) return { applied: false }
  await applyLabelState(deps, label, state, 'webhook')
  return { applied: true }
}

/** The order page's label panel: the label (its cost beside what the shopper paid), and what this person may do with it now. */
export type LabelPanel = {
  /** The provider buys no labels (the store's table): the manual "Marcar como enviado" is the way. */
  manual: boolean
  servico: string | null
  /** The provider's price now for this parcel and service (shown before buying); null when it did not answer. */
  precoAtualCents: number | null
  pagoPeloClienteCents: number
  label: Pick<ShippingLabel, 'status' | 'step' | 'priceCents' | 'trackingCode' | 'printUrl' | 'error' | 'createdAt'> | null
  may: { buy: boolean; resume: boolean; cancel: boolean }
}

export async function labelPanel(deps: Pick<LabelDeps, 'db' | 'store'>, staff: { role: Role }, code: string, origin: string): Promise<LabelPanel | null> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.code, code)).limit(1)
  if (!order) return null
  const provider = shippingProvider(deps.db)
  const label = await liveLabel(deps.db, order.id)
  const allowed = can(staff.role, 'orders:advance')
  const frete = await loadFrete(deps.db, deps.store)
  const service = labelService(frete, order)
  const buy = allowed && !label && !labelRefusal(frete, provider.labels, order)
  let precoAtualCents: number | null = null
  if (buy && service) {
    const request = await labelRequest(deps.db, deps.store, frete, order, service, origin)
    const quote = await provider.quote({
      fromCep: request.from.postalCode.replace(/\D/g, ''),
      toCep: request.to.postalCode.replace(/\D/g, ''),
      items: request.items,
      subtotalCents: order.subtotalCents,
      services: frete.transportadoras.servicos,
      table: frete,
    })
    const s = quote.ok ? quote.services.find((q) => q.id === service) : undefined
    precoAtualCents = s?.ok ? s.priceCents : null
  }
  return {
    manual: !provider.labels,
    servico: service ? serviceName(frete, service) : null,
    precoAtualCents,
    pagoPeloClienteCents: order.shippingCents,
    label: label && {
      status: label.status,
      step: label.step,
      priceCents: label.priceCents,
      trackingCode: label.trackingCode,
      printUrl: label.printUrl,
      error: label.error,
      createdAt: label.createdAt,
    },
    may: {
      buy,
      resume: allowed && label?.status === 'comprando' && !!label.error,
      cancel: allowed && (label?.status === 'comprando' || label?.status === 'comprada'),
    },
  }
}

/** At most this many labels asked at once (one page of the order list). */
export const BULK_LABELS_MAX = 100

/**
 * The order list's bulk "Comprar etiquetas": requestLabel for each order, each in its own
 * transaction (one refused order does not stop the others); what was started and what was refused, with why.
 */
export async function requestLabels(
  deps: LabelDeps,
  input: { codes: readonly string[]; actor: Actor },
): Promise<{ iniciadas: string[]; recusadas: Array<{ pedido: string; motivo: string }> }> {
  const iniciadas: string[] = []
  const recusadas: Array<{ pedido: string; motivo: string }> = []
  for (const code of [...new Set(input.codes)].slice(0, BULK_LABELS_MAX)) {
    const r = await requestLabel(deps, { code, actor: input.actor })
    if (isRefusal(r)) recusadas.push({ pedido: code, motivo: r.message })
    else iniciadas.push(code)
  }
  return { iniciadas, recusadas }
}
