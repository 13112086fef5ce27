import { describe, expect, it } from 'vitest'
import { storeProfile } from '../../store-profile'
import { isRefusal } from '../refusal'
import { apportion, buildSaleDraft, type DraftLine, type DraftOrder } from './build'

const order = (over: Partial<DraftOrder> = {}): DraftOrder => ({
  code: 'VT-2026-000200',
  buyerNome: 'Ana Teste',
  buyerEmail: 'ana@example.com',
  buyerCpf: '390.533.447-05',
  buyerCelular: '11987654321',
  buyerIe: null,
  paymentMethod: 'pix',
  shippingIndex: 0,
  shippingAddress: {
    destinatario: 'Ana',
    cep: '01310200',
    rua: 'Av. Paulista',
    numero: '1',
    complemento: '',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    estado: 'SP',
  },
  shippingCents: 2500,
  totalCents: 0,
  ...over,
})
const product = { sku: 'A', ncm: '85171300', cest: null, origem: 0, gtin: 'SEM GTIN', unidade: 'UN' }
const line = (cents: number, qty: number, discount = 0): DraftLine => ({
  titulo: 'Produto',
  variacao: null,
  quantity: qty,
  unitPriceCents: cents,
  totalCents: cents * qty,
  discountCents: discount,
  product,
})

describe('the NF-e draft', () => {
  it('apportions to the centavo, the left-overs to the largest remainders', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(apportion(2500, [19990, 4990, 10])).toEqual([2000, 499, 1])
    expect(apportion(0, [5, 5])).toEqual([0, 0])
  })

  it("keeps each line's own discount, spreads the rest (a Pix discount) and the shipping, and the total is the order's", () => {
    const lines = [line(199_90, 1, 20_00), line(49_90, 2)]
    // Σ 299,70 − line discount 20,00 − Pix 5 % of 279,70 (13,99) + shipping 25,00.
    const draft = buildSaleDraft(order({ totalCents: 299_70 - 20_00 - 13_99 + 25_00 }), lines, storeProfile, new Date())
    if (isRefusal(draft)) throw draft
    const sum = draft.items.reduce((s, i) => s + i.brutoCents - i.descontoCents + i.freteCents, 0)
    expect(sum).toBe(draft.totals.totalCents)
    expect(draft.totals.descontoCents).toBe(33_99)
    expect(draft.items.reduce((s, i) => s + i.freteCents, 0)).toBe(25_00)
    expect(draft.items[0].descontoCents).toBeGreaterThanOrEqual(20_00)
    expect(draft.items.map((i) => i.cfop)).toEqual(['5102', '5102'])
    expect(draft.pagamento).toEqual({ forma: '17', valorCents: draft.totals.totalCents })
  })

  it('refuses totals that do not add up, and a product without NCM', () => {
    expect(isRefusal(buildSaleDraft(order({ totalCents: 999_999_00 }), [line(100_00, 1)], storeProfile, new Date()))).toBe(true)
    const noNcm = buildSaleDraft(order({ totalCents: 125_00 }), [{ ...line(100_00, 1), product: { ...product, ncm: null } }], storeProfile, new Date())
    expect(isRefusal(noNcm) && noNcm.code).toBe('fiscal.missingNcm')
  })
})
