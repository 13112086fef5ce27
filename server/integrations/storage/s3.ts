import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import type { BlobStore } from './blob-store'

export type S3Settings = {
  endpoint?: string
  region: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  forcePathStyle: boolean
}

/**
 * Objects never change under their key (blob-store.ts): whatever sits in front of the bucket (a CDN)
 * may keep them a year.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable'

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The SDK's default streaming checksums are not understood by every S3-compatible server
    // (emulators, older MinIO): checksums only where the API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound')

/** A BlobStore in a bucket, each key under `prefix` (`media/`, `cache/img/`: the folders' names on disk). */
export function s3BlobStore(client: S3Client, bucket: string, prefix: string): BlobStore {
  const Key = (key: string) => prefix + key
  return {
    kind: 's3',
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: Key(key) }))
        return { size: head.ContentLength ?? 0, version: head.ETag ?? '' }
      } catch (err) {
        if (isMissing(err)) return null
        throw err
      }
    },
    async read(key) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: Key(key) }))
        return got.Body ? Buffer.from(await got.Body.transformToByteArray()) : Buffer.alloc(0)
      } catch (err) {
        if (isMissing(err)) return null
        throw err
      }
    },
    async write(key, data, contentType) {
      // One PUT: S3 makes an object visible whole or not at all.
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: Key(key), Body: data, ContentType: contentType, CacheControl: IMMUTABLE }))
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: Key(key) }))
    },
  }
}
