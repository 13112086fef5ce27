/** Tiny helpers to write SVG markup by hand, plus the colour arithmetic the drawings need. */

type Attrs = Record<string, string | number | undefined>

const attrs = (a: Attrs) =>
  Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join('')

export const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export const rect = (x: number, y: number, w: number, h: number, rx: number, fill: string, a: Attrs = {}) =>
  `<rect${attrs({ x, y, width: w, height: h, rx, fill, ...a })}/>`
export const circle = (cx: number, cy: number, r: number, fill: string, a: Attrs = {}) => `<circle${attrs({ cx, cy, r, fill, ...a })}/>`
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, a: Attrs = {}) => `<ellipse${attrs({ cx, cy, rx, ry, fill, ...a })}/>`
export const path = (d: string, fill: string, a: Attrs = {}) => `<path${attrs({ d, fill, ...a })}/>`
export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width: number, a: Attrs = {}) =>
  `<line${attrs({ x1, y1, x2, y2, stroke, 'stroke-width': width, 'stroke-linecap': 'round', ...a })}/>`
export const group = (transform: string, ...children: string[]) => `<g transform="${transform}">${children.join('')}</g>`
export const text = (x: number, y: number, value: string, size: number, fill: string, a: Attrs = {}) =>
  `<text${attrs({ x, y, 'font-family': 'sans-serif', 'font-size': size, 'font-weight': 700, 'text-anchor': 'middle', fill, ...a })}>${escapeXml(value)}</text>`

/** Repeats `draw(i)` n times. */
export const times = (n: number, draw: (i: number) => string) => Array.from({ length: n }, (_, i) => draw(i)).join('')

// ───────────── colours ─────────────

function parse(hex: string): [number, number, number] {
  const h = hex.replace('#', '')
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number]
}

const toHex = (rgb: number[]) =>
  `#${rgb
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`

/** Mixes towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0
  const k = Math.abs(amount)
  return toHex(parse(hex).map((v) => v + (target - v) * k))
}

export function luminance(hex: string): number {
  const [r, g, b] = parse(hex)
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
}

export function hsl(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => {
    const k = (n + h / 30) % 12
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)))
  }
  return toHex([f(0), f(8), f(4)])
}

const COLORS: Record<string, string> = {
  preto: '#24272d',
  'preto meia-noite': '#1f2330',
  grafite: '#4a4f57',
  cinza: '#7c838d',
  'cinza-espacial': '#5f636b',
  branco: '#f3f4f6',
  prata: '#c9ced6',
  prateado: '#cdd2d9',
  'azul escuro': '#1e3a6e',
  azul: '#2f6fdf',
  verde: '#3f8f6b',
  lilas: '#a48be0',
  roxo: '#7c4dcc',
  rosa: '#f1a7bd',
  vermelho: '#d13b3b',
  dourado: '#d4b06a',
  laranja: '#ee7b30',
  amarelo: '#f2c94c',
  marrom: '#8a5a3c',
  transparente: '#dfe6ee',
  estelar: '#efe6d6',
  'meia-noite': '#262c3c',
  'titanio natural': '#b9b2a6',
  'titanio preto': '#3b3b3d',
  'titanio branco': '#ecebe6',
  'titanio deserto': '#c8a98a',
}

/** The hex colour for a pt-BR colour name ("Azul Escuro" → #1e3a6e); grey when unknown. */
export function colorHex(name: string): string {
  const key = name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
  return COLORS[key] ?? '#7c838d'
}
