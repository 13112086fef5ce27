import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { products } from '../../server/db/schema'
import { createStaffSession } from '../../server/domain/staff/sessions'
import { createStaffMember } from '../support/admin'
import { insertCatalogFixture } from '../support/catalog-fixtures'
import { createTestDatabase } from '../support/db'
import { startInstance, type Instance } from '../support/instances'
import { startS3Emulator, type S3Emulator } from '../support/s3'

/**
 * Several store instances behind one load balancer share the images in object storage
 * (docs/decisions/0126-media-storage-and-metrics.md): an upload taken by one is served by every
 * other, original and variants, also when the one that took it is gone.
 */
const url = process.env.TEST_DATABASE_URL
let database: Database & { url?: string }
let emulator: S3Emulator
let a: Instance
let b: Instance
let productId: number
let cookie: string

const WEBP = { accept: 'image/webp,*/*' }
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer())

describe.skipIf(!url)('images in object storage, two store processes', () => {
  beforeAll(async () => {
    ;[database, emulator] = await Promise.all([createTestDatabase(), startS3Emulator()])
    await insertCatalogFixture(database.db)
    const [p] = await database.db.select({ id: products.id }).from(products).where(eq(products.linkReal, 'fone-de-ouvido-sony-wh-1000xm5'))
    productId = p.id
    const operacao = await createStaffMember(database.db, 'operacao')
    cookie = `vt_admin=${await createStaffSession(database.db, operacao.id, 'active', { ip: '127.0.0.1', userAgent: 'vitest' })}`
    // Each instance with a DATA_DIR of its own: nothing shared but the database and the bucket.
    ;[a, b] = await Promise.all([
      startInstance(database.url!, { ...emulator.env, dataDir: '/tmp/vitrine-instancia-a-inexistente' }),
      startInstance(database.url!, { ...emulator.env, dataDir: '/tmp/vitrine-instancia-b-inexistente' }),
    ])
  }, 120_000)
  afterAll(async () => {
    for (const i of [a, b]) if (i && i.child.exitCode === null) i.child.kill('SIGTERM')
    await emulator?.close()
    await database?.close()
  })

  it('serves an upload taken by A from B, original and variants, and after A is killed', async () => {
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c03040' } })
      .jpeg()
      .toBuffer()
    const sent = await fetch(`${a.base}/admin/api/produtos/${productId}/imagens?alt=Frente`, {
      method: 'POST',
      headers: { cookie, 'user-agent': 'vitest', 'content-type': 'image/jpeg' },
      body: photo,
    })
    expect(sent.status, a.logs.join('\n')).toBe(200)
    const link = ((await sent.json()) as { image: { link: string } }).image.link

    // A renders the 480 px variant; B serves the same bytes (kept in the bucket), and renders a
    // width nobody asked for yet from the original in the bucket.
    const fromA = await a.get(`/_next/img/${link}?w=480`, WEBP)
    expect(fromA.status).toBe(200)
    const keptVariant = await bytesOf(fromA)
    const fromB = await b.get(`/_next/img/${link}?w=480`, WEBP)
    expect(fromB.status).toBe(200)
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await bytesOf(fromB)).toEqual(keptVariant)
    const wide = await b.get(`/_next/img/${link}?w=1200`, WEBP)
    expect(wide.status).toBe(200)
    expect((await sharp(await bytesOf(wide)).metadata()).width).toBe(1200)

    a.child.kill('SIGKILL')
    await new Promise((resolve) => a.child.once('exit', resolve))
    const afterA = await b.get(`/_next/img/${link}?w=480`, WEBP)
    expect(afterA.status).toBe(200)
    expect(await bytesOf(afterA)).toEqual(keptVariant)
    const small = await b.get(`/_next/img/${link}?w=160`, { accept: 'image/jpeg' })
    expect(small.status).toBe(200)
    expect(small.headers.get('content-type')).toBe('image/jpeg')
    expect((await sharp(await bytesOf(small)).metadata()).width).toBe(160)
  })
})
