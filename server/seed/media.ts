import { access, copyFile, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { contentTypeOf, type BlobStore } from '../integrations/storage'
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
 * which catalog the files belong to. With a `bucket` (MEDIA_STORAGE=s3) the product images and a
 * copy of the marker go there; videos, slides and banners stay in the folder, served by every
 * instance from its own copy.
 */
export class MediaWriter {
  private readonly root: string
  private readonly pool = new Map<string, ImageArt>()
  private readonly videos = new Set<string>()
  private ready: Promise<void>
  imagesWritten = 0

  constructor(
    dataDir: string,
    private readonly bucket?: BlobStore,
  ) {
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
        else writes.push(this.writeImage(image.link, image.art))
      }
    }
    this.imagesWritten += writes.length
    await Promise.all(writes)
  }

  async finish(stamp: MediaStamp) {
    await this.ready
    const entries = [...this.pool]
    for (let i = 0; i < entries.length; i += 500) {
      await Promise.all(entries.slice(i, i + 500).map(([link, art]) => this.writeImage(link, art)))
    }
    this.imagesWritten += entries.length
    await Promise.all([...this.videos].map((file) => copyFile(path.join(ASSET_VIDEOS_DIR, file), path.join(this.root, 'videos', file))))
    const promos = await writePromoImages(path.join(this.root, 'static'))
    await this.bucket?.write(MARKER, Buffer.from(JSON.stringify(stamp)), contentTypeOf(MARKER))
    await writeFile(path.join(this.root, MARKER), JSON.stringify(stamp))
    return promos
  }

  private writeImage(link: string, art: ImageArt): Promise<void> {
    const svg = renderArt(art)
    return this.bucket ? this.bucket.write(link, Buffer.from(svg), contentTypeOf(link)) : writeFile(path.join(this.root, link), svg)
  }
}

/** True when the media folder (and the bucket, if any) holds the files of exactly this catalog. */
export async function mediaMatches(dataDir: string, stamp: MediaStamp, bucket?: BlobStore): Promise<boolean> {
  const same = (saved: MediaStamp) => saved.version === stamp.version && saved.seed === stamp.seed && saved.size === stamp.size
  try {
    if (!same(JSON.parse(await readFile(path.join(mediaDir(dataDir), MARKER), 'utf8')) as MediaStamp)) return false
    await access(path.join(mediaDir(dataDir), 'static/slides/1.webp'))
    if (!bucket) return true
    const inBucket = await bucket.read(MARKER)
    return !!inBucket && same(JSON.parse(inBucket.toString('utf8')) as MediaStamp)
  } catch {
    return false
  }
}
