import { describe, expect, it } from 'vitest'
import { storeProfile } from '../../store-profile'
import { addBusinessDays } from '../../lib/business-days'
import { expressCents, packageWeight, shippingOptions, SHIPPING_OPTION_NAMES } from './options'

const frete = storeProfile.frete
const phone = { alturaMm: 152, larguraMm: 80, comprimentoMm: 9, pesoG: 210, quantity: 1 }
/** A 55" TV box: 140 × 85 × 15 cm (cubic 29.75 kg) weighing 18 kg. */
const tv = { alturaMm: 850, larguraMm: 1400, comprimentoMm: 150, pesoG: 18_000, quantity: 1 }

describe('shipping options', () => {
  it('weighs a package by the larger of real and cubic weight (L × A × C / 6000), in started kg', () => {
    expect(packageWeight([phone])).toMatchObject({ realKg: 0.21, chargeableKg: 1 })
    const big = packageWeight([tv])
    expect(big.cubicKg).toBeCloseTo(29.75, 2)
    expect(big.chargeableKg).toBe(30)
    expect(packageWeight([{ ...phone, quantity: 10 }]).chargeableKg).toBe(3)
    expect(packageWeight([{ ...tv, pesoG: 40_000 }]).chargeableKg).toBe(40)
  })

  it('prices Expressa by region and chargeable weight', () => {
    expect(expressCents(frete.expressa, 'SE', 1)).toBe(frete.expressa.baseCentavos.SE)
    expect(expressCents(frete.expressa, 'N', 30)).toBe(frete.expressa.baseCentavos.N + 29 * frete.expressa.kgAdicionalCentavos.N)
  })

  it('lists Padrão, Expressa and pickup with business-day delivery dates', () => {
    const quote = shippingOptions(frete, { cep: '69005000', lines: [tv], today: '2026-12-23' })
    expect(quote).toMatchObject({ cidade: 'Manaus', uf: 'AM', region: 'N' })
    expect(quote!.options.map((o) => o.nome)).toEqual([...SHIPPING_OPTION_NAMES])
    expect(quote!.options[0]).toMatchObject({ valorCents: frete.padraoCentavos, prazo: frete.prazosDiasUteis.N })
    expect(quote!.options[1].valorCents).toBe(expressCents(frete.expressa, 'N', 30))
    expect(quote!.options[2]).toMatchObject({ valorCents: 0, prazo: frete.estacaoPrazoDiasUteis })
    // From Wednesday 23 Dec 2026: Christmas (Friday) and the weekend are skipped.
    expect(quote!.options[1].previsao).toBe(addBusinessDays('2026-12-23', frete.expressa.prazosDiasUteis.N))
    expect(addBusinessDays('2026-12-23', 1)).toBe('2026-12-24')
    expect(addBusinessDays('2026-12-23', 2)).toBe('2026-12-28')
  })

  it('prices Padrão the same whatever the items cost: free shipping is a rule applied after the table (free.ts)', () => {
    const quote = shippingOptions(frete, { cep: '01001000', lines: [phone], today: '2026-11-24' })!
    expect(quote.options[0].valorCents).toBe(2500)
  })

  it('knows no options for a CEP that does not exist', () => {
    expect(shippingOptions(frete, { cep: '00000000', lines: [phone], today: '2026-11-24' })).toBeNull()
  })
})
