// The "Frete" settings (docs/decisions/0133-shipping-settings-and-free-shipping.md): seeded from
// config/store.json, edited by a Dono on /admin/frete (validated in pt-BR, audited, a conflict
// refused), announced to every instance through the catalog channel, and the free-shipping rules by
// region and value measured on the items after promotions and the coupon, in every total.
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { defaultShippingSettings, loadFrete, readShippingSettings } from '../../server/domain/shipping/settings'
import { freightOptions, summary } from '../../server/domain/checkout/checkout'
import { placeOrder } from '../../server/domain/order/place'
import { auditLog, orders, promotions, shippingSettingsRow } from '../../server/db/schema'
import { isRefusal } from '../../server/domain/refusal'
import { storeProfile } from '../../server/store-profile'
import type { ShippingSettings } from '../../contract/admin/shipping-settings'
import { SHIPPING_SETTINGS } from '../../contract/messages/shipping-settings'
import { action as freteAction, loader as freteLoader } from '../../app/routes/admin/frete'
import { runPage, signedIn, staffOfEachRole, type TestStaff } from '../support/admin'
import { testDbKind } from '../support/db'
import { promotionTestBed } from '../support/promotion-bed'

const bed = promotionTestBed('frt')
const seed = defaultShippingSettings(storeProfile)
type Page = { settings: ShippingSettings; versao: string | null; canEdit: boolean }

async function page(member: TestStaff) {
  return (await runPage(bed.db, await signedIn(bed.db, member), freteLoader, { url: '/admin/frete' })).data as Page
}
async function save(member: TestStaff, settings: unknown, versao: string | null) {
  return runPage(bed.db, await signedIn(bed.db, member), freteAction, { url: '/admin/frete', json: { intent: 'salvar', settings, versao } })
}
/** Waits until this instance has heard the catalog channel's announcement of the write. */
async function heard(check: (f: Awaited<ReturnType<typeof loadFrete>>) => boolean) {
  for (let i = 0; i < 100; i++) {
    if (check(await loadFrete(bed.db, storeProfile))) return
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error('a mudança das configurações de frete não chegou')
}
/** Saves `settings` as the Dono, over whatever is saved now. */
async function saved(dono: TestStaff, settings: ShippingSettings) {
  const { versao } = await readShippingSettings(bed.db, storeProfile)
  const res = await save(dono, settings, versao)
  expect(res.status).toBe(200)
  const now = (await readShippingSettings(bed.db, storeProfile)).versao
  // Each instance drops its copy on the announcement; the next read is the saved row.
  await heard((f) => JSON.stringify(f.freteGratis) === JSON.stringify(settings.freteGratis) && f.padraoCentavos === settings.tabela.padraoCentavos)
  return now
}
const rule = (values: Partial<ShippingSettings['freteGratis'][number]>): ShippingSettings['freteGratis'][number] => ({
  nome: 'Frete grátis',
  ufs: [],
  faixasCep: [],
  minimoCentavos: 19_000,
  servicos: 'mais_barato',
  ...values,
})

describe(`shipping settings (${testDbKind})`, () => {
  it("seeds from config/store.json: today's table, and its threshold as one rule for the cheapest delivery", async () => {
    const { settings, versao } = await readShippingSettings(bed.db, storeProfile)
    expect(versao).toBeNull()
    expect(settings.freteGratis).toEqual([{ nome: 'Frete grátis', ufs: [], faixasCep: [], minimoCentavos: 29_900, servicos: 'mais_barato' }])
    expect(settings.tabela.padraoCentavos).toBe(2500)
    expect(settings.servicos.map((s) => s.id)).toEqual([1, 2, 3])
    expect(settings.origem).toMatchObject({ cep: storeProfile.endereco.cep, uf: 'SP' })
    const frete = await loadFrete(bed.db, storeProfile)
    expect(frete.transportadoras.caixaPadrao).toEqual(storeProfile.frete.transportadoras.caixaPadrao)
  })

  it('a Dono edits them, audited; the Operação and the Atendimento see them and cannot save', async () => {
    const staff = await staffOfEachRole(bed.db)
    expect(await page(staff.dono)).toMatchObject({ canEdit: true, versao: null, settings: seed })
    expect(await page(staff.atendimento)).toMatchObject({ canEdit: false })
    const changed = structuredClone(seed)
    changed.tabela.padraoCentavos = 1990
    changed.diasManuseio = 2
    for (const member of [staff.operacao, staff.atendimento]) expect((await save(member, changed, null)).status).toBe(403)
    expect(await bed.db.select().from(shippingSettingsRow)).toEqual([])
    const versao = await saved(staff.dono, changed)
    expect(versao).not.toBeNull()
    const [line] = await bed.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'frete.configurar'), eq(auditLog.actorId, staff.dono.id)))
    expect(line).toMatchObject({ entity: 'shipping_settings', before: seed, after: changed })
    const frete = await loadFrete(bed.db, storeProfile)
    expect([frete.padraoCentavos, frete.transportadoras.diasManuseio]).toEqual([1990, 2])
    // A page loaded before this save is refused, not written over.
    const stale = await save(staff.dono, seed, null)
    expect(stale).toMatchObject({ status: 409, data: { code: SHIPPING_SETTINGS.changed.code } })
    await saved(staff.dono, seed)
  })

  it('refuses what does not fit in pt-BR with a 4xx, and writes nothing', async () => {
    const { dono } = await staffOfEachRole(bed.db)
    const { versao } = await readShippingSettings(bed.db, storeProfile)
    const bad: Array<[(s: ShippingSettings) => unknown, RegExp]> = [
      [(s) => ({ ...s, servicos: s.servicos.slice(0, 1) }), /ao menos dois serviços/],
      [(s) => ({ ...s, origem: { ...s.origem, cep: '123' } }), /Origem: CEP no formato 00000-000/],
      [(s) => ({ ...s, origem: { ...s.origem, cep: '20040-020' } }), /é de RJ: corrija a UF ou o CEP/],
      [(s) => ({ ...s, tabela: { ...s.tabela, padraoCentavos: null } }), /Padrão: informe um número/],
      [(s) => ({ ...s, diasManuseio: 31 }), /Dias de manuseio: o máximo é 30/],
      [(s) => ({ ...s, freteGratis: [rule({ ufs: ['XX' as 'SP'] })] }), /UF desconhecida/],
      [(s) => ({ ...s, freteGratis: [rule({ faixasCep: [{ de: '20000-000', ate: '10000-000' }] })] }), /o início vem antes do fim/],
      [(s) => ({ ...s, freteGratis: [rule({ minimoCentavos: -1 })] }), /Pedido mínimo: o mínimo é 0/],
    ]
    for (const [make, message] of bad) {
      const res = await save(dono, make(structuredClone(seed)), versao)
      expect(res.status, String(message)).toBeGreaterThanOrEqual(400)
      expect(res.status, String(message)).toBeLessThan(500)
      expect((res.data as { msg: string }).msg).toMatch(message)
    }
    expect((await readShippingSettings(bed.db, storeProfile)).versao).toBe(versao)
  })

  it('a write by any hand (psql, another instance) reaches this instance through the catalog channel', async () => {
    const { dono } = await staffOfEachRole(bed.db)
    await saved(dono, seed)
    expect((await loadFrete(bed.db, storeProfile)).padraoCentavos).toBe(2500)
    await bed.db.execute(sql`UPDATE shipping_settings SET settings = jsonb_set(settings, '{tabela,padraoCentavos}', '2222')`)
    await heard((f) => f.padraoCentavos === 2222)
    await saved(dono, seed)
  })

  it('frees the cheapest delivery from the minimum measured after promotions and the coupon, before Pix — in the options, the summary and the order', async () => {
    const { dono } = await staffOfEachRole(bed.db)
    await saved(dono, { ...structuredClone(seed), freteGratis: [rule({ minimoCentavos: 19_000 })] })
    const freight = async (s: Awaited<ReturnType<typeof bed.shopperWith>>) => {
      const o = await freightOptions(bed.deps, s)
      if (isRefusal(o)) throw o
      return o
    }
    // R$ 200,00 of items, paid by Pix (R$ 190,00 after its 5 %): Pix does not count, the delivery is free.
    const plain = await bed.shopperWith(null)
    expect((await freight(plain)).opcs.slice(0, 2).map((o) => [o.nome, o.valor, o.gratis])).toEqual([
      ['Padrão', 0, 'Frete grátis'],
      ['Expressa', 34.9, undefined],
    ])
    expect(await summary(bed.deps, plain)).toMatchObject({ frete: 0, subtotal: 200 })
    // A 10 % coupon leaves R$ 180,00: below the minimum, Padrão costs again, on every page.
    await bed.newCoupon({ code: 'FRT10' })
    const coupon = await bed.shopperWith('FRT10')
    expect((await freight(coupon)).opcs[0]).toMatchObject({ valor: 25 })
    expect((await freight(coupon)).opcs[0].gratis).toBeUndefined()
    expect(await summary(bed.deps, coupon)).toMatchObject({ frete: 25, subtotal: 200, desconto: 20 + (180 - Math.round(180 * 95) / 100) })
    // An automatic promotion counts the same way.
    const [promo] = await bed.db
      .insert(promotions)
      .values({ name: 'Semana do Áudio', kind: 'percentual', value: 10, scope: { produtos: [bed.productId] }, startsAt: new Date(Date.now() - 60_000) })
      .returning()
    try {
      const promoted = await bed.shopperWith(null)
      // R$ 180,00 after the promotion: shipping is charged (the 5 % Pix on R$ 180,00 is R$ 9,00 more off). The
      // running promotions are kept (catalog scope) until the channel announces the write.
      await expect.poll(async () => summary(bed.deps, promoted), { timeout: 3000 }).toMatchObject({ frete: 25, desconto: 20 + 9 })
      const two = await bed.shopperWith(null, 2)
      expect(await summary(bed.deps, two)).toMatchObject({ frete: 0 })
      const placed = await placeOrder(bed.deps, two, {})
      if (isRefusal(placed)) throw placed
      const [order] = await bed.db.select().from(orders).where(eq(orders.code, placed.pedido))
      expect(order).toMatchObject({ shippingCents: 0, shippingMethod: 'Padrão' })
    } finally {
      await bed.db.delete(promotions).where(eq(promotions.id, promo.id))
    }
  })

  it('a rule covers only its UFs or CEP ranges, and may free every delivery', async () => {
    const { dono } = await staffOfEachRole(bed.db)
    const shopper = await bed.shopperWith(null)
    const opcs = async () => {
      const o = await freightOptions(bed.deps, shopper)
      if (isRefusal(o)) throw o
      return o.opcs.map((x) => x.valor)
    }
    const at = async (r: ShippingSettings['freteGratis']) => (await saved(dono, { ...structuredClone(seed), freteGratis: r }), opcs())
    // The shopper delivers to 01310-200, São Paulo.
    expect(await at([rule({ ufs: ['RJ', 'MG'] })])).toEqual([25, 34.9, 0])
    expect(await at([rule({ ufs: ['SP'] })])).toEqual([0, 34.9, 0])
    expect(await at([rule({ faixasCep: [{ de: '20000-000', ate: '28999-999' }] })])).toEqual([25, 34.9, 0])
    expect(await at([rule({ faixasCep: [{ de: '01000-000', ate: '01999-999' }], servicos: 'todos' })])).toEqual([0, 0, 0])
    expect(await at([rule({ ufs: ['SP'], minimoCentavos: 20_001 })])).toEqual([25, 34.9, 0])
    expect(await at([])).toEqual([25, 34.9, 0])
    await saved(dono, seed)
  })
})
