import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3'
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pino from 'pino'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpApp } from '../../http/app'
import { mountMedia } from '../../http/media'
import { storeProfile } from '../../store-profile'
import { testEnv } from '../../../tests/support/app'
import { startS3Emulator, type S3Emulator } from '../../../tests/support/s3'
import type { Db } from '../../db/client'
import { productImages } from '../../db/schema'
import { createTestDatabase } from '../../../tests/support/db'
import { seedIfEmpty } from '../../seed/seed'
import { demoBucket, mediaStorageOf, s3SettingsOf, type BlobStore } from '.'
import { copyFolder } from './copy'
import { localBlobStore } from './local'
import { IMMUTABLE, s3Client } from './s3'

let emulator: S3Emulator
let dataDir: string

beforeAll(async () => {
  emulator = await startS3Emulator()
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-storage-'))
})
afterAll(async () => {
  await emulator?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const stores: Array<[string, () => BlobStore]> = [
  ['local', () => localBlobStore(path.join(dataDir, 'blobs'))],
  ['s3', () => mediaStorageOf({ ...testEnv, ...emulator.env, dataDir }).originals],
]

describe.each(stores)('BlobStore (%s)', (_kind, make) => {
  it('writes, reads, versions and removes an object; an absent key is null', async () => {
    const store = make()
    expect(await store.stat('produtos/u/1/nada.png')).toBeNull()
    expect(await store.read('produtos/u/1/nada.png')).toBeNull()
    await store.write('produtos/u/1/a.svg', Buffer.from('<svg/>'), 'image/svg+xml')
    const first = await store.stat('produtos/u/1/a.svg')
    expect(first?.size).toBe(6)
    expect((await store.read('produtos/u/1/a.svg'))?.toString()).toBe('<svg/>')
    // Other bytes under the same key: another version (old variants are not served for them).
    await new Promise((resolve) => setTimeout(resolve, 5))
    await store.write('produtos/u/1/a.svg', Buffer.from('<svg />'), 'image/svg+xml')
    const second = await store.stat('produtos/u/1/a.svg')
    expect(second?.size).toBe(7)
    expect(second?.version).not.toBe(first?.version)
    await store.remove('produtos/u/1/a.svg')
    await store.remove('produtos/u/1/a.svg')
    expect(await store.stat('produtos/u/1/a.svg')).toBeNull()
  })
})

describe('media from an S3 bucket', () => {
  it('renders an original kept in the bucket and keeps its variant there, immutable', async () => {
    const env = { ...testEnv, ...emulator.env, dataDir }
    const storage = mediaStorageOf(env)
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2040a0' } })
      .jpeg()
      .toBuffer()
    await storage.originals.write('produtos/u/7/foto.jpg', photo, 'image/jpeg')
    const app = createHttpApp({
      db: {} as Db,
      env,
      store: storeProfile,
      log: pino({ level: 'silent' }),
      isReady: () => true,
      microCache: false,
      mount: (a) => mountMedia(a, { dataDir, storage }),
    })
    const res = await app.request('http://localhost/_next/img/produtos/u/7/foto.jpg?w=320', { headers: { accept: 'image/webp,*/*' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(320)
    expect((await app.request('http://localhost/_next/img/produtos/u/7/outra.jpg')).status).toBe(404)

    const client = s3Client(s3SettingsOf(env))
    const listed = await client.send(new ListObjectsV2Command({ Bucket: emulator.bucket, Prefix: 'cache/img/' }))
    const variants = (listed.Contents ?? []).map((o) => o.Key ?? '')
    expect(variants).toHaveLength(1)
    expect(variants[0]).toMatch(/^cache\/img\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/)
    const kept = await client.send(new GetObjectCommand({ Bucket: emulator.bucket, Key: variants[0] }))
    expect(kept.ContentType).toBe('image/webp')
    expect(kept.CacheControl).toBe(IMMUTABLE)
    // Nothing of it on this instance's disk.
    expect(await localBlobStore(dataDir).stat('cache/img')).toBeNull()
  })
})

describe('the demo catalog with MEDIA_STORAGE=s3', () => {
  it('puts its product images in the bucket, and puts them back when the bucket lost them', async () => {
    const demo = await startS3Emulator({ bucket: 'vitrine-demo' })
    const database = await createTestDatabase()
    try {
      const env = { ...testEnv, ...demo.env, dataDir: path.join(dataDir, 'demo') }
      const log = pino({ level: 'silent' })
      await seedIfEmpty(database.db, { dataDir: env.dataDir, size: 50, log, bucket: demoBucket(env) })
      const [image] = await database.db.select({ link: productImages.link }).from(productImages).limit(1)
      const originals = mediaStorageOf(env).originals
      expect(await originals.stat(image.link)).not.toBeNull()
      await originals.remove(image.link)
      await originals.remove('.demo-media.json')
      await seedIfEmpty(database.db, { dataDir: env.dataDir, size: 50, log, bucket: demoBucket(env) })
      expect(await originals.stat(image.link)).not.toBeNull()
    } finally {
      await database.close()
      await demo.close()
    }
  }, 120_000)
})

/** The script in a process of its own (not spawnSync: the emulator answers from this one). */
function midia(env: Record<string, string>): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/midia.ts', 'enviar-para-s3'],
      { env: { PATH: process.env.PATH ?? '', ...env } },
      (err, stdout, stderr) => resolve({ status: err ? Number(err.code) : 0, stdout, stderr }),
    )
  })
}

describe('npm run midia -- enviar-para-s3', () => {
  it('copies DATA_DIR/media into the bucket under the same names, and again only what changed', async () => {
    const dir = path.join(dataDir, 'copia')
    await mkdir(path.join(dir, 'media/produtos/u/3'), { recursive: true })
    await writeFile(path.join(dir, 'media/produtos/a.svg'), '<svg/>')
    await writeFile(path.join(dir, 'media/produtos/u/3/b.png'), 'png')
    const env = { ...testEnv, ...emulator.env, S3_BUCKET: emulator.bucket, dataDir: dir }
    const bucket = mediaStorageOf(env).originals
    const first = await midia({ DATA_DIR: dir, ...emulator.env })
    expect(first.status, first.stderr).toBe(0)
    expect(first.stdout).toContain('2 arquivo(s) enviado(s), 0 já estavam no bucket')
    expect((await bucket.read('produtos/u/3/b.png'))?.toString()).toBe('png')

    expect(await copyFolder(path.join(dir, 'media'), bucket)).toEqual({ sent: 0, kept: 2 })
    await writeFile(path.join(dir, 'media/produtos/a.svg'), '<svg></svg>')
    expect(await copyFolder(path.join(dir, 'media'), bucket)).toEqual({ sent: 1, kept: 1 })
    expect((await bucket.read('produtos/a.svg'))?.toString()).toBe('<svg></svg>')

    const local = await midia({ DATA_DIR: dir })
    expect(local.status).toBe(2)
    expect(local.stderr).toContain('Defina MEDIA_STORAGE=s3')
  })
})
