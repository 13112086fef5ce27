import { asc, eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { MAX_ALT_LENGTH, MAX_IMAGES_PER_PRODUCT, MAX_UPLOAD_BYTES } from '../../../contract/admin/media-limits'
import { IMAGES, PRODUCTS } from '../../../contract/messages/products'
import type { Db } from '../../db/client'
import { productImages, products } from '../../db/schema'
import { transaction, type Tx } from '../../db/tx'
import type { BlobStore } from '../../integrations/storage'
import { contentTypeOf } from '../../integrations/storage'
import { sha256 } from '../../lib/tokens'
import type { Actor } from '../actor'
import { isRefusal, refuse, type Refusal } from '../refusal'
import { recordProductAudit } from './product-audit'

/** The product editor's images section: in display order, the first is the main image. */
export function imagesSection(db: Db, productId: number) {
  return db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position), asc(productImages.id))
}

/** Pixels of an upload at most (the media route refuses bigger sources: integrations/images/variants.ts). */
const MAX_IMAGE_PIXELS = 64_000_000

type Kind = 'jpeg' | 'png' | 'webp' | 'avif'
const EXTENSIONS: Record<Kind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' }

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))

/**
 * What the first bytes say the file is (never its name or declared type): JPEG (FF D8 FF), PNG
 * (its 8-byte signature), WebP (RIFF….WEBP) or AVIF (an ISO-BMFF `ftyp` box naming avif/avis).
 */
export function sniffImage(bytes: Uint8Array): Kind | null {
  if (bytes.length < 12) return null
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp'
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.length, ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0, 256)
    // The major brand, then the compatible brands (4 bytes each, after the minor version).
    for (let at = 8; at + 4 <= boxSize; at += at === 8 ? 8 : 4) {
      const brand = ascii(bytes, at, at + 4)
      if (brand === 'avif' || brand === 'avis') return 'avif'
    }
  }
  return null
}

export type CheckedImage = { kind: Kind; width: number; height: number }

/**
 * The upload's content checked: the magic bytes name an accepted format, libvips agrees, and the
 * whole image decodes (a truncated or forged file is refused here, not on the storefront).
 */
export async function checkImage(bytes: Uint8Array): Promise<CheckedImage | Refusal> {
  if (bytes.length === 0) return refuse(IMAGES.empty)
  if (bytes.length > MAX_UPLOAD_BYTES) return refuse(IMAGES.tooLarge)
  const kind = sniffImage(bytes)
  if (!kind) return refuse(IMAGES.format)
  try {
    const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' as const }
    const meta = await sharp(bytes, options).metadata()
    const format = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heif') : meta.format
    if (format !== kind) return refuse(IMAGES.format)
    if (!meta.width || !meta.height) return refuse(IMAGES.unreadable)
    if (meta.width * meta.height > MAX_IMAGE_PIXELS) return refuse(IMAGES.tooManyPixels)
    // Decoding a thumbnail reads every byte (JPEG shrinks while it loads): a broken file fails here.
    await sharp(bytes, options).resize({ width: 32, height: 32, fit: 'inside' }).raw().toBuffer()
    const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height }
    return { kind, width: oriented.width, height: oriented.height }
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) return refuse(IMAGES.tooManyPixels)
    return refuse(IMAGES.unreadable)
  }
}

export type ImageRow = typeof productImages.$inferSelect

const auditOf = (image: ImageRow) => ({ id: image.id, link: image.link, posicao: image.position, alt: image.alt })

/** Locks the product (so two writers of its images take turns) or refuses. */
async function lockProduct(tx: Tx, productId: number): Promise<void> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update')
  if (!row) throw refuse(PRODUCTS.notFound)
}

/** Positions 0…n-1 in the given order (only rows whose position changes are written). */
async function renumber(tx: Tx, ordered: ImageRow[]): Promise<void> {
  for (const [i, image] of ordered.entries()) {
    if (image.position !== i) await tx.update(productImages).set({ position: i }).where(eq(productImages.id, image.id))
  }
}

export type UploadInput = { productId: number; bytes: Uint8Array; alt?: string; actor: Actor; originals: BlobStore }

/**
 * Keeps an uploaded image: its content checked, the original written to the media storage as
 * `produtos/u/{productId}/{hash of its bytes}.{ext}` (served and resized by /_next/img like the
 * seeded ones; the name changes whenever the bytes do, so nothing in front needs telling), then the
 * row — last of the product's images — and its audit line in one transaction. When the
 * transaction fails the file is removed unless another row shows the same bytes: no row without a
 * file, no file without a row.
 */
export async function uploadImage(db: Db, input: UploadInput): Promise<{ image: ImageRow } | Refusal> {
  const alt = (input.alt ?? '').trim()
  if (alt.length > MAX_ALT_LENGTH) return refuse(IMAGES.altTooLong)
  const checked = await checkImage(input.bytes)
  if (isRefusal(checked)) return checked
  const [exists] = await db.select({ id: products.id }).from(products).where(eq(products.id, input.productId))
  if (!exists) return refuse(PRODUCTS.notFound)

  const link = `produtos/u/${input.productId}/${sha256(input.bytes).slice(0, 16)}.${EXTENSIONS[checked.kind]}`
  await input.originals.write(link, input.bytes, contentTypeOf(link))
  const removeUnlessShown = async () => {
    const [shown] = await db.select({ id: productImages.id }).from(productImages).where(eq(productImages.link, link)).limit(1)
    if (!shown) await input.originals.remove(link)
  }
  try {
    const result = await transaction(db, async (tx) => {
      await lockProduct(tx, input.productId)
      const [{ n, next }] = await tx
        .select({ n: sql<number>`count(*)::int`, next: sql<number>`coalesce(max(${productImages.position}) + 1, 0)::int` })
        .from(productImages)
        .where(eq(productImages.productId, input.productId))
      if (Number(n) >= MAX_IMAGES_PER_PRODUCT) throw refuse(IMAGES.full)
      const [image] = await tx
        .insert(productImages)
        .values({ productId: input.productId, position: Number(next), link, alt, width: checked.width, height: checked.height })
        .returning()
      await recordProductAudit(tx, {
        actor: input.actor,
        action: 'produto.imagem.enviar',
        productId: input.productId,
        after: { ...auditOf(image), largura: image.width, altura: image.height, bytes: input.bytes.length },
      })
      return { image }
    })
    if (isRefusal(result)) await removeUnlessShown()
    return result
  } catch (err) {
    await removeUnlessShown()
    throw err
  }
}

/** The product's images in order, locked for the change. */
async function imagesOf(tx: Tx, productId: number): Promise<ImageRow[]> {
  await lockProduct(tx, productId)
  return tx.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position), asc(productImages.id))
}

/** Sets the order of all the product's images (`ids` must be exactly its images: else a 'conflict' refusal). */
export async function reorderImages(db: Db, input: { productId: number; ids: number[]; actor: Actor }): Promise<{ ids: number[] } | Refusal> {
  return transaction(db, async (tx) => {
    const current = await imagesOf(tx, input.productId)
    const byId = new Map(current.map((i) => [i.id, i]))
    if (input.ids.length !== current.length || new Set(input.ids).size !== input.ids.length || !input.ids.every((id) => byId.has(id))) {
      throw refuse(IMAGES.orderChanged)
    }
    await renumber(
      tx,
      input.ids.map((id) => byId.get(id)!),
    )
    await recordProductAudit(tx, {
      actor: input.actor,
      action: 'produto.imagem.ordenar',
      productId: input.productId,
      before: { ordem: current.map((i) => i.id) },
      after: { ordem: input.ids },
    })
    return { ids: input.ids }
  })
}

/** Makes one image the main one (first); the others keep their order after it. */
export async function setMainImage(db: Db, input: { productId: number; imageId: number; actor: Actor }): Promise<{ ids: number[] } | Refusal> {
  return transaction(db, async (tx) => {
    const current = await imagesOf(tx, input.productId)
    const main = current.find((i) => i.id === input.imageId)
    if (!main) throw refuse(IMAGES.notFound)
    const ordered = [main, ...current.filter((i) => i !== main)]
    await renumber(tx, ordered)
    await recordProductAudit(tx, {
      actor: input.actor,
      action: 'produto.imagem.principal',
      productId: input.productId,
      before: { principal: current[0]?.id ?? null },
      after: { principal: main.id },
    })
    return { ids: ordered.map((i) => i.id) }
  })
}

/** The image's alternative text (read aloud by screen readers; '' for none). */
export async function setImageAlt(db: Db, input: { productId: number; imageId: number; alt: string; actor: Actor }): Promise<{ image: ImageRow } | Refusal> {
  const alt = input.alt.trim()
  if (alt.length > MAX_ALT_LENGTH) return refuse(IMAGES.altTooLong)
  return transaction(db, async (tx) => {
    const current = await imagesOf(tx, input.productId)
    const before = current.find((i) => i.id === input.imageId)
    if (!before) throw refuse(IMAGES.notFound)
    const [image] = await tx.update(productImages).set({ alt }).where(eq(productImages.id, before.id)).returning()
    await recordProductAudit(tx, {
      actor: input.actor,
      action: 'produto.imagem.alt',
      productId: input.productId,
      before: { id: before.id, alt: before.alt },
      after: { id: image.id, alt },
    })
    return { image }
  })
}

/**
 * Deletes an image: the row (the others close ranks) and its audit line in one transaction, then
 * the original file — unless another row still shows it (the demo catalog shares a pool of files).
 */
export async function deleteImage(
  db: Db,
  input: { productId: number; imageId: number; actor: Actor; originals: BlobStore },
): Promise<{ ids: number[] } | Refusal> {
  const result = await transaction(db, async (tx) => {
    const current = await imagesOf(tx, input.productId)
    const gone = current.find((i) => i.id === input.imageId)
    if (!gone) throw refuse(IMAGES.notFound)
    await tx.delete(productImages).where(eq(productImages.id, gone.id))
    const rest = current.filter((i) => i !== gone)
    await renumber(tx, rest)
    await recordProductAudit(tx, { actor: input.actor, action: 'produto.imagem.excluir', productId: input.productId, before: auditOf(gone) })
    const [shared] = await tx.select({ id: productImages.id }).from(productImages).where(eq(productImages.link, gone.link)).limit(1)
    return { ids: rest.map((i) => i.id), file: shared ? null : gone.link }
  })
  if (isRefusal(result)) return result
  if (result.file && result.file.startsWith('produtos/u/')) await input.originals.remove(result.file)
  return { ids: result.ids }
}
