import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { action as couponAction, loader as couponLoader } from '../../app/routes/admin/cupom'
import { loader as layoutLoader } from '../../app/routes/admin/layout'
import { loader as painelLoader } from '../../app/routes/admin/painel'
import { action as promotionAction } from '../../app/routes/admin/promocao'
import { loader as listLoader } from '../../app/routes/admin/promocoes'
import { loader as pickLoader } from '../../app/routes/admin/promocoes-produtos'
import { NEW_COUPON, NEW_PROMOTION, type CouponForm, type PromotionForm } from '../../contract/admin/promotions'
import { PROMOTIONS, PROMOTIONS_DONE } from '../../contract/messages/promotions'
import { STAFF } from '../../contract/messages/staff'
import type { Database, Db } from '../../server/db/client'
import { auditLog, coupons, promotions } from '../../server/db/schema'
import { runPage, type TestStaff, signedIn, staffOfEachRole } from '../support/admin'
import { insertCatalogFixture, type CatalogFixture } from '../support/catalog-fixtures'
import { createTestDatabase, testDbKind } from '../support/db'

let database: Database
let db: Db
let fx: CatalogFixture
let dono: TestStaff
let operacao: TestStaff
let atendimento: TestStaff

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  fx = await insertCatalogFixture(db)
  ;({ dono, operacao, atendimento } = await staffOfEachRole(db))
}, 60_000)
afterAll(() => database?.close())

const as = (member: TestStaff) => signedIn(db, member)

const cupom = (codigo: string, change: Partial<CouponForm> = {}): CouponForm => ({ ...NEW_COUPON, codigo, valor: '10', ...change })
const promocao = (nome: string): PromotionForm => ({
  ...NEW_PROMOTION,
  nome,
  valor: '10',
  escopo: { ...NEW_PROMOTION.escopo, categorias: [fx.cat.audio.id] },
  inicio: '2026-01-01T00:00',
})
const auditOf = (action: string, entityId: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))

describe(`/admin/promocoes pages (${testDbKind})`, () => {
  it('lets the Dono and the Operação create and save coupons, each change audited with who did it', async () => {
    for (const [member, code] of [
      [dono, 'DONO10'],
      [operacao, 'OPERA10'],
    ] as const) {
      const c = await as(member)
      const made = await runPage(db, c, couponAction, { url: '/admin/promocoes/cupons/novo', json: { intent: 'criar', cupom: cupom(code.toLowerCase()) } })
      expect(made.data).toMatchObject({ ok: true, msg: PROMOTIONS_DONE.couponCreated(code) })
      const id = String((made.data as { id: number }).id)
      const [line] = await auditOf('cupom.criar', id)
      expect(line).toMatchObject({ actorKind: 'staff', actorId: member.id, actorLabel: member.nome })
      const saved = await runPage(db, c, couponAction, {
        url: `/admin/promocoes/cupons/${id}`,
        params: { id },
        json: { intent: 'salvar', cupom: cupom(code, { minimo: '99,90' }) },
      })
      expect(saved.data).toMatchObject({ ok: true, msg: PROMOTIONS_DONE.couponSaved(code) })
      expect((await db.select().from(coupons).where(eq(coupons.code, code)))[0].minCents).toBe(9_990)
      const page = await runPage(db, c, couponLoader, { url: `/admin/promocoes/cupons/${id}`, params: { id } })
      expect(page.data).toMatchObject({ cupom: { code, form: { minimo: '99,90' } }, canWrite: true })
    }
    const list = await runPage(db, await as(operacao), listLoader, { url: '/admin/promocoes?q=10' })
    expect((list.data as { coupons: { rows: Array<{ code: string }> } }).coupons.rows.map((r) => r.code).sort()).toEqual(['DONO10', 'OPERA10'])
  })

  it('refuses the Atendimento with 403 on every page and action, audited', async () => {
    const c = await as(atendimento)
    const menu = async (member: TestStaff) =>
      ((await runPage(db, await as(member), layoutLoader, { url: '/admin/' })).data as { nav: Array<{ label: string }> }).nav.map((n) => n.label)
    expect(await menu(operacao)).toContain('Promoções')
    expect(await menu(atendimento)).not.toContain('Promoções')
    expect((await runPage(db, c, listLoader, { url: '/admin/promocoes' })).status).toBe(403)
    expect((await runPage(db, c, couponLoader, { url: '/admin/promocoes/cupons/novo' })).status).toBe(403)
    expect((await runPage(db, c, pickLoader, { url: '/admin/promocoes/produtos?q=fone' })).status).toBe(403)
    const create = await runPage(db, c, couponAction, { url: '/admin/promocoes/cupons/novo', json: { intent: 'criar', cupom: cupom('ATEND') } })
    expect(create).toMatchObject({ status: 403, data: { ok: false, code: STAFF.forbidden.code } })
    const promo = await runPage(db, c, promotionAction, { url: '/admin/promocoes/automaticas/nova', json: { intent: 'criar', promocao: promocao('Nada') } })
    expect(promo).toMatchObject({ status: 403, data: { ok: false, code: STAFF.forbidden.code } })
    expect(await db.select().from(coupons).where(eq(coupons.code, 'ATEND'))).toHaveLength(0)
    const denied = (await db.select().from(auditLog).where(eq(auditLog.action, 'acesso negado'))).filter((l) => l.actorId === atendimento.id)
    expect(denied.map((l) => l.entityId)).toEqual(expect.arrayContaining(['promotions:read', 'promotions:write']))
    const csv = await c.request('/admin/api/cupons/campanha.csv?campanha=X')
    expect(csv.status).toBe(403)
    // The Painel opens for every role; its coupons' report only for those who run them.
    expect((await runPage(db, c, painelLoader, { url: '/admin/' })).data).toMatchObject({ descontos: null })
    expect((await runPage(db, await as(dono), painelLoader, { url: '/admin/' })).data).toMatchObject({ descontos: { cupons: [], promocoes: [] } })
  })

  it('answers a refused form with its code and field, and a taken code in pt-BR', async () => {
    const c = await as(operacao)
    const bad = await runPage(db, c, couponAction, { url: '/admin/promocoes/cupons/novo', json: { intent: 'criar', cupom: cupom('X', { valor: '150' }) } })
    expect(bad).toMatchObject({ status: 422, data: { ok: false, code: PROMOTIONS.percent.code, campo: 'valor' } })
    const taken = await runPage(db, c, couponAction, { url: '/admin/promocoes/cupons/novo', json: { intent: 'criar', cupom: cupom(' dono10 ') } })
    expect(taken).toMatchObject({
      status: 409,
      data: { ok: false, code: PROMOTIONS.codeTaken.code, msg: 'Já existe um cupom com o código DONO10. Escolha outro.' },
    })
    const junk = await runPage(db, c, couponAction, { url: '/admin/promocoes/cupons/novo', json: { intent: 'criar', cupom: { codigo: 1 } } })
    expect(junk.status).toBe(422)
  })

  it('generates codes from a coupon and exports the campaign as a CSV, both audited', async () => {
    const c = await as(operacao)
    const [template] = await db.select().from(coupons).where(eq(coupons.code, 'OPERA10'))
    const id = String(template.id)
    const made = await runPage(db, c, couponAction, {
      url: `/admin/promocoes/cupons/${id}`,
      params: { id },
      json: { intent: 'gerar', prefixo: 'PEDIDO-', quantidade: 20, campanha: 'Desculpas' },
    })
    expect(made.data).toMatchObject({ ok: true, count: 20, campaign: 'Desculpas', msg: PROMOTIONS_DONE.generated(20, 'Desculpas') })
    expect(await auditOf('cupom.gerar', id)).toHaveLength(1)
    const res = await c.request('/admin/api/cupons/campanha.csv?campanha=Desculpas')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    const text = await res.text()
    expect(text.trimEnd().split('\r\n')).toHaveLength(21)
    expect(text).toMatch(/PEDIDO-[A-Z2-9]{8};Desculpas;livre;0/)
    expect((await db.select().from(auditLog).where(eq(auditLog.action, 'cupom.exportar'))).map((l) => l.after)).toEqual([{ campanha: 'Desculpas' }])
    const list = await runPage(db, c, listLoader, { url: '/admin/promocoes?campanha=Desculpas' })
    expect(list.data).toMatchObject({ campaigns: [{ name: 'Desculpas', codes: 20, used: 0 }] })
  })

  it('creates, saves and ends automatic promotions; the picker searches the catalog', async () => {
    const c = await as(dono)
    const made = await runPage(db, c, promotionAction, {
      url: '/admin/promocoes/automaticas/nova',
      json: { intent: 'criar', promocao: promocao('Semana do Som') },
    })
    expect(made.data).toMatchObject({ ok: true, msg: PROMOTIONS_DONE.promotionCreated('Semana do Som') })
    const id = String((made.data as { id: number }).id)
    const ended = await runPage(db, c, promotionAction, { url: `/admin/promocoes/automaticas/${id}`, params: { id }, json: { intent: 'encerrar' } })
    expect(ended.data).toMatchObject({ ok: true, msg: PROMOTIONS_DONE.promotionEnded('Semana do Som') })
    expect(
      (
        await db
          .select()
          .from(promotions)
          .where(eq(promotions.id, Number(id)))
      )[0].active,
    ).toBe(false)
    expect((await auditOf('promocao.encerrar', id))[0]).toMatchObject({ actorId: dono.id })
    const pick = await runPage(db, c, pickLoader, { url: '/admin/promocoes/produtos?q=sony' })
    expect((pick.data as { produtos: Array<{ titulo: string }> }).produtos.map((p) => p.titulo)).toContain('Fone de Ouvido Sony WH-1000XM5')
  })
})
