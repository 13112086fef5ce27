import { and, eq, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NEW_COUPON, NEW_PROMOTION, type CouponForm, type PromotionForm } from '../../../contract/admin/promotions'
import { COUPON } from '../../../contract/messages/coupons'
import { PROMOTIONS } from '../../../contract/messages/promotions'
import { createStaffMember } from '../../../tests/support/admin'
import { testEnv } from '../../../tests/support/app'
import { insertCatalogFixture, type CatalogFixture } from '../../../tests/support/catalog-fixtures'
import { completeCheckout, createShopper, fillCart, installTestSandbox } from '../../../tests/support/checkout'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database, Db } from '../../db/client'
import { auditLog, carts, coupons, orders, products } from '../../db/schema'
import { storeProfile } from '../../store-profile'
import type { Actor } from '../actor'
import { placeOrder, type PlaceDeps } from '../order/place'
import { isRefusal, type Refusal } from '../refusal'
import { campaignCsv, generateCodes } from './admin-codes'
import { couponEditor, createCoupon, endCoupon, listCoupons, updateCoupon } from './admin-coupons'
import { createPromotion, endPromotion, updatePromotion } from './admin-promotions'
import { discountReport } from './admin-report'
import { readCouponForm, readPromotionForm, type CouponInput } from './admin-rules'
import { couponFacts } from './offers'
import { runningPromotions } from './running'

let database: Database
let db: Db
let fx: CatalogFixture
let actor: Actor
let deps: PlaceDeps
let productId: number

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  fx = await insertCatalogFixture(db)
  const owner = await createStaffMember(db, 'dono')
  actor = { kind: 'staff', staffId: owner.id, name: owner.nome, ip: '10.0.0.1' }
  deps = { db, env: testEnv, store: storeProfile, log: pino({ level: 'silent' }), payments: installTestSandbox(db) }
  const [p] = await db
    .insert(products)
    .values({
      hash: 'adm-promo-1',
      linkReal: 'produto-adm-promo',
      titulo: 'Produto Admin Promo',
      priceCents: 20_000,
      stock: 1_000,
      categoryId: fx.cat.audio.id,
      sku: 'ADM-PROMO-1',
    })
    .returning()
  productId = p.id
}, 60_000)
afterAll(() => database?.close())

const blank: CouponForm = { ...NEW_COUPON, valor: '10' }
const form = (change: Partial<CouponForm>): CouponForm => ({ ...blank, ...change })
const codeOf = (r: unknown) => (isRefusal(r) ? r.code : 'ok')
const fieldOf = (r: unknown) => (isRefusal(r) ? r.wire.campo : null)
function must<T>(r: T | Refusal): T {
  if (isRefusal(r)) throw r
  return r
}
const input = (change: Partial<CouponForm>): CouponInput => must(readCouponForm(form(change)))

describe(`reading the coupon form (${testDbKind})`, () => {
  it('trims and upper-cases the code, reads reais and Brasília dates', () => {
    const read = input({ codigo: '  natal-26 ', tipo: 'fixo', valor: 'R$ 50,00', minimo: '1.299,90', inicio: '2026-12-01T09:00', fim: '2026-12-25T23:59' })
    expect(read).toMatchObject({ code: 'NATAL-26', kind: 'fixo', value: 5_000, minCents: 129_990 })
    expect(read.startsAt?.toISOString()).toBe('2026-12-01T12:00:00.000Z')
    expect(read.endsAt?.toISOString()).toBe('2026-12-26T02:59:00.000Z')
    expect(input({ codigo: 'x', tipo: 'frete', valor: 'junk' })).toMatchObject({ kind: 'frete', value: 0 })
    expect(input({ codigo: 'x', usosTotais: ' 100 ', usosPorCliente: '1' })).toMatchObject({ totalUses: 100, perCustomer: 1 })
  })

  it.each([
    [{ codigo: '' }, PROMOTIONS.code.code, 'codigo'],
    [{ codigo: 'COM ESPAÇO' }, PROMOTIONS.code.code, 'codigo'],
    [{ codigo: 'A'.repeat(31) }, PROMOTIONS.code.code, 'codigo'],
    [{ codigo: 'X', valor: '0' }, PROMOTIONS.percent.code, 'valor'],
    [{ codigo: 'X', valor: '101' }, PROMOTIONS.percent.code, 'valor'],
    [{ codigo: 'X', valor: '10,5' }, PROMOTIONS.percent.code, 'valor'],
    [{ codigo: 'X', tipo: 'fixo', valor: '0,00' }, PROMOTIONS.fixed.code, 'valor'],
    [{ codigo: 'X', tipo: 'fixo', valor: '-5' }, PROMOTIONS.fixed.code, 'valor'],
    [{ codigo: 'X', tipo: 'fixo', valor: 'cinquenta' }, PROMOTIONS.fixed.code, 'valor'],
    [{ codigo: 'X', tipo: 'fixo', valor: '2.000.000,00' }, PROMOTIONS.tooLarge.code, 'valor'],
    [{ codigo: 'X', minimo: 'abc' }, PROMOTIONS.minimum.code, 'minimo'],
    [{ codigo: 'X', inicio: '31/12/2026' }, PROMOTIONS.date.code, 'inicio'],
    [{ codigo: 'X', fim: '2026-02-30T10:00' }, PROMOTIONS.date.code, 'fim'],
    [{ codigo: 'X', inicio: '2026-12-10T10:00', fim: '2026-12-10T10:00' }, PROMOTIONS.endBeforeStart.code, 'fim'],
    [{ codigo: 'X', usosTotais: '0' }, PROMOTIONS.uses.code, 'usosTotais'],
    [{ codigo: 'X', usosPorCliente: '1.5' }, PROMOTIONS.perCustomer.code, 'usosPorCliente'],
  ] as const)('refuses %j with its code, on its field', (change, code, campo) => {
    const read = readCouponForm(form(change as Partial<CouponForm>))
    expect(codeOf(read)).toBe(code)
    expect(fieldOf(read)).toBe(campo)
  })

  it('reads a promotion the same way, its start required', () => {
    const promo: PromotionForm = { ...NEW_PROMOTION, nome: ' Semana  do Som ', valor: '10', minimoUnidades: '2', inicio: '2026-12-01T00:00' }
    expect(must(readPromotionForm(promo))).toMatchObject({ name: 'Semana do Som', value: 10, minQuantity: 2, endsAt: null })
    expect(codeOf(readPromotionForm({ ...promo, inicio: '' }))).toBe(PROMOTIONS.startRequired.code)
    expect(codeOf(readPromotionForm({ ...promo, valor: '150' }))).toBe(PROMOTIONS.percent.code)
    expect(codeOf(readPromotionForm({ ...promo, tipo: 'fixo', valor: '0' }))).toBe(PROMOTIONS.fixed.code)
    expect(codeOf(readPromotionForm({ ...promo, minimoUnidades: '0' }))).toBe(PROMOTIONS.minQuantity.code)
    expect(codeOf(readPromotionForm({ ...promo, nome: '  ' }))).toBe(PROMOTIONS.name.code)
  })
})

describe(`coupons in the back office (${testDbKind})`, () => {
  it('creates a coupon with its audit line, and refuses a code taken in any case', async () => {
    const made = must(await createCoupon(db, { input: input({ codigo: 'Audit-10', escopo: { ...blank.escopo, categorias: [fx.cat.audio.id] } }), actor }))
    expect(made.code).toBe('AUDIT-10')
    const [line] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cupom.criar'), eq(auditLog.entityId, String(made.id))))
    expect(line).toMatchObject({ actorKind: 'staff', actorLabel: actor.kind === 'staff' ? actor.name : '' })
    expect(line.after).toMatchObject({ code: 'AUDIT-10', kind: 'percentual', value: 10, scope: { categorias: [fx.cat.audio.id] } })
    const again = await createCoupon(db, { input: input({ codigo: ' audit-10' }), actor })
    expect(codeOf(again)).toBe(PROMOTIONS.codeTaken.code)
    expect((again as Refusal).message).toBe('Já existe um cupom com o código AUDIT-10. Escolha outro.')
    expect(fieldOf(again)).toBe('codigo')
    expect(codeOf(await createCoupon(db, { input: input({ codigo: 'NOVO-X', escopo: { ...blank.escopo, produtos: [999_999] } }), actor }))).toBe(
      PROMOTIONS.scopeGone.code,
    )
  })

  it('locks the kind, value and scope of a used coupon; the rest may change, and ending it is allowed', async () => {
    const made = must(await createCoupon(db, { input: input({ codigo: 'USADO' }), actor }))
    await db.update(coupons).set({ usesCount: 2 }).where(eq(coupons.id, made.id))
    const value = await updateCoupon(db, { id: made.id, input: input({ codigo: 'USADO', valor: '20' }), actor })
    expect(codeOf(value)).toBe(PROMOTIONS.usedLocked.code)
    expect((value as Refusal).message).toContain('Encerre-o e crie outro')
    expect(codeOf(await updateCoupon(db, { id: made.id, input: input({ codigo: 'USADO', tipo: 'fixo', valor: '10,00' }), actor }))).toBe(
      PROMOTIONS.usedLocked.code,
    )
    expect(
      codeOf(await updateCoupon(db, { id: made.id, input: input({ codigo: 'USADO', escopo: { ...blank.escopo, marcas: [fx.brand.sony.id] } }), actor })),
    ).toBe(PROMOTIONS.usedLocked.code)
    // The same rules with another minimum and limit: saved, audited before → after.
    must(await updateCoupon(db, { id: made.id, input: input({ codigo: 'USADO', minimo: '100,00', usosTotais: '10' }), actor }))
    const [edit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cupom.editar'), eq(auditLog.entityId, String(made.id))))
    expect(edit.before).toMatchObject({ minCents: 0, totalUses: null })
    expect(edit.after).toMatchObject({ minCents: 10_000, totalUses: 10 })

    must(await endCoupon(db, { id: made.id, actor }))
    const editor = await couponEditor(db, made.id)
    expect(editor).toMatchObject({ valid: false, form: { ativo: false } })
    expect((await couponFacts(db, 'usado', { customerId: null, cpf: null }))?.active).toBe(false)
    const ended = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cupom.encerrar'), eq(auditLog.entityId, String(made.id))))
    expect(ended).toHaveLength(1)
  })

  it('lists by code, state and campaign, a keyset page at a time', async () => {
    for (let i = 0; i < 30; i++) must(await createCoupon(db, { input: input({ codigo: `LISTA-${i}`, campanha: 'Lista' }), actor }))
    const first = must(await listCoupons(db, { q: 'lista', campanha: 'Lista' }))
    expect(first.rows).toHaveLength(25)
    expect(first.rows[0].code).toBe('LISTA-29')
    const second = must(await listCoupons(db, { q: 'lista', campanha: 'Lista', apos: first.next! }))
    expect(second.rows.map((r) => r.code)).toEqual(['LISTA-4', 'LISTA-3', 'LISTA-2', 'LISTA-1', 'LISTA-0'])
    expect(second.next).toBeNull()
    const back = must(await listCoupons(db, { q: 'lista', campanha: 'Lista', antes: second.prev! }))
    expect(back.rows.map((r) => r.code)).toEqual(first.rows.map((r) => r.code))
    const ended = must(await listCoupons(db, { situacao: 'encerrados' }))
    expect(ended.rows.map((r) => r.code)).toContain('USADO')
    expect(must(await listCoupons(db, { situacao: 'ativos' })).rows.map((r) => r.code)).not.toContain('USADO')
    expect(codeOf(await listCoupons(db, { apos: 'abcd' }))).toBe(PROMOTIONS.badCursor.code)
  })

  it('refuses, at the database too, a percentage over 100 or a negative value', async () => {
    await expect(db.insert(coupons).values({ code: 'DEMAIS', kind: 'percentual', value: 150 })).rejects.toThrow()
    await expect(db.insert(coupons).values({ code: 'NEGATIVO', kind: 'fixo', value: -1 })).rejects.toThrow()
    await expect(db.insert(coupons).values({ code: 'minusculo', kind: 'percentual', value: 5 })).rejects.toThrow()
  })
})

describe(`"Gerar códigos" (${testDbKind})`, () => {
  it('makes N unique single-use codes of one campaign in one audited go, each usable once at placement', async () => {
    const template = must(await createCoupon(db, { input: input({ codigo: 'INFLU', valor: '15' }), actor }))
    const made = must(await generateCodes(db, { templateId: template.id, input: { prefixo: 'influ-', quantidade: 300, campanha: ' Influenciadores ' }, actor }))
    expect(made.count).toBe(300)
    expect(new Set(made.codes).size).toBe(300)
    for (const c of made.codes) expect(c).toMatch(/^INFLU-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/)
    const rows = await db.select().from(coupons).where(eq(coupons.campaign, 'Influenciadores'))
    expect(rows).toHaveLength(300)
    expect(rows.every((r) => r.totalUses === 1 && r.kind === 'percentual' && r.value === 15 && r.usesCount === 0)).toBe(true)
    const lines = await db.select().from(auditLog).where(eq(auditLog.action, 'cupom.gerar'))
    expect(lines).toHaveLength(1)
    expect(lines[0].after).toMatchObject({ campanha: 'Influenciadores', quantidade: 300, modelo: 'INFLU' })

    // One shopper places an order with a code (typed in lower case); a second one finds it used.
    const code = made.codes[0]
    const shopper = async (name: string) => {
      const s = await createShopper(db, name)
      await fillCart(db, s, productId, 1)
      await completeCheckout(db, s, 'pix')
      await db.update(carts).set({ couponCode: code }).where(eq(carts.customerId, s.customerId))
      return s
    }
    const placed = must(await placeOrder(deps, await shopper('gerado1'), {}))
    const [order] = await db.select().from(orders).where(eq(orders.code, placed.pedido))
    expect(order.couponCode).toBe(code)
    expect(codeOf(await placeOrder(deps, await shopper('gerado2'), {}))).toBe(COUPON.exhausted.code)

    let csv = ''
    for await (const chunk of campaignCsv(db, 'Influenciadores')) csv += chunk
    const body = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(body[0]).toBe('Código;Campanha;Situação;Usos')
    expect(body).toHaveLength(301)
    expect(body).toContain(`${code};Influenciadores;usado;1`)
    expect(body.filter((l) => l.endsWith(';livre;0'))).toHaveLength(299)

    // The Painel counts the paid order under its campaign.
    await db.update(orders).set({ status: 'pago' }).where(eq(orders.id, order.id))
    const report = await discountReport(db, new Date(Date.now() - 86_400_000))
    expect(report.cupons).toContainEqual({ nome: 'Campanha Influenciadores', pedidos: 1, receitaCents: order.totalCents, descontoCents: expect.any(Number) })
  })

  it('refuses a bad prefix, a count out of 1–1000 or no campaign, writing nothing', async () => {
    const template = must(await createCoupon(db, { input: input({ codigo: 'MODELO' }), actor }))
    const gen = (prefixo: string, quantidade: number, campanha = 'X') =>
      generateCodes(db, { templateId: template.id, input: { prefixo, quantidade, campanha }, actor })
    expect(codeOf(await gen('com espaço', 10))).toBe(PROMOTIONS.prefix.code)
    expect(codeOf(await gen('A'.repeat(23), 10))).toBe(PROMOTIONS.prefix.code)
    expect(codeOf(await gen('OK', 0))).toBe(PROMOTIONS.count.code)
    expect(codeOf(await gen('OK', 1001))).toBe(PROMOTIONS.count.code)
    expect(codeOf(await gen('OK', 2.5))).toBe(PROMOTIONS.count.code)
    expect(codeOf(await gen('OK', 10, '  '))).toBe(PROMOTIONS.campaignRequired.code)
    expect(await db.select().from(coupons).where(eq(coupons.campaign, 'X'))).toHaveLength(0)
  })
})

describe(`automatic promotions in the back office (${testDbKind})`, () => {
  it('a created, edited and ended promotion reaches the running ones (the catalog channel drops the kept list)', async () => {
    const now = new Date()
    const running = async () => (await runningPromotions(db, new Date())).map((p) => [p.name, p.value])
    expect(await running()).toEqual([])
    const base = {
      kind: 'percentual' as const,
      minQuantity: 1,
      scope: { categorias: [fx.cat.audio.id] },
      startsAt: new Date(now.getTime() - 60_000),
      endsAt: null,
      active: true,
    }
    const made = must(await createPromotion(db, { input: { ...base, name: 'Semana do Som', value: 10 }, actor }))
    await expect.poll(running).toEqual([['Semana do Som', 10]])
    must(await updatePromotion(db, { id: made.id, input: { ...base, name: 'Semana do Som', value: 15 }, actor }))
    await expect.poll(running).toEqual([['Semana do Som', 15]])
    must(await endPromotion(db, { id: made.id, actor }))
    await expect.poll(running).toEqual([])
    const actions = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'promotion'), eq(auditLog.entityId, String(made.id))))
      .orderBy(auditLog.id)
    expect(actions.map((a) => a.action)).toEqual(['promocao.criar', 'promocao.editar', 'promocao.encerrar'])
    await expect(db.execute(sql`INSERT INTO promotions (name, kind, value, starts_at) VALUES ('x', 'percentual', 101, now())`)).rejects.toThrow()
  })
})
