/**
 * Renders the short demo clips in assets/videos/: a product "turntable" (the device drawing spinning
 * on its vertical axis, front then back) over a soft background with a caption. Frames are drawn with
 * sharp and encoded by ffmpeg, so ffmpeg is needed only here, never at run time.
 *   node --import tsx scripts/catalog/make-videos.ts
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { renderDevice } from '../../server/seed/images/scene'
import { escapeXml } from '../../server/seed/images/svg'
import type { DeviceType } from '../../server/seed/templates/types'

const W = 854
const H = 480
const FPS = 24
const SECONDS = 8
const DEVICE = 400

type Clip = { file: string; type: DeviceType; brand: string; color: string; caption: string; tint: [string, string] }

const CLIPS: Clip[] = [
  { file: 'smartphone-360.mp4', type: 'phone', brand: 'Samsung', color: 'Azul Escuro', caption: 'Smartphones na Vitrine', tint: ['#eef3ff', '#c9d8fb'] },
  { file: 'notebook-360.mp4', type: 'laptop', brand: 'Dell', color: 'Prata', caption: 'Notebooks na Vitrine', tint: ['#eefaf7', '#c4e8df'] },
  { file: 'smart-tv-360.mp4', type: 'tv', brand: 'LG', color: 'Preto', caption: 'Smart TVs na Vitrine', tint: ['#f6f0ff', '#dccdf7'] },
  { file: 'fone-360.mp4', type: 'headphones', brand: 'JBL', color: 'Azul', caption: 'Fones na Vitrine', tint: ['#fff4ec', '#f8d6bf'] },
]

const outDir = fileURLToPath(new URL('../../assets/videos/', import.meta.url))

function backdrop(clip: Clip): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<defs><linearGradient id="b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${clip.tint[0]}"/><stop offset="1" stop-color="${clip.tint[1]}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#b)"/>
<circle cx="${W / 2}" cy="${H / 2 - 10}" r="200" fill="#ffffff" fill-opacity="0.55"/>
<text x="${W / 2}" y="${H - 30}" font-family="sans-serif" font-weight="700" font-size="28" text-anchor="middle" fill="#1f2937">${escapeXml(clip.caption)}</text>
</svg>`
}

/** The device alone (transparent), front or back, at DEVICE×DEVICE. */
function side(clip: Clip, which: 'front' | 'back'): Promise<Buffer> {
  const svg = renderDevice({ type: clip.type, brand: clip.brand, model: '', color: clip.color }, which)
  return sharp(Buffer.from(svg)).resize(DEVICE, DEVICE).png().toBuffer()
}

async function render(clip: Clip) {
  const [bg, front, back] = await Promise.all([
    sharp(Buffer.from(backdrop(clip)))
      .png()
      .toBuffer(),
    side(clip, 'front'),
    side(clip, 'back'),
  ])
  const args = [
    '-y',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-s',
    `${W}x${H}`,
    '-r',
    String(FPS),
    '-i',
    '-',
    '-c:v',
    'libx264',
    '-profile:v',
    'baseline',
    '-level',
    '3.0',
    '-pix_fmt',
    'yuv420p',
    '-preset',
    'slow',
    '-crf',
    '22',
    '-movflags',
    '+faststart',
    '-an',
    `${outDir}${clip.file}`,
  ]
  const ffmpeg = spawn('ffmpeg', args, { stdio: ['pipe', 'ignore', 'inherit'] })
  const frames = FPS * SECONDS
  for (let f = 0; f < frames; f++) {
    const angle = (f / frames) * Math.PI * 2
    const cos = Math.cos(angle)
    const width = Math.max(2, Math.round(DEVICE * Math.abs(cos)))
    const bob = Math.round(Math.sin(angle * 2) * 4)
    const device = await sharp(cos >= 0 ? front : back)
      .resize(width, DEVICE, { fit: 'fill' })
      .png()
      .toBuffer()
    const frame = await sharp(bg)
      .composite([{ input: device, left: Math.round((W - width) / 2), top: Math.round((H - DEVICE) / 2) - 28 + bob }])
      .removeAlpha()
      .raw()
      .toBuffer()
    if (!ffmpeg.stdin.write(frame)) await new Promise((resolve) => ffmpeg.stdin.once('drain', resolve))
  }
  ffmpeg.stdin.end()
  await new Promise<void>((resolve, reject) => ffmpeg.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg saiu com ${code}`)))))
  console.log(`${clip.file}: ${frames} quadros`)
}

for (const clip of CLIPS) await render(clip)
console.log(
  'ffmpeg',
  [
    '-f rawvideo -pix_fmt rgb24 -s',
    `${W}x${H}`,
    '-r',
    FPS,
    '-i - -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -preset slow -crf 22 -movflags +faststart -an OUT.mp4',
  ].join(' '),
)
