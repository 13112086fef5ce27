import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHIPPING } from '../../../contract/messages/cart-reasons'
import { freteEstimarResponseSchema } from '../../../contract/shipping'
import { createTestDatabase } from '../../../tests/support/db'
import type { Database } from '../../db/client'
import { storeProfile, type StoreProfile } from '../../store-profile'
import { shippingOptions } from './options'
import { deliveryAnswer, quoteShipping } from './quotes'
import { REGIONS, regionOf } from './regions'
import { applySettings, defaultShippingSettings } from './settings'

const { frete } = storeProfile
/** The store without a free-shipping threshold. */
const store: StoreProfile = { ...storeProfile, frete: { ...frete, gratisAcimaCentavos: undefined } }
const threshold = frete.gratisAcimaCentavos!
const log = pino({ level: 'silent' })

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database?.close())

/**
 * The panel's answer on the store's table for an empty parcel whose items are worth `itemsCents`
 * (after promotions and the coupon), the profile's settings as the seed makes them (no row saved).
 */
async function estimate(profile: StoreProfile, cep: string, itemsCents: number) {
  const quoted = await quoteShipping({ db: database.db, store: profile, log }, { cep, lines: [], subtotalCents: itemsCents, today: '2026-11-24' })
  return deliveryAnswer(quoted, applySettings(profile, defaultShippingSettings(profile)), itemsCents)
}

describe('shipping estimate', () => {
  it("answers the store's standard rate with the delivery time of the CEP's region, and Expressa beside it", async () => {
    const cases: Array<[string, string, string, number]> = [
      ['01001000', 'São Paulo', 'SP', 4],
      ['80010000', 'Curitiba', 'PR', 5],
      ['70040010', 'Brasília', 'DF', 6],
      ['40010000', 'Salvador', 'BA', 8],
      ['69005000', 'Manaus', 'AM', 10],
    ]
    for (const [cep, cidade, uf, prazo] of cases) {
      const answer = freteEstimarResponseSchema.parse(await estimate(store, cep, 1000))
      expect(answer).toMatchObject({ estado: 'sucesso', valor: 25, prazo, cidade, uf, estimativa: false })
      if (answer.estado !== 'sucesso') throw new Error('sucesso esperado')
      expect(answer.opcoes.map((o) => o.nome)).toEqual(['Padrão', 'Expressa'])
      expect(answer.opcoes[0]).toMatchObject({ transportadora: null, valor: 25, prazo })
    }
  })

  it('follows the store profile', async () => {
    const answer = await estimate({ ...store, frete: { ...store.frete, padraoCentavos: 1990 } }, '01001000', 1000)
    expect(answer).toMatchObject({ valor: 19.9 })
    expect(storeProfile.frete.padraoCentavos).toBe(2500)
    expect(await estimate(storeProfile, '01001000', 0)).toMatchObject({ estado: 'sucesso', valor: 25, prazo: storeProfile.frete.prazosDiasUteis.SE })
  })

  it("is free from the store profile's threshold (the seeded rule), as checkout's Padrão is", async () => {
    expect(threshold).toBe(29900)
    expect(await estimate(storeProfile, '01001000', threshold - 1)).toMatchObject({ estado: 'sucesso', valor: 25 })
    const free = freteEstimarResponseSchema.parse(await estimate(storeProfile, '01001000', threshold))
    expect(free).toMatchObject({ estado: 'sucesso', valor: 0, prazo: 4 })
    if (free.estado !== 'sucesso') throw new Error('sucesso esperado')
    // Only the cheapest delivery (Padrão); Expressa keeps its price.
    expect(free.opcoes.map((o) => [o.nome, o.valor, o.gratis])).toEqual([
      ['Padrão', 0, 'Frete grátis'],
      ['Expressa', 34.9, undefined],
    ])
    expect(await estimate(store, '01001000', 10_000_000)).toMatchObject({ valor: 25 })
    // The table itself prices Padrão the same whatever the items: the rule is applied after it.
    const padrao = shippingOptions(frete, { cep: '69005000', lines: [], today: '2026-11-24' })!.options[0]
    expect(padrao.valorCents).toBe(2500)
    for (const itemsCents of [0, threshold - 1]) expect(await estimate(storeProfile, '69005000', itemsCents)).toMatchObject({ valor: 25, prazo: padrao.prazo })
    for (const itemsCents of [threshold, threshold + 1])
      expect(await estimate(storeProfile, '69005000', itemsCents)).toMatchObject({ valor: 0, prazo: padrao.prazo })
  })

  it('says when a CEP does not exist', async () => {
    expect(await estimate(store, '00000000', 0)).toMatchObject({ code: SHIPPING.cepInexistente.code })
    expect(await estimate(store, '01000000', threshold)).toMatchObject({ code: SHIPPING.cepInexistente.code })
  })

  it('puts every UF in one of the five regions', () => {
    const ufs = [
      'AC',
      'AL',
      'AM',
      'AP',
      'BA',
      'CE',
      'DF',
      'ES',
      'GO',
      'MA',
      'MG',
      'MS',
      'MT',
      'PA',
      'PB',
      'PE',
      'PI',
      'PR',
      'RJ',
      'RN',
      'RO',
      'RR',
      'RS',
      'SC',
      'SE',
      'SP',
      'TO',
    ]
    for (const uf of ufs) expect(REGIONS).toContain(regionOf(uf))
    expect(ufs.map(regionOf).filter((r) => r === 'SE')).toHaveLength(4)
    expect(regionOf('XX')).toBeNull()
  })
})
