import { describe, expect, it } from 'vitest'
import { cepRanges, findCepPlace } from './ranges'

describe('CEP ranges', () => {
  it('holds every municipality in sorted ranges that never overlap', () => {
    const ranges = cepRanges()
    expect(ranges).toHaveLength(5587)
    expect(new Set(ranges.map((r) => r.ibge)).size).toBe(5570)
    expect(new Set(ranges.map((r) => r.uf)).size).toBe(27)
    // An IBGE code starts with its state's code: one UF per prefix means the columns are in their places.
    const ufOfPrefix = new Map<string, Set<string>>()
    for (let i = 0; i < ranges.length; i++) {
      expect(ranges[i].inicio).toBeLessThanOrEqual(ranges[i].fim)
      if (i > 0) expect(ranges[i].inicio).toBeGreaterThan(ranges[i - 1].fim)
      expect(ranges[i].ibge).toMatch(/^\d{7}$/)
      const prefix = ranges[i].ibge.slice(0, 2)
      ufOfPrefix.set(prefix, (ufOfPrefix.get(prefix) ?? new Set()).add(ranges[i].uf))
    }
    expect([...ufOfPrefix.values()].every((ufs) => ufs.size === 1)).toBe(true)
    expect(ufOfPrefix.get('35')).toEqual(new Set(['SP']))
  })

  it('finds the municipality of well-known CEPs', () => {
    expect(findCepPlace('01001000')).toEqual({ uf: 'SP', ibge: '3550308', cidade: 'São Paulo' })
    expect(findCepPlace('20040020')).toMatchObject({ uf: 'RJ', cidade: 'Rio de Janeiro' })
    expect(findCepPlace('70040010')).toMatchObject({ uf: 'DF', cidade: 'Brasília' })
    expect(findCepPlace('30130010')).toMatchObject({ uf: 'MG', cidade: 'Belo Horizonte' })
    expect(findCepPlace('69900001')).toMatchObject({ uf: 'AC', cidade: 'Rio Branco' })
    expect(findCepPlace('78275000')).toMatchObject({ uf: 'MT', cidade: 'Rio Branco' })
  })

  it('takes both ends of a range and nothing outside it', () => {
    // São Paulo: 01000001–05999999; Osasco starts at 06000001.
    expect(findCepPlace('01000000')).toBeNull()
    expect(findCepPlace('01000001')).toMatchObject({ cidade: 'São Paulo' })
    expect(findCepPlace('05999999')).toMatchObject({ cidade: 'São Paulo' })
    expect(findCepPlace('06000000')).toBeNull()
    expect(findCepPlace('06000001')).toMatchObject({ cidade: 'Osasco' })
    // The last range ends the table.
    expect(findCepPlace('99999999')).toMatchObject({ uf: 'RS', cidade: 'Muliterno' })
    for (const range of cepRanges().slice(0, 200)) {
      const first = String(range.inicio).padStart(8, '0')
      const last = String(range.fim).padStart(8, '0')
      expect(findCepPlace(first)?.ibge).toBe(range.ibge)
      expect(findCepPlace(last)?.ibge).toBe(range.ibge)
    }
  })

  it('knows a CEP that does not exist, and refuses what is not 8 digits', () => {
    expect(findCepPlace('00000000')).toBeNull()
    expect(findCepPlace('00999999')).toBeNull()
    for (const bad of ['', '0100100', '010010000', '01001-000', 'abcdefgh']) expect(findCepPlace(bad)).toBeNull()
  })
})
