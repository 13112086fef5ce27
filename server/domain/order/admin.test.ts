import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderListQuerySchema } from '../../../contract/admin/orders'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database, Db } from '../../db/client'
import { auditLog, orderEvents, orders } from '../../db/schema'
import { rows } from '../../db/sql'
import { DEMO_ORDER_COUNT, seedDemoOrders } from '../../seed/orders'
import { adminCustomer, searchCustomers } from '../account/admin-customers'
import { insertCatalogFixture } from '../../../tests/support/catalog-fixtures'
import { isRefusal } from '../refusal'
import { eachAdminOrder, listAdminOrders, type OrderList } from './admin-list'
import { addOrderNote, adminOrderDetail } from './admin-detail'
import { dashboard } from './dashboard'
import { ORDERS } from '../../../contract/messages/orders'
import { advanceOrder } from './status'

let database: Database
let db: Db
const NOW = new Date('2026-11-20T15:00:00Z')
const staff = { kind: 'staff' as const, staffId: 1, name: 'Dona Teste', ip: '127.0.0.1' }

const list = async (query: Record<string, unknown>): Promise<OrderList> => {
  const result = await listAdminOrders(db, orderListQuerySchema.parse(query))
  if (isRefusal(result)) throw result
  return result
}

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  await insertCatalogFixture(db)
  expect(await seedDemoOrders(db, { seed: 7, now: NOW })).toBe(DEMO_ORDER_COUNT)
}, 60_000)
afterAll(() => database?.close())

describe(`back office orders (${testDbKind})`, () => {
  it('seeds demo orders in every status, with items, payments and timelines', async () => {
    const byStatus = await rows<{ status: string; n: number }>(db, sql`SELECT status, count(*)::int AS n FROM orders GROUP BY status`)
    const statuses = new Set(byStatus.map((s) => s.status))
    for (const s of ['aguardando_pagamento', 'pago', 'em_separacao', 'enviado', 'entregue', 'cancelado']) expect(statuses).toContain(s)
    const [bare] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id) OR NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id) OR NOT EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id)`,
    )
    expect(Number(bare.n)).toBe(0)
  })

  it('pages through every order once with keyset cursors, forwards and back, in every sort', async () => {
    for (const ordem of ['recentes', 'antigos', 'maior_valor', 'menor_valor']) {
      const seen: string[] = []
      let page = await list({ ordem, por: '30' })
      const pages = [page]
      seen.push(...page.rows.map((r) => r.code))
      while (page.next) {
        page = await list({ ordem, por: '30', apos: page.next })
        pages.push(page)
        seen.push(...page.rows.map((r) => r.code))
      }
      expect(seen).toHaveLength(DEMO_ORDER_COUNT)
      expect(new Set(seen).size).toBe(DEMO_ORDER_COUNT)
      // Back from the last page lands on the one before it, exactly.
      const back = await list({ ordem, por: '30', antes: pages.at(-1)!.prev! })
      expect(back.rows.map((r) => r.code)).toEqual(pages.at(-2)!.rows.map((r) => r.code))
      expect(page.total).toBe(DEMO_ORDER_COUNT)
    }
    const desc = (await list({ ordem: 'maior_valor', por: '100' })).rows.map((r) => r.totalCents)
    expect(desc).toEqual([...desc].sort((a, b) => b - a))
  })

  it('filters by status group, method, dates and free text (code, name, e-mail, CPF digits)', async () => {
    const pix = await list({ metodo: 'pix', situacao: 'aguardando_pagamento', por: '100' })
    expect(pix.rows.length).toBeGreaterThan(0)
    expect(pix.rows.every((r) => r.metodo === 'pix' && r.status === 'aguardando_pagamento')).toBe(true)
    const toShip = await list({ situacao: 'a_enviar', por: '100' })
    expect(toShip.rows.length).toBeGreaterThan(0)
    expect(toShip.rows.every((r) => r.status === 'pago' || r.status === 'em_separacao')).toBe(true)
    const day = await list({ de: '2026-11-10', ate: '2026-11-10', por: '100' })
    expect(day.rows.length).toBeGreaterThan(0)
    expect(day.rows.every((r) => r.criadoEm >= new Date('2026-11-10T03:00:00Z') && r.criadoEm < new Date('2026-11-11T03:00:00Z'))).toBe(true)
    const one = (await list({ por: '10' })).rows[0]
    expect((await list({ q: one.code.toLowerCase() })).rows.map((r) => r.code)).toEqual([one.code])
    const cpfDigits = one.buyerCpf.replace(/\D/g, '')
    expect((await list({ q: one.buyerCpf, por: '100' })).rows.every((r) => r.buyerCpf === one.buyerCpf)).toBe(true)
    expect((await list({ q: cpfDigits, por: '100' })).rows.length).toBeGreaterThan(0)
    // Accents folded: 'joao' finds João, 'FÁBIO' finds Fábio.
    const joao = (await list({ q: 'joao carv', por: '100' })).rows
    expect(joao.length).toBeGreaterThan(0)
    expect(joao.every((r) => r.buyerNome === 'João Carvalho')).toBe(true)
    expect((await list({ q: 'FÁBIO', por: '100' })).rows.length).toBeGreaterThan(0)
    expect((await list({ q: '100%_' })).rows).toEqual([])
    expect(await listAdminOrders(db, orderListQuerySchema.parse({ apos: 'bm90LWEtY3Vyc29y' }))).toMatchObject({ code: ORDERS.badCursor.code })
    expect(orderListQuerySchema.safeParse({ situacao: 'x' }).success).toBe(false)
    expect(orderListQuerySchema.safeParse({ q: 'ab' }).success).toBe(false)
    expect(orderListQuerySchema.safeParse({ de: '2026-13-45' }).success).toBe(false)
  })

  it('streams the filtered list for the export', async () => {
    let n = 0
    for await (const row of eachAdminOrder(db, { metodo: 'cartao' }, 'recentes', 7)) {
      expect(row.metodo).toBe('cartao')
      expect(row.itens).toBeGreaterThan(0)
      n++
    }
    expect(n).toBe((await list({ metodo: 'cartao' })).total)
  })

  it('advances a paid order once when two people press at the same time; the second is told it changed', async () => {
    const [paid] = await db.select().from(orders).where(eq(orders.status, 'pago')).limit(1)
    const results = await Promise.all([1, 2, 3].map(() => advanceOrder(db, { code: paid.code, actor: staff, expectedStatus: 'pago' })))
    expect(results.filter((r) => !isRefusal(r))).toHaveLength(1)
    expect(results.filter((r) => isRefusal(r) && r.code === ORDERS.changed.code)).toHaveLength(2)
    const [after] = await db.select().from(orders).where(eq(orders.id, paid.id))
    expect(after.status).toBe('em_separacao')
    const moves = await db
      .select()
      .from(orderEvents)
      .where(sql`${orderEvents.orderId} = ${paid.id} AND ${orderEvents.kind} = 'status' AND ${orderEvents.actorLabel} = 'Dona Teste'`)
    expect(moves).toHaveLength(1)
    // Shipping needs a tracking code and a known carrier; then the timeline says who and how.
    expect(await advanceOrder(db, { code: paid.code, actor: staff, expectedStatus: 'em_separacao' })).toMatchObject({ code: ORDERS.trackingRequired.code })
    expect(await advanceOrder(db, { code: paid.code, actor: staff, expectedStatus: 'em_separacao', trackingCode: 'AA1', carrier: 'pombo' })).toMatchObject({
      code: ORDERS.carrierRequired.code,
    })
    expect(
      await advanceOrder(db, { code: paid.code, actor: staff, expectedStatus: 'em_separacao', trackingCode: 'qb123456789br', carrier: 'correios' }),
    ).toEqual({ code: paid.code, from: 'em_separacao', status: 'enviado' })
    const detail = await adminOrderDetail(db, paid.code)
    expect(detail?.order).toMatchObject({ trackingCode: 'QB123456789BR', carrier: 'correios', carrierName: 'Correios' })
    expect(detail?.order.trackingUrl).toContain('QB123456789BR')
    expect(detail?.events.at(-1)).toMatchObject({ kind: 'status', actor: 'Dona Teste' })
    expect(await advanceOrder(db, { code: 'VT-2026-999999', actor: staff })).toMatchObject({ code: ORDERS.notFound.code })
  })

  it('the command line advances through the same function, audited as "linha de comando"', async () => {
    const [paid] = await db.select().from(orders).where(eq(orders.status, 'pago')).limit(1)
    expect(await advanceOrder(db, { code: paid.code.toLowerCase(), actor: { kind: 'cli' } })).toEqual({ code: paid.code, from: 'pago', status: 'em_separacao' })
    const [line] = await db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${paid.code}`)
    expect(line).toMatchObject({
      actorKind: 'cli',
      actorLabel: 'linha de comando',
      action: 'pedido.avancar',
      before: { status: 'pago' },
      after: { status: 'em_separacao' },
    })
    const [event] = await db
      .select()
      .from(orderEvents)
      .where(sql`${orderEvents.orderId} = ${paid.id} AND ${orderEvents.kind} = 'status'`)
    expect(event.actorLabel).toBe('linha de comando')
  })

  it('keeps internal notes on the timeline', async () => {
    const [any] = await db.select().from(orders).limit(1)
    expect(await addOrderNote(db, { code: any.code, actor: staff, text: 'Cliente pediu para entregar à tarde.' })).toEqual({ id: any.id })
    const detail = await adminOrderDetail(db, any.code)
    expect(detail?.events.at(-1)).toMatchObject({ kind: 'note', actor: 'Dona Teste', summary: 'Cliente pediu para entregar à tarde.' })
    expect(detail?.payments[0]).not.toHaveProperty('details')
    expect(await addOrderNote(db, { code: 'VT-2026-999999', actor: staff, text: 'x' })).toMatchObject({ code: ORDERS.notFound.code })
  })

  it('sums the dashboard from the same orders the list shows', async () => {
    const d = await dashboard(db, NOW)
    const month = d.periods.find((p) => p.key === '30d')!
    const listed = await list({ situacao: 'pagos', de: month.de, ate: month.ate })
    expect(month.pedidos).toBe(listed.total)
    let cents = 0
    for await (const row of eachAdminOrder(db, { situacao: 'pagos', de: month.de, ate: month.ate })) cents += row.totalCents
    expect(month.cents).toBe(cents)
    expect(d.series).toHaveLength(30)
    expect(d.series.reduce((s, x) => s + x.cents, 0)).toBe(cents)
    expect(d.toShip.total).toBe((await list({ situacao: 'a_enviar' })).total)
    expect(d.pix.total).toBe((await list({ situacao: 'aguardando_pagamento', metodo: 'pix' })).total)
    expect(d.lowStock.products.every((p) => p.stock < 8)).toBe(true)
  })

  it('finds customers by name, e-mail, CPF or phone, and shows one without a password hash', async () => {
    const byName = await searchCustomers(db, { q: 'larissa' })
    expect(byName.rows.map((c) => c.nome)).toEqual(['Larissa Gomes'])
    const larissa = byName.rows[0]
    expect((await searchCustomers(db, { q: larissa.email })).rows[0].id).toBe(larissa.id)
    expect((await searchCustomers(db, { q: larissa.documento!.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4') })).rows[0].id).toBe(larissa.id)
    expect((await searchCustomers(db, { q: larissa.telefone!.slice(-6) })).rows[0].id).toBe(larissa.id)
    const page = await adminCustomer(db, larissa.id)
    expect(JSON.stringify(page)).not.toMatch(/passwordHash|password_hash|scrypt/)
    expect(page?.totals.pedidos).toBe(page?.orders.length)
    expect(await adminCustomer(db, 999_999)).toBeNull()
  })
})
