import { describe, expect, it } from 'vitest'
import { fixedJson, jsonBytes } from './json'

const text = (value: unknown) => new TextDecoder().decode(jsonBytes(value))

describe('jsonBytes', () => {
  const samples: unknown[] = [
    null,
    0,
    -1.5,
    'aspas " e \\ e \u2028 e ção 📦',
    true,
    [],
    {},
    [1, undefined, () => 1, 'x'],
    { a: 1, b: undefined, c: () => 2, d: [{ e: null }], 'chave "estranha"': 'ok' },
    { when: new Date(0), nested: { map: new Map([[1, 2]]) } },
    { toJSON: () => 'custom' },
    [NaN, Infinity],
  ]

  it('writes what JSON.stringify writes, in UTF-8', () => {
    for (const sample of samples) expect(text(sample)).toBe(JSON.stringify(sample) ?? 'null')
  })

  it('writes a fixed part once and copies its bytes after that', () => {
    const card = fixedJson({ titulo: 'Fone ção', valor: 10 })
    const answer = [{ data: [card, card], total: 2, vqd: undefined }]
    expect(text(answer)).toBe(JSON.stringify(answer))
    expect(text(card)).toBe(JSON.stringify(card))
    // Its bytes were made when first written: a later change (which the mark forbids) does not show.
    card.valor = 99
    expect(text({ data: [card] })).toBe('{"data":[{"titulo":"Fone ção","valor":10}]}')
  })
})
