import { wrapWords } from './wrap'
import { circle, group, path, rect, text } from './svg'
import { F, type Drawing, type Paint } from './types'

const PAD =
  'M200 330 C200 280 250 262 320 266 L480 266 C550 262 600 280 600 330 L640 520 C652 590 572 612 540 556 L500 486 L300 486 L260 556 C228 612 148 590 160 520 Z'

function pad(p: Paint): string {
  const button = (cx: number, cy: number, color: string) => circle(cx, cy, 17, '#16191d') + circle(cx, cy, 12, color)
  return [
    path(PAD, F.body),
    rect(345, 290, 110, 66, 18, p.dark, { opacity: 0.55 }),
    rect(272, 352, 22, 70, 6, '#2a2e35'),
    rect(248, 376, 70, 22, 6, '#2a2e35'),
    button(530, 340, '#4aa3ff'),
    button(566, 376, '#ff5a6a'),
    button(494, 376, '#37d67a'),
    button(530, 412, '#f5c400'),
    circle(340, 450, 36, '#1f2328'),
    circle(340, 450, 24, '#33383f'),
    circle(460, 450, 36, '#1f2328'),
    circle(460, 450, 24, '#33383f'),
    path('M220 320 Q240 276 320 272 L340 272 L230 420 Z', F.sheen),
  ].join('')
}

export const controller: Drawing = {
  front: (p) => pad(p),
  back: (p) =>
    [
      path(PAD, F.body, { transform: 'translate(800 0) scale(-1 1)' }),
      rect(230, 250, 110, 36, 16, p.dark),
      rect(460, 250, 110, 36, 16, p.dark),
      rect(360, 300, 80, 40, 12, '#2a2e35'),
    ].join(''),
  detail: { view: 'front', x: 520, y: 380, zoom: 2.1 },
  shadow: [400, 610, 230],
}

export const gameConsole: Drawing = {
  front: (p) =>
    [
      path('M300 140 Q330 120 360 130 L360 640 L300 650 Q270 640 280 600 Z', F.body),
      rect(350, 130, 100, 520, 18, F.dark),
      path('M500 140 Q470 120 440 130 L440 640 L500 650 Q530 640 520 600 Z', F.body),
      rect(388, 560, 24, 6, 3, p.accent),
      group('translate(560 560) scale(0.32) translate(-400 -420)', pad({ ...p, body: '#f3f4f6', dark: '#c9ced6' })),
      path('M290 200 Q300 150 340 140 L350 140 L300 420 Z', F.sheen),
    ].join(''),
  back: (p) =>
    [
      rect(170, 300, 460, 260, 28, F.body),
      circle(520, 370, 60, p.dark, { opacity: 0.6 }),
      circle(520, 370, 44, '#1f2328'),
      rect(210, 500, 120, 10, 5, p.dark),
      circle(600, 520, 8, p.accent),
      text(300, 440, p.brand, 26, p.ink, { opacity: 0.6 }),
    ].join(''),
  shadow: [420, 660, 220],
}

const PLATFORM: Record<string, [string, string]> = {
  Sony: ['PS5', '#0070d1'],
  Nintendo: ['SWITCH', '#e60012'],
  Microsoft: ['XBOX', '#107c10'],
}

export const gamecase: Drawing = {
  front: (p) => {
    const [platform, color] = PLATFORM[p.brand] ?? ['PS5', '#0070d1']
    const title = wrapWords(p.model.toUpperCase(), 14, 3)
    return [
      rect(250, 120, 300, 530, 14, color),
      rect(262, 176, 276, 462, 6, F.body),
      circle(470, 300, 120, '#ffffff', { opacity: 0.18 }),
      path('M262 560 L350 440 L420 520 L470 470 L538 560 L538 638 L262 638 Z', '#000000', { opacity: 0.25 }),
      text(400, 160, platform, 30, '#ffffff'),
      ...title.map((l, i) => text(400, 260 + i * 40, l, 32, '#ffffff', { stroke: '#000000', 'stroke-opacity': 0.25, 'stroke-width': 1 })),
      path('M262 200 Q262 176 290 176 L380 176 L262 400 Z', F.sheen),
    ].join('')
  },
  back: (p) =>
    [
      circle(470, 400, 200, 'url(#gMetal)'),
      circle(470, 400, 190, F.wall, { opacity: 0.35 }),
      circle(470, 400, 40, '#f4f6f9'),
      circle(470, 400, 18, '#d0d5dc'),
      group('translate(-120 0)', gamecase.front(p)),
    ].join(''),
  shadow: [400, 666, 170],
}
