/**
 * Renders every device illustration (4 views each) into one PNG, to eyeball the drawings:
 *   node --import tsx scripts/catalog/contact-sheet.ts [out.png] [cell=160]
 */
import sharp from 'sharp'
import { DRAWINGS } from '../../server/seed/images/devices'
import { renderArt } from '../../server/seed/images/scene'
import { IMAGE_VIEWS } from '../../server/seed/products'
import type { DeviceType } from '../../server/seed/templates/types'

const out = process.argv[2] ?? 'tmp/contact-sheet.png'
const cell = Number(process.argv[3] ?? 160)
const types = Object.keys(DRAWINGS) as DeviceType[]
const colors = ['Azul', 'Preto', 'Branco', 'Rosa', 'Verde', 'Prata', 'Vermelho', 'Grafite']
const brands = ['Samsung', 'JBL', 'Apple', 'Xiaomi', 'Sony', 'Logitech', 'Intelbras', 'Nintendo']
const perRow = 3
const rows = Math.ceil(types.length / perRow)

const tiles = await Promise.all(
  types.flatMap((type, t) =>
    IMAGE_VIEWS.map(async (view, v) => {
      const svg = renderArt({ type, view, brand: brands[t % brands.length], model: `${type} Modelo X 2026`, color: colors[t % colors.length] })
      const input = await sharp(Buffer.from(svg)).resize(cell, cell).png().toBuffer()
      return { input, left: ((t % perRow) * 4 + v) * cell, top: Math.floor(t / perRow) * cell }
    }),
  ),
)
await sharp({ create: { width: perRow * 4 * cell, height: rows * cell, channels: 3, background: '#ffffff' } })
  .composite(tiles)
  .png()
  .toFile(out)
console.log(out)
