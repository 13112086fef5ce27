import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { IMAGES } from '../../../contract/messages/products'
import { isRefusal } from '../refusal'
import { checkImage, sniffImage } from './admin-images'

/** An ISO-BMFF file's first box: `ftyp`, a major brand, a minor version, compatible brands. */
function ftyp(major: string, compatible: string[]): Uint8Array {
  const size = 16 + 4 * compatible.length
  const bytes = new Uint8Array(size + 8)
  new DataView(bytes.buffer).setUint32(0, size)
  bytes.set(new TextEncoder().encode(`ftyp${major}\0\0\0\0${compatible.join('')}`), 4)
  return bytes
}

describe('sniffImage: the first bytes, never the name', () => {
  it('knows the four accepted formats', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif'] as const) {
      const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#abc' } })
        .toFormat(format)
        .toBuffer()
      expect(sniffImage(bytes), format).toBe(format)
    }
  })

  it('reads AVIF from the major or a compatible brand; HEIC, MP4, GIF, SVG and text are not accepted', () => {
    expect(sniffImage(ftyp('avif', ['mif1', 'miaf']))).toBe('avif')
    expect(sniffImage(ftyp('mif1', ['miaf', 'avif']))).toBe('avif')
    expect(sniffImage(ftyp('avis', []))).toBe('avif')
    expect(sniffImage(ftyp('heic', ['mif1', 'heic']))).toBeNull()
    expect(sniffImage(ftyp('isom', ['iso2', 'mp41']))).toBeNull()
    expect(sniffImage(new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00'))).toBeNull()
    expect(sniffImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(sniffImage(new TextEncoder().encode('\xff\xd8'))).toBeNull()
    expect(sniffImage(new Uint8Array(0))).toBeNull()
  })

  it('checkImage: an AVIF header over junk is refused as unreadable; a real image gives its size as shown', async () => {
    const forged = new Uint8Array(4096)
    forged.set(ftyp('avif', ['mif1']))
    const refused = await checkImage(forged)
    expect(isRefusal(refused) && refused.code).toBe(IMAGES.unreadable.code)
    // EXIF orientation 6 (rotated 90°): stored 40×20, shown 20×40.
    const rotated = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#123' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer()
    expect(await checkImage(rotated)).toEqual({ kind: 'jpeg', width: 20, height: 40 })
  })
})
