import { describe, expect, it } from 'vitest'
import { freteEstimarResponseSchema, SHIPPING_MESSAGES } from '../../../contract/shipping'
import { storeProfile } from '../../store-profile'
import { estimateShipping } from './estimate'
import { REGIONS, regionOf } from './regions'

const store = {
  frete: { padraoCentavos: 2500, prazosDiasUteis: { N: 10, NE: 8, CO: 6, SE: 4, S: 5 } },
}

describe('shipping estimate', () => {
  it("answers the store's standard rate with the delivery time of the CEP's region", () => {
    const cases: Array<[string, string, string, number]> = [
      ['01001000', 'São Paulo', 'SP', 4],
      ['80010000', 'Curitiba', 'PR', 5],
      ['70040010', 'Brasília', 'DF', 6],
      ['40010000', 'Salvador', 'BA', 8],
      ['69005000', 'Manaus', 'AM', 10],
    ]
    for (const [cep, cidade, uf, prazo] of cases) {
      const answer = estimateShipping(store, cep)
      expect(freteEstimarResponseSchema.parse(answer)).toEqual({ estado: 'sucesso', valor: 25, prazo, cidade, uf })
    }
  })

  it('follows the store profile', () => {
    const answer = estimateShipping({ frete: { ...store.frete, padraoCentavos: 1990 } }, '01001000')
    expect(answer).toMatchObject({ valor: 19.9 })
    expect(storeProfile.frete.padraoCentavos).toBe(2500)
    expect(estimateShipping(storeProfile, '01001000')).toMatchObject({ estado: 'sucesso', valor: 25, prazo: storeProfile.frete.prazosDiasUteis.SE })
  })

  it('says when a CEP does not exist', () => {
    expect(estimateShipping(store, '00000000')).toEqual({ estado: 'erro', msg: SHIPPING_MESSAGES.cepInexistente })
    expect(estimateShipping(store, '01000000')).toEqual({ estado: 'erro', msg: 'CEP inexistente.' })
  })

  it('puts every UF in one of the five regions', () => {
    const ufs = ['AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO']
    for (const uf of ufs) expect(REGIONS).toContain(regionOf(uf))
    expect(ufs.map(regionOf).filter((r) => r === 'SE')).toHaveLength(4)
    expect(regionOf('XX')).toBeNull()
  })
})
