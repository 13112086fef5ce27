import pino from 'pino'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../db/client'
import type { QuoteOutcome, QuoteRequest, ShippingProvider } from '../../integrations/shipping/provider'
import { storeProfile, storeProfileSchema } from '../../store-profile'
import { isRefusal } from '../refusal'
import { setShippingProvider } from './gateway'
import { ESTIMATE_KEPT_MS, quoteShipping, withDefaultBox, withMargin } from './quotes'
import { applySettings, defaultShippingSettings } from './settings'

const t = storeProfile.frete.transportadoras
const log = pino({ level: 'silent' })
const line = { productId: 7, optionId: null, unitCents: 10_000, quantity: 1, alturaMm: 100, larguraMm: 100, comprimentoMm: 100, pesoG: 500 }

/** A provider that answers what it is told and counts how often it is asked. */
function scripted(answer: (request: QuoteRequest) => QuoteOutcome) {
  const asked: QuoteRequest[] = []
  const provider: ShippingProvider = { name: 'roteiro', labels: null, quote: async (request) => (asked.push(request), answer(request)) }
  const db = {} as Db
  setShippingProvider(db, provider)
  return { asked, deps: { db, store: storeProfile, log, frete: applySettings(storeProfile, defaultShippingSettings(storeProfile)) } }
}
const priced = (ids: string[]): QuoteOutcome => ({
  ok: true,
  services: ids.map((id, i) => ({ id, nome: `S${id}`, transportadora: 'Correios', ok: true as const, priceCents: 1000 * (i + 1), days: i + 2 })),
})

describe('shipping quotes', () => {
  it("lays the carrier's services out by index with the pickup at 2, adds the handling days and the margin", async () => {
    const { deps } = scripted(() => priced(['1', '2', '3', '4']))
    const q = await quoteShipping(deps, { cep: '01001000', lines: [line], subtotalCents: 10_000, today: '2026-12-01' })
    if (isRefusal(q)) throw q
    expect(q.options.map((o) => [o.index, o.servico])).toEqual([
      [0, '1'],
      [1, '2'],
      [2, null],
      [3, '3'],
      [4, '4'],
    ])
    expect(q.options[0]).toMatchObject({ valorCents: withMargin(1000, t), prazo: 2 + t.diasManuseio, disponivel: true })
    expect(q.options[2]).toMatchObject({ nome: 'Retirar em uma estação', valorCents: 0 })
  })

  it('the margin is a percentage and a fixed amount on the carrier price; zero by default', () => {
    expect(withMargin(2190, t)).toBe(2190)
    expect(withMargin(2000, { ...t, margemPercentual: 10, margemCentavos: 150 })).toBe(2350)
  })

  it('a product missing any measure ships in the default box', () => {
    expect(withDefaultBox({ ...line, pesoG: 0 }, t.caixaPadrao)).toMatchObject(t.caixaPadrao)
    expect(withDefaultBox(line, t.caixaPadrao)).toBe(line)
  })

  it('an estimate (the carrier failed) is kept 30 s only, then the carrier is asked again', async () => {
    let down = true
    const { asked, deps } = scripted(() => (down ? { ok: false, code: 'indisponivel', detail: 'HTTP 503' } : priced(['1', '2'])))
    const at = Date.now()
    const input = { cep: '01001000', lines: [line], subtotalCents: 10_000, today: '2026-12-01' }
    const first = await quoteShipping(deps, { ...input, now: at })
    expect(first).toMatchObject({ estimativa: true, options: [{ nome: 'Padrão' }, { nome: 'Expressa' }, { nome: 'Retirar em uma estação' }] })
    down = false
    expect(await quoteShipping(deps, { ...input, now: at + 1000 })).toMatchObject({ estimativa: true })
    expect(asked).toHaveLength(1)
    const again = await quoteShipping(deps, { ...input, now: at + ESTIMATE_KEPT_MS })
    expect(again).toMatchObject({ estimativa: false })
    expect(isRefusal(again) ? null : again.options[0].servico).toBe('1')
    expect(asked).toHaveLength(2)
  })

  it('the store profile refuses fewer than two services or a service twice', () => {
    const frete = (servicos: unknown) => ({ ...storeProfile, frete: { ...storeProfile.frete, transportadoras: { ...t, servicos } } })
    expect(storeProfileSchema.safeParse(frete([{ id: 1, nome: 'PAC' }])).success).toBe(false)
    expect(
      storeProfileSchema.safeParse(
        frete([
          { id: 1, nome: 'PAC' },
          { id: 1, nome: 'PAC de novo' },
        ]),
      ).success,
    ).toBe(false)
    expect(storeProfileSchema.safeParse(frete(t.servicos)).success).toBe(true)
  })
})
