import { describe, expect, it } from 'vitest'
import { barcodeSvg, ITF_DIGITS, itfElements, NARROW, QUIET_ZONE, WIDE } from './itf'

const BARCODE = '00196758600001026560000001149718606852452211'

/** Reads the bars of the SVG back into element widths (bar, space, bar…) and the margins around them. */
function readSvg(svg: string): { elements: number[]; left: number; right: number } {
  const width = Number(/viewBox="0 0 (\d+) /.exec(svg)?.[1])
  const bars = [...svg.matchAll(/<rect x="(\d+)" y="0" width="(\d+)"/g)].map((m) => ({ x: Number(m[1]), w: Number(m[2]) }))
  const elements: number[] = []
  bars.forEach((bar, i) => {
    if (i > 0) elements.push(bar.x - (bars[i - 1].x + bars[i - 1].w))
    elements.push(bar.w)
  })
  const last = bars[bars.length - 1]
  return { elements, left: bars[0].x, right: width - (last.x + last.w) }
}

/** Decodes ITF element widths: checks start and stop, then reads each pair from five bars and five spaces. */
function decodeItf(elements: number[]): string {
  const wide = (w: number) => {
    if (w !== NARROW && w !== WIDE) throw new Error(`largura ${w}`)
    return w === WIDE ? '1' : '0'
  }
  expect(elements.slice(0, 4)).toEqual([NARROW, NARROW, NARROW, NARROW])
  expect(elements.slice(-3)).toEqual([WIDE, NARROW, NARROW])
  const body = elements.slice(4, -3)
  expect(body.length % 10).toBe(0)
  let digits = ''
  for (let i = 0; i < body.length; i += 10) {
    const chunk = body.slice(i, i + 10)
    const bars = chunk
      .filter((_, k) => k % 2 === 0)
      .map(wide)
      .join('')
    const spaces = chunk
      .filter((_, k) => k % 2 === 1)
      .map(wide)
      .join('')
    for (const pattern of [bars, spaces]) {
      const digit = ITF_DIGITS.indexOf(pattern)
      if (digit < 0) throw new Error(`padrão ${pattern}`)
      digits += String(digit)
    }
  }
  return digits
}

describe('Interleaved 2 of 5', () => {
  it('has two wide elements in every digit pattern, all distinct', () => {
    expect(new Set(ITF_DIGITS).size).toBe(10)
    for (const p of ITF_DIGITS) expect([...p].filter((c) => c === '1')).toHaveLength(2)
  })

  it('draws a boleto barcode whose bars and spaces decode back to its digits', () => {
    const svg = barcodeSvg(BARCODE)
    const { elements, left, right } = readSvg(svg)
    expect(elements).toEqual(itfElements(BARCODE))
    expect(decodeItf(elements)).toBe(BARCODE)
    expect(left).toBe(QUIET_ZONE)
    expect(right).toBe(QUIET_ZONE)
    // 4 start + 44 digits × (2 wide + 3 narrow) + 5 stop modules, and 22 pairs × 5 bars + 2 + 2 bars.
    expect(elements.reduce((s, w) => s + w, 0)).toBe(4 + 44 * (2 * WIDE + 3 * NARROW) + WIDE + 2 * NARROW)
    expect(svg.match(/<rect x=/g)).toHaveLength(22 * 5 + 4)
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 425 50" width="108.0mm" height="13mm"/)
  })

  it('decodes every digit in both positions of a pair', () => {
    const digits = '0123456789' + '9876543210'
    expect(decodeItf(itfElements(digits))).toBe(digits)
  })

  it('refuses an odd count or anything but digits', () => {
    expect(() => itfElements('123')).toThrow(RangeError)
    expect(() => itfElements('12a4')).toThrow(RangeError)
    expect(() => itfElements('')).toThrow(RangeError)
  })
})
