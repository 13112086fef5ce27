// estoque.alterado for the stock that orders move, not only the explicit stock writers: taken by
// checkout (a product's own count and an option's), given back by a cancellation, an expiry and a
// return's restock, taken again by a late payment; recorded in the mover's transaction (nothing when
// it rolls back), one delivery per subscribed endpoint, in order per product.
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { integrationEvents, products, variationOptions, webhookDeliveries, webhookEndpoints } from '../../server/db/schema'
import { rows } from '../../server/db/sql'
import { cancelOrder } from '../../server/domain/order/cancel'
import { expireOrders } from '../../server/domain/order/expiry'
import { placeOrder } from '../../server/domain/order/place'
import { releaseStock } from '../../server/domain/order/stock'
import { recordEvents } from '../../server/domain/integrations/events'
import { isRefusal } from '../../server/domain/refusal'
import { storeProfile } from '../../server/store-profile'
import { FIXTURE } from '../support/cart-fixtures'
import { completeCheckout, createShopper, fillCart } from '../support/checkout'
import { orderTestBed, placeTestOrder, TEST_CARD } from '../support/order-bed'

const bed = orderTestBed('api-v1-stock-events')
const staff = { kind: 'staff' as const, staffId: 1, name: 'Bruna (loja)', ip: '127.0.0.1' }

type StockData = { sku: string; opcao: string | null; antes: number; depois: number; estoque_total: number; motivo: string; pedido?: string }

/** The estoque.alterado events recorded after event id `since`, oldest first. */
async function stockEventsSince(since: number) {
  const found = await bed.db
    .select()
    .from(integrationEvents)
    .where(and(eq(integrationEvents.type, 'estoque.alterado'), gt(integrationEvents.id, since)))
    .orderBy(asc(integrationEvents.id))
  return found.map((e) => ({ id: e.id, resource: e.resource, data: e.data as StockData }))
}
const lastEventId = async () => Number((await rows<{ id: number | null }>(bed.db, sql`SELECT max(id) AS id FROM integration_events`))[0]?.id ?? 0)
const productRow = async (link: string) => (await bed.db.select().from(products).where(eq(products.id, bed.fx.ids[link])))[0]!

describe('estoque.alterado from orders', () => {
  it('is recorded for the stock a placement takes, with the count before and after and the order', async () => {
    const since = await lastEventId()
    const capa = await productRow(FIXTURE.CAPA)
    const { code } = await placeTestOrder(bed, 'Estoque Um', 'cartao', { quantity: 2 })
    const events = await stockEventsSince(since)
    expect(events).toEqual([
      {
        id: expect.any(Number),
        resource: `produto:${capa.id}`,
        data: { sku: capa.sku, opcao: null, antes: capa.stock, depois: capa.stock - 2, estoque_total: capa.stock - 2, motivo: 'Pedido', pedido: code },
      },
    ])
    expect((await productRow(FIXTURE.CAPA)).stock).toBe(capa.stock - 2)
  })

  it("names the option whose count moved, and the product's new total", async () => {
    const [a55] = await bed.db
      .select()
      .from(products)
      .where(sql`${products.titulo} LIKE 'Smartphone Samsung Galaxy A55%'`)
    const options = await bed.db.select().from(variationOptions).where(eq(variationOptions.productId, a55!.id)).orderBy(asc(variationOptions.id))
    const azul = options.find((o) => o.name === 'Azul')!
    const since = await lastEventId()
    const shopper = await createShopper(bed.db, 'Estoque Opção')
    await fillCart(bed.db, shopper, a55!.id, 1, azul.id)
    await completeCheckout(bed.db, shopper, 'cartao')
    const placed = await placeOrder({ db: bed.db, env: bed.env, store: storeProfile, log: pino({ level: 'silent' }), payments: bed.sandbox }, shopper, {
      cartao: TEST_CARD,
    })
    if (isRefusal(placed)) throw placed
    const total = options.filter((o) => o.active).reduce((sum, o) => sum + o.stock, 0)
    expect((await stockEventsSince(since)).map((e) => e.data)).toEqual([
      { sku: a55!.sku, opcao: azul.hash, antes: azul.stock, depois: azul.stock - 1, estoque_total: total - 1, motivo: 'Pedido', pedido: placed.pedido },
    ])
  })

  it('records nothing when the placement rolls back (out of stock)', async () => {
    const iphone = await productRow(FIXTURE.IPHONE)
    const since = await lastEventId()
    await expect(placeTestOrder(bed, 'Estoque Demais', 'cartao', { link: FIXTURE.IPHONE, quantity: iphone.stock + 1 })).rejects.toBeTruthy()
    expect(await stockEventsSince(since)).toEqual([])
    expect((await productRow(FIXTURE.IPHONE)).stock).toBe(iphone.stock)
  })

  it('is recorded for the stock a cancellation and an expiry give back', async () => {
    const { code } = await placeTestOrder(bed, 'Estoque Cancela', 'cartao')
    const capa = await productRow(FIXTURE.CAPA)
    let since = await lastEventId()
    expect(isRefusal(await cancelOrder(bed.db, { code, actor: staff, reason: 'cliente desistiu' }, { provider: bed.sandbox }))).toBe(false)
    expect((await stockEventsSince(since)).map((e) => e.data)).toEqual([
      { sku: capa.sku, opcao: null, antes: capa.stock, depois: capa.stock + 1, estoque_total: capa.stock + 1, motivo: 'Cancelamento', pedido: code },
    ])

    const pix = await placeTestOrder(bed, 'Estoque Expira', 'pix', { quantity: 3 })
    const afterPix = await productRow(FIXTURE.CAPA)
    since = await lastEventId()
    const expired = await expireOrders(bed.db, bed.sandbox, new Date(Date.now() + 30 * 86_400_000))
    expect(expired).toContain(pix.code)
    const back = (await stockEventsSince(since)).filter((e) => e.data.pedido === pix.code)
    expect(back.map((e) => e.data)).toEqual([
      {
        sku: capa.sku,
        opcao: null,
        antes: afterPix.stock,
        depois: afterPix.stock + 3,
        estoque_total: afterPix.stock + 3,
        motivo: 'Cancelamento',
        pedido: pix.code,
      },
    ])
  })

  it("is recorded for a return's restock (the writer receiving a return uses)", async () => {
    const capa = await productRow(FIXTURE.CAPA)
    const since = await lastEventId()
    await bed.db.transaction(async (tx) => {
      await recordEvents(
        tx,
        await releaseStock(tx, [{ productId: capa.id, optionId: null, quantity: 1 }], { reason: 'Devolução', actor: staff, orderCode: 'VT-2026-000001' }),
      )
    })
    expect((await stockEventsSince(since)).map((e) => e.data)).toEqual([
      { sku: capa.sku, opcao: null, antes: capa.stock, depois: capa.stock + 1, estoque_total: capa.stock + 1, motivo: 'Devolução', pedido: 'VT-2026-000001' },
    ])
  })

  it('makes one delivery per subscribed endpoint, in event order per product, and none for the others', async () => {
    const [wants] = await bed.db
      .insert(webhookEndpoints)
      .values({ url: 'https://erp.example.com/a', events: ['estoque.alterado'], secret: 'whsec_AAAA' })
      .returning()
    const [other] = await bed.db
      .insert(webhookEndpoints)
      .values({ url: 'https://erp.example.com/b', events: ['pedido.criado'], secret: 'whsec_BBBB' })
      .returning()
    try {
      const since = await lastEventId()
      const { code } = await placeTestOrder(bed, 'Estoque Webhook', 'cartao')
      await cancelOrder(bed.db, { code, actor: staff, reason: 'teste' }, { provider: bed.sandbox })
      const events = await stockEventsSince(since)
      expect(events.map((e) => e.data.motivo)).toEqual(['Pedido', 'Cancelamento'])
      const deliveries = await bed.db.select().from(webhookDeliveries).where(gt(webhookDeliveries.eventId, since)).orderBy(asc(webhookDeliveries.id))
      const stockDeliveries = deliveries.filter((d) => events.some((e) => e.id === d.eventId))
      expect(stockDeliveries.map((d) => [d.endpointId, d.eventId, d.resource])).toEqual(events.map((e) => [wants.id, e.id, e.resource]))
      expect(deliveries.filter((d) => d.endpointId === other.id).every((d) => !events.some((e) => e.id === d.eventId))).toBe(true)
      const jobs = await rows<{ n: number }>(
        bed.db,
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhooks' AND data->>'resource' = ${events[0]!.resource} AND (data->>'endpoint')::int = ${wants.id}`,
      )
      expect(jobs[0]!.n).toBeGreaterThanOrEqual(1)
    } finally {
      await bed.db.execute(sql`UPDATE webhook_endpoints SET active = false, deleted_at = now() WHERE id IN (${wants.id}, ${other.id})`)
    }
  })

  it('two shoppers racing for the last units: one order, one event, the count never below zero', async () => {
    const fone = await productRow(FIXTURE.FONE)
    await bed.db.update(products).set({ stock: 1 }).where(eq(products.id, fone.id))
    const since = await lastEventId()
    const outcomes = await Promise.allSettled([
      placeTestOrder(bed, 'Corrida Um', 'cartao', { link: FIXTURE.FONE }),
      placeTestOrder(bed, 'Corrida Dois', 'cartao', { link: FIXTURE.FONE }),
    ])
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
    const events = await stockEventsSince(since)
    expect(events.map((e) => [e.data.antes, e.data.depois])).toEqual([[1, 0]])
    expect((await productRow(FIXTURE.FONE)).stock).toBe(0)
  })
})
