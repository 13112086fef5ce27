// FISCAL_PROVIDER=focusnfe against the fake Focus NFe on loopback (tests/support/fake-focusnfe.ts),
// which checks each request as the documentation describes: a paid order gets its invoice row and an
// 'nfe' job in the payment's transaction; the job issues once (a retry asks first), the poll reads
// SEFAZ's answer, the key is verified, the files land in media storage; a rejection keeps SEFAZ's
// words until staff correct and issue again; cancelling the order cancels the invoice. The jobs are
// run here one by one, in the order the queue holds them, so nothing depends on timing.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { isAccessKey } from '../../contract/fiscal'
import { FISCAL } from '../../contract/messages/fiscal'
import type { Database, Db } from '../../server/db/client'
import { integrationEvents, invoices, orderItems, orders, products, returnRequestItems, returnRequests } from '../../server/db/schema'
import { setFiscalProvider } from '../../server/domain/fiscal/gateway'
import {
  issueInvoiceByHand,
  issueReturnInvoiceByHand,
  returnReference,
  runNfeJob,
  saleReference,
  type FiscalDeps,
  type NfeJob,
} from '../../server/domain/fiscal/invoice'
import { receiveReturn } from '../../server/domain/after-sale/admin-returns'
import { placeOrder } from '../../server/domain/order/place'
import { identify } from '../../server/domain/checkout/checkout'
import { checkoutStep1RequestSchema } from '../../contract/checkout'
import { cadastroRequestSchema } from '../../contract/account'
import { COMPANY_MESSAGES } from '../../contract/company'
import { invoiceFile } from '../../server/domain/fiscal/view'
import { cancelOrder } from '../../server/domain/order/cancel'
import { listAdminOrders } from '../../server/domain/order/admin-list'
import { orderListQuerySchema } from '../../contract/admin/orders'
import { isRefusal } from '../../server/domain/refusal'
import { createFocusNfeProvider } from '../../server/integrations/fiscal/focusnfe'
import { createNoFiscalProvider } from '../../server/integrations/fiscal/nenhum'
import { FiscalUnavailable } from '../../server/integrations/fiscal/provider'
import { localBlobStore } from '../../server/integrations/storage/local'
import { storeProfile } from '../../server/store-profile'
import { createTestApp, testEnv } from '../support/app'
import { FIXTURE } from '../support/cart-fixtures'
import { insertCatalogFixture } from '../support/catalog-fixtures'
import { completeCheckout, createShopper, fillCart, installTestSandbox } from '../support/checkout'
import { createTestDatabase, testDbKind } from '../support/db'
import { FAKE_FOCUS, startFakeFocusNfe, type FakeFocusNfe } from '../support/fake-focusnfe'
import { placeTestOrder, TEST_CARD, type OrderBed } from '../support/order-bed'

let database: Database
let db: Db
let fake: FakeFocusNfe
let bed: OrderBed
let deps: FiscalDeps
const STAFF = { kind: 'system', job: 'teste' } as const
const log = pino({ level: 'silent' })

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  const fx = await insertCatalogFixture(db)
  const sandbox = installTestSandbox(db)
  bed = { database, db, fx, sandbox, env: { ...testEnv, dataDir: `${testEnv.dataDir}-nfe-${process.pid}` } } as OrderBed
  fake = await startFakeFocusNfe()
  setFiscalProvider(db, createFocusNfeProvider({ token: FAKE_FOCUS.token, apiUrl: fake.url, log }))
  deps = { db, store: storeProfile, files: localBlobStore(mkdtempSync(path.join(tmpdir(), 'nfe-'))), log }
  // The fixture's products get the fiscal data the catalog keeps.
  await db.update(products).set({ ncm: '85171300', gtin: '7891000315507', origem: 0 })
})
afterAll(async () => {
  await fake?.close()
  await database?.close()
})
beforeEach(() => fake.reset())

/** The 'nfe' jobs waiting (start_after ignored: the test is the clock), oldest first, taken off the queue. */
async function takeJobs(): Promise<NfeJob[]> {
  const rows = (await database.raw.query(
    `UPDATE pgboss.job SET state = 'completed' WHERE name = 'nfe' AND state = 'created' RETURNING data, created_on, id`,
    [],
  )) as Array<{ data: NfeJob; created_on: string; id: string }>
  return rows.sort((a, b) => String(a.created_on).localeCompare(String(b.created_on))).map((r) => r.data)
}
/** Runs the queue's jobs until none is left (at most `rounds`). */
async function drain(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    const jobs = await takeJobs()
    if (!jobs.length) return
    for (const job of jobs) await runNfeJob(deps, job)
  }
}
const invoiceOf = async (code: string, purpose: 'venda' | 'devolucao' = 'venda') => {
  const [row] = await db
    .select({ invoice: invoices })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(orders.code, code), eq(invoices.purpose, purpose)))
  return row?.invoice
}
const posts = () => fake.received.filter((r) => r.method === 'POST')
let n = 0
async function paidOrder(address?: { estado: string; cidade: string; cep: string }, company?: { cnpj: string; ie: string | null }) {
  const { code } = await placeTestOrder(bed, `nfe${++n}`, 'cartao', { link: FIXTURE.CAPA, quantity: 2 })
  if (address) await db.execute(sql`UPDATE orders SET shipping_address = shipping_address || ${JSON.stringify(address)}::jsonb WHERE code = ${code}`)
  if (company) await db.update(orders).set({ buyerCpf: company.cnpj, buyerIe: company.ie, buyerNome: 'Empresa Compradora Ltda' }).where(eq(orders.code, code))
  return code
}

/** A paid order of two lines (2 × CAPA, 1 × IPHONE) whose NF-e is authorized. */
async function twoLineOrder(address?: { estado: string; cidade: string; cep: string }) {
  const shopper = await createShopper(db, `nfe${++n}`)
  await fillCart(db, shopper, bed.fx.ids[FIXTURE.CAPA], 2)
  await fillCart(db, shopper, bed.fx.ids[FIXTURE.IPHONE], 1)
  await completeCheckout(db, shopper, 'cartao')
  const placed = await placeOrder({ db, env: bed.env, store: storeProfile, log, payments: bed.sandbox }, shopper, { cartao: TEST_CARD })
  if (isRefusal(placed)) throw placed
  const code = placed.pedido
  if (address) await db.execute(sql`UPDATE orders SET shipping_address = shipping_address || ${JSON.stringify(address)}::jsonb WHERE code = ${code}`)
  await drain()
  const [order] = await db.select().from(orders).where(eq(orders.code, code))
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(orderItems.id)
  expect(lines).toHaveLength(2)
  return { code, order, lines, shopper }
}

/** A delivered order's return of `items` (order item id → units), approved and received by staff. */
async function receivedReturn(order: typeof orders.$inferSelect, items: Array<[number, number]>) {
  await db.update(orders).set({ status: 'entregue' }).where(eq(orders.id, order.id))
  const [req] = await db
    .insert(returnRequests)
    .values({ orderId: order.id, customerId: order.customerId, reason: 'arrependimento', status: 'aprovada' })
    .returning()
  await db.insert(returnRequestItems).values(items.map(([orderItemId, quantity]) => ({ returnRequestId: req.id, orderItemId, quantity })))
  const received = await receiveReturn(db, { id: req.id, actor: STAFF, resellable: [] })
  expect(isRefusal(received)).toBe(false)
  return req.id
}
type Item = Record<string, unknown> & { cfop: string; quantidade_comercial: number }

describe(`NF-e with Focus NFe (${testDbKind})`, () => {
  it('a paid order gets one invoice, issued once, authorized with a valid key, its files kept, the event recorded', async () => {
    const code = await paidOrder()
    const pending = await invoiceOf(code)
    expect(pending).toMatchObject({ status: 'pendente', reference: saleReference(code), source: 'focusnfe' })
    await drain()
    const inv = await invoiceOf(code)
    expect(inv.status).toBe('autorizada')
    expect(isAccessKey(inv.accessKey!)).toBe(true)
    expect(inv.accessKey!.slice(6, 20)).toBe(storeProfile.cnpj.replace(/\D/g, ''))
    expect(inv.number).toBeGreaterThan(0)
    expect(inv.series).toBe(1)
    expect(inv.protocol).toMatch(/^\d{15}$/)
    expect(inv.xmlStorageKey).toContain(inv.accessKey)
    expect((await deps.files.read(inv.danfeStorageKey!))?.toString()).toContain('DANFE')
    // São Paulo to São Paulo, a consumer: CFOP 5102, internet, the CPF, the totals the order's.
    const body = posts()[0].body!
    const [order] = await db.select().from(orders).where(eq(orders.code, code))
    expect(body).toMatchObject({ presenca_comprador: 2, local_destino: 1, consumidor_final: 1, tipo_documento: 1, finalidade_emissao: 1 })
    expect(body.cpf_destinatario).toMatch(/^\d{11}$/)
    expect((body.items as Array<Record<string, unknown>>)[0]).toMatchObject({
      cfop: '5102',
      codigo_ncm: '85171300',
      icms_situacao_tributaria: '102',
      quantidade_comercial: 2,
    })
    expect(Math.round((body.valor_total as number) * 100)).toBe(order.totalCents)
    // The files: to the order's owner and to staff; to another customer, nothing.
    const [owner] = await db.select({ id: orders.customerId }).from(orders).where(eq(orders.code, code))
    expect((await invoiceFile(db, deps.files, code, 'xml', owner.id))?.bytes.toString()).toContain(`NFe${inv.accessKey}`)
    expect((await invoiceFile(db, deps.files, code, 'danfe', null))?.contentType).toBe('application/pdf')
    expect(await invoiceFile(db, deps.files, code, 'xml', owner.id + 999)).toBeNull()
    const events = await db.select().from(integrationEvents).where(eq(integrationEvents.type, 'nota_fiscal.emitida'))
    // Shaped like the ERP's (/api/v1): the order as it is now, and the invoice.
    const announced = events.map((e) => e.data as { codigo: string; nota_fiscal: { chave: string; origem: string } })
    expect(announced).toContainEqual(
      expect.objectContaining({ codigo: code, nota_fiscal: expect.objectContaining({ chave: inv.accessKey, origem: 'focusnfe' }) }),
    )
  })

  it('a retry of the issuing job never issues twice: it asks where the reference stands first', async () => {
    const code = await paidOrder()
    const [job] = await takeJobs()
    await runNfeJob(deps, job)
    await runNfeJob(deps, job) // the same job again, as after a crash past the provider's answer
    expect(posts()).toHaveLength(1)
    await drain()
    expect((await invoiceOf(code)).status).toBe('autorizada')
    expect(fake.notes.get(saleReference(code))!.posts).toBe(1)
  })

  it('the CFOP follows the destination: 6108 to a consumer in another state, 6102 to a company with IE', async () => {
    const consumer = await paidOrder({ estado: 'RJ', cidade: 'Rio de Janeiro', cep: '20040002' })
    await drain()
    const company = await paidOrder({ estado: 'PR', cidade: 'Curitiba', cep: '80010000' }, { cnpj: '11444777000161', ie: '9044016688' })
    await drain()
    const [a, b] = posts().map((p) => p.body!)
    expect(a).toMatchObject({ local_destino: 2, consumidor_final: 1, uf_destinatario: 'RJ' })
    expect((a.items as Array<{ cfop: string }>)[0].cfop).toBe('6108')
    expect(b).toMatchObject({
      local_destino: 2,
      consumidor_final: 0,
      cnpj_destinatario: '11444777000161',
      inscricao_estadual_destinatario: '9044016688',
      indicador_inscricao_estadual_destinatario: 1,
    })
    expect(b.cpf_destinatario).toBeUndefined()
    expect((b.items as Array<{ cfop: string }>)[0].cfop).toBe('6102')
    expect((await invoiceOf(consumer)).status).toBe('autorizada')
    expect((await invoiceOf(company)).status).toBe('autorizada')
  })

  it('a rejection keeps SEFAZ’s message; "corrigir e emitir de novo" sends the same reference again', async () => {
    fake.reject('Rejeição: Informado NCM inexistente')
    const code = await paidOrder()
    await drain()
    const rejected = await invoiceOf(code)
    expect(rejected.status).toBe('rejeitada')
    expect(rejected.statusMessage).toContain('NCM inexistente')
    const again = await issueInvoiceByHand(db, code, STAFF)
    expect(again).toEqual({ status: 'pendente' })
    await drain()
    expect((await invoiceOf(code)).status).toBe('autorizada')
    expect(fake.notes.get(saleReference(code))!.posts).toBe(2)
    const twice = await issueInvoiceByHand(db, code, STAFF)
    expect(isRefusal(twice) && twice.code).toBe(FISCAL.alreadyIssued.code)
  })

  it('a product without NCM is not sent: the invoice says why', async () => {
    await db.update(products).set({ ncm: null }).where(eq(products.id, bed.fx.ids[FIXTURE.CAPA]))
    try {
      const code = await paidOrder()
      await drain()
      const inv = await invoiceOf(code)
      expect(inv.status).toBe('rejeitada')
      expect(inv.statusMessage).toContain('Sem NCM')
      expect(posts()).toHaveLength(0)
    } finally {
      await db.update(products).set({ ncm: '85171300' }).where(eq(products.id, bed.fx.ids[FIXTURE.CAPA]))
    }
  })

  it('an answer with a malformed key is refused (the job fails and is retried); the invoice stays in processing', async () => {
    const code = await paidOrder()
    const [job] = await takeJobs()
    await runNfeJob(deps, job)
    const [poll] = await takeJobs()
    await runNfeJob(deps, poll) // processando once
    const [next] = await takeJobs()
    fake.fail('malformed_key')
    await expect(runNfeJob(deps, next)).rejects.toBeInstanceOf(FiscalUnavailable)
    expect((await invoiceOf(code)).status).toBe('processando')
    expect((await invoiceOf(code)).accessKey).toBeNull()
  })

  it('the provider down fails the job for the queue to retry; nothing is written', async () => {
    const code = await paidOrder()
    const [job] = await takeJobs()
    fake.fail('500')
    await expect(runNfeJob(deps, job)).rejects.toBeInstanceOf(FiscalUnavailable)
    expect((await invoiceOf(code)).status).toBe('pendente')
    await runNfeJob(deps, job)
    await drain()
    expect((await invoiceOf(code)).status).toBe('autorizada')
  })

  it('cancelling the order within 24 h cancels its invoice with a justification of 15+ characters', async () => {
    const code = await paidOrder()
    await drain()
    const cancelled = await cancelOrder(db, { code, actor: STAFF, reason: 'cliente desistiu da compra' }, { provider: bed.sandbox })
    expect(isRefusal(cancelled)).toBe(false)
    await drain()
    const del = fake.received.find((r) => r.method === 'DELETE')!
    expect(del.path).toBe(`/v2/nfe/${saleReference(code)}`)
    expect(String(del.body!.justificativa).length).toBeGreaterThanOrEqual(15)
    const inv = await invoiceOf(code)
    expect(inv.status).toBe('cancelada')
    expect(inv.cancelledAt).not.toBeNull()
  })

  it("the webhook needs the hook's Authorization, and only makes the store ask the provider itself", async () => {
    const secret = 'segredo-do-gatilho-focus-nfe'
    setFiscalProvider(db, createFocusNfeProvider({ token: FAKE_FOCUS.token, apiUrl: fake.url, webhookSecret: secret, log }))
    try {
      const code = await paidOrder()
      const [job] = await takeJobs()
      await runNfeJob(deps, job) // sent: processing
      await takeJobs() // the scheduled poll, dropped: the webhook replaces it
      const { request } = createTestApp(db)
      const hook = (authorization: string) =>
        request('/_next/api/nota-fiscal/webhook/', { method: 'POST', json: { ref: saleReference(code), status: 'autorizado' }, headers: { authorization } })
      expect((await hook('outro-segredo-qualquer')).status).toBe(403)
      expect(await takeJobs()).toHaveLength(0)
      const ok = await hook(secret)
      expect(ok.status).toBe(200)
      const [poll] = await takeJobs()
      expect(poll).toMatchObject({ acao: 'consultar', pedido: code })
    } finally {
      setFiscalProvider(db, createFocusNfeProvider({ token: FAKE_FOCUS.token, apiUrl: fake.url, log }))
    }
  })

  it('the order list filters by invoice: paid without one, with an error, issued', async () => {
    fake.reject('Rejeição: CFOP de operação com não contribuinte')
    const rejected = await paidOrder()
    await drain()
    const issued = await paidOrder()
    await drain()
    const without = await paidOrder()
    await db.delete(invoices).where(eq(invoices.reference, saleReference(without)))
    await takeJobs()
    const codes = async (nota: 'sem_nota' | 'com_erro' | 'emitida') => {
      const list = await listAdminOrders(db, orderListQuerySchema.parse({ nota, por: 100 }))
      if (isRefusal(list)) throw list
      return list.rows.map((r) => r.code)
    }
    expect(await codes('com_erro')).toContain(rejected)
    expect(await codes('com_erro')).not.toContain(issued)
    expect(await codes('emitida')).toContain(issued)
    expect(await codes('sem_nota')).toEqual([without])
  })

  it('a received return issues its entry invoice: finalidade 4, the sale’s key, CFOP 1202, only what came back at what was paid', async () => {
    const { code, order, lines } = await twoLineOrder()
    const sale = await invoiceOf(code)
    expect(sale.status).toBe('autorizada')
    fake.reset()
    // One of the two capas comes back; the iPhone stays.
    await receivedReturn(order, [[lines[0].id, 1]])
    const pending = await invoiceOf(code, 'devolucao')
    expect(pending).toMatchObject({ status: 'pendente', reference: returnReference(code), source: 'focusnfe' })
    expect((await invoiceOf(code)).returnRequiredAt).not.toBeNull()
    const [job] = await takeJobs()
    expect(job).toEqual({ acao: 'emitir', pedido: code, nota: 'devolucao' })
    await runNfeJob(deps, job)
    await runNfeJob(deps, job) // a retry asks first: never a second POST
    await drain()
    expect(posts()).toHaveLength(1)
    const body = posts()[0].body!
    expect(posts()[0].path).toBe(`/v2/nfe?ref=${returnReference(code)}`)
    expect(body).toMatchObject({
      tipo_documento: 0,
      finalidade_emissao: 4,
      local_destino: 1,
      natureza_operacao: storeProfile.fiscal.naturezaDevolucao,
      notas_referenciadas: [{ chave_nfe: sale.accessKey }],
      formas_pagamento: [{ forma_pagamento: '90', valor_pagamento: 0 }],
    })
    const items = body.items as Item[]
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ numero_item: 1, cfop: '1202', quantidade_comercial: 1, icms_situacao_tributaria: '900' })
    // What was paid for that unit: the line's own discount shared over its units.
    const line = lines[0]
    const paid = Math.round(((line.totalCents - line.discountCents) * 1) / line.quantity)
    const itemCents = Math.round(((items[0].valor_bruto as number) - ((items[0].valor_desconto as number) ?? 0)) * 100)
    expect(Math.abs(itemCents - paid)).toBeLessThanOrEqual(1)
    const entry = await invoiceOf(code, 'devolucao')
    expect(entry.status).toBe('autorizada')
    expect(isAccessKey(entry.accessKey!)).toBe(true)
    expect(entry.accessKey).not.toBe(sale.accessKey)
    expect(entry.returnRequestId).not.toBeNull()
    expect((await invoiceFile(db, deps.files, code, 'danfe', null, 'devolucao'))?.contentType).toBe('application/pdf')
    // The sale's note no longer owes anything; integrations hear of the entry, with the key it refers to.
    expect((await invoiceOf(code)).returnRequiredAt).toBeNull()
    const events = await db.select().from(integrationEvents).where(eq(integrationEvents.type, 'nota_fiscal.emitida'))
    expect(events.map((e) => e.data)).toContainEqual(
      expect.objectContaining({
        codigo: code,
        nota_fiscal: expect.objectContaining({ chave: entry.accessKey, finalidade: 'devolucao', chave_referenciada: sale.accessKey }),
      }),
    )
  })

  it('a return from another state enters with CFOP 2202; the whole order returned mirrors the sale’s totals', async () => {
    const { code, order, lines } = await twoLineOrder({ estado: 'RJ', cidade: 'Rio de Janeiro', cep: '20040002' })
    fake.reset()
    await receivedReturn(
      order,
      lines.map((l) => [l.id, l.quantity]),
    )
    await drain()
    const body = posts()[0].body!
    expect(body.local_destino).toBe(2)
    expect((body.items as Item[]).map((i) => i.cfop)).toEqual(['2202', '2202'])
    expect(Math.round((body.valor_total as number) * 100)).toBe(order.totalCents)
    expect((await invoiceOf(code, 'devolucao')).status).toBe('autorizada')
  })

  it('a return of an order without an authorized NF-e owes nothing and queues nothing', async () => {
    fake.reject('Rejeição: Duplicidade de NF-e')
    const { code, order, lines } = await twoLineOrder()
    expect((await invoiceOf(code)).status).toBe('rejeitada')
    await receivedReturn(order, [[lines[1].id, 1]])
    expect(await invoiceOf(code, 'devolucao')).toBeUndefined()
    expect(await takeJobs()).toHaveLength(0)
    expect(isRefusal(await issueReturnInvoiceByHand(db, code, STAFF))).toBe(true)
  })

  it('cancelled after 24 h: the order needs a return invoice (panel, list filter); staff issue it for the whole order', async () => {
    const code = await paidOrder()
    await drain()
    const sale = await invoiceOf(code)
    expect(sale.status).toBe('autorizada')
    // Not owed while the order stands.
    const early = await issueReturnInvoiceByHand(db, code, STAFF)
    expect(isRefusal(early) && early.code).toBe(FISCAL.returnNotNeeded.code)
    await db
      .update(invoices)
      .set({ authorizedAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(invoices.id, sale.id))
    fake.reset()
    const cancelled = await cancelOrder(db, { code, actor: STAFF, reason: 'cliente desistiu da compra' }, { provider: bed.sandbox })
    expect(isRefusal(cancelled)).toBe(false)
    expect(await takeJobs()).toHaveLength(0) // no DELETE: too late to cancel at SEFAZ
    expect((await invoiceOf(code)).returnRequiredAt).not.toBeNull()
    const owing = async () => {
      const list = await listAdminOrders(db, orderListQuerySchema.parse({ nota: 'devolucao', por: 100 }))
      if (isRefusal(list)) throw list
      return list.rows.map((r) => r.code)
    }
    expect(await owing()).toContain(code)
    expect(await issueReturnInvoiceByHand(db, code, STAFF)).toEqual({ status: 'pendente' })
    const twice = await issueReturnInvoiceByHand(db, code, STAFF)
    expect(isRefusal(twice) && twice.code).toBe(FISCAL.returnAlreadyIssued.code)
    await drain()
    const body = posts()[0].body!
    expect(body).toMatchObject({ finalidade_emissao: 4, tipo_documento: 0, notas_referenciadas: [{ chave_nfe: sale.accessKey }] })
    const [order] = await db.select().from(orders).where(eq(orders.code, code))
    expect(Math.round((body.valor_total as number) * 100)).toBe(order.totalCents)
    expect((body.items as Item[])[0]).toMatchObject({ cfop: '1202', quantidade_comercial: 2 })
    expect((await invoiceOf(code, 'devolucao')).status).toBe('autorizada')
    expect(await owing()).not.toContain(code)
    expect(fake.received.some((r) => r.method === 'DELETE')).toBe(false)
  })

  it('a rejected entry invoice keeps SEFAZ’s words and is corrected and issued again under the same reference', async () => {
    const { code, order, lines } = await twoLineOrder()
    fake.reset()
    fake.reject('Rejeição: CFOP de devolução incompatível')
    await receivedReturn(order, [[lines[1].id, 1]])
    await drain()
    const rejected = await invoiceOf(code, 'devolucao')
    expect(rejected.status).toBe('rejeitada')
    expect(rejected.statusMessage).toContain('CFOP de devolução')
    expect((await invoiceOf(code)).returnRequiredAt).not.toBeNull()
    expect(await issueReturnInvoiceByHand(db, code, STAFF)).toEqual({ status: 'pendente' })
    await drain()
    expect((await invoiceOf(code, 'devolucao')).status).toBe('autorizada')
    expect(fake.notes.get(returnReference(code))!.posts).toBe(2)
  })

  it('"Comprar como empresa" at checkout: CNPJ, razão social and IE on the order, the NF-e to the company; isento is indicator 2', async () => {
    const buy = async (empresa: Record<string, string>, estado?: { estado: string; cidade: string; cep: string }) => {
      const shopper = await createShopper(db, `nfe${++n}`)
      await fillCart(db, shopper, bed.fx.ids[FIXTURE.CAPA], 1)
      await completeCheckout(db, shopper, 'cartao')
      const input = checkoutStep1RequestSchema.parse({
        nome: 'Ana Maria Teste',
        email: 'ana@example.com',
        cpf: '390.533.447-05',
        celular: '(11) 9 8765-4321',
        empresa,
      })
      await identify(db, shopper, input)
      const placed = await placeOrder({ db, env: bed.env, store: storeProfile, log, payments: bed.sandbox }, shopper, { cartao: TEST_CARD })
      if (isRefusal(placed)) throw placed
      if (estado) await db.execute(sql`UPDATE orders SET shipping_address = shipping_address || ${JSON.stringify(estado)}::jsonb WHERE code = ${placed.pedido}`)
      await drain()
      const [order] = await db.select().from(orders).where(eq(orders.code, placed.pedido))
      return { order, body: posts().at(-1)!.body! }
    }
    const taxpayer = await buy(
      { cnpj: '11.444.777/0001-61', razaoSocial: '  Comércio   Exemplo Ltda ', ie: '110.042.490.114' },
      { estado: 'PR', cidade: 'Curitiba', cep: '80010000' },
    )
    expect(taxpayer.order).toMatchObject({
      buyerCpf: '39053344705',
      buyerCnpj: '11444777000161',
      buyerRazaoSocial: 'Comércio Exemplo Ltda',
      buyerIe: '110042490114',
    })
    expect(taxpayer.body).toMatchObject({
      cnpj_destinatario: '11444777000161',
      nome_destinatario: 'Comércio Exemplo Ltda',
      inscricao_estadual_destinatario: '110042490114',
      indicador_inscricao_estadual_destinatario: 1,
      consumidor_final: 0,
    })
    expect((taxpayer.body.items as Item[])[0].cfop).toBe('6102')
    const exempt = await buy(
      { cnpj: '11444777000161', razaoSocial: 'Associação Exemplo', ie: 'isento' },
      { estado: 'RJ', cidade: 'Rio de Janeiro', cep: '20040002' },
    )
    expect(exempt.order.buyerIe).toBe('ISENTO')
    expect(exempt.body).toMatchObject({ cnpj_destinatario: '11444777000161', indicador_inscricao_estadual_destinatario: 2, consumidor_final: 1 })
    expect(exempt.body.inscricao_estadual_destinatario).toBeUndefined()
    expect((exempt.body.items as Item[])[0].cfop).toBe('6108')
    // A person's purchase keeps no company.
    const person = await paidOrder()
    await drain()
    const [p] = await db.select().from(orders).where(eq(orders.code, person))
    expect(p).toMatchObject({ buyerCnpj: null, buyerRazaoSocial: null, buyerIe: null })
  })

  it('company fields are refused in pt-BR: a CNPJ with a wrong check digit, no razão social, an IE with letters; registration needs the CNPJ', () => {
    const base = { nome: 'Ana Maria Teste', email: 'ana@example.com', cpf: '390.533.447-05', celular: '(11) 9 8765-4321' }
    const problems = (empresa: Record<string, string>) => (checkoutStep1RequestSchema.safeParse({ ...base, empresa }).error?.issues ?? []).map((i) => i.message)
    expect(problems({ cnpj: '11.444.777/0001-62', razaoSocial: 'Empresa Ltda', ie: 'ISENTO' })).toEqual([COMPANY_MESSAGES.cnpj])
    expect(problems({ cnpj: '11444777000161', razaoSocial: ' ', ie: 'ISENTO' })).toEqual([COMPANY_MESSAGES.razaoSocial])
    expect(problems({ cnpj: '11444777000161', razaoSocial: 'Empresa Ltda', ie: 'ABC123' })).toEqual([COMPANY_MESSAGES.inscricaoEstadual])
    expect(problems({ cnpj: '11444777000161', razaoSocial: 'x'.repeat(61), ie: '1234' })).toEqual([COMPANY_MESSAGES.razaoSocial])
    expect(checkoutStep1RequestSchema.safeParse(base).success).toBe(true)
    const registration = {
      nome: 'Ana',
      sobrenome: 'Teste',
      documento: '390.533.447-05',
      email: 'ana@example.com',
      telefone: '(11) 9 8765-4321',
      senha: 'Senha-Forte-2026',
      confirmacao: 'Senha-Forte-2026',
      termos: true,
      altcha: 'x',
      razaoSocial: 'Empresa Ltda',
      inscricaoEstadual: 'ISENTO',
    }
    const asPerson = cadastroRequestSchema.safeParse(registration)
    expect(asPerson.error?.issues.map((i) => i.message)).toContain(COMPANY_MESSAGES.cnpjNoCadastro)
    const asCompany = cadastroRequestSchema.safeParse({ ...registration, documento: '11.444.777/0001-61' })
    expect(asCompany.error?.issues.map((i) => i.message) ?? []).not.toContain(COMPANY_MESSAGES.cnpjNoCadastro)
  })

  it('with FISCAL_PROVIDER=nenhum a paid order carries no invoice and nothing is queued', async () => {
    setFiscalProvider(db, createNoFiscalProvider())
    try {
      const code = await paidOrder()
      expect(await invoiceOf(code)).toBeUndefined()
      expect(await takeJobs()).toHaveLength(0)
    } finally {
      setFiscalProvider(db, createFocusNfeProvider({ token: FAKE_FOCUS.token, apiUrl: fake.url, log }))
    }
  })
})
