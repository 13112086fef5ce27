import path from 'node:path'
import type { Env } from '../../env'
import type { BlobStore, MediaStorage } from './blob-store'
import { localBlobStore } from './local'
import { s3BlobStore, s3Client, type S3Settings } from './s3'

export { contentTypeOf, type BlobStore, type MediaStorage } from './blob-store'

type MediaEnv = Pick<
  Env,
  'dataDir' | 'MEDIA_STORAGE' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>

/** The bucket's settings (env.ts has checked that each is there when MEDIA_STORAGE=s3). */
export function s3SettingsOf(env: MediaEnv): S3Settings {
  return {
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
  }
}

const made = new Map<string, MediaStorage>()

/**
 * The media storage the settings name: DATA_DIR's `media/` and `cache/img/` folders (default), or
 * the same two prefixes in an S3-compatible bucket, so every instance reads and writes the same
 * files. One per configuration (one S3 client and its connection pool per process).
 */
export function mediaStorageOf(env: MediaEnv): MediaStorage {
  const settings = env.MEDIA_STORAGE === 's3' ? s3SettingsOf(env) : null
  const id = settings ? JSON.stringify(settings) : `local:${env.dataDir}`
  let storage = made.get(id)
  if (!storage) {
    if (settings) {
      const client = s3Client(settings)
      storage = { originals: s3BlobStore(client, settings.bucket, 'media/'), variants: s3BlobStore(client, settings.bucket, 'cache/img/') }
    } else {
      storage = { originals: localBlobStore(path.resolve(env.dataDir, 'media')), variants: localBlobStore(path.resolve(env.dataDir, 'cache/img')) }
    }
    made.set(id, storage)
  }
  return storage
}

/** Where the demo catalog's product images go besides DATA_DIR/media: the bucket, with MEDIA_STORAGE=s3. */
export function demoBucket(env: MediaEnv): BlobStore | undefined {
  return env.MEDIA_STORAGE === 's3' ? mediaStorageOf(env).originals : undefined
}
