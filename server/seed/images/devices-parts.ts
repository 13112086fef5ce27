import { circle, ellipse, group, path, rect, text, times } from './svg'
import { F, type Drawing } from './types'

const usbC = (x: number, y: number, w = 34) => rect(x - w / 2, y - 7, w, 14, 7, '#16191d') + rect(x - w / 2 + 6, y - 2, w - 12, 4, 2, '#6b7280')

export const charger: Drawing = {
  front: (p) =>
    [
      rect(380, 160, 14, 70, 7, F.metal),
      rect(406, 160, 14, 70, 7, F.metal),
      rect(300, 220, 200, 260, 40, F.body),
      usbC(400, 330),
      usbC(400, 380),
      rect(380, 420, 40, 18, 4, '#16191d'),
      text(400, 280, p.brand, 20, p.ink, { opacity: 0.6 }),
      path('M500 460 C560 520 600 560 520 600 C440 640 300 600 260 640', 'none', { stroke: p.body, 'stroke-width': 14, 'stroke-linecap': 'round' }),
      path('M310 270 Q312 226 356 222 L390 222 L320 400 Z', F.sheen),
    ].join(''),
  shadow: [400, 650, 180],
}

export const cable: Drawing = {
  front: (p) => {
    const hdmi = /HDMI/.test(p.model)
    const plug = (x: number, y: number, angle: number) =>
      group(
        `rotate(${angle} ${x} ${y})`,
        rect(x - 34, y - 22, 68, 44, 14, F.body),
        hdmi
          ? path(`M${x + 34} ${y - 20} L${x + 86} ${y - 20} L${x + 86} ${y + 12} L${x + 78} ${y + 20} L${x + 42} ${y + 20} L${x + 34} ${y + 12} Z`, F.metal)
          : rect(x + 30, y - 12, 44, 24, 12, F.metal),
      )
    return [
      times(3, (i) => ellipse(400, 420, 190 - i * 26, 130 - i * 20, 'none', { stroke: p.body, 'stroke-width': 16 })),
      times(3, (i) => ellipse(400, 420, 190 - i * 26, 130 - i * 20, 'none', { stroke: p.dark, 'stroke-width': 4, opacity: 0.25 })),
      path('M590 420 C620 320 600 250 560 230', 'none', { stroke: p.body, 'stroke-width': 16, 'stroke-linecap': 'round' }),
      path('M210 420 C180 520 220 590 280 600', 'none', { stroke: p.body, 'stroke-width': 16, 'stroke-linecap': 'round' }),
      plug(540, 214, -150),
      plug(300, 606, 10),
    ].join('')
  },
  shadow: [400, 650, 230],
}

export const powerbank: Drawing = {
  front: (p) =>
    [
      rect(250, 160, 300, 480, 44, F.body),
      rect(250, 160, 300, 40, 20, p.dark, { opacity: 0.3 }),
      usbC(340, 178, 30),
      rect(400, 171, 50, 14, 3, '#16191d'),
      times(4, (i) => circle(350 + i * 34, 560, 8, i < 3 ? p.accent : p.dark)),
      text(400, 420, p.brand, 32, p.ink, { opacity: 0.7 }),
      path('M256 210 Q260 166 304 162 L380 162 L262 460 Z', F.sheen),
    ].join(''),
  shadow: [400, 656, 170],
}

export const memorycard: Drawing = {
  front: (p) =>
    [
      path('M250 170 L500 170 L560 230 L560 620 Q560 640 540 640 L250 640 Q230 640 230 620 L230 190 Q230 170 250 170 Z', '#2a2e35'),
      rect(252, 190, 286, 200, 10, '#ffffff', { opacity: 0.12 }),
      times(5, (i) => rect(276 + i * 36, 190, 22, 60, 4, F.gold)),
      group(
        'rotate(-8 460 470)',
        path('M360 300 L520 300 L560 340 L560 600 L360 600 Z', p.body),
        rect(360, 300, 200, 90, 0, '#ffffff', { opacity: 0.85 }),
        text(460, 360, p.brand, 28, p.body),
        text(460, 470, 'micro', 30, '#ffffff'),
        text(460, 510, 'SD', 40, '#ffffff'),
        times(6, (i) => rect(372 + i * 28, 560, 18, 34, 4, F.gold)),
      ),
    ].join(''),
  shadow: [400, 656, 180],
}

function fan(cx: number, cy: number, r: number): string {
  const blade = `M${cx} ${cy} q${r * 0.3} ${-r * 0.9} ${r * 0.85} ${-r * 0.35} q${-r * 0.45} ${r * 0.05} ${-r * 0.85} ${r * 0.35} Z`
  return [
    circle(cx, cy, r, '#0e1014'),
    times(9, (i) => path(blade, '#3a3f47', { transform: `rotate(${i * 40} ${cx} ${cy})` })),
    circle(cx, cy, r * 0.28, '#2a2e35'),
    circle(cx, cy, r * 0.16, '#4a4f57'),
  ].join('')
}

export const gpu: Drawing = {
  front: (p) =>
    [
      rect(210, 530, 200, 22, 3, F.gold),
      rect(80, 270, 640, 270, 28, '#23272d'),
      path('M80 300 L200 270 L600 270 L720 300 L720 320 L80 320 Z', '#2f343b'),
      fan(250, 410, 100),
      fan(490, 410, 100),
      rect(610, 330, 80, 160, 18, '#1a1d22'),
      rect(80, 520, 640, 10, 5, p.accent, { opacity: 0.85 }),
      text(650, 420, p.brand, 18, '#c9ced6', { transform: 'rotate(-90 650 420)' }),
      path('M90 320 Q92 276 140 274 L300 274 L100 420 Z', F.sheen),
    ].join(''),
  back: (p) =>
    [
      rect(80, 270, 640, 270, 28, '#2a2e35'),
      times(12, (i) => rect(130 + i * 46, 320, 20, 170, 8, '#1d2025')),
      text(400, 420, p.brand, 40, '#e5e7eb'),
      rect(80, 270, 640, 10, 5, p.accent),
    ].join(''),
  detail: { view: 'front', x: 300, y: 420, zoom: 1.9 },
  shadow: [400, 570, 330],
}

export const ssd: Drawing = {
  front: (p) =>
    /2,5/.test(p.model)
      ? [
          rect(220, 190, 360, 460, 24, F.metal),
          rect(250, 240, 300, 300, 14, p.accent),
          text(400, 360, p.brand, 40, '#ffffff'),
          text(400, 420, 'SSD', 56, '#ffffff'),
          rect(250, 580, 300, 30, 6, '#1f2328'),
        ].join('')
      : [
          rect(90, 340, 620, 130, 10, '#1f5c3e'),
          times(8, (i) => rect(100 + i * 12, 346, 8, 118, 2, F.gold)),
          rect(240, 360, 120, 90, 6, '#16191d'),
          rect(380, 360, 120, 90, 6, '#16191d'),
          rect(520, 372, 70, 66, 6, '#16191d'),
          rect(230, 352, 400, 106, 6, '#1f2328', { opacity: 0.92 }),
          text(430, 415, `${p.brand} NVMe`, 30, '#ffffff'),
          circle(680, 405, 16, '#d6dbe2'),
          circle(680, 405, 8, '#1f5c3e'),
        ].join(''),
  shadow: [400, 660, 240],
}

export const ram: Drawing = {
  front: (p) => {
    const stick = (y: number) =>
      [
        rect(90, y + 120, 620, 40, 4, '#1f5c3e'),
        times(40, (i) => rect(100 + i * 15 + (i > 19 ? 14 : 0), y + 138, 9, 22, 2, F.gold)),
        rect(90, y, 620, 130, 14, F.dark),
        rect(90, y, 620, 22, 10, F.wall),
        path(`M120 ${y + 60} L300 ${y + 60} L330 ${y + 90} L680 ${y + 90}`, 'none', { stroke: p.accent, 'stroke-width': 4, opacity: 0.8 }),
        text(200, y + 100, p.brand, 22, '#e5e7eb'),
      ].join('')
    return stick(230) + stick(400)
  },
  shadow: [400, 600, 330],
}

export const cpu: Drawing = {
  front: (p) =>
    [
      rect(210, 210, 380, 380, 20, '#2f6b4f'),
      rect(250, 250, 300, 300, 26, F.metal),
      rect(262, 262, 276, 276, 20, '#ffffff', { opacity: 0.25 }),
      text(400, 390, p.brand.toUpperCase(), 48, '#4a4f57'),
      text(400, 440, p.model.split(' ').slice(0, 2).join(' '), 22, '#5c6470'),
      path('M250 300 Q252 254 298 252 L400 252 L260 430 Z', F.sheen),
    ].join(''),
  back: () => [rect(210, 210, 380, 380, 20, '#2f6b4f'), times(196, (i) => circle(236 + (i % 14) * 25, 236 + Math.floor(i / 14) * 25, 6, F.gold))].join(''),
  shadow: [400, 612, 220],
}

const antenna = (x: number, angle: number) => group(`rotate(${angle} ${x} 430)`, rect(x - 13, 170, 26, 270, 13, '#1f2328'))

export const router: Drawing = {
  front: (p) =>
    [
      antenna(240, -12),
      antenna(340, -4),
      antenna(460, 4),
      antenna(560, 12),
      rect(140, 410, 520, 130, 34, F.body),
      rect(140, 500, 520, 40, 20, p.dark, { opacity: 0.35 }),
      times(6, (i) => circle(250 + i * 60, 470, 7, i === 0 ? p.accent : '#37d67a')),
      text(600, 476, p.brand, 16, p.ink, { opacity: 0.6 }),
      path('M150 450 Q152 414 190 412 L360 412 L160 500 Z', F.sheen),
    ].join(''),
  shadow: [400, 556, 280],
}

export const mesh: Drawing = {
  front: (p) => {
    const unit = (x: number, scale: number) =>
      group(
        `translate(${x} 600) scale(${scale}) translate(-120 -600)`,
        rect(20, 250, 200, 350, 60, F.body),
        ellipse(120, 262, 96, 22, p.light),
        circle(120, 540, 8, p.accent),
        path('M30 320 Q40 260 100 256 L110 256 L40 480 Z', F.sheen),
      )
    return unit(280, 0.9) + unit(520, 1)
  },
  shadow: [400, 612, 250],
}

export const switchBox: Drawing = {
  front: (p) =>
    [
      rect(110, 340, 580, 150, 20, F.body),
      times(8, (i) => rect(160 + i * 62, 392, 46, 40, 4, '#16191d') + rect(172 + i * 62, 386, 22, 8, 2, '#16191d')),
      times(8, (i) => circle(183 + i * 62, 452, 5, i % 3 === 0 ? '#f5a524' : '#37d67a')),
      text(180, 372, p.brand, 14, p.ink, { opacity: 0.6 }),
      path('M120 380 Q122 344 160 342 L300 342 L130 440 Z', F.sheen),
    ].join(''),
  shadow: [400, 510, 300],
}

export const wifiadapter: Drawing = {
  front: (p) =>
    [
      rect(300, 420, 200, 120, 18, F.metal),
      rect(326, 452, 148, 56, 6, '#1f2328'),
      rect(290, 260, 220, 180, 40, F.dark),
      /T2U|TX20U/.test(p.model) ? rect(388, 120, 24, 160, 12, '#1f2328') : '',
      circle(400, 320, 8, p.accent),
      text(400, 380, p.brand, 18, '#c9ced6'),
    ].join(''),
  shadow: [400, 560, 130],
}
