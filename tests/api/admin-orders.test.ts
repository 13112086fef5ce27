import { and, asc, eq, sql } from 'drizzle-orm'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orderListQuerySchema } from '../../contract/admin/orders'
import pino from 'pino'
import type { AppLoadContext } from 'react-router'
import { action as orderPageAction } from '../../app/routes/admin/pedido'
import { ORDERS } from '../../contract/messages/orders'
import { orderActions } from '../../server/domain/order/actions'
import { storeProfile } from '../../server/store-profile'
import { testEnv } from '../support/app'
import { adminOrderDetail } from '../../server/domain/order/admin-detail'
import { CSV_COLUMNS } from '../../server/domain/order/csv'
import type { Database, Db } from '../../server/db/client'
import { auditLog, orderEvents, orderItems, orders, payments, privacyRequests, products, refunds } from '../../server/db/schema'
import { rows } from '../../server/db/sql'
import { insertCatalogFixture } from '../support/catalog-fixtures'
import { createSession } from '../../server/domain/session/session'
import { seedDemoOrders } from '../../server/seed/orders'
import { loader as clienteLoader } from '../../app/routes/admin/cliente'
import { loader as clientesLoader } from '../../app/routes/admin/clientes'
import { loader as pedidosLoader } from '../../app/routes/admin/pedidos'
import { adminClient, runPage, type TestStaff, signedIn, staffOfEachRole } from '../support/admin'
import { installTestSandbox } from '../support/checkout'
import { createTestDatabase, testDbKind } from '../support/db'

let database: Database
let db: Db
let dataDir: string
let dono: TestStaff
let operacao: TestStaff
let atendimento: TestStaff

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-admin-orders-'))
  await insertCatalogFixture(db)
  installTestSandbox(db)
  await seedDemoOrders(db, { seed: 11, now: new Date() })
  ;({ dono, operacao, atendimento } = await staffOfEachRole(db))
}, 60_000)
afterAll(async () => {
  await database?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const as = (member: TestStaff) => signedIn(db, member, { dataDir })
const orderOf = async (code: string) => (await db.select().from(orders).where(eq(orders.code, code)))[0]
const anyOrder = async (where: ReturnType<typeof sql>) =>
  (await rows<{ code: string; id: number }>(db, sql`SELECT code, id FROM orders WHERE ${where} ORDER BY id LIMIT 1`))[0]
const audits = (action: string, staffId?: number) =>
  db
    .select()
    .from(auditLog)
    .where(staffId ? and(eq(auditLog.action, action), eq(auditLog.actorId, staffId)) : eq(auditLog.action, action))
    .orderBy(asc(auditLog.id))

describe(`back office orders API (${testDbKind})`, () => {
  it('answers 401 to nobody and to a shopper, on every call', async () => {
    const nobody = adminClient(db, { dataDir })
    const { code } = await anyOrder(sql`TRUE`)
    const shopper = adminClient(db, { dataDir })
    const [customer] = await rows<{ id: number }>(db, sql`SELECT id FROM customers LIMIT 1`)
    shopper.jar.set('vt_session', (await createSession(db, customer.id)).token)
    for (const c of [nobody, shopper]) {
      for (const p of ['/admin/api/pedidos.csv', `/admin/api/clientes/${customer.id}/exportacao`]) {
        expect((await c.request(p)).status, p).toBe(401)
      }
      expect((await c.post(`/admin/api/pedidos/${code}/notas`, { texto: 'oi' })).status).toBe(401)
    }
  })

  it("reads the list's filters from the query and refuses junk in pt-BR", async () => {
    const message = (raw: Record<string, string>) => {
      const parsed = orderListQuerySchema.safeParse(raw)
      return parsed.success ? null : parsed.error.issues[0]?.message
    }
    expect(orderListQuerySchema.parse({ situacao: 'pagos', metodo: 'cartao', por: '10', q: '' })).toEqual({ situacao: 'pagos', metodo: 'cartao', por: 10 })
    expect(message({ situacao: 'perdido' })).toBe('Situação inválida.')
    expect(message({ q: 'ab' })).toBe('Digite ao menos 3 caracteres para buscar.')
    expect(message({ de: '2026-02-31x' })).toMatch(/^Data inválida/)
    expect(message({ por: '1000' })).toBe('Tamanho de página inválido.')
  })

  it('shows one order with its items, payment and timeline; never a card number', async () => {
    const { code } = await anyOrder(sql`payment_method = 'cartao' AND status = 'entregue'`)
    const detail = await adminOrderDetail(db, code)
    expect(detail).toMatchObject({
      order: { code },
      items: expect.arrayContaining([expect.objectContaining({ titulo: expect.any(String) })]),
      payments: [expect.objectContaining({ cartao: expect.objectContaining({ parcelas: expect.any(Number) }) })],
    })
    expect(detail!.events.map((e) => e.kind)).toEqual(expect.arrayContaining(['placed', 'paid', 'status']))
    expect(JSON.stringify(detail)).not.toMatch(/cvv|cardNumber|"number"|placementKey|password/i)
    expect(await adminOrderDetail(db, 'VT-2026-999999')).toBeNull()
  })

  it('advances with the status the person saw; tracking and carrier to ship; audited; junk refused', async () => {
    const c = await as(operacao)
    const { code } = await anyOrder(sql`status = 'pago'`)
    const url = `/admin/api/pedidos/${code}/avancar`
    expect(await c.post(url, { esperado: 'pago', extra: 1 })).toMatchObject({ status: 422, body: { msg: 'Campo não reconhecido: extra.' } })
    expect((await c.request(url, { method: 'POST', body: 'esperado=pago', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status).toBe(415)
    expect(await c.post(url, { esperado: 'em_separacao' })).toMatchObject({ status: 409, body: { msg: ORDERS.changed.message } })
    expect((await orderOf(code)).status).toBe('pago')
    expect(await c.post(url, { esperado: 'pago' })).toMatchObject({ status: 200, body: { estado: 'sucesso', status: 'em_separacao' } })
    expect(await c.post(url, { esperado: 'em_separacao' })).toMatchObject({ status: 422, body: { msg: ORDERS.trackingRequired.message } })
    expect(await c.post(url, { esperado: 'em_separacao', rastreio: 'x' })).toMatchObject({
      status: 422,
      body: { msg: expect.stringContaining('Código de rastreio inválido') },
    })
    expect(await c.post(url, { esperado: 'em_separacao', rastreio: 'QA123456789BR', transportadora: 'pombo' })).toMatchObject({
      status: 422,
      body: { msg: 'Escolha a transportadora.' },
    })
    expect(await c.post(url, { esperado: 'em_separacao', rastreio: 'QA123456789BR', transportadora: 'jadlog' })).toMatchObject({
      status: 200,
      body: { status: 'enviado' },
    })
    expect(await orderOf(code)).toMatchObject({ status: 'enviado', trackingCode: 'QA123456789BR', carrier: 'jadlog' })
    const lines = await audits('pedido.avancar', operacao.id)
    expect(lines.filter((l) => l.entityId === code)).toHaveLength(2)
    expect(lines.at(-1)).toMatchObject({
      entity: 'order',
      before: { status: 'em_separacao' },
      after: { status: 'enviado', trackingCode: 'QA123456789BR', carrier: 'jadlog' },
    })
    // Atendimento may not advance: 403 and an audit line of the refusal.
    const a = await as(atendimento)
    expect(await a.post(url, { esperado: 'enviado' })).toMatchObject({ status: 403 })
    expect((await orderOf(code)).status).toBe('enviado')
  })

  it('two people advancing one order at once: one move, the other is told it changed', async () => {
    const { code, id } = await anyOrder(sql`status = 'pago' AND code NOT IN (SELECT entity_id FROM audit_log WHERE entity_id IS NOT NULL)`)
    const [x, y] = await Promise.all([as(dono), as(operacao)])
    const answers = await Promise.all([x, y, x, y].map((c) => c.post(`/admin/api/pedidos/${code}/avancar`, { esperado: 'pago' })))
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409])
    expect((await orderOf(code)).status).toBe('em_separacao')
    const moves = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, id), eq(orderEvents.kind, 'status')))
    expect(moves).toHaveLength(1)
  })

  it('cancels a paid card order: stock back, refunded once at the provider, audited; Atendimento gets 403 and a line', async () => {
    const { code, id } = await anyOrder(sql`status = 'pago' AND payment_method = 'cartao'`)
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, id))
    const stock = async () => (await db.select({ s: products.stock }).from(products).where(eq(products.id, item.productId!)))[0].s
    const before = await stock()
    const a = await as(atendimento)
    expect(await a.post(`/admin/api/pedidos/${code}/cancelar`, { esperado: 'pago', motivo: 'Cliente desistiu' })).toMatchObject({
      status: 403,
      body: { estado: 'erro' },
    })
    expect((await audits('acesso negado', atendimento.id)).some((l) => l.entityId === 'orders:cancel')).toBe(true)
    expect((await orderOf(code)).status).toBe('pago')

    const c = await as(operacao)
    expect(await c.post(`/admin/api/pedidos/${code}/cancelar`, { esperado: 'pago', motivo: '  ' })).toMatchObject({
      status: 422,
      body: { msg: 'Diga o motivo do cancelamento.' },
    })
    const [first, second] = await Promise.all([
      c.post(`/admin/api/pedidos/${code}/cancelar`, { esperado: 'pago', motivo: 'Cliente desistiu' }),
      c.post(`/admin/api/pedidos/${code}/cancelar`, { esperado: 'pago', motivo: 'Cliente desistiu' }),
    ])
    expect([first.status, second.status].sort()).toEqual([200, 409])
    const done = first.status === 200 ? first : second
    expect(done.body).toMatchObject({ estado: 'sucesso', money: 'reembolsado' })
    expect(await stock()).toBe(before + item.quantity)
    expect(await orderOf(code)).toMatchObject({ status: 'cancelado' })
    expect(await db.select().from(refunds).where(eq(refunds.orderId, id))).toHaveLength(1)
    expect((await db.select().from(payments).where(eq(payments.orderId, id)))[0].status).toBe('refunded')
    expect((await audits('pedido.cancelar', operacao.id)).filter((l) => l.entityId === code)).toHaveLength(1)
  })

  it('adds internal notes (Atendimento may), audited; an empty note changes nothing', async () => {
    const a = await as(atendimento)
    const { code, id } = await anyOrder(sql`status = 'entregue'`)
    expect(await a.post(`/admin/api/pedidos/${code}/notas`, { texto: '   ' })).toMatchObject({ status: 422, body: { msg: 'Escreva a nota.' } })
    expect(await a.post(`/admin/api/pedidos/${code}/notas`, { texto: 'Cliente ligou perguntando do prazo.' })).toMatchObject({ status: 200 })
    const notes = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, id), eq(orderEvents.kind, 'note')))
    expect(notes).toEqual([expect.objectContaining({ summary: 'Cliente ligou perguntando do prazo.', actorKind: 'staff', actorId: atendimento.id })])
    expect((await audits('pedido.nota', atendimento.id)).at(-1)).toMatchObject({ entityId: code })
  })

  it("the order page's action: the buttons' rules, refusals with their codes, the same audit lines", async () => {
    const { code } = await anyOrder(sql`status = 'pago' AND code NOT IN (SELECT entity_id FROM audit_log WHERE entity_id IS NOT NULL)`)
    const send = async (member: TestStaff, body: Record<string, unknown>) => {
      const c = await as(member)
      const cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ')
      const request = new Request(`http://localhost/admin/pedidos/${code}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      const context = { db, env: testEnv, store: storeProfile, log: pino({ level: 'silent' }), clientIp: '127.0.0.1' } as unknown as AppLoadContext
      let answered: unknown
      try {
        answered = await orderPageAction({ context, request, params: { code }, unstable_pattern: '' } as unknown as Parameters<typeof orderPageAction>[0])
      } catch (thrown) {
        answered = thrown
      }
      const wrapped = answered as { data?: unknown; init?: { status?: number } }
      return wrapped.init ? { status: wrapped.init.status, body: wrapped.data } : { status: 200, body: answered }
    }
    const page = await adminOrderDetail(db, code)
    expect(orderActions({ role: 'atendimento' }, page!.order)).toEqual({ advance: null, cancel: false, note: true, customer: true })
    expect(orderActions({ role: 'operacao' }, page!.order)).toMatchObject({ advance: 'em_separacao', cancel: true })
    expect(await send(atendimento, { intent: 'cancelar', esperado: 'pago', motivo: 'Cliente desistiu' })).toMatchObject({ status: 403, body: { ok: false } })
    expect(await send(operacao, { intent: 'avancar', esperado: 'em_separacao' })).toMatchObject({
      status: 409,
      body: { ok: false, code: ORDERS.changed.code, msg: ORDERS.changed.message },
    })
    expect(await send(operacao, { intent: 'avancar', esperado: 'pago' })).toMatchObject({
      status: 200,
      body: { ok: true, msg: 'Pedido marcado como em separação.', status: 'em_separacao' },
    })
    expect(await send(atendimento, { intent: 'nota', texto: 'Cliente pediu nota fiscal.' })).toMatchObject({
      status: 200,
      body: { ok: true, msg: 'Nota adicionada.' },
    })
    expect(await send(operacao, { intent: 'cancelar', esperado: 'em_separacao', motivo: 'Sem estoque' })).toMatchObject({
      status: 200,
      body: { ok: true, msg: 'Pedido cancelado.' },
    })
    expect(await send(operacao, { intent: 'cancelar', esperado: 'cancelado', motivo: 'De novo' })).toMatchObject({
      status: 409,
      body: { code: ORDERS.notCancellable.code },
    })
    expect((await audits('pedido.avancar', operacao.id)).filter((l) => l.entityId === code)).toHaveLength(1)
    expect((await audits('pedido.nota', atendimento.id)).filter((l) => l.entityId === code)).toHaveLength(1)
    expect((await audits('pedido.cancelar', operacao.id)).filter((l) => l.entityId === code)).toEqual([
      expect.objectContaining({ before: { status: 'em_separacao' } }),
    ])
  })

  it('exports the filtered list as CSV for Excel: BOM, ; and decimal commas, every row; audited', async () => {
    const c = await as(dono)
    const res = await c.request('/admin/api/pedidos.csv?metodo=pix')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.csv"$/)
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n')
    expect(lines[0]).toBe(CSV_COLUMNS.join(';'))
    const [{ n }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders WHERE payment_method = 'pix'`)
    expect(lines).toHaveLength(Number(n) + 1)
    const cells = lines[1].split(';')
    expect(cells).toHaveLength(CSV_COLUMNS.length)
    expect(cells[6]).toBe('Pix')
    expect(cells[12]).toMatch(/^\d+,\d{2}$/)
    expect((await audits('pedido.exportar', dono.id)).at(-1)).toMatchObject({ after: { metodo: 'pix' } })
    expect((await c.request('/admin/api/pedidos.csv?metodo=dinheiro')).status).toBe(400)
  })

  it('exports only with orders:export: Atendimento lists orders without buyer e-mail nor CPF', async () => {
    expect((await (await as(operacao)).request('/admin/api/pedidos.csv')).status).toBe(200)
    const a = await as(atendimento)
    const refused = await a.request('/admin/api/pedidos.csv')
    expect(refused.status).toBe(403)
    expect((await audits('acesso negado', atendimento.id)).at(-1)).toMatchObject({ entityId: 'orders:export' })
    type List = { exporta: boolean; list: { rows: { buyerNome: string; buyerEmail: string; buyerCpf: string }[] } }
    const seen = (await runPage(db, a, pedidosLoader, { url: '/admin/pedidos' })).data as List
    expect(seen.exporta).toBe(false)
    expect(seen.list.rows.length).toBeGreaterThan(0)
    expect(seen.list.rows.every((r) => r.buyerNome && !r.buyerEmail && !r.buyerCpf)).toBe(true)
    const owner = (await runPage(db, await as(dono), pedidosLoader, { url: '/admin/pedidos' })).data as List
    expect(owner.exporta).toBe(true)
    expect(owner.list.rows.every((r) => r.buyerEmail.includes('@') && r.buyerCpf)).toBe(true)
  })
})

describe(`back office customers (${testDbKind})`, () => {
  it('searches and shows a customer without a password hash; export needs customers:export and is audited', async () => {
    const a = await as(atendimento)
    const found = await runPage(db, a, clientesLoader, { url: '/admin/clientes?q=larissa' })
    expect(found.status).toBe(200)
    const [larissa] = (found.data as { found: { rows: { id: number; nome: string }[] } }).found.rows
    expect(larissa.nome).toBe('Larissa Gomes')
    expect(await runPage(db, a, clientesLoader, { url: '/admin/clientes?q=la' })).toMatchObject({
      status: 400,
      data: { erro: 'Digite ao menos 3 caracteres para buscar.' },
    })
    const customer = (id: string) => runPage(db, a, clienteLoader, { url: `/admin/clientes/${id}`, params: { id } })
    const shown = await customer(String(larissa.id))
    expect(shown).toMatchObject({ status: 200, data: { mayExport: false } })
    expect(JSON.stringify(shown.data)).not.toMatch(/password|scrypt/i)
    expect((await customer('999999')).status).toBe(404)
    expect((await customer('abc')).status).toBe(404)
    expect((await a.request(`/admin/api/clientes/${larissa.id}/exportacao`)).status).toBe(403)

    const o = await as(operacao)
    expect((await o.request('/admin/api/clientes/abc/exportacao')).status).toBe(404)
    const res = await o.request(`/admin/api/clientes/${larissa.id}/exportacao`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toContain('attachment')
    const file = (await res.json()) as { conta: { email: string }; pedidos: unknown[] }
    expect(file.conta.email).toBe('larissa.gomes@example.com')
    expect(JSON.stringify(file)).not.toMatch(/password|scrypt/i)
    expect((await audits('cliente.exportar', operacao.id)).at(-1)).toMatchObject({ entity: 'customer', entityId: String(larissa.id) })
    expect(await db.select().from(privacyRequests).where(eq(privacyRequests.customerId, larissa.id))).toHaveLength(1)
  })
})
