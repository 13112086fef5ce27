import { hashString } from '../random'
import type { ImageArt } from '../products'
import { DRAWINGS } from './devices'
import { circle, colorHex, ellipse, escapeXml, group, hsl, luminance, path, rect, shade, text } from './svg'
import { wrapWords } from './wrap'
import type { Drawing, Paint } from './types'

const BRAND_ACCENTS: Record<string, string> = {
  Samsung: '#1f4fc9',
  Apple: '#3b82f6',
  Xiaomi: '#ff6900',
  Motorola: '#2f6fdf',
  LG: '#a50034',
  Sony: '#3056c8',
  JBL: '#ff5a00',
  Logitech: '#00a3e0',
  HyperX: '#e31837',
  Redragon: '#d0021b',
  Nintendo: '#e60012',
  Microsoft: '#107c10',
  Amazon: '#00a8e1',
  Google: '#4285f4',
  Intel: '#0071c5',
  AMD: '#ed1c24',
  'TP-Link': '#2bb3c0',
  Intelbras: '#00a335',
  Positivo: '#e4032e',
  Multilaser: '#e30613',
  Dell: '#0076ce',
  Lenovo: '#e2231a',
  Asus: '#00539b',
  Acer: '#6aa51a',
  HP: '#0096d6',
  Philips: '#0b5ed7',
  TCL: '#e4002b',
  Canon: '#cc0000',
  Nikon: '#e0b000',
  GoPro: '#00a3e0',
  DJI: '#4b5563',
  Garmin: '#007cc3',
  Kingston: '#c8102e',
  Corsair: '#e8b100',
  Gigabyte: '#ff6600',
  MSI: '#e10600',
  Galax: '#7a3cff',
  Huawei: '#cf0a2c',
  Anker: '#00a7e1',
  Baseus: '#3b82f6',
  SanDisk: '#e2231a',
  Edifier: '#1b75bb',
  Epson: '#1f3fa3',
  'Electronic Arts': '#ff4747',
  'Warner Bros. Games': '#0047ab',
  Mercusys: '#009ad9',
}

const BACKGROUNDS: Record<ImageArt['view'], (accent: string) => [string, string]> = {
  frente: () => ['#f8f9fc', '#e6eaf1'],
  verso: () => ['#fbf8f3', '#ede4d8'],
  detalhe: (accent) => [shade(accent, 0.93), shade(accent, 0.8)],
  embalagem: () => ['#f4f7f5', '#e0e9e3'],
}

function paintFor(art: ImageArt): Paint {
  const body = colorHex(art.color)
  const accent = BRAND_ACCENTS[art.brand] ?? hsl(hashString(art.brand) % 360, 0.65, 0.48)
  const lightBody = luminance(body) > 0.6
  return {
    body,
    light: shade(body, lightBody ? 0.5 : 0.25),
    dark: shade(body, lightBody ? -0.18 : -0.35),
    accent,
    ink: lightBody ? '#2b2f36' : '#f5f6f8',
    lightBody,
    brand: art.brand,
    model: art.model,
  }
}

function defs(p: Paint, background: [string, string]): string {
  const stops = (list: Array<[number, string, number?]>) =>
    list.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`).join('')
  const linear = (id: string, x2: number, y2: number, list: Array<[number, string, number?]>) =>
    `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops(list)}</linearGradient>`
  const radial = (id: string, list: Array<[number, string, number?]>) => `<radialGradient id="${id}">${stops(list)}</radialGradient>`
  return `<defs>${[
    linear('gBg', 0, 1, [
      [0, background[0]],
      [1, background[1]],
    ]),
    linear('gBody', 1, 1, [
      [0, p.light],
      [0.45, p.body],
      [1, p.dark],
    ]),
    linear('gBodyV', 0, 1, [
      [0, p.light],
      [1, p.dark],
    ]),
    linear('gDark', 0, 1, [
      [0, '#3b4048'],
      [1, '#16191d'],
    ]),
    linear('gScreen', 1, 1, [
      [0, '#1c2433'],
      [1, '#0b0f17'],
    ]),
    linear('gWall', 1, 1, [
      [0, shade(p.accent, 0.45)],
      [0.5, p.accent],
      [1, shade(p.accent, -0.55)],
    ]),
    linear('gMetal', 1, 1, [
      [0, '#f4f6f9'],
      [0.5, '#bcc3cd'],
      [1, '#e8ebef'],
    ]),
    linear('gGold', 0, 1, [
      [0, '#f6d98b'],
      [1, '#c59a3c'],
    ]),
    linear('gSheen', 1, 1, [
      [0, '#ffffff', 0.38],
      [0.5, '#ffffff', 0.05],
      [1, '#ffffff', 0],
    ]),
    radial('gGlow', [
      [0, p.accent, 0.55],
      [1, p.accent, 0],
    ]),
    radial('gGlowWarm', [
      [0, '#ffd66b', 0.85],
      [1, '#ffb347', 0],
    ]),
    radial('gShadow', [
      [0, '#0f172a', 0.32],
      [0.6, '#0f172a', 0.12],
      [1, '#0f172a', 0],
    ]),
  ].join('')}</defs>`
}

function stage(drawing: Drawing, content: string): string {
  const [cx, cy, rx] = drawing.shadow ?? [400, 660, 230]
  return ellipse(cx, cy, rx, Math.max(16, rx * 0.11), 'url(#gShadow)') + content
}

function box(drawing: Drawing, p: Paint): string {
  const band = p.accent
  const model = wrapWords(p.model, 18, 2)
  return [
    ellipse(420, 672, 250, 26, 'url(#gShadow)'),
    path('M210 170 L590 170 L650 125 L270 125 Z', '#ffffff'),
    path('M590 170 L650 125 L650 605 L590 650 Z', shade(band, -0.25)),
    rect(210, 170, 380, 480, 6, '#ffffff'),
    rect(210, 560, 380, 90, 0, band),
    path('M590 170 L650 125 L650 200 L590 245 Z', shade(band, 0.2), { opacity: 0.35 }),
    text(240, 224, p.brand, 34, band, { 'text-anchor': 'start' }),
    group('translate(400 395) scale(0.42) translate(-400 -390)', drawing.front(p)),
    ...model.map((l, i) => text(400, 598 + i * 30 - (model.length - 1) * 12, l, 24, '#ffffff')),
  ].join('')
}

/** Just the device (front, or back when it has one) on a transparent 800×800 canvas, for banners and clips. */
export function renderDevice(art: Omit<ImageArt, 'view'>, side: 'front' | 'back' = 'front'): string {
  const p = paintFor({ ...art, view: 'frente' })
  const drawing = DRAWINGS[art.type]
  const content = side === 'back' && drawing.back ? drawing.back(p) : drawing.front(p)
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">',
    defs(p, ['#ffffff', '#ffffff']),
    stage(drawing, content),
    '</svg>',
  ].join('')
}

/** The complete SVG document for one product illustration (800×800). */
export function renderArt(art: ImageArt): string {
  const drawing = DRAWINGS[art.type]
  const p = paintFor(art)
  let body: string
  if (art.view === 'frente') body = stage(drawing, drawing.front(p))
  else if (art.view === 'verso')
    body = stage(drawing, drawing.back ? drawing.back(p) : group('rotate(-9 400 420) translate(400 400) scale(0.92) translate(-400 -400)', drawing.front(p)))
  else if (art.view === 'detalhe') {
    const d = drawing.detail ?? { view: 'front', x: 400, y: 380, zoom: 1.8 }
    const view = d.view === 'back' && drawing.back ? drawing.back(p) : drawing.front(p)
    body = group(`translate(400 400) scale(${d.zoom}) translate(${-d.x} ${-d.y})`, view)
  } else body = box(drawing, p)
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">',
    `<title>${escapeXml(`${art.brand} ${art.model}`)}</title>`,
    defs(p, BACKGROUNDS[art.view](p.accent)),
    rect(0, 0, 800, 800, 0, 'url(#gBg)'),
    // A soft disc behind the product; darker behind white products so they keep their outline.
    circle(400, 380, 300, p.lightBody && art.view !== 'embalagem' ? '#d9e0ea' : '#ffffff', { opacity: p.lightBody ? 0.6 : 0.45 }),
    body,
    '</svg>',
  ].join('')
}
