import { describe, expect, it } from 'vitest'
import { code128Pattern, code128Svg } from './code128'

describe('Code 128', () => {
  it('encodes an order code with start, checksum and stop symbols (11 modules each, stop 13)', () => {
    const pattern = code128Pattern('VT-2026-000124')!
    expect(pattern).toMatch(/^[01]+$/)
    // Start B/C 11 + data symbols + checksum 11 + stop 13; every symbol starts with a bar.
    expect((pattern.length - 13) % 11).toBe(0)
    expect(pattern.endsWith('1100011101011')).toBe(true)
    expect(code128Pattern('VT-2026-000124')).toBe(pattern)
    expect(code128Pattern('VT-2026-000125')).not.toBe(pattern)
  })

  it('draws the bars as SVG rectangles', () => {
    const svg = code128Svg('VT-2026-000124')
    expect(svg).toMatch(/^<svg [^>]*aria-label="Código de barras VT-2026-000124"/)
    const pattern = code128Pattern('VT-2026-000124')!
    const drawn = [...svg.matchAll(/<rect x="\d+" y="0" width="(\d+)"/g)].reduce((s, m) => s + Number(m[1]) / 2, 0)
    expect(drawn).toBe(pattern.split('').filter((c) => c === '1').length)
    expect(() => code128Svg('é')).toThrow(RangeError)
  })
})
