/**
 * Where media files live (docs/decisions/0126-media-storage-and-metrics.md): a folder on this
 * machine (the embedded default) or a bucket of S3-compatible object storage shared by every
 * instance. Keys are relative paths of plain names (`produtos/u/12/9f…e1.jpg`); a key's bytes never
 * change once written (uploads and variants are named by their content), so anything in front of
 * the store may keep them for good.
 */
export type BlobStore = {
  readonly kind: 'local' | 's3'
  /** The object's size and version (changes whenever its bytes could have), or null when absent. */
  stat(key: string): Promise<{ size: number; version: string } | null>
  /** The object's bytes, or null when absent. */
  read(key: string): Promise<Buffer | null>
  /** Writes the object whole: a reader sees the old bytes or the new ones, never a part. */
  write(key: string, data: Uint8Array, contentType: string): Promise<void>
  /** Removes the object (absent is fine). */
  remove(key: string): Promise<void>
}

/** The store's media: the originals (`media/` on disk) and their rendered variants (`cache/img/`). */
export type MediaStorage = { originals: BlobStore; variants: BlobStore }

/** A key's media type for the bucket's Content-Type (what a CDN in front passes on). */
export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase()
  return CONTENT_TYPES[ext] ?? 'application/octet-stream'
}

const CONTENT_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  json: 'application/json',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
}
