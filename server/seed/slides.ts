import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { renderDevice } from './images/scene'
import { escapeXml } from './images/svg'
import { wrapWords } from './images/wrap'
import type { DeviceType } from './templates/types'

type Device = { type: DeviceType; brand: string; model: string; color: string; x: number; y: number; size: number }

export type Promo = {
  titulo: string
  subtitulo: string
  cta: string
  /** Category ndi the promo links to. */
  ndi: string
  colors: [string, string]
  devices: Device[]
}

/** Home slideshow, in order: files slides/{n}.webp (1600×520) and slides/{n}-mobile.webp (800×600). */
export const SLIDES: Promo[] = [
  {
    titulo: 'Semana do Smartphone',
    subtitulo: 'Até 20% off no Pix nos modelos mais procurados',
    cta: 'Aproveitar agora',
    ndi: 'smartphones',
    colors: ['#0f2a6b', '#2f6fdf'],
    devices: [
      { type: 'phone', brand: 'Samsung', model: 'Galaxy', color: 'Azul Escuro', x: 1040, y: -10, size: 540 },
      { type: 'phone', brand: 'Xiaomi', model: 'Redmi', color: 'Verde', x: 1230, y: 30, size: 500 },
    ],
  },
  {
    titulo: 'Notebooks para estudar e trabalhar',
    subtitulo: 'Parcele em até 10x sem juros no cartão',
    cta: 'Ver notebooks',
    ndi: 'notebooks',
    colors: ['#0f3d3e', '#12877a'],
    devices: [{ type: 'laptop', brand: 'Dell', model: 'Inspiron', color: 'Prata', x: 980, y: -60, size: 640 }],
  },
  {
    titulo: 'Frete grátis acima de R$ 299',
    subtitulo: 'Fones, caixas de som e muito mais para todo o Brasil',
    cta: 'Escolher o meu',
    ndi: 'audio',
    colors: ['#6b1d5c', '#e0457b'],
    devices: [
      { type: 'headphones', brand: 'JBL', model: 'Tune', color: 'Preto', x: 960, y: 0, size: 520 },
      { type: 'speaker', brand: 'JBL', model: 'Flip', color: 'Azul', x: 1210, y: 90, size: 420 },
    ],
  },
  {
    titulo: 'Monte seu setup gamer',
    subtitulo: 'Consoles, headsets, teclados e mouses com entrega rápida',
    cta: 'Montar o meu setup',
    ndi: 'games',
    colors: ['#1a1033', '#5b2bd6'],
    devices: [
      { type: 'headset', brand: 'HyperX', model: 'Cloud', color: 'Preto', x: 930, y: 10, size: 480 },
      { type: 'controller', brand: 'Sony', model: 'DualSense', color: 'Branco', x: 1180, y: 120, size: 420 },
    ],
  },
]

/** Mid-page banners (banners/{n}.webp, 1200×300), listed in meta.home_banners. */
export const BANNERS: Promo[] = [
  {
    titulo: 'Sua casa mais inteligente',
    subtitulo: 'Lâmpadas, tomadas e assistentes que você controla pelo celular',
    cta: 'Conhecer',
    ndi: 'casa-inteligente',
    colors: ['#0b4f6c', '#20a4c8'],
    devices: [
      { type: 'bulb', brand: 'Positivo', model: 'Smart', color: 'Branco', x: 800, y: -20, size: 340 },
      { type: 'smartspeaker', brand: 'Amazon', model: 'Echo', color: 'Azul', x: 960, y: 20, size: 300 },
    ],
  },
  {
    titulo: 'Smart TVs 4K',
    subtitulo: 'Imagem de cinema na sua sala, em até 10x sem juros',
    cta: 'Ver TVs',
    ndi: 'tvs',
    colors: ['#231942', '#5e548e'],
    devices: [{ type: 'tv', brand: 'LG', model: 'UHD', color: 'Preto', x: 760, y: -40, size: 400 }],
  },
]

function background(w: number, h: number, promo: Promo, textLayout: { x: number; y: number; title: number; sub: number; width: number }) {
  const [from, to] = promo.colors
  const titleLines = wrap(promo.titulo, Math.floor(textLayout.width / (textLayout.title * 0.56)))
  const subLines = wrap(promo.subtitulo, Math.floor(textLayout.width / (textLayout.sub * 0.52)))
  let y = textLayout.y
  const parts: string[] = []
  for (const l of titleLines) {
    y += textLayout.title * 1.08
    parts.push(
      `<text x="${textLayout.x}" y="${y}" font-family="sans-serif" font-weight="700" font-size="${textLayout.title}" fill="#ffffff">${escapeXml(l)}</text>`,
    )
  }
  y += textLayout.sub * 0.6
  for (const l of subLines) {
    y += textLayout.sub * 1.3
    parts.push(
      `<text x="${textLayout.x}" y="${y}" font-family="sans-serif" font-size="${textLayout.sub}" fill="#ffffff" fill-opacity="0.88">${escapeXml(l)}</text>`,
    )
  }
  const ctaSize = Math.round(textLayout.sub * 0.9)
  const ctaW = promo.cta.length * ctaSize * 0.62 + ctaSize * 2
  const ctaY = y + textLayout.sub * 1.2
  parts.push(`<rect x="${textLayout.x}" y="${ctaY}" width="${ctaW}" height="${ctaSize * 2.3}" rx="${ctaSize * 1.15}" fill="#ffffff"/>`)
  parts.push(
    `<text x="${textLayout.x + ctaW / 2}" y="${ctaY + ctaSize * 1.5}" font-family="sans-serif" font-weight="700" font-size="${ctaSize}" text-anchor="middle" fill="${from}">${escapeXml(promo.cta)}</text>`,
  )
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
<radialGradient id="spot"><stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>
<circle cx="${w * 0.78}" cy="${h * 0.5}" r="${h * 0.75}" fill="url(#spot)"/>
<circle cx="${w * 0.05}" cy="${h * 1.05}" r="${h * 0.45}" fill="#ffffff" fill-opacity="0.06"/>
${parts.join('\n')}
</svg>`
}

/** Wraps at spaces but keeps "R$ 299" on one line. */
const wrap = (value: string, width: number) => wrapWords(value.replace(/R\$ /g, 'R$\u00a0'), width, 4)

async function renderPromo(promo: Promo, w: number, h: number, layout: Parameters<typeof background>[3], place: (d: Device) => Device): Promise<Buffer> {
  const devices = await Promise.all(
    promo.devices.map(async (d) => {
      const at = place(d)
      const [x, y, size] = [Math.round(at.x), Math.round(at.y), Math.round(at.size)]
      // Devices may bleed off the edges; sharp only composites what fits, so crop to the canvas.
      const left = Math.max(0, x)
      const top = Math.max(0, y)
      const width = Math.min(w, x + size) - left
      const height = Math.min(h, y + size) - top
      const rendered = await sharp(Buffer.from(renderDevice(d)))
        .resize(size, size)
        .png()
        .toBuffer()
      const input = await sharp(rendered)
        .extract({ left: left - x, top: top - y, width, height })
        .png()
        .toBuffer()
      return { input, left, top }
    }),
  )
  return sharp(Buffer.from(background(w, h, promo, layout)))
    .composite(devices)
    .webp({ quality: 82 })
    .toBuffer()
}

/** Writes slides/ and banners/ under mediaStaticDir; returns the rows to store. */
export async function writePromoImages(mediaStaticDir: string): Promise<{
  slides: Array<{ titulo: string; imagem: string; link: string }>
  banners: Array<{ titulo: string; imagem: string; link: string }>
}> {
  const slidesDir = path.join(mediaStaticDir, 'slides')
  const bannersDir = path.join(mediaStaticDir, 'banners')
  await mkdir(slidesDir, { recursive: true })
  await mkdir(bannersDir, { recursive: true })
  const jobs: Array<Promise<void>> = []
  SLIDES.forEach((s, i) => {
    const n = i + 1
    jobs.push(
      renderPromo(s, 1600, 520, { x: 110, y: 110, title: 64, sub: 28, width: 760 }, (d) => d).then((b) => writeFile(path.join(slidesDir, `${n}.webp`), b)),
      renderPromo(s, 800, 600, { x: 50, y: 30, title: 46, sub: 22, width: 700 }, (d) => ({
        ...d,
        x: (d.x - 900) * 0.75 + 300,
        y: d.y * 0.75 + 230,
        size: d.size * 0.7,
      })).then((b) => writeFile(path.join(slidesDir, `${n}-mobile.webp`), b)),
    )
  })
  BANNERS.forEach((b, i) => {
    jobs.push(
      renderPromo(b, 1200, 300, { x: 70, y: 40, title: 44, sub: 22, width: 640 }, (d) => d).then((buf) =>
        writeFile(path.join(bannersDir, `${i + 1}.webp`), buf),
      ),
    )
  })
  await Promise.all(jobs)
  return {
    slides: SLIDES.map((s, i) => ({ titulo: `${s.titulo} — ${s.subtitulo}`, imagem: `/_next/static/slides/${i + 1}.webp`, link: `/categoria/${s.ndi}` })),
    banners: BANNERS.map((b, i) => ({ titulo: b.titulo, imagem: `/_next/static/banners/${i + 1}.webp`, link: `/categoria/${b.ndi}` })),
  }
}
