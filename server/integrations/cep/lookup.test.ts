import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refusedUrl, startFakeCepProvider, viaCep, type FakeAnswer, type FakeProvider } from '../../../tests/support/fake-cep-provider'
import { findStreet, lookupCep, lookupCepOffline, streetCeps, type CepAddress } from './lookup'
import { cepRanges, findCepPlace } from './ranges'

const pad = (n: number) => String(n).padStart(8, '0')

describe('bundled CEP data', () => {
  it('fills street and bairro from the street list, city and UF from the ranges', () => {
    expect(lookupCepOffline('01310200')).toEqual({
      cep: '01310200',
      uf: 'SP',
      cidade: 'São Paulo',
      bairro: 'Bela Vista',
      rua: 'Avenida Paulista',
      fonte: 'logradouros',
    })
    expect(lookupCepOffline('01001000')).toMatchObject({ rua: 'Praça da Sé', bairro: 'Sé' })
    // A CEP of Campinas the list does not have: the city only.
    expect(lookupCepOffline('13015000')).toEqual({ cep: '13015000', uf: 'SP', cidade: 'Campinas', bairro: '', rua: '', fonte: 'faixas' })
  })

  it('has street CEPs in all 27 capitals, each inside its own city range', () => {
    const ceps = streetCeps()
    expect(ceps.length).toBeGreaterThanOrEqual(82)
    const ufs = new Set<string>()
    for (const cep of ceps) {
      const street = findStreet(cep)!
      expect(street.rua.length, cep).toBeGreaterThan(1)
      expect(street.bairro.length, cep).toBeGreaterThan(1)
      expect(findCepPlace(cep), cep).toMatchObject({ uf: street.uf, cidade: street.cidade })
      ufs.add(street.uf)
    }
    expect(ufs.size).toBe(27)
  })

  it('answers the first and last CEP of every UF and nothing in the gaps', () => {
    const ranges = cepRanges()
    const byUf = new Map<string, { first: number; last: number }>()
    for (const r of ranges) {
      const seen = byUf.get(r.uf)
      byUf.set(r.uf, { first: Math.min(seen?.first ?? r.inicio, r.inicio), last: Math.max(seen?.last ?? r.fim, r.fim) })
    }
    expect(byUf.size).toBe(27)
    for (const [uf, { first, last }] of byUf) {
      expect(lookupCepOffline(pad(first))?.uf, `${uf} first`).toBe(uf)
      expect(lookupCepOffline(pad(last))?.uf, `${uf} last`).toBe(uf)
    }
    const gaps = ranges.slice(1).filter((r, i) => r.inicio > ranges[i].fim + 1)
    expect(gaps.length).toBeGreaterThan(0)
    for (const r of gaps.slice(0, 50)) expect(lookupCepOffline(pad(r.inicio - 1))).toBeNull()
    expect(lookupCepOffline('00000000')).toBeNull()
    expect(lookupCepOffline('1234567')).toBeNull()
  })

  it('costs well under a millisecond per look-up once loaded', () => {
    lookupCepOffline('01310200')
    const started = performance.now()
    for (let i = 0; i < 10_000; i++) lookupCepOffline(pad(1_000_001 + i * 9_000))
    expect((performance.now() - started) / 10_000).toBeLessThan(0.1)
  })
})

describe('online provider', () => {
  const paulista = viaCep('01311000', { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP', ibge: '3550308' })
  const answers = new Map<string, FakeAnswer>([
    ['01311000', { json: paulista }],
    ['13015000', { json: viaCep('13015000', { logradouro: 'Rua Barão de Jaguara', bairro: 'Centro', localidade: 'Campinas', uf: 'SP' }), delayMs: 2_600 }],
    ['13015001', { raw: '{"cep": "13015-001", "logradouro": ' }],
    ['13015002', { json: viaCep('13015002', { logradouro: 'Rua X', bairro: 'Centro', localidade: 'Rio de Janeiro', uf: 'RJ', ibge: '3304557' }) }],
    ['13015003', { json: { erro: 'true' } }],
    ['13015004', { raw: 'x'.repeat(40_000) }],
    ['13015005', { status: 500, json: { erro: true } }],
    ['01001000', { json: viaCep('01001000', { logradouro: 'Praça da Sé', bairro: 'Sé', localidade: 'Sao Paulo', uf: 'SP' }) }],
  ])
  let provider: FakeProvider
  const failures: string[] = []
  const ask = (cep: string, extra: { kept?: CepAddress } = {}) =>
    lookupCep(cep, { providerUrl: provider.url, onProviderFailure: (_, why) => failures.push(why), kept: async () => extra.kept ?? null })

  beforeAll(async () => {
    provider = await startFakeCepProvider((cep) => answers.get(cep) ?? { json: { erro: 'true' } })
  })
  afterAll(() => provider.close())

  it('answers first when it is up, with the street and the ranges’ spelling of the city', async () => {
    expect(await ask('01311000')).toEqual({ cep: '01311000', uf: 'SP', cidade: 'São Paulo', bairro: 'Bela Vista', rua: 'Avenida Paulista', fonte: 'provedor' })
    expect(await ask('01001000')).toMatchObject({ cidade: 'São Paulo', rua: 'Praça da Sé', fonte: 'provedor' })
    expect(provider.asked).toContain('01311000')
  })

  it('is given up after 2 seconds: the bundled data answers', async () => {
    const started = Date.now()
    expect(await ask('13015000')).toMatchObject({ cidade: 'Campinas', rua: '', fonte: 'faixas' })
    const took = Date.now() - started
    expect(took).toBeGreaterThanOrEqual(1_900)
    expect(took).toBeLessThan(2_500)
    expect(failures.at(-1)).toMatch(/2000 ms/)
  })

  it('is not believed when it answers garbage, an error, a huge body or a city outside the range', async () => {
    for (const cep of ['13015001', '13015003', '13015004', '13015005', '13015002']) {
      expect(await ask(cep), cep).toMatchObject({ cep, cidade: 'Campinas', uf: 'SP', rua: '', fonte: 'faixas' })
    }
    expect(failures.slice(-5)).toEqual([
      'not JSON',
      'CEP unknown to the provider',
      'unreachable: answer too large',
      'HTTP 500',
      "city outside the CEP's range (Rio de Janeiro/RJ)",
    ])
  })

  it('is never asked about a CEP outside every range', async () => {
    const before = provider.asked.length
    expect(await ask('00000001')).toBeNull()
    expect(provider.asked.length).toBe(before)
  })

  it('falls back to a kept answer, then to the bundled data, when it is down', async () => {
    const url = await refusedUrl()
    const kept: CepAddress = { cep: '13015010', uf: 'SP', cidade: 'Campinas', bairro: 'Centro', rua: 'Rua Kept', fonte: 'provedor' }
    const down = (k: CepAddress | null) => lookupCep('13015010', { providerUrl: url, kept: async () => k, onProviderFailure: (_, why) => failures.push(why) })
    expect(await down(kept)).toEqual(kept)
    expect(failures.at(-1)).toMatch(/^unreachable/)
    expect(await down(null)).toMatchObject({ cidade: 'Campinas', fonte: 'faixas' })
    // Down, a CEP of the street list still gets its street.
    expect(await lookupCep('01310200', { providerUrl: url })).toMatchObject({ rua: 'Avenida Paulista', fonte: 'logradouros' })
  })
})
