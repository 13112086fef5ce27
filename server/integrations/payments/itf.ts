// Interleaved 2 of 5 (ITF), the symbology of the boleto's barcode, drawn as SVG.
// Each digit is five elements, two of them wide; digits go in pairs, the first in the bars and the
// second in the spaces between them. Start: narrow bar, space, bar, space. Stop: wide bar, narrow
// space, narrow bar.

/** Element widths in modules. FEBRABAN allows a wide:narrow ratio of 2:1 to 3:1; 3:1 reads best. */
export const NARROW = 1
export const WIDE = 3
/** Blank margin each side, in modules (ITF asks for at least 10 narrow elements). */
export const QUIET_ZONE = 10

/** Wide (1) and narrow (0) elements of each digit. */
export const ITF_DIGITS: readonly string[] = ['00110', '10001', '01001', '11000', '00101', '10100', '01100', '00011', '10010', '01010']
const START = [NARROW, NARROW, NARROW, NARROW]
const STOP = [WIDE, NARROW, NARROW]

/** The bar and space widths of a code, starting with a bar (quiet zones not included). */
export function itfElements(digits: string): number[] {
  if (!/^(\d\d)+$/.test(digits)) throw new RangeError('ITF: informe um número par de dígitos')
  const widths = [...START]
  for (let i = 0; i < digits.length; i += 2) {
    const bars = ITF_DIGITS[Number(digits[i])]
    const spaces = ITF_DIGITS[Number(digits[i + 1])]
    for (let k = 0; k < 5; k++) widths.push(bars[k] === '1' ? WIDE : NARROW, spaces[k] === '1' ? WIDE : NARROW)
  }
  widths.push(...STOP)
  return widths
}

/** Printed size of a module (narrow element) in mm, and the bars' height (the boleto's 13 mm). */
const MODULE_MM = 0.254
const HEIGHT_MM = 13

/**
 * The barcode as an SVG document: one `<rect>` per bar on a white ground with the quiet zones.
 * Printed, 44 digits come to about 108 mm × 13 mm.
 */
export function barcodeSvg(digits: string): string {
  const elements = itfElements(digits)
  const width = elements.reduce((sum, w) => sum + w, 0) + 2 * QUIET_ZONE
  const height = 50
  const bars: string[] = []
  let x = QUIET_ZONE
  elements.forEach((w, i) => {
    if (i % 2 === 0) bars.push(`<rect x="${x}" y="0" width="${w}" height="${height}"/>`)
    x += w
  })
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${(width * MODULE_MM).toFixed(1)}mm" height="${HEIGHT_MM}mm" ` +
    `preserveAspectRatio="none" shape-rendering="crispEdges" role="img" aria-label="Código de barras ${digits}">` +
    `<rect width="${width}" height="${height}" fill="#fff"/><g fill="#000">${bars.join('')}</g></svg>`
  )
}
