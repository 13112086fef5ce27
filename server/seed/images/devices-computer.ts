import { wallpaper } from './devices-mobile'
import { circle, ellipse, path, rect, text, times } from './svg'
import { F, type Drawing } from './types'

const keyRows = (x: number, y: number, cols: number, rows: number, kw: number, kh: number, gap: number, fill: string) =>
  times(rows * cols, (i) => rect(x + (i % cols) * (kw + gap), y + Math.floor(i / cols) * (kh + gap), kw, kh, 4, fill))

export const laptop: Drawing = {
  front: (p) =>
    [
      rect(180, 130, 440, 300, 18, '#16191d'),
      wallpaper(194, 144, 412, 272, 6),
      circle(400, 137, 3, '#3a3f47'),
      path('M180 430 L620 430 L716 560 Q720 572 706 572 L94 572 Q80 572 84 560 Z', F.body),
      path('M214 446 L586 446 L640 522 L160 522 Z', p.dark, { opacity: 0.55 }),
      times(4, (row) => {
        const y = 452 + row * 17
        const inset = (522 - y) * 0.71
        const x0 = 160 + inset + 8
        const width = 480 - 2 * inset - 16
        return times(13, (i) => rect(x0 + (i * width) / 13, y, width / 13 - 4, 12, 2, p.lightBody ? '#e9ebef' : '#2a2e35'))
      }),
      path('M342 530 L458 530 L464 556 L336 556 Z', p.light, { opacity: 0.7 }),
      path('M84 564 L716 564 L706 572 L94 572 Z', p.dark),
      path('M194 180 Q194 144 230 144 L380 144 L194 380 Z', F.sheen),
    ].join(''),
  back: (p) =>
    [
      rect(150, 190, 500, 340, 26, F.body),
      rect(150, 520, 500, 18, 9, p.dark),
      text(400, 378, p.brand, 44, p.ink, { opacity: 0.8 }),
      path('M150 240 Q150 190 200 190 L420 190 L150 470 Z', F.sheen),
    ].join(''),
  detail: { view: 'front', x: 400, y: 486, zoom: 2 },
  shadow: [400, 586, 330],
}

export const monitor: Drawing = {
  front: (p) =>
    [
      rect(370, 440, 60, 170, 10, F.bodyV),
      ellipse(400, 612, 140, 26, p.dark),
      ellipse(400, 606, 140, 24, F.body),
      rect(110, 140, 580, 340, 14, '#16191d'),
      wallpaper(122, 152, 556, 306, 4),
      rect(110, 470, 580, 16, 6, '#22262c'),
      text(400, 482, p.brand, 12, '#c9ced6'),
      path('M122 190 Q122 152 160 152 L360 152 L122 420 Z', F.sheen),
    ].join(''),
  back: (p) =>
    [
      rect(110, 140, 580, 340, 14, '#2a2e35'),
      rect(290, 220, 220, 180, 40, '#33383f'),
      rect(370, 320, 60, 290, 10, F.bodyV),
      ellipse(400, 606, 140, 24, F.body),
      text(400, 280, p.brand, 28, '#8c939d'),
    ].join(''),
  shadow: [400, 628, 260],
}

export const keyboard: Drawing = {
  front: (p) => {
    const key = p.lightBody ? '#ffffff' : '#33383f'
    return [
      rect(90, 290, 620, 230, 26, F.body),
      rect(106, 306, 588, 198, 16, p.dark, { opacity: 0.45 }),
      keyRows(120, 318, 14, 4, 36, 32, 5, key),
      rect(120, 466, 80, 30, 4, key),
      rect(206, 466, 300, 30, 4, key),
      rect(512, 466, 81, 30, 4, key),
      rect(599, 466, 82, 30, 4, key),
      rect(120, 322, 36, 4, 2, p.accent, { opacity: 0.9 }),
      path('M90 330 Q90 290 130 290 L330 290 L90 470 Z', F.sheen),
    ].join('')
  },
  detail: { view: 'front', x: 300, y: 400, zoom: 2.2 },
  shadow: [400, 540, 330],
}

export const mouse: Drawing = {
  front: (p) =>
    [
      path('M400 170 C500 170 520 270 520 380 C520 530 470 620 400 620 C330 620 280 530 280 380 C280 270 300 170 400 170 Z', F.body),
      path('M400 170 L400 330', 'none', { stroke: p.dark, 'stroke-width': 4 }),
      path('M284 330 Q400 350 516 330', 'none', { stroke: p.dark, 'stroke-width': 3, opacity: 0.6 }),
      rect(388, 214, 24, 64, 12, '#1b1f26'),
      rect(392, 226, 16, 40, 8, '#5c6470'),
      path('M300 420 Q400 470 500 420', 'none', { stroke: p.accent, 'stroke-width': 6, 'stroke-linecap': 'round', opacity: 0.8 }),
      text(400, 560, p.brand, 22, p.ink, { opacity: 0.6 }),
      path('M330 200 Q360 176 400 172 L400 320 L300 330 Q300 240 330 200 Z', F.sheen),
    ].join(''),
  back: (p) =>
    [
      path('M160 520 C170 380 300 300 420 300 C560 300 650 400 650 500 C650 540 620 560 580 560 L200 560 C170 560 158 545 160 520 Z', F.body),
      rect(180, 550, 450, 12, 6, p.dark),
      path('M250 470 Q400 440 600 480', 'none', { stroke: p.accent, 'stroke-width': 8, 'stroke-linecap': 'round', opacity: 0.8 }),
      path('M200 480 C220 380 320 320 420 316 L420 360 C330 370 260 420 230 490 Z', F.sheen),
    ].join(''),
  shadow: [400, 630, 150],
}

export const printer: Drawing = {
  front: (p) =>
    [
      rect(250, 170, 300, 150, 6, '#ffffff'),
      times(5, (i) => rect(280, 200 + i * 22, i === 4 ? 140 : 240, 8, 4, '#d6dbe2')),
      rect(160, 290, 480, 260, 26, F.body),
      rect(200, 480, 400, 40, 10, p.dark, { opacity: 0.6 }),
      rect(230, 510, 340, 60, 10, p.light),
      rect(190, 320, 130, 60, 10, '#16191d'),
      rect(198, 328, 114, 44, 6, F.wall),
      circle(350, 350, 12, p.accent),
      times(4, (i) => rect(520 + i * 24, 330, 18, 100, 6, ['#1d9bf0', '#e0218a', '#f5c400', '#222222'][i])),
      rect(520, 330, 90, 100, 6, '#ffffff', { opacity: 0.15 }),
      path('M160 330 Q160 290 200 290 L380 290 L160 470 Z', F.sheen),
    ].join(''),
  detail: { view: 'front', x: 520, y: 380, zoom: 2 },
  shadow: [400, 584, 270],
}

export const webcam: Drawing = {
  front: (p) =>
    [
      path('M360 400 L440 400 L470 520 L330 520 Z', '#2a2e35'),
      rect(300, 512, 200, 24, 12, '#1f2328'),
      rect(230, 270, 340, 140, 70, F.dark),
      circle(400, 340, 52, '#0b0d12'),
      circle(400, 340, 38, '#1d2533'),
      circle(400, 340, 20, '#2a3f66'),
      circle(390, 328, 8, '#ffffff', { opacity: 0.6 }),
      circle(490, 340, 6, '#37d67a'),
      text(300, 346, p.brand, 18, '#aab1bb'),
      path('M240 320 Q240 276 290 274 L420 274 L250 380 Z', F.sheen),
    ].join(''),
  shadow: [400, 548, 140],
}
