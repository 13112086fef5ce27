import { access, copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { renderArt } from './images/scene'
import type { ImageArt, PlannedProduct } from './products'
import { writePromoImages } from './slides'

/** The committed demo clips (see assets/videos/README.md). */
export const ASSET_VIDEOS_DIR = fileURLToPath(new URL('../../assets/videos/', import.meta.url))

const MARKER = '.demo-media.json'

export const mediaDir = (dataDir: string) => path.join(dataDir, 'media')

export type MediaStamp = { version: string; seed: number; size: number }

/**
 * Writes the demo media as products stream by: one SVG set per product, or for big catalogs a shared
 * pool written once at the end. `finish()` adds videos, slides and banners, then a marker that says
 * which catalog the files belong to.
 */
export class MediaWriter {
  private readonly root: string
  private readonly pool = new Map<string, ImageArt>()
  private readonly videos = new Set<string>()
  private ready: Promise<void>
  imagesWritten = 0

  constructor(dataDir: string) {
    this.root = mediaDir(dataDir)
    this.ready = Promise.all([
      mkdir(path.join(this.root, 'produtos/shared'), { recursive: true }),
      mkdir(path.join(this.root, 'videos'), { recursive: true }),
    ]).then(() => undefined)
  }

  async addProducts(products: PlannedProduct[]): Promise<void> {
    await this.ready
    const writes: Array<Promise<void>> = []
    for (const product of products) {
      if (product.video) this.videos.add(product.video)
      for (const image of product.images) {
        if (image.link.startsWith('produtos/shared/')) this.pool.set(image.link, image.art)
        else writes.push(writeFile(path.join(this.root, image.link), renderArt(image.art)))
      }
    }
    this.imagesWritten += writes.length
    await Promise.all(writes)
  }

  async finish(stamp: MediaStamp) {
    await this.ready
    const entries = [...this.pool]
    for (let i = 0; i < entries.length; i += 500) {
      await Promise.all(entries.slice(i, i + 500).map(([link, art]) => writeFile(path.join(this.root, link), renderArt(art))))
    }
    this.imagesWritten += entries.length
    await Promise.all([...this.videos].map((file) => copyFile(path.join(ASSET_VIDEOS_DIR, file), path.join(this.root, 'videos', file))))
    const promos = await writePromoImages(path.join(this.root, 'static'))
    await writeFile(path.join(this.root, MARKER), JSON.stringify(stamp))
    return promos
  }
}

/** True when the media folder holds the files of exactly this catalog. */
export async function mediaMatches(dataDir: string, stamp: MediaStamp): Promise<boolean> {
  try {
    const saved = JSON.parse(await readFile(path.join(mediaDir(dataDir), MARKER), 'utf8')) as MediaStamp
    if (saved.version !== stamp.version || saved.seed !== stamp.seed || saved.size !== stamp.size) return false
    await access(path.join(mediaDir(dataDir), 'static/slides/1.webp'))
    return true
  } catch {
    return false
  }
}
