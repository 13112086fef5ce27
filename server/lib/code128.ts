// An order code as a Code 128 barcode, drawn as SVG on the server (the packing slip): the kept
// encoder of JsBarcode gives the bar pattern, the bars are drawn here so no DOM is needed.
import code128 from 'jsbarcode/bin/barcodes/CODE128/index.js'

type Encoder = new (data: string, options: object) => { valid(): boolean; encode(): { data: string } }
const { CODE128 } = code128 as unknown as { CODE128: Encoder }

/** The bars of `text` ('1' bar, '0' space, one module each), or null when Code 128 cannot carry it. */
export function code128Pattern(text: string): string | null {
  const encoder = new CODE128(text, {})
  return encoder.valid() ? encoder.encode().data : null
}

/** An SVG of `text` in Code 128 with a quiet zone of 10 modules each side; `module` in px. */
export function code128Svg(text: string, options: { module?: number; height?: number } = {}): string {
  const pattern = code128Pattern(text)
  if (!pattern) throw new RangeError(`Code 128: caractere inválido em ${JSON.stringify(text)}`)
  const module = options.module ?? 2
  const height = options.height ?? 60
  const quiet = 10
  let bars = ''
  for (let i = 0; i < pattern.length;) {
    if (pattern[i] !== '1') {
      i++
      continue
    }
    let run = 1
    while (pattern[i + run] === '1') run++
    bars += `<rect x="${(quiet + i) * module}" y="0" width="${run * module}" height="${height}"/>`
    i += run
  }
  const width = (pattern.length + 2 * quiet) * module
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="Código de barras ${text}"><rect width="${width}" height="${height}" fill="#fff"/><g fill="#000">${bars}</g></svg>`
}
