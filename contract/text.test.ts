import { describe, expect, it } from 'vitest'
import { truncate, truncateAtWord } from './text'

describe('truncate (card titles, 50)', () => {
  it('keeps titles up to 50 characters', () => {
    const t = 'x'.repeat(50)
    expect(truncate(t)).toBe(t)
  })
  it('cuts longer titles at 50 and appends ...', () => {
    const t = 'Smartphone Galaxy A55 5G 256GB Tela 6,6" Câmera Tripla 50MP Azul'
    const out = truncate(t)
    expect(out).toBe(`${t.slice(0, 50).trimEnd()}...`)
    expect(out.length).toBeLessThanOrEqual(53)
  })
  it('never splits an emoji in half', () => {
    const out = truncate(`${'a'.repeat(49)}📱📱`)
    expect(out).toBe(`${'a'.repeat(49)}📱...`)
  })
})

describe('truncateAtWord (featured categories, 25)', () => {
  it('keeps short titles', () => {
    expect(truncateAtWord('Fone Bluetooth JBL')).toBe('Fone Bluetooth JBL')
    expect(truncateAtWord('x'.repeat(25))).toBe('x'.repeat(25))
  })
  it('cuts over 25 characters at a word boundary with an ellipsis', () => {
    expect(truncateAtWord('Smart TV Samsung 55 polegadas Crystal UHD')).toBe('Smart TV Samsung 55…')
    expect(truncateAtWord('Notebook Dell Inspiron 15 3000')).toBe('Notebook Dell Inspiron 15…')
  })
  it('does not leave trailing punctuation before the ellipsis', () => {
    expect(truncateAtWord('Cabo USB-C, 2 metros, trançado preto')).toBe('Cabo USB-C, 2 metros…')
  })
  it('cuts a single long word', () => {
    expect(truncateAtWord('Supercalifragilisticexpialidocious')).toBe('Supercalifragilisticexpia…')
  })
})
