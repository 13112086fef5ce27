import type { Server } from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import type { Env } from '../../server/env'

/** The S3 emulator's fixed credentials (it accepts no others). */
export const EMULATOR_KEY = 'S3RVER'

export type S3Emulator = {
  endpoint: string
  bucket: string
  /** The store settings that put media in this bucket. */
  env: Pick<Env, 'MEDIA_STORAGE' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>
  close(): Promise<void>
}

/**
 * An S3-compatible server on loopback (s3rver, files in a temporary folder) with one empty bucket:
 * the tests' object storage, never the internet. `port` 0 picks a free one.
 */
export async function startS3Emulator(options: { bucket?: string; port?: number; directory?: string } = {}): Promise<S3Emulator> {
  const bucket = options.bucket ?? 'vitrine-midia'
  const directory = options.directory ?? (await mkdtemp(path.join(tmpdir(), 'vitrine-s3-')))
  const server = new S3rver({ port: options.port ?? 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  const { port } = await server.run()
  // Node closes an idle kept-alive socket after 5 s, which races the SDK's reuse of it (ECONNRESET
  // on a loaded machine); real buckets keep them far longer.
  const http = (server as unknown as { httpServer: Server }).httpServer
  http.keepAliveTimeout = 65_000
  http.headersTimeout = 66_000
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    env: {
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: EMULATOR_KEY,
      S3_SECRET_ACCESS_KEY: EMULATOR_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close()
      if (!options.directory) await rm(directory, { recursive: true, force: true })
    },
  }
}
