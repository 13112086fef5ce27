// An order's carrier label (docs/decisions/0128-shipping-providers.md, "Labels"): bought through the
// shipping provider's documented sequence — cart → checkout → generate → print — each step a job on
// the durable queue ('etiquetas') that records what it got before the next step is enqueued, in the
// same transaction. An order the carrier packs in several volumes gets one label per volume on a
// Correios service (one volume per shipment), one label holding them all on the others. A step that
// fails is retried from where it stopped; before paying or generating
// it asks the provider whether that was already done, so a crash between the provider's answer and
// the store's write never pays twice. The last step saves the tracking code and moves the order to
// 'enviado' through advanceOrder once every label of the order has its code, exactly as "Marcar como
// enviado" does (the buyer's e-mail included).
import { and, eq, inArray, ne, sql, type Column } from 'drizzle-orm'
import type { Logger } from 'pino'
import { ORDER_STATUS_NAMES } from '../../../contract/checkout'
import type { CarrierId } from '../../../contract/carriers'
import { formatCents } from '../../../contract/money'
import { ORDERS } from '../../../contract/messages/orders'
import { LABELS } from '../../../contract/messages/shipping-labels'
import type { Db } from '../../db/client'
import { invoices, orderItems, orders, products, shippingLabels, variationOptions, type LABEL_STEPS, type LabelParcel } from '../../db/schema'
import { transaction, type Tx } from '../../db/tx'
import { LabelError, type LabelApi, type LabelRequest, type LabelState, type ServiceQuote, type ShippingProvider } from '../../integrations/shipping/provider'
import { CORREIOS_SERVICES } from '../../integrations/shipping/melhorenvio-labels'
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
/** A Correios service takes one volume per shipment (decision 0128, "Volumes"); the others take several in one. */
const oneVolumePerLabel = (service: string) => CORREIOS_SERVICES.has(service)

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

/** The order's live labels (not cancelled), by volume. */
export async function liveLabels(db: Db | Tx, orderId: number): Promise<ShippingLabel[]> {
  return db
    .select()
    .from(shippingLabels)
    .where(and(eq(shippingLabels.orderId, orderId), ne(shippingLabels.status, 'cancelada')))
    .orderBy(shippingLabels.volume)
}

/** The order's first live label (its only one unless it ships in several volumes), if any. */
export async function liveLabel(db: Db | Tx, orderId: number): Promise<ShippingLabel | null> {
  return (await liveLabels(db, orderId))[0] ?? null
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
    volumes: [],
    invoiceKey: invoice?.key ?? null,
    reference: order.code,
    referenceUrl: `${origin.replace(/\/$/, '')}/admin/pedidos/${order.code}`,
  }
}

/** One label's share of the order's request: its volumes and, when the order ships in several labels, only its items and their value. */
export function parcelRequest(request: LabelRequest, parcel: LabelParcel | null): LabelRequest {
  if (!parcel) return request
  if (!parcel.products) return { ...request, volumes: parcel.volumes }
  const items = parcel.products.flatMap(({ id, quantity }) => {
    const item = request.items.find((i) => i.id === id)
    return item ? [{ ...item, quantity }] : []
  })
  return { ...request, items, volumes: parcel.volumes, insuredCents: items.reduce((sum, i) => sum + i.unitCents * i.quantity, 0) }
}

/** The provider's quote now for this order's parcel and service (the label's price, and the packages the carrier packs it in). */
async function quoteService(provider: ShippingProvider, frete: Frete, order: OrderRow, request: LabelRequest): Promise<ServiceQuote | null> {
  const quote = await provider.quote({
    fromCep: request.from.postalCode.replace(/\D/g, ''),
    toCep: request.to.postalCode.replace(/\D/g, ''),
    items: request.items,
    subtotalCents: order.subtotalCents,
    services: frete.transportadoras.servicos,
    table: frete,
  })
  return (quote.ok && quote.services.find((q) => q.id === request.service)) || null
}

/**
 * The order's labels, one parcel each (decision 0128, "Volumes"): the packages the carrier's quote
 * packs the items in, all in one label — or, on a Correios service, one label per package with the
 * items the quote put in it. A quote without packages (or none now): one label, the items stacked in
 * one volume. A Correios quote of several packages that does not say what each holds is refused
 * rather than guessed.
 */
function planParcels(quoted: ServiceQuote | null, service: string): Array<LabelParcel | null> | Refusal {
  const packages = quoted?.ok ? quoted.packages : undefined
  if (!packages?.length) return [null]
  const volume = (p: (typeof packages)[number]) => ({ height: p.height, width: p.width, length: p.length, weight: p.weight })
  if (packages.length === 1 || !oneVolumePerLabel(service)) return [{ volumes: packages.map(volume), products: null }]
  if (packages.some((p) => !p.products?.length)) return refuse(LABELS.volumesUnknown)
  return packages.map((p) => ({ volumes: [volume(p)], products: p.products }))
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
  const provider = shippingProvider(deps.db)
  const api = provider.labels
  const frete = await loadFrete(deps.db, deps.store)
  const code = input.code.trim().toUpperCase()
  // The carrier is asked how it packs the parcel before the transaction: nothing is asked while rows are locked.
  const [found] = await deps.db.select().from(orders).where(eq(orders.code, code)).limit(1)
  let parcels: Array<LabelParcel | null> = [null]
  const service = found && labelService(frete, found)
  if (found && service && !labelRefusal(frete, api, found) && !(await liveLabel(deps.db, found.id))) {
    const request = await labelRequest(deps.db, deps.store, frete, found, service, labelOrigin(deps))
    const planned = planParcels(await quoteService(provider, frete, found, request), service)
    if (isRefusal(planned)) return planned
    parcels = planned
  }
  return transaction(deps.db, async (tx): Promise<ShippingLabel | Refusal> => {
    const [order] = await tx.select().from(orders).where(eq(orders.code, code)).for('update').limit(1)
    if (!order) return refuse(ORDERS.notFound(code))
    const existing = await liveLabels(tx, order.id)
    const stopped = existing.filter((l) => l.status === 'comprando' && l.error)
    if (stopped.length) {
      const resumed = await tx
        .update(shippingLabels)
        .set({ error: null, updatedAt: new Date() })
        .where(
          inArray(
            shippingLabels.id,
            stopped.map((l) => l.id),
          ),
        )
        .returning()
      for (const l of stopped) await enqueue(tx, 'etiquetas', { labelId: l.id })
      await recordAudit(tx, { actor: input.actor, action: 'etiqueta.retomar', entity: 'order', entityId: code, after: { passo: stopped[0].step } })
      return resumed.sort((a, b) => a.volume - b.volume)[0]
    }
    if (existing.length) return refuse(LABELS.exists)
    const refusal = labelRefusal(frete, api, order)
    if (refusal) return refusal
    const chosen = labelService(frete, order)!
    const plan = chosen === service ? parcels : [null]
    const labels = await tx
      .insert(shippingLabels)
      .values(plan.map((parcel, i) => ({ orderId: order.id, provider: provider.name, service: chosen, volume: i + 1, volumes: plan.length, parcel })))
      .returning()
    for (const label of labels) await enqueue(tx, 'etiquetas', { labelId: label.id })
    const several = plan.length > 1
    await recordOrderEvent(tx, order.id, {
      kind: 'shipping',
      actor: input.actor,
      summary: `Compra da etiqueta ${serviceName(frete, chosen)} iniciada${several ? ` (${plan.length} volumes, uma etiqueta cada)` : ''}`,
      data: { etiqueta: labels[0].id, servico: chosen, ...(several ? { etiquetas: labels.map((l) => l.id) } : {}) },
    })
    await recordAudit(tx, {
      actor: input.actor,
      action: 'etiqueta.comprar',
      entity: 'order',
      entityId: code,
      after: { servico: chosen, ...(several ? { volumes: plan.length } : {}) },
    })
    return labels[0]
  })
}

const labelOrigin = (deps: LabelDeps) => deps.origin ?? deps.mail?.origin ?? deps.mail?.env.PUBLIC_URL ?? 'http://localhost'

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
        const request = await labelRequest(deps.db, deps.store, await loadFrete(deps.db, deps.store), order, label.service, labelOrigin(deps))
        const cart = await api.cartLabel(parcelRequest(request, label.parcel))
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
        if (done && state?.trackingCode) await shipWhenAllBought(deps, label.orderId)
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
 * Once every live label of the order is bought with its tracking code: the first volume's code on
 * the order, and the order to 'enviado' through advanceOrder, as "Marcar como enviado" does (the
 * timeline, the audit and the buyer's e-mail with the link); a paid order passes 'em separação'
 * first, the same function's step. Two volumes finishing together: advanceOrder's expected status
 * lets one of them move the order, once.
 */
async function shipWhenAllBought(deps: LabelDeps, orderId: number): Promise<void> {
  const labels = await liveLabels(deps.db, orderId)
  if (!labels.length || labels.some((l) => l.status === 'comprando' || !l.trackingCode)) return
  await shipOrder(deps, { orderId, service: labels[0].service, trackingCode: labels[0].trackingCode! })
}

async function shipOrder(deps: LabelDeps, label: { orderId: number; service: string; trackingCode: string }): Promise<void> {
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
  const labels = await liveLabels(deps.db, order.id)
  if (!labels.length) return refuse(LABELS.none)
  // An order's labels go together: once one of its volumes is posted, none is cancelled.
  if (labels.some((l) => l.status === 'postada' || l.status === 'entregue')) return refuse(LABELS.notCancellable)
  const api = shippingProvider(deps.db).labels
  // Only a paid label costs anything; one still in the provider's cart lapses there by itself (7 days).
  const isPaid = (l: ShippingLabel) => !!l.providerOrderId && l.step !== 'novo' && l.step !== 'carrinho'
  const cancelled: ShippingLabel[] = []
  let refused: Refusal | null = null
  for (const label of labels) {
    if (isPaid(label) && api) {
      try {
        await api.cancelLabel(label.providerOrderId!, `Pedido ${code}: etiqueta cancelada pela loja`)
      } catch (err) {
        if (!(err instanceof LabelError)) throw err
        // The volumes cancelled so far are recorded; the rest stay live, and cancelling again goes on from there.
        refused = refuse(LABELS.providerRefused(err.message))
        break
      }
    }
    cancelled.push(label)
  }
  if (!cancelled.length) return refused!
  const done = await transaction(deps.db, async (tx): Promise<ShippingLabel | Refusal> => {
    const now = new Date()
    const rows = await tx
      .update(shippingLabels)
      .set({ status: 'cancelada', cancelledAt: now, updatedAt: now })
      .where(
        and(
          inArray(
            shippingLabels.id,
            cancelled.map((l) => l.id),
          ),
          inArray(shippingLabels.status, ['comprando', 'comprada']),
        ),
      )
      .returning()
    if (!rows.length) return refuse(LABELS.notCancellable)
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update').limit(1)
    const codes = new Set(labels.map((l) => l.trackingCode).filter(Boolean))
    const unship = current.status === 'enviado' && !!current.trackingCode && codes.has(current.trackingCode)
    if (unship) await tx.update(orders).set({ status: 'em_separacao', trackingCode: null, carrier: null, updatedAt: now }).where(eq(orders.id, order.id))
    const refunded = rows.filter((l) => isPaid(l) && l.priceCents != null)
    const price = refunded.length ? ` (${formatCents(refunded.reduce((sum, l) => sum + l.priceCents!, 0))} de volta ao saldo)` : ''
    const what = labels.length > 1 ? `Etiquetas canceladas (${rows.length} de ${labels.length} volumes)` : 'Etiqueta cancelada'
    await recordOrderEvent(tx, order.id, {
      kind: 'shipping',
      actor: input.actor,
      summary: `${what}${price}${unship ? ' — pedido de volta a Em separação' : ''}`,
      data: {
        etiqueta: rows[0].id,
        ...(rows.length > 1 ? { etiquetas: rows.map((l) => l.id) } : {}),
        ...(unship ? { de: 'enviado', para: 'em_separacao' } : {}),
      },
    })
    await recordAudit(tx, {
      actor: input.actor,
      action: 'etiqueta.cancelar',
      entity: 'order',
      entityId: code,
      before: { etiqueta: labels[0].status, status: current.status },
      after: { etiqueta: 'cancelada', status: unship ? 'em_separacao' : current.status, ...(labels.length > 1 ? { volumes: rows.length } : {}) },
    })
    return rows.sort((a, b) => a.volume - b.volume)[0]
  })
  return refused ?? done
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
    await shipWhenAllBought(deps, label.orderId)
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
          summary: label.volumes > 1 ? `Volume ${label.volume} de ${label.volumes} postado na transportadora` : 'Pacote postado na transportadora',
          data: { etiqueta: label.id, em: at.toISOString(), rastreio: true },
        })
    })
    label = { ...label, status: 'postada' }
  }
  const delivered = state.deliveredAt ?? (state.status === 'delivered' ? new Date() : null)
  if (delivered && label.status === 'postada') {
    const moved = await deps.db
      .update(shippingLabels)
      .set({ status: 'entregue', deliveredAt: delivered, updatedAt: new Date() })
      .where(and(eq(shippingLabels.id, label.id), eq(shippingLabels.status, 'postada')))
      .returning({ id: shippingLabels.id })
    if (moved.length && label.volumes > 1)
      await recordOrderEvent(deps.db, label.orderId, {
        kind: 'shipping',
        actor,
        summary: `Volume ${label.volume} de ${label.volumes} entregue`,
        data: { etiqueta: label.id, em: delivered.toISOString(), rastreio: true },
      })
    if (moved.length) await deliverWhenAllDelivered(deps, label, actor)
  }
  if (state.canceledAt && label.status === 'comprada') {
    await deps.db
      .update(shippingLabels)
      .set({ status: 'cancelada', cancelledAt: state.canceledAt, updatedAt: new Date() })
      .where(eq(shippingLabels.id, label.id))
    await recordOrderEvent(deps.db, label.orderId, { kind: 'shipping', actor, summary: 'Etiqueta cancelada no Melhor Envio', data: { etiqueta: label.id } })
  }
}

/**
 * The order to 'entregue' once every live label of it is delivered, through advanceOrder with the
 * last volume's delivery date, which starts the withdrawal window (decision 0081). Each label is
 * written delivered before this looks, so of two volumes delivered together at least one sees both,
 * and advanceOrder's expected status lets only one move the order.
 */
async function deliverWhenAllDelivered(deps: LabelDeps, label: ShippingLabel, actor: Actor): Promise<void> {
  const labels = await liveLabels(deps.db, label.orderId)
  if (labels.some((l) => l.status !== 'entregue' || !l.deliveredAt)) return
  const [order] = await deps.db.select({ code: orders.code, status: orders.status }).from(orders).where(eq(orders.id, label.orderId)).limit(1)
  if (order?.status !== 'enviado') return
  const last = new Date(Math.max(...labels.map((l) => l.deliveredAt!.getTime())))
  const moved = await advanceOrder(deps.db, { code: order.code, actor, expectedStatus: 'enviado', now: last, mail: deps.mail })
  if (isRefusal(moved)) deps.log.warn({ pedido: order.code, motivo: moved.code }, 'volumes entregues, pedido não marcado como entregue')
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
  /** The order's live labels, one per volume on a Correios service (usually one). */
  labels: Array<Pick<ShippingLabel, 'volume' | 'volumes' | 'status' | 'step' | 'priceCents' | 'trackingCode' | 'printUrl' | 'error' | 'createdAt'>>
  may: { buy: boolean; resume: boolean; cancel: boolean }
}

export async function labelPanel(deps: Pick<LabelDeps, 'db' | 'store'>, staff: { role: Role }, code: string, origin: string): Promise<LabelPanel | null> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.code, code)).limit(1)
  if (!order) return null
  const provider = shippingProvider(deps.db)
  const labels = await liveLabels(deps.db, order.id)
  const allowed = can(staff.role, 'orders:advance')
  const frete = await loadFrete(deps.db, deps.store)
  const service = labelService(frete, order)
  const buy = allowed && !labels.length && !labelRefusal(frete, provider.labels, order)
  let precoAtualCents: number | null = null
  if (buy && service) {
    const s = await quoteService(provider, frete, order, await labelRequest(deps.db, deps.store, frete, order, service, origin))
    precoAtualCents = s?.ok ? s.priceCents : null
  }
  return {
    manual: !provider.labels,
    servico: service ? serviceName(frete, service) : null,
    precoAtualCents,
    pagoPeloClienteCents: order.shippingCents,
    labels: labels.map((l) => ({
      volume: l.volume,
      volumes: l.volumes,
      status: l.status,
      step: l.step,
      priceCents: l.priceCents,
      trackingCode: l.trackingCode,
      printUrl: l.printUrl,
      error: l.error,
      createdAt: l.createdAt,
    })),
    may: {
      buy,
      resume: allowed && labels.some((l) => l.status === 'comprando' && !!l.error),
      cancel: allowed && labels.length > 0 && labels.every((l) => l.status === 'comprando' || l.status === 'comprada'),
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
