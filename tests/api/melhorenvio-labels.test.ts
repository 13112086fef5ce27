// Labels and tracking with SHIPPING_PROVIDER=melhorenvio, against the fake Melhor Envio on loopback
// (tests/support/fake-melhorenvio.ts): the documented sequence cart → checkout → generate → print,
// each step a job resumed after a failure without paying twice; cancelling; a signed webhook and the
// tracking round moving the order to 'entregue'; a forged webhook refused.
import { and, desc, eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SHIPPING } from '../../contract/messages/cart-reasons'
import { LABELS } from '../../contract/messages/shipping-labels'
import { LIMIT_RULES } from '../../server/domain/account/limits'
import type { Database, Db } from '../../server/db/client'
import { invoices, orderEvents, orders, products, rateLimits, shippingLabels } from '../../server/db/schema'
import { productsWithoutMeasures } from '../../server/domain/shipping/admin'
import { afterSaleView, deliveredAt } from '../../server/domain/after-sale/after-sale'
import { listAdminOrders } from '../../server/domain/order/admin-list'
import { isRefusal, type Refusal } from '../../server/domain/refusal'
import { setShippingProvider } from '../../server/domain/shipping/gateway'
import {
  cancelLabel,
  receiveLabelWebhook,
  requestLabel,
  requestLabels,
  runLabelStep,
  trackingRound,
  type LabelDeps,
  type ShippingLabel,
} from '../../server/domain/shipping/labels'
import { createMelhorEnvioProvider } from '../../server/integrations/shipping/melhorenvio'
import { cartBody } from '../../server/integrations/shipping/melhorenvio-labels'
import { FIXTURE } from '../support/cart-fixtures'
import { createTableProvider } from '../../server/integrations/shipping/tabela'
import { LabelError } from '../../server/integrations/shipping/provider'
import { storeProfile } from '../../server/store-profile'
import { createTestApp, testEnv } from '../support/app'
import { insertCatalogFixture } from '../support/catalog-fixtures'
import { installTestSandbox } from '../support/checkout'
import { createTestDatabase, testDbKind } from '../support/db'
import { FAKE_ME, startFakeMelhorEnvio, type FakeMelhorEnvio, type LabelPath } from '../support/fake-melhorenvio'
import { placeTestOrder, type OrderBed } from '../support/order-bed'

const bed = { env: { ...testEnv, dataDir: `${testEnv.dataDir}-etiquetas-${process.pid}` } } as OrderBed
let database: Database
let db: Db
let fake: FakeMelhorEnvio
const log = pino({ level: 'silent' })
const staffActor = { kind: 'staff' as const, staffId: 1, name: 'Operação Teste', ip: null }
let deps: LabelDeps
let n = 0

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  Object.assign(bed, { database, db, fx: await insertCatalogFixture(db), sandbox: installTestSandbox(db) })
  fake = await startFakeMelhorEnvio()
  useMelhorEnvio()
  const mail = { db, env: bed.env, store: storeProfile, log }
  deps = { ...mail, mail }
})
afterAll(async () => {
  await fake?.close()
  await database?.close()
})
beforeEach(() => {
  fake.reset()
  useMelhorEnvio()
})

function useMelhorEnvio() {
  setShippingProvider(
    db,
    createMelhorEnvioProvider({
      token: FAKE_ME.token,
      apiUrl: fake.url,
      userAgent: FAKE_ME.userAgent,
      webhookSecret: FAKE_ME.webhookSecret,
      log,
    }),
  )
}

/** A paid card order of a new shopper. */
async function paidOrder(): Promise<string> {
  const { code } = await placeTestOrder(bed, `etq${++n}`, 'cartao')
  const [o] = await db.select({ status: orders.status }).from(orders).where(eq(orders.code, code))
  expect(o.status).toBe('pago')
  return code
}
const orderOf = async (code: string) => (await db.select().from(orders).where(eq(orders.code, code)))[0]
const labelOf = async (code: string): Promise<ShippingLabel> =>
  (
    await db
      .select()
      .from(shippingLabels)
      .where(eq(shippingLabels.orderId, (await orderOf(code)).id))
      .orderBy(desc(shippingLabels.id))
      .limit(1)
  )[0]
const ok = <T>(v: T | Refusal): T => {
  if (isRefusal(v)) throw new Error(`recusado: ${v.code}`)
  return v
}

/** The queue's work, done by hand: each step until none is left; a step that throws is "retried" by the next loop. */
async function runSteps(labelId: number, maxThrows = 0): Promise<number> {
  let thrown = 0
  for (let i = 0; i < 12; i++) {
    try {
      if ((await runLabelStep(deps, labelId)) === null) return thrown
    } catch (err) {
      expect(err).toBeInstanceOf(LabelError)
      if (++thrown > maxThrows) throw err
    }
  }
  return thrown
}
async function queuedJobs(queue: string): Promise<number> {
  const rows = (await database.raw.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`, [queue])) as Array<{ n: number }>
  return rows[0].n
}
async function shippedMails(code: string): Promise<number> {
  const rows = (await database.raw.query(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'email' AND data->'pedido'->>'code' = $1 AND data->'pedido'->>'kind' = 'enviado'`,
    [code],
  )) as Array<{ n: number }>
  return rows[0].n
}

describe(`Melhor Envio labels (${testDbKind})`, () => {
  it('buys a label through cart, checkout, generate and print, and ships the order as "Marcar como enviado" does', async () => {
    const code = await paidOrder()
    const jobsBefore = await queuedJobs('etiquetas')
    const label = ok(await requestLabel(deps, { code, actor: staffActor }))
    expect(label).toMatchObject({ status: 'comprando', step: 'novo', service: '1', provider: 'melhorenvio' })
    expect(await queuedJobs('etiquetas')).toBe(jobsBefore + 1)
    await runSteps(label.id)

    expect(fake.calls).toMatchObject({ cart: 1, checkout: 1, generate: 1, print: 1 })
    expect(fake.charges()).toBe(1)
    const cart = fake.received.find((r) => r.body && 'volumes' in r.body)!.body!
    const order = await orderOf(code)
    expect(cart).toMatchObject({
      service: 1,
      from: { company_document: storeProfile.cnpj.replace(/\D/g, ''), postal_code: storeProfile.endereco.cep.replace('-', '') },
      to: { document: order.buyerCpf.replace(/\D/g, ''), phone: '11987654321', postal_code: order.shippingAddress.cep.replace('-', '') },
      options: { non_commercial: true, insurance_value: order.subtotalCents / 100 },
    })
    expect(cart.options).not.toHaveProperty('invoice')
    const print = fake.received.find((r) => r.body?.mode)!.body!
    expect(print).toEqual({ mode: 'public', orders: [label.providerOrderId ?? expect.any(String)] })

    const bought = await labelOf(code)
    const shipment = fake.shipments.get(bought.providerOrderId!)!
    expect(bought).toMatchObject({ status: 'comprada', step: 'impressa', trackingCode: shipment.tracking, error: null })
    expect(bought.priceCents).toBe(Math.round(shipment.price * 100))
    expect(bought.printUrl).toMatch(/^https:\/\/melhorenvio\.com\.br\/imprimir\//)
    const shipped = await orderOf(code)
    expect(shipped).toMatchObject({ status: 'enviado', trackingCode: shipment.tracking, carrier: 'correios' })
    expect(await shippedMails(code)).toBe(1)
    // Nothing more runs for it: a duplicate job does nothing.
    expect(await runLabelStep(deps, label.id)).toBeNull()
    expect(fake.calls.cart).toBe(1)
    // A second label while one is live is refused.
    const again = await requestLabel(deps, { code, actor: staffActor })
    expect(isRefusal(again) && again.code).toBe(LABELS.exists.code)
  })

  it('names the authorized NF-e by its key (a commercial shipment) when the order has one', async () => {
    const code = await paidOrder()
    const key = '35261212345678000195550010000001231000001230'
    await db.insert(invoices).values({ orderId: (await orderOf(code)).id, source: 'erp', status: 'autorizada', accessKey: key })
    const label = ok(await requestLabel(deps, { code, actor: staffActor }))
    await runSteps(label.id)
    const cart = fake.received.find((r) => r.body && 'volumes' in r.body)!.body!
    expect(cart.options).toMatchObject({ non_commercial: false, invoice: { key } })
  })

  for (const route of ['cart', 'checkout', 'generate', 'print'] as LabelPath[])
    it(`resumes after a failure at ${route} from the step that failed, paying once`, async () => {
      const code = await paidOrder()
      const label = ok(await requestLabel(deps, { code, actor: staffActor }))
      fake.failLabel(route, '500')
      expect(await runSteps(label.id, 1)).toBe(1)
      expect(fake.calls).toMatchObject({ cart: 1, checkout: 1, generate: 1, print: 1 })
      expect(fake.charges()).toBe(1)
      expect((await orderOf(code)).status).toBe('enviado')
    })

  it('a checkout whose answer was lost is not paid again: the provider is asked first', async () => {
    const code = await paidOrder()
    const label = ok(await requestLabel(deps, { code, actor: staffActor }))
    fake.loseAnswer('checkout')
    expect(await runSteps(label.id, 1)).toBe(1)
    expect(fake.calls.checkout).toBe(1)
    expect(fake.charges()).toBe(1)
    expect((await labelOf(code)).status).toBe('comprada')
  })

  it("a provider's refusal stops the purchase with its words; asked again, it resumes from that step", async () => {
    const code = await paidOrder()
    const label = ok(await requestLabel(deps, { code, actor: staffActor }))
    await runLabelStep(deps, label.id) // the cart
    const id = (await labelOf(code)).providerOrderId!
    fake.shipments.get(id)!.status = 'released' // the checkout refuses: "já foi pago" — yet tracking says unpaid
    fake.shipments.get(id)!.paid_at = null
    expect(await runLabelStep(deps, label.id)).toBe('carrinho')
    const stopped = await labelOf(code)
    expect(stopped).toMatchObject({ status: 'comprando', step: 'carrinho' })
    expect(stopped.error).toMatch(/já foi pago/)
    fake.shipments.get(id)!.status = 'pending'
    ok(await requestLabel(deps, { code, actor: staffActor }))
    await runSteps(label.id)
    expect((await labelOf(code)).status).toBe('comprada')
    expect(fake.calls.cart).toBe(1)
  })

  it('cancels a label before posting: refunded at the provider, the order back to em separação', async () => {
    const code = await paidOrder()
    const label = ok(await requestLabel(deps, { code, actor: staffActor }))
    await runSteps(label.id)
    const id = (await labelOf(code)).providerOrderId!
    const cancelled = ok(await cancelLabel(deps, { code, actor: staffActor }))
    expect(cancelled.status).toBe('cancelada')
    expect(fake.shipments.get(id)!.status).toBe('canceled')
    expect(fake.charges()).toBe(0)
    const cancelBody = fake.received.find((r) => r.body?.order)!.body!
    expect(cancelBody).toEqual({ order: { id, reason_id: '2', description: expect.stringContaining(code) } })
    expect(await orderOf(code)).toMatchObject({ status: 'em_separacao', trackingCode: null })
    // A new label may be bought now.
    const second = ok(await requestLabel(deps, { code, actor: staffActor }))
    await runSteps(second.id)
    expect((await orderOf(code)).status).toBe('enviado')
    fake.move((await labelOf(code)).providerOrderId!, 'posted')
    await trackingRound(deps)
    const refused = await cancelLabel(deps, { code, actor: staffActor })
    expect(isRefusal(refused) && refused.code).toBe(LABELS.notCancellable.code)
  })

  it('a signed webhook moves the order to entregue with the carrier’s date, read from the API; a forged one changes nothing', async () => {
    const code = await paidOrder()
    const label = ok(await requestLabel(deps, { code, actor: staffActor }))
    await runSteps(label.id)
    const id = (await labelOf(code)).providerOrderId!
    const when = new Date(Date.now() - 2 * 3600_000)
    when.setSeconds(0, 0)
    fake.move(id, 'delivered', when)
    const { request } = createTestApp(db)
    const post = (body: string, signature: string) =>
      request('/_next/api/frete/webhook/', { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-me-signature': signature } })

    const forged = fake.webhook(id, 'order.delivered', 'outro-segredo-qualquer-000000')
    expect((await post(forged.body, forged.signature)).status).toBe(401)
    const signed = fake.webhook(id, 'order.delivered')
    expect((await post(signed.body.replace('"delivered"', '"posted"'), signed.signature)).status).toBe(401)
    expect((await orderOf(code)).status).toBe('enviado')

    const res = await post(signed.body, signed.signature)
    expect(res.status).toBe(200)
    const order = await orderOf(code)
    expect(order.status).toBe('entregue')
    expect((await labelOf(code)).deliveredAt?.toISOString()).toBe(when.toISOString())
    // The withdrawal window counts from the carrier's date, not the webhook's.
    expect((await deliveredAt(db, order))?.toISOString()).toBe(when.toISOString())
    const events = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'shipping')))
    expect(events.map((e) => e.summary)).toContain('Pacote postado na transportadora')
    // The customer's order page: the carrier, the code, its tracking link and the carrier's events.
    const view = await afterSaleView(db, storeProfile, order)
    expect(view.rastreio).toMatchObject({
      codigo: order.trackingCode,
      transportadora: 'Correios',
      url: expect.stringContaining(`objetos=${order.trackingCode}`),
      eventos: [{ data: when.toISOString(), texto: 'Pacote postado na transportadora' }],
    })
    expect(view.etapas.find((e) => e.chave === 'delivered')).toMatchObject({ feito: true, data: when.toISOString() })
    // The same webhook again changes nothing more.
    expect((await post(signed.body, signed.signature)).status).toBe(200)
  })

  it('a webhook whose body lies is checked at the API: a "delivered" the carrier has not scanned moves nothing', async () => {
    const code = await paidOrder()
    const label = ok(await requestLabel(deps, { code, actor: staffActor }))
    await runSteps(label.id)
    const id = (await labelOf(code)).providerOrderId!
    const body = JSON.stringify({ event: 'order.delivered', data: { id, status: 'delivered' } })
    const { meSignature } = await import('../support/fake-melhorenvio')
    ok(await receiveLabelWebhook(deps, body, meSignature(body)))
    expect((await orderOf(code)).status).toBe('enviado')
  })

  it('the tracking round delivers what no webhook reported', async () => {
    const code = await paidOrder()
    const label = ok(await requestLabel(deps, { code, actor: staffActor }))
    await runSteps(label.id)
    fake.move((await labelOf(code)).providerOrderId!, 'delivered')
    expect(await trackingRound(deps)).toBeGreaterThan(0)
    expect((await orderOf(code)).status).toBe('entregue')
    expect((await labelOf(code)).status).toBe('entregue')
  })

  it('with the store’s table no label is bought: the manual path stays', async () => {
    setShippingProvider(db, createTableProvider())
    const code = await paidOrder()
    const refused = await requestLabel(deps, { code, actor: staffActor })
    expect(isRefusal(refused) && refused.code).toBe(LABELS.noProvider.code)
    const webhook = await receiveLabelWebhook(deps, '{}', 'x')
    expect(isRefusal(webhook) && webhook.code).toBe(LABELS.badSignature.code)
  })

  it('limits the shipping quotes per IP: past the rule, a clear 429 and no call to the carrier', async () => {
    const { request } = createTestApp(db)
    const ask = (ip: string, cep: string) => request('/_next/api/frete/estimar/', { method: 'POST', json: { cep }, headers: { 'x-forwarded-for': ip } })
    await db.insert(rateLimits).values({ key: `freteIp:${'203.0.113.7'}`, points: LIMIT_RULES.freteIp.points, expire: new Date(Date.now() + 60_000) })
    const before = fake.received.length
    const res = await ask('203.0.113.7', '01001-000')
    expect(res.status).toBe(429)
    expect(await res.json()).toMatchObject({ msg: SHIPPING.muitasConsultas.message })
    expect(fake.received.length).toBe(before)
    expect((await ask('203.0.113.8', '01001-000')).status).toBe(200)
  })

  it('the order list filters by shipping and shows the label: to buy, posted, delivered', async () => {
    const toBuy = await paidOrder()
    const posted = await paidOrder()
    const label = ok(await requestLabel(deps, { code: posted, actor: staffActor }))
    await runSteps(label.id)
    fake.move((await labelOf(posted)).providerOrderId!, 'posted')
    await trackingRound(deps)
    const codes = async (envio: 'etiqueta_a_comprar' | 'postado' | 'entregue') => {
      const list = ok(await listAdminOrders(db, { envio, por: 100 }))
      return list.rows.map((r) => r.code)
    }
    expect(await codes('etiqueta_a_comprar')).toContain(toBuy)
    expect(await codes('etiqueta_a_comprar')).not.toContain(posted)
    expect(await codes('postado')).toContain(posted)
    expect(await codes('postado')).not.toContain(toBuy)
    const all = ok(await listAdminOrders(db, { q: posted }))
    expect(all.rows[0].etiqueta).toBe('postada')
  })

  it('buys labels in bulk: each order on its own, a refused one named with its reason', async () => {
    const a = await paidOrder()
    const b = await paidOrder()
    ok(await requestLabel(deps, { code: b, actor: staffActor }))
    const r = await requestLabels(deps, { codes: [a, b, a], actor: staffActor })
    expect(r.iniciadas).toEqual([a])
    expect(r.recusadas).toEqual([{ pedido: b, motivo: LABELS.exists.message }])
    await runSteps((await labelOf(a)).id)
    expect((await orderOf(a)).status).toBe('enviado')
  })

  it('the Frete page lists the active products without measures (they ship in the default box)', async () => {
    const [p] = await db.select({ id: products.id }).from(products).where(eq(products.active, true)).limit(1)
    await db.update(products).set({ pesoG: 0 }).where(eq(products.id, p.id))
    const missing = await productsWithoutMeasures(db)
    expect(missing.rows.map((r) => r.id)).toContain(p.id)
    expect(missing.total).toBeGreaterThanOrEqual(1)
    expect(missing.rows.every((r) => !r.alturaMm || !r.larguraMm || !r.comprimentoMm || !r.pesoG)).toBe(true)
  })
})

describe(`Melhor Envio labels in several volumes (${testDbKind})`, () => {
  /** Two 60 cm cubes of 5 kg: the fake packs them in two packages (height + width + length over 200 cm stacked). */
  async function bulkyOrder(service?: '3'): Promise<string> {
    const id = bed.fx.ids[FIXTURE.CAPA]
    const [before] = await db.select().from(products).where(eq(products.id, id))
    await db.update(products).set({ alturaMm: 600, larguraMm: 600, comprimentoMm: 600, pesoG: 5000 }).where(eq(products.id, id))
    try {
      const { code } = await placeTestOrder(bed, `vol${++n}`, 'cartao', { quantity: 2 })
      if (service) await db.update(orders).set({ shippingService: service }).where(eq(orders.code, code))
      const label = ok(await requestLabel(deps, { code, actor: staffActor }))
      expect(label.volume).toBe(1)
      return code
    } finally {
      const { alturaMm, larguraMm, comprimentoMm, pesoG } = before
      await db.update(products).set({ alturaMm, larguraMm, comprimentoMm, pesoG }).where(eq(products.id, id))
    }
  }
  const labelsOf = async (code: string): Promise<ShippingLabel[]> =>
    db
      .select()
      .from(shippingLabels)
      .where(eq(shippingLabels.orderId, (await orderOf(code)).id))
      .orderBy(shippingLabels.volume)
  const carts = () => fake.received.filter((r) => r.body && 'volumes' in r.body).map((r) => r.body!)

  it('on a Correios service, buys one label per volume with its items, and ships the order once', async () => {
    const code = await bulkyOrder()
    const labels = await labelsOf(code)
    expect(labels.map((l) => [l.volume, l.volumes, l.status])).toEqual([
      [1, 2, 'comprando'],
      [2, 2, 'comprando'],
    ])
    expect(labels.every((l) => l.parcel?.volumes.length === 1 && l.parcel.products?.[0].quantity === 1)).toBe(true)
    // Every step but the last of each, then both last steps at once: the order moves once.
    for (const l of labels) for (let i = 0; i < 3; i++) await runLabelStep(deps, l.id)
    expect((await orderOf(code)).status).toBe('pago')
    await Promise.all(labels.map((l) => runLabelStep(deps, l.id)))

    expect(fake.calls).toMatchObject({ cart: 2, checkout: 2, generate: 2, print: 2 })
    expect(fake.charges()).toBe(2)
    // Each cart item: one volume (an object, as the official plugin sends a Correios one), one unit, its value insured.
    const order = await orderOf(code)
    for (const cart of carts()) {
      expect(Array.isArray(cart.volumes)).toBe(false)
      expect(cart.volumes).toEqual({ height: 60, width: 60, length: 60, weight: 5 })
      expect(cart.products).toEqual([expect.objectContaining({ quantity: 1 })])
      expect((cart.options as { insurance_value: number }).insurance_value).toBe(order.subtotalCents / 2 / 100)
    }
    const bought = await labelsOf(code)
    expect(bought.map((l) => l.status)).toEqual(['comprada', 'comprada'])
    expect(new Set(bought.map((l) => l.trackingCode)).size).toBe(2)
    expect(order).toMatchObject({ status: 'enviado', trackingCode: bought[0].trackingCode, carrier: 'correios' })
    expect(await shippedMails(code)).toBe(1)
    // Never bought twice: the jobs again do nothing, a new purchase is refused.
    for (const l of bought) expect(await runLabelStep(deps, l.id)).toBeNull()
    expect(fake.calls.cart).toBe(2)
    const again = await requestLabel(deps, { code, actor: staffActor })
    expect(isRefusal(again) && again.code).toBe(LABELS.exists.code)

    // The customer's order page: every volume's code and link.
    const view = await afterSaleView(db, storeProfile, order)
    expect(view.rastreio?.volumes).toEqual(bought.map((l) => ({ codigo: l.trackingCode, url: expect.stringContaining(`objetos=${l.trackingCode}`) })))

    // Delivered when every volume is: the first alone leaves the order 'enviado'; the last, with its date, delivers it.
    const first = new Date(Date.now() - 5 * 3600_000)
    const last = new Date(Date.now() - 2 * 3600_000)
    first.setSeconds(0, 0)
    last.setSeconds(0, 0)
    fake.move(bought[0].providerOrderId!, 'delivered', first)
    const w1 = fake.webhook(bought[0].providerOrderId!, 'order.delivered')
    expect(await receiveLabelWebhook(deps, w1.body, w1.signature)).toEqual({ applied: true })
    expect((await orderOf(code)).status).toBe('enviado')
    fake.move(bought[1].providerOrderId!, 'delivered', last)
    expect(await trackingRound(deps)).toBeGreaterThan(0)
    const delivered = await orderOf(code)
    expect(delivered.status).toBe('entregue')
    expect((await deliveredAt(db, delivered))?.toISOString()).toBe(last.toISOString())
    const events = await db
      .select({ summary: orderEvents.summary })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, delivered.id), eq(orderEvents.kind, 'shipping')))
    expect(events.map((e) => e.summary)).toEqual(
      expect.arrayContaining(['Volume 1 de 2 postado na transportadora', 'Volume 1 de 2 entregue', 'Volume 2 de 2 entregue']),
    )
  })

  it('on Jadlog, buys one label holding every volume', async () => {
    const code = await bulkyOrder('3')
    const [label, ...more] = await labelsOf(code)
    expect(more).toHaveLength(0)
    expect(label.parcel?.volumes).toHaveLength(2)
    await runSteps(label.id)
    const [cart] = carts()
    expect(cart.service).toBe(3)
    expect(cart.volumes).toEqual([
      { height: 60, width: 60, length: 60, weight: 5 },
      { height: 60, width: 60, length: 60, weight: 5 },
    ])
    expect(cart.products).toEqual([expect.objectContaining({ quantity: 2 })])
    expect(await orderOf(code)).toMatchObject({ status: 'enviado', carrier: 'jadlog' })
  })

  it('cancels every label of the order: each refunded, the order back to em separação', async () => {
    const code = await bulkyOrder()
    for (const l of await labelsOf(code)) await runSteps(l.id)
    expect(fake.charges()).toBe(2)
    const cancelled = ok(await cancelLabel(deps, { code, actor: staffActor }))
    expect(cancelled.volume).toBe(1)
    expect(fake.charges()).toBe(0)
    expect((await labelsOf(code)).map((l) => l.status)).toEqual(['cancelada', 'cancelada'])
    expect(await orderOf(code)).toMatchObject({ status: 'em_separacao', trackingCode: null })
  })

  it('the fake refuses what Melhor Envio refuses: several volumes on a Correios service, a volume missing a measure', async () => {
    const code = await bulkyOrder()
    const [label] = await labelsOf(code)
    await runLabelStep(deps, label.id)
    const good = carts()[0]
    const post = (body: unknown) =>
      fetch(`${fake.url}/api/v2/me/cart`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${FAKE_ME.token}`, 'User-Agent': FAKE_ME.userAgent },
        body: JSON.stringify(body),
      })
    const volume = good.volumes as Record<string, number>
    const two = await post({ ...good, volumes: [volume, volume] })
    expect(two.status).toBe(422)
    expect(((await two.json()) as { errors: Record<string, string[]> }).errors.volumes[0]).toMatch(/um volume por envio/)
    const missing = await post({ ...good, service: 3, volumes: [{ ...volume, weight: undefined }] })
    expect(missing.status).toBe(422)
    expect(((await missing.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty(['volumes.0.weight'])
    // The store never sends a Correios label more than one volume.
    const side = {
      name: 'X',
      phone: '11987654321',
      email: null,
      document: '52998224725',
      address: 'Rua A',
      number: '1',
      complement: '',
      district: 'B',
      city: 'C',
      state: 'SP',
      postalCode: '01310100',
    }
    const v = { height: 60, width: 60, length: 60, weight: 5 }
    const request = { service: '1', from: side, to: side, items: [], insuredCents: 0, invoiceKey: null, reference: 'X', referenceUrl: 'http://x' }
    expect(() => cartBody({ ...request, volumes: [v, v] })).toThrow(LabelError)
    expect(cartBody({ ...request, service: '3', volumes: [v, v] }).volumes).toEqual([v, v])
  })
})
