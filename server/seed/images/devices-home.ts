import { circle, ellipse, group, path, rect, text, times } from './svg'
import { F, type Drawing } from './types'

const bulbShape = 'M400 140 C510 140 580 220 580 320 C580 400 520 440 490 500 L480 540 L320 540 L310 500 C280 440 220 400 220 320 C220 220 290 140 400 140 Z'

function bulbAt(glow: string): string {
  return [
    circle(400, 320, 250, glow, { opacity: 0.5 }),
    path(bulbShape, '#ffffff', { opacity: 0.92 }),
    path(bulbShape, glow, { opacity: 0.35 }),
    rect(320, 536, 160, 30, 8, '#f1f3f6'),
    ...[0, 1, 2].map((i) => rect(330, 572 + i * 24, 140, 18, 9, F.metal)),
    path('M360 644 L440 644 L420 676 L380 676 Z', '#3a3f47'),
    path('M270 300 Q280 200 380 176 L390 200 Q310 226 300 320 Z', '#ffffff', { opacity: 0.8 }),
  ].join('')
}

export const bulb: Drawing = {
  front: () => bulbAt('url(#gGlowWarm)'),
  back: () => bulbAt(F.glow),
  shadow: [400, 690, 110],
}

export const plug: Drawing = {
  front: (p) =>
    [
      rect(280, 210, 240, 360, 60, F.body),
      circle(400, 360, 86, p.dark, { opacity: 0.35 }),
      circle(400, 360, 74, p.light),
      circle(366, 350, 11, '#2a2e35'),
      circle(434, 350, 11, '#2a2e35'),
      circle(400, 392, 11, '#2a2e35'),
      circle(400, 500, 22, p.lightBody ? '#e5e7eb' : '#33383f'),
      circle(400, 500, 22, 'none', { stroke: p.accent, 'stroke-width': 5 }),
      path('M290 270 Q292 216 346 212 L380 212 L300 400 Z', F.sheen),
    ].join(''),
  back: (p) =>
    [
      rect(280, 210, 240, 360, 60, F.body),
      ...[
        [360, 330],
        [440, 330],
        [400, 420],
      ].map(([x, y]) => circle(x, y, 18, F.metal)),
      text(400, 520, p.brand, 22, p.ink, { opacity: 0.6 }),
    ].join(''),
  shadow: [400, 590, 150],
}

export const smartspeaker: Drawing = {
  front: (p) =>
    [
      ellipse(400, 560, 190, 44, F.glow),
      circle(400, 400, 190, F.body),
      times(60, (i) => circle(280 + (i % 10) * 26, 320 + Math.floor(i / 10) * 26, 3, p.dark, { opacity: 0.35 })),
      ellipse(400, 548, 150, 20, p.accent, { opacity: 0.85 }),
      path('M250 330 Q290 226 400 212 L400 250 Q310 270 280 350 Z', F.sheen),
    ].join(''),
  back: (p) =>
    [
      circle(400, 400, 190, F.body),
      path('M210 400 A190 190 0 0 0 590 400 Z', p.dark, { opacity: 0.25 }),
      ellipse(400, 250, 110, 26, p.dark, { opacity: 0.5 }),
      times(4, (i) => circle(340 + i * 40, 250, 9, p.light)),
    ].join(''),
  shadow: [400, 602, 180],
}

export const seccam: Drawing = {
  front: (p) =>
    [
      rect(310, 470, 180, 150, 40, F.body),
      rect(380, 430, 40, 60, 12, p.dark),
      circle(400, 320, 150, F.body),
      rect(270, 260, 260, 130, 65, '#121418'),
      circle(400, 325, 44, '#1b1f26'),
      circle(400, 325, 28, '#1d2a44'),
      circle(392, 316, 8, '#ffffff', { opacity: 0.6 }),
      circle(480, 300, 6, '#37d67a'),
      circle(320, 300, 5, '#d13b3b'),
      text(400, 580, p.brand, 18, p.ink, { opacity: 0.6 }),
      path('M270 280 Q290 190 380 172 L390 200 Q310 220 290 300 Z', F.sheen),
    ].join(''),
  shadow: [400, 632, 150],
}

export const robotvac: Drawing = {
  front: (p) =>
    [
      circle(400, 400, 240, F.body),
      circle(400, 400, 240, 'none', { stroke: p.dark, 'stroke-width': 10, opacity: 0.5 }),
      path('M200 280 A240 240 0 0 1 600 280', 'none', { stroke: '#2a2e35', 'stroke-width': 24 }),
      circle(400, 300, 54, '#23272d'),
      circle(400, 300, 34, '#33383f'),
      rect(352, 430, 96, 36, 18, p.dark, { opacity: 0.6 }),
      circle(380, 448, 8, p.accent),
      circle(420, 448, 8, '#ffffff'),
      text(400, 560, p.brand, 24, p.ink, { opacity: 0.55 }),
      path('M200 360 Q230 200 390 162 L396 200 Q270 240 240 380 Z', F.sheen),
    ].join(''),
  back: () =>
    [
      circle(400, 400, 240, F.dark),
      rect(300, 420, 200, 70, 30, '#16191d'),
      rect(250, 360, 40, 110, 18, '#0b0d12'),
      rect(510, 360, 40, 110, 18, '#0b0d12'),
      group(
        'translate(300 250)',
        times(6, (i) => path(`M0 0 L${Math.cos(i) * 60} ${Math.sin(i) * 60}`, 'none', { stroke: '#4a4f57', 'stroke-width': 6 })),
      ),
      circle(300, 250, 16, '#33383f'),
    ].join(''),
  shadow: [400, 648, 250],
}
