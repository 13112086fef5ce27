import { circle, ellipse, group, line, path, rect, text, times } from './svg'
import { F, type Drawing, type Paint } from './types'

/** A landscape picture for TV and projector screens: sky, sun and hills. */
function landscape(x: number, y: number, w: number, h: number): string {
  return [
    rect(x, y, w, h, 2, F.wall),
    circle(x + w * 0.72, y + h * 0.3, h * 0.12, '#fff4c2', { opacity: 0.9 }),
    path(
      `M${x} ${y + h * 0.75} L${x + w * 0.25} ${y + h * 0.45} L${x + w * 0.45} ${y + h * 0.7} L${x + w * 0.62} ${y + h * 0.5} L${x + w} ${y + h * 0.8} L${x + w} ${y + h} L${x} ${y + h} Z`,
      '#0b1a2e',
      { opacity: 0.45 },
    ),
    path(`M${x} ${y + h * 0.88} Q${x + w * 0.5} ${y + h * 0.72} ${x + w} ${y + h * 0.9} L${x + w} ${y + h} L${x} ${y + h} Z`, '#0b1a2e', { opacity: 0.55 }),
  ].join('')
}

const lensRings = (cx: number, cy: number, r: number) =>
  [
    circle(cx, cy, r, '#1b1f26'),
    circle(cx, cy, r * 0.86, '#2a2f37'),
    circle(cx, cy, r * 0.68, '#111419'),
    circle(cx, cy, r * 0.5, '#1d2a44'),
    circle(cx, cy, r * 0.28, '#0b0f17'),
    circle(cx - r * 0.22, cy - r * 0.22, r * 0.12, '#ffffff', { opacity: 0.6 }),
    circle(cx + r * 0.2, cy + r * 0.18, r * 0.06, '#ffffff', { opacity: 0.35 }),
  ].join('')

export const tv: Drawing = {
  front: (p) =>
    [
      path('M250 540 L220 600 L236 600 L270 540 Z', '#2a2e35'),
      path('M550 540 L580 600 L564 600 L530 540 Z', '#2a2e35'),
      rect(70, 170, 660, 380, 10, '#111318'),
      landscape(80, 180, 640, 360),
      text(400, 547, p.brand, 8, '#8c939d'),
      path('M80 180 L380 180 L80 470 Z', F.sheen),
    ].join(''),
  back: (p) =>
    [
      rect(70, 170, 660, 380, 10, '#2b2f36'),
      rect(230, 250, 340, 240, 30, '#33383f'),
      times(6, (i) => rect(270, 280 + i * 14, 120, 5, 2, '#23272d')),
      times(3, (i) => rect(430 + i * 34, 420, 24, 14, 3, '#16191d')),
      text(400, 230, p.brand, 22, '#8c939d'),
      rect(370, 490, 60, 80, 6, '#2a2e35'),
      ellipse(400, 590, 120, 14, '#23272d'),
    ].join(''),
  detail: { view: 'front', x: 180, y: 470, zoom: 2.4 },
  shadow: [400, 604, 330],
}

export const soundbar: Drawing = {
  front: (p) =>
    [
      rect(520, 240, 180, 300, 26, F.dark),
      circle(610, 380, 62, '#16191d'),
      circle(610, 380, 40, '#2a2e35'),
      rect(70, 420, 600, 110, 52, F.dark),
      times(70, (i) => circle(120 + (i % 35) * 14.7, 455 + Math.floor(i / 35) * 38, 3.4, '#4a5059')),
      rect(320, 500, 100, 6, 3, p.accent, { opacity: 0.8 }),
      text(370, 448, p.brand, 16, '#aab1bb'),
      path('M80 460 Q80 424 120 422 L320 422 L100 500 Z', F.sheen),
    ].join(''),
  shadow: [390, 548, 320],
}

export const projector: Drawing = {
  front: (p) =>
    [
      rect(190, 310, 420, 230, 46, F.body),
      rect(190, 500, 420, 40, 20, p.dark, { opacity: 0.4 }),
      lensRings(310, 425, 74),
      times(7, (i) => rect(430, 380 + i * 14, 130, 6, 3, p.dark, { opacity: 0.6 })),
      circle(540, 340, 8, p.accent),
      text(470, 500, p.brand, 20, p.ink, { opacity: 0.6 }),
      path('M200 350 Q200 314 240 312 L420 312 L210 460 Z', F.sheen),
    ].join(''),
  shadow: [400, 556, 230],
}

function cups(p: Paint, withMic: boolean): string {
  return [
    path('M232 430 C232 170 568 170 568 430', 'none', { stroke: p.dark, 'stroke-width': 40, 'stroke-linecap': 'round' }),
    path('M232 430 C232 190 568 190 568 430', 'none', { stroke: p.body, 'stroke-width': 28, 'stroke-linecap': 'round' }),
    path('M285 295 Q400 205 515 295', 'none', { stroke: '#2a2e35', 'stroke-width': 22, 'stroke-linecap': 'round', opacity: 0.8 }),
    ...[232, 568].map((cx) =>
      [
        rect(cx - 74, 400, 148, 210, 70, F.body),
        rect(cx - 56, 420, 112, 170, 54, p.dark, { opacity: 0.45 }),
        withMic ? rect(cx - 60, 470, 120, 8, 4, p.accent, { opacity: 0.9 }) : '',
      ].join(''),
    ),
    withMic
      ? path('M190 560 Q170 650 300 660', 'none', { stroke: '#1f2328', 'stroke-width': 14, 'stroke-linecap': 'round' }) + rect(296, 644, 40, 30, 14, '#2a2e35')
      : '',
    path('M170 470 Q170 404 226 400 L232 400 L172 540 Z', F.sheen),
  ].join('')
}

export const headphones: Drawing = {
  front: (p) => cups(p, false),
  back: (p) =>
    [
      path('M270 300 C300 120 520 120 540 300', 'none', { stroke: p.dark, 'stroke-width': 36, 'stroke-linecap': 'round' }),
      circle(400, 420, 180, F.body),
      circle(400, 420, 140, p.dark, { opacity: 0.25 }),
      text(400, 432, p.brand, 36, p.ink, { opacity: 0.8 }),
      path('M240 380 Q260 260 380 242 L390 300 Q300 320 280 400 Z', F.sheen),
    ].join(''),
  detail: { view: 'back', x: 400, y: 420, zoom: 1.6 },
  shadow: [400, 640, 240],
}

export const headset: Drawing = {
  front: (p) => cups(p, true),
  shadow: [400, 680, 240],
}

export const earbuds: Drawing = {
  front: (p) =>
    [
      rect(270, 380, 260, 220, 90, F.body),
      path('M270 470 L530 470', 'none', { stroke: p.dark, 'stroke-width': 3, opacity: 0.6 }),
      circle(400, 540, 6, '#37d67a'),
      ...[330, 470].map((x, i) =>
        group(
          `rotate(${i ? 14 : -14} ${x} 260)`,
          rect(x - 16, 240, 32, 120, 16, F.body),
          circle(x, 230, 44, F.body),
          circle(x, 226, 20, p.dark, { opacity: 0.5 }),
        ),
      ),
      path('M280 440 Q290 390 350 384 L360 420 Q310 430 300 480 Z', F.sheen),
    ].join(''),
  back: (p) =>
    [
      path('M270 300 Q270 210 400 210 Q530 210 530 300 L530 330 L270 330 Z', F.body),
      rect(270, 330, 260, 230, 90, F.body),
      rect(300, 350, 200, 90, 40, p.dark, { opacity: 0.5 }),
      circle(350, 392, 30, '#111318'),
      circle(450, 392, 30, '#111318'),
      text(400, 520, p.brand, 22, p.ink, { opacity: 0.6 }),
    ].join(''),
  shadow: [400, 612, 160],
}

export const speaker: Drawing = {
  front: (p) =>
    [
      rect(170, 300, 460, 230, 115, F.body),
      ellipse(186, 415, 36, 112, p.dark),
      ellipse(614, 415, 36, 112, p.dark),
      ellipse(186, 415, 22, 72, '#1f2328'),
      ellipse(614, 415, 22, 72, '#1f2328'),
      times(48, (i) => circle(250 + (i % 16) * 20, 350 + Math.floor(i / 16) * 60, 2.5, p.dark, { opacity: 0.5 })),
      rect(340, 388, 120, 54, 27, p.accent),
      text(400, 424, p.brand, 26, '#ffffff'),
      times(3, (i) => circle(360 + i * 40, 312, 7, p.dark)),
      path('M200 360 Q220 306 300 302 L360 302 L220 450 Z', F.sheen),
    ].join(''),
  back: (p) =>
    [
      rect(290, 150, 220, 470, 110, F.body),
      ellipse(400, 160, 100, 26, p.dark),
      rect(340, 340, 120, 54, 27, p.accent),
      text(400, 376, p.brand, 24, '#ffffff'),
      circle(400, 500, 52, p.dark, { opacity: 0.5 }),
    ].join(''),
  shadow: [400, 552, 230],
}

export const microphone: Drawing = {
  front: (p) =>
    [
      ellipse(400, 630, 150, 26, '#1f2328'),
      rect(388, 440, 24, 190, 8, '#2a2e35'),
      path('M300 330 L300 400 Q300 480 400 480 Q500 480 500 400 L500 330', 'none', { stroke: '#2a2e35', 'stroke-width': 14 }),
      rect(325, 140, 150, 320, 75, F.dark),
      times(10, (i) => line(345, 170 + i * 22, 455, 170 + i * 22, '#5c6470', 3)),
      rect(325, 360, 150, 12, 0, p.accent, { opacity: 0.85 }),
      text(400, 430, p.brand, 16, '#c9ced6'),
      path('M330 200 Q340 146 390 142 L400 142 L340 320 Z', F.sheen),
    ].join(''),
  shadow: [400, 646, 170],
}

export const camera: Drawing = {
  front: (p) =>
    [
      path('M330 250 L360 200 L470 200 L500 250 Z', '#23272d'),
      rect(170, 250, 460, 280, 40, F.dark),
      rect(170, 250, 110, 280, 40, '#16191d'),
      rect(232, 268, 46, 12, 6, '#c0392b'),
      lensRings(430, 400, 128),
      text(415, 236, p.brand, 22, '#e5e7eb'),
      circle(560, 230, 14, '#2a2e35'),
      path('M180 300 Q180 256 220 254 L320 254 L190 420 Z', F.sheen),
    ].join(''),
  back: (p) =>
    [
      path('M330 250 L360 200 L470 200 L500 250 Z', '#23272d'),
      rect(170, 250, 460, 280, 40, F.dark),
      rect(380, 214, 70, 44, 10, '#111318'),
      rect(200, 300, 260, 190, 12, '#0b0d12'),
      rect(210, 310, 240, 170, 6, F.wall),
      times(4, (i) => circle(540, 320 + i * 46, 14, '#33383f')),
      text(520, 508, p.brand, 16, '#9aa3ad'),
    ].join(''),
  detail: { view: 'front', x: 430, y: 400, zoom: 1.8 },
  shadow: [400, 548, 250],
}

export const actioncam: Drawing = {
  front: (p) =>
    [
      rect(270, 240, 260, 230, 36, F.dark),
      rect(290, 262, 112, 112, 22, '#16191d'),
      lensRings(346, 318, 44),
      rect(420, 270, 90, 90, 10, '#0b0d12'),
      rect(426, 276, 78, 78, 6, F.wall),
      text(400, 430, p.brand, 26, '#e5e7eb'),
      rect(300, 224, 50, 18, 6, p.accent),
    ].join(''),
  shadow: [400, 490, 160],
}

export const lens: Drawing = {
  front: (p) =>
    [
      rect(240, 250, 320, 300, 30, F.dark),
      times(14, (i) => rect(262 + i * 20, 290, 10, 120, 4, '#121418')),
      rect(240, 470, 320, 16, 0, '#c0392b', { opacity: 0.85 }),
      ellipse(560, 400, 60, 150, '#1b1f26'),
      ellipse(560, 400, 44, 120, '#1d2a44'),
      ellipse(552, 380, 10, 30, '#ffffff', { opacity: 0.5 }),
      text(380, 452, p.brand, 22, '#e5e7eb'),
    ].join(''),
  back: () => lensRings(400, 400, 200),
  shadow: [400, 570, 210],
}

export const drone: Drawing = {
  front: () =>
    [
      ...[
        [-1, -1],
        [1, -1],
        [-1, 1],
        [1, 1],
      ].map(([dx, dy]) =>
        [
          line(400, 400, 400 + dx * 190, 400 + dy * 150, '#4a4f57', 22),
          circle(400 + dx * 190, 400 + dy * 150, 26, '#2a2e35'),
          ellipse(400 + dx * 190, 400 + dy * 150, 130, 22, '#9aa3ad', { opacity: 0.35 }),
          ellipse(400 + dx * 190, 400 + dy * 150, 22, 110, '#9aa3ad', { opacity: 0.25 }),
        ].join(''),
      ),
      rect(330, 320, 140, 170, 48, F.body),
      circle(400, 500, 34, '#1b1f26'),
      circle(400, 500, 18, '#1d2a44'),
      circle(394, 494, 5, '#ffffff', { opacity: 0.6 }),
      path('M340 360 Q350 324 390 322 L400 322 L350 420 Z', F.sheen),
    ].join(''),
  shadow: [400, 640, 260],
}
