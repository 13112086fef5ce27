import { circle, group, line, path, rect, text, times } from './svg'
import { F, type Drawing } from './types'

/** A colourful abstract wallpaper inside a screen rectangle. */
export function wallpaper(x: number, y: number, w: number, h: number, rx: number): string {
  const r = Math.min(w, h)
  return [
    rect(x, y, w, h, rx, F.wall),
    circle(x + w * 0.78, y + h * 0.22, r * 0.42, '#ffffff', { opacity: 0.16 }),
    circle(x + w * 0.2, y + h * 0.85, r * 0.55, '#ffffff', { opacity: 0.1 }),
    path(
      `M${x} ${y + h * 0.62} Q${x + w * 0.5} ${y + h * 0.42} ${x + w} ${y + h * 0.7} L${x + w} ${y + h - rx} Q${x + w} ${y + h} ${x + w - rx} ${y + h} L${x + rx} ${y + h} Q${x} ${y + h} ${x} ${y + h - rx} Z`,
      '#000000',
      { opacity: 0.14 },
    ),
  ].join('')
}

const lensAt = (cx: number, cy: number, r: number) =>
  circle(cx, cy, r, '#1b1f26') +
  circle(cx, cy, r * 0.72, '#2c3340') +
  circle(cx, cy, r * 0.42, '#0b0d12') +
  circle(cx - r * 0.25, cy - r * 0.25, r * 0.16, '#ffffff', { opacity: 0.55 })

export const phone: Drawing = {
  front: () =>
    [
      rect(264, 104, 272, 556, 50, F.body),
      rect(270, 110, 260, 544, 44, '#111318'),
      rect(532, 230, 6, 70, 3, '#2a2e35'),
      rect(532, 320, 6, 44, 3, '#2a2e35'),
      wallpaper(281, 121, 238, 522, 36),
      rect(372, 136, 56, 16, 8, '#0b0d12'),
      text(400, 250, '10:09', 56, '#ffffff', { opacity: 0.92 }),
      rect(350, 618, 100, 6, 3, '#ffffff', { opacity: 0.7 }),
      path('M281 157 Q281 121 317 121 L420 121 L281 420 Z', F.sheen),
    ].join(''),
  back: (p) =>
    [
      rect(268, 108, 264, 548, 46, F.body),
      rect(286, 128, 128, 196, 34, p.dark, { opacity: 0.55 }),
      lensAt(336, 180, 30),
      lensAt(336, 268, 30),
      lensAt(386, 224, 22),
      circle(390, 160, 8, '#f8f3d8'),
      text(400, 540, p.brand, 30, p.ink, { opacity: 0.75 }),
      path('M268 160 Q268 108 320 108 L470 108 L268 520 Z', F.sheen),
    ].join(''),
  detail: { view: 'back', x: 350, y: 226, zoom: 2.3 },
  shadow: [400, 668, 170],
}

export const featurephone: Drawing = {
  front: (p) =>
    [
      rect(300, 140, 200, 500, 44, F.body),
      rect(320, 190, 160, 150, 14, '#111318'),
      wallpaper(328, 198, 144, 134, 8),
      text(400, 176, p.brand, 20, p.ink, { opacity: 0.7 }),
      circle(400, 392, 32, p.dark),
      circle(400, 392, 14, p.light),
      times(12, (i) => rect(326 + (i % 3) * 52, 446 + Math.floor(i / 3) * 44, 44, 32, 12, p.light, { opacity: 0.9 })),
      path('M300 190 Q300 140 350 140 L440 140 L300 470 Z', F.sheen),
    ].join(''),
  back: (p) =>
    [
      rect(300, 140, 200, 500, 44, F.body),
      circle(400, 220, 26, '#1b1f26'),
      circle(400, 220, 12, '#0b0d12'),
      times(5, (i) => line(360, 560 + i * 12, 440, 560 + i * 12, p.dark, 4)),
      text(400, 420, p.brand, 26, p.ink, { opacity: 0.7 }),
    ].join(''),
  shadow: [400, 656, 130],
}

export const phonecase: Drawing = {
  front: (p) =>
    [
      rect(262, 100, 276, 564, 54, F.body, { opacity: p.body === '#dfe6ee' ? 0.75 : 1 }),
      rect(280, 118, 240, 528, 42, p.dark, { opacity: 0.18 }),
      rect(290, 132, 124, 184, 32, '#1b1f26'),
      lensAt(334, 180, 26),
      lensAt(334, 264, 26),
      lensAt(380, 222, 18),
      path('M262 160 Q262 100 322 100 L470 100 L262 520 Z', F.sheen),
    ].join(''),
  back: (p) => group('rotate(-8 400 400)', phone.front(p)),
  shadow: [400, 672, 175],
}

export const tablet: Drawing = {
  front: () =>
    [
      rect(136, 196, 528, 380, 40, F.body),
      rect(142, 202, 516, 368, 34, '#111318'),
      wallpaper(156, 216, 488, 340, 22),
      circle(400, 208, 4, '#0b0d12'),
      text(400, 360, '10:09', 64, '#ffffff', { opacity: 0.9 }),
      path('M156 240 Q156 216 180 216 L360 216 L156 480 Z', F.sheen),
    ].join(''),
  back: (p) =>
    [
      rect(140, 200, 520, 372, 36, F.body),
      rect(164, 224, 70, 70, 20, p.dark, { opacity: 0.5 }),
      circle(199, 259, 18, '#1b1f26'),
      circle(199, 259, 8, '#0b0d12'),
      text(400, 400, p.brand, 34, p.ink, { opacity: 0.7 }),
      path('M140 240 Q140 200 180 200 L380 200 L140 500 Z', F.sheen),
    ].join(''),
  detail: { view: 'front', x: 260, y: 300, zoom: 1.9 },
  shadow: [400, 612, 270],
}

export const ereader: Drawing = {
  front: (p) =>
    [
      rect(250, 120, 300, 440 + 60, 30, F.body),
      rect(272, 150, 256, 400, 8, '#ecebe4'),
      text(400, 200, 'Capítulo 1', 22, '#3a3a3a'),
      times(11, (i) => rect(296, 230 + i * 26, i % 4 === 3 ? 140 : 208, 8, 4, '#9a9a94')),
      text(400, 598, p.brand.toLowerCase(), 22, p.ink, { opacity: 0.6 }),
    ].join(''),
  shadow: [400, 640, 170],
}

export const watch: Drawing = {
  front: (p) =>
    [
      rect(330, 90, 140, 220, 30, F.bodyV),
      rect(330, 490, 140, 220, 30, F.bodyV),
      rect(300, 240, 200, 320, 64, F.metal),
      rect(312, 252, 176, 296, 54, '#0b0d12'),
      circle(400, 400, 112, F.wall, { opacity: 0.35 }),
      text(400, 415, '10:09', 52, '#ffffff'),
      text(400, 460, 'TER 21', 18, p.accent),
      rect(496, 350, 14, 52, 6, '#9aa3ad'),
      path('M312 300 Q312 252 360 252 L430 252 L312 420 Z', F.sheen),
    ].join(''),
  back: (p) =>
    [
      rect(330, 90, 140, 220, 30, F.bodyV),
      rect(330, 490, 140, 220, 30, F.bodyV),
      rect(300, 240, 200, 320, 64, F.metal),
      circle(400, 400, 100, '#1d2128'),
      circle(400, 400, 64, '#2a303a'),
      times(4, (i) => circle(400 + [-24, 24, 0, 0][i], 400 + [0, 0, -24, 24][i], 8, '#37d67a')),
      text(400, 530, p.brand, 18, '#50565f'),
    ].join(''),
  detail: { view: 'front', x: 400, y: 400, zoom: 1.7 },
  shadow: [400, 712, 120],
}

export const band: Drawing = {
  front: () =>
    [
      rect(350, 80, 100, 640, 50, F.bodyV),
      rect(330, 260, 140, 280, 60, '#16191d'),
      rect(344, 274, 112, 252, 48, '#0b0d12'),
      rect(356, 300, 88, 200, 30, F.wall, { opacity: 0.5 }),
      text(400, 392, '10', 44, '#ffffff'),
      text(400, 440, '09', 44, '#ffffff'),
      path('M344 320 Q344 274 390 274 L420 274 L344 420 Z', F.sheen),
    ].join(''),
  shadow: [400, 724, 110],
}
