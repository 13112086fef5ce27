import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pino from 'pino'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../db/client'
import { storeProfile } from '../store-profile'
import { createTestDatabase } from '../../tests/support/db'
import { testEnv } from '../../tests/support/app'
import { createHttpApp } from './app'
import { mountMedia, parseRange, resolveMediaPath } from './media'
import { mediaStorageOf } from '../integrations/storage'
import { UNSTORABLE_TEXT_MESSAGE } from '../../contract/text'

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <rect x="200" y="100" width="400" height="600" rx="40" fill="#1e3a8a"/></svg>`
const VIDEO = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7) % 256))

const AVIF = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'
const WEBP = 'image/webp,*/*'
const LEGACY = 'image/png,image/*;q=0.8,*/*;q=0.5'

let dataDir: string
let database: Database
let app: ReturnType<typeof createHttpApp>

function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return app.request(`http://localhost${url}`, { method, headers })
}

async function image(url: string, accept = WEBP) {
  const res = await get(url, { accept })
  const body = Buffer.from(await res.arrayBuffer())
  return { res, body, meta: res.ok ? await sharp(body).metadata() : undefined }
}

async function cacheFiles(): Promise<string[]> {
  const dir = path.join(dataDir, 'cache/img')
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-media-'))
  const produtos = path.join(dataDir, 'media/produtos')
  await mkdir(path.join(produtos, 'shared'), { recursive: true })
  await mkdir(path.join(dataDir, 'media/videos'), { recursive: true })
  await writeFile(path.join(produtos, 'abc-1.svg'), SVG)
  await writeFile(path.join(produtos, 'shared/fone.svg'), SVG)
  await writeFile(path.join(dataDir, 'segredo.svg'), SVG)
  await writeFile(path.join(produtos, 'quebrada.png'), Buffer.from('isto não é um PNG'))
  // Noise, so that quality visibly changes the size of the output.
  const noise = { type: 'gaussian', mean: 128, sigma: 40 } as const
  await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#000', noise } })
    .png()
    .toFile(path.join(produtos, 'foto.png'))
  await sharp({ create: { width: 300, height: 150, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png()
    .toFile(path.join(produtos, 'pequena.png'))
  await writeFile(path.join(dataDir, 'media/videos/demo.mp4'), VIDEO)

  database = await createTestDatabase()
  app = createHttpApp({
    db: database.db,
    env: { ...testEnv, dataDir },
    store: storeProfile,
    log: pino({ level: 'silent' }),
    isReady: () => true,
    mount: (a) => mountMedia(a, { dataDir, storage: mediaStorageOf({ ...testEnv, dataDir }) }),
  })
})

afterAll(async () => {
  await database?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe('GET /_next/img/{link}', () => {
  it('serves the spec form with the query glued by & and the ordinary query string alike', async () => {
    const glued = await image('/_next/img/produtos/abc-1.svg&qualidade=70')
    expect(glued.res.status).toBe(200)
    expect(glued.res.headers.get('content-type')).toBe('image/webp')
    expect(glued.res.headers.get('content-length')).toBe(String(glued.body.length))
    expect(glued.res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(glued.res.headers.get('vary')).toBe('Accept')
    expect(glued.res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(glued.res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
    expect(glued.meta?.width).toBe(800)

    const query = await image('/_next/img/produtos/abc-1.svg?qualidade=70')
    expect(query.res.headers.get('etag')).toBe(glued.res.headers.get('etag'))
    expect(query.body.equals(glued.body)).toBe(true)

    const shared = await image('/_next/img/produtos/shared/fone.svg&qualidade=50')
    expect(shared.res.status).toBe(200)
  })

  it('snaps quality to 50, 70, 80 or 100 (80 by default)', async () => {
    const etag = async (q: string) => (await get(`/_next/img/produtos/abc-1.svg${q}`, { accept: WEBP })).headers.get('etag')
    expect(await etag('&qualidade=65')).toBe(await etag('&qualidade=70'))
    expect(await etag('')).toBe(await etag('&qualidade=80'))
    expect(await etag('&qualidade=abc')).toBe(await etag('&qualidade=80'))
    expect(await etag('&qualidade=100')).not.toBe(await etag('&qualidade=50'))
    const low = await image('/_next/img/produtos/foto.png&qualidade=50')
    const high = await image('/_next/img/produtos/foto.png&qualidade=100')
    expect(low.body.length).toBeLessThan(high.body.length)
  })

  it('picks AVIF, WebP or JPEG from the Accept header', async () => {
    const avif = await image('/_next/img/produtos/abc-1.svg&qualidade=80', AVIF)
    expect(avif.res.headers.get('content-type')).toBe('image/avif')
    expect(avif.body.subarray(4, 12).toString('latin1')).toBe('ftypavif')

    const webp = await image('/_next/img/produtos/abc-1.svg&qualidade=80', 'image/avif;q=0, image/webp')
    expect(webp.res.headers.get('content-type')).toBe('image/webp')
    expect(webp.body.subarray(0, 4).toString('latin1')).toBe('RIFF')
    expect(webp.body.subarray(8, 12).toString('latin1')).toBe('WEBP')

    for (const accept of [LEGACY, '*/*', '']) {
      const jpeg = await image('/_next/img/produtos/abc-1.svg&qualidade=80', accept)
      expect(jpeg.res.headers.get('content-type')).toBe('image/jpeg')
      expect([...jpeg.body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
    }
    const etags = new Set(
      [avif, webp]
        .map((r) => r.res.headers.get('etag'))
        .concat((await get('/_next/img/produtos/abc-1.svg&qualidade=80', { accept: LEGACY })).headers.get('etag')),
    )
    expect(etags.size).toBe(3)
  })

  it('renders SVG illustrations on white and keeps the transparency of photos for WebP', async () => {
    const svg = await image('/_next/img/produtos/abc-1.svg&w=160')
    expect(svg.meta?.hasAlpha).toBe(false)
    const { data } = await sharp(svg.body).raw().toBuffer({ resolveWithObject: true })
    expect([...data.subarray(0, 3)].every((v) => v > 245)).toBe(true) // top-left corner is white

    const photo = await image('/_next/img/produtos/pequena.png')
    expect(photo.meta?.hasAlpha).toBe(true)
    const legacy = await image('/_next/img/produtos/pequena.png', LEGACY)
    expect(legacy.res.headers.get('content-type')).toBe('image/jpeg')
  })

  it('resizes to the allowed widths, keeping the aspect ratio and never enlarging photos', async () => {
    const cases: Array<[string, number, number]> = [
      ['/_next/img/produtos/abc-1.svg&qualidade=70&w=320', 320, 320],
      ['/_next/img/produtos/abc-1.svg?qualidade=70&w=320', 320, 320],
      ['/_next/img/produtos/abc-1.svg&w=333', 320, 320],
      ['/_next/img/produtos/abc-1.svg&w=99999', 1600, 1600],
      ['/_next/img/produtos/abc-1.svg&w=-5', 800, 800],
      ['/_next/img/produtos/foto.png&w=480', 480, 240],
      ['/_next/img/produtos/foto.png&w=1600', 1000, 500],
      ['/_next/img/produtos/pequena.png&w=1200', 300, 150],
    ]
    for (const [url, width, height] of cases) {
      const { res, meta } = await image(url)
      expect(res.status, url).toBe(200)
      expect([meta?.width, meta?.height], url).toEqual([width, height])
    }
  })

  it('renders a variant once, keeps it on disk and answers 304 to If-None-Match', async () => {
    const url = '/_next/img/produtos/foto.png&qualidade=70&w=240'
    const before = await cacheFiles()
    const toBuffer = vi.spyOn(sharp.prototype, 'toBuffer')
    const first = await Promise.all(Array.from({ length: 5 }, () => image(url)))
    expect(toBuffer).toHaveBeenCalledTimes(1)
    toBuffer.mockRestore()
    const etag = first[0].res.headers.get('etag')!
    expect(new Set(first.map((r) => r.res.headers.get('etag'))).size).toBe(1)
    expect(first.every((r) => r.body.equals(first[0].body))).toBe(true)

    const created = (await cacheFiles()).filter((f) => !before.includes(f))
    expect(created).toHaveLength(1)
    expect(created[0]).toMatch(/\.webp$/)

    // The second request reads the file: replace it and the answer follows.
    const marker = await sharp({ create: { width: 7, height: 7, channels: 3, background: '#000' } })
      .webp()
      .toBuffer()
    await writeFile(created[0], marker)
    const again = await image(url)
    expect(again.res.headers.get('etag')).toBe(etag)
    expect(again.body.equals(marker)).toBe(true)

    const notModified = await get(url, { accept: WEBP, 'if-none-match': etag })
    expect(notModified.status).toBe(304)
    expect(notModified.headers.get('etag')).toBe(etag)
    expect(notModified.headers.get('cache-control')).toContain('immutable')
    expect(await notModified.text()).toBe('')
    expect((await get(url, { accept: WEBP, 'if-none-match': '"outra"' })).status).toBe(200)
  })

  it('gives a changed original a new ETag', async () => {
    const url = '/_next/img/produtos/shared/fone.svg&w=160'
    const before = (await get(url, { accept: WEBP })).headers.get('etag')
    await writeFile(path.join(dataDir, 'media/produtos/shared/fone.svg'), SVG.replace('#1e3a8a', '#b91c1c') + ' ')
    const after = (await get(url, { accept: WEBP })).headers.get('etag')
    expect(after).not.toBe(before)
  })

  it('refuses links that leave the media folder', async () => {
    const attempts = [
      '/_next/img/..%2fsegredo.svg',
      '/_next/img/produtos/..%2f..%2fsegredo.svg',
      '/_next/img/produtos/%2e%2e%2f%2e%2e%2fsegredo.svg',
      '/_next/img/%2e%2e/segredo.svg',
      '/_next/img/produtos/../../segredo.svg',
      '/_next/img/%252e%252e/segredo.svg',
      '/_next/img/%2Fetc%2Fpasswd',
      '/_next/img//etc/passwd',
      `/_next/img/${encodeURIComponent(path.join(dataDir, 'segredo.svg'))}`,
      '/_next/img/produtos%5c..%5c..%5csegredo.svg',
      '/_next/img/produtos/abc-1.svg%00.png',
      '/_next/img/produtos/%E0%A4%A.svg',
    ]
    for (const url of attempts) {
      const res = await get(url, { accept: WEBP })
      expect([400, 404], url).toContain(res.status)
      expect(res.headers.get('content-type') ?? '', url).not.toMatch(/image\/(webp|avif|jpeg)/)
      // A NUL in any path is refused before the media route (app.ts); the rest by the route itself.
      if (res.status === 400)
        expect(await res.json()).toEqual({ estado: 'erro', msg: url.includes('%00') ? UNSTORABLE_TEXT_MESSAGE : 'Imagem não encontrada.' })
    }
  })

  it('answers a missing or unreadable original with a placeholder that is not cached', async () => {
    for (const [url, status] of [
      ['/_next/img/produtos/nao-existe.svg&qualidade=70', 404],
      ['/_next/img/produtos', 404],
      ['/_next/img/videos/demo.mp4', 404],
      ['/_next/img/produtos/quebrada.png', 422],
    ] as const) {
      const res = await get(url, { accept: AVIF })
      expect(res.status, url).toBe(status)
      expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8')
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(await res.text()).toMatch(/^<svg /)
    }
    const json = await get('/_next/img/produtos/nao-existe.svg', { accept: 'application/json' })
    expect(json.status).toBe(404)
    expect(await json.json()).toEqual({ estado: 'erro', msg: 'Imagem não encontrada.' })
  })
})

describe('GET /video/{link}', () => {
  async function video(headers: Record<string, string> = {}, method = 'GET', url = '/video/demo.mp4') {
    const res = await get(url, headers, method)
    return { res, body: Buffer.from(await res.arrayBuffer()) }
  }

  it('streams the whole file without a Range', async () => {
    const { res, body } = await video()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('video/mp4')
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(res.headers.get('content-length')).toBe('1000')
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(res.headers.get('last-modified')).toBeTruthy()
    expect(body.equals(VIDEO)).toBe(true)
  })

  it('answers byte ranges with 206 and the exact bytes', async () => {
    const cases: Array<[string, number, number]> = [
      ['bytes=0-99', 0, 99],
      ['bytes=500-500', 500, 500],
      ['bytes=990-', 990, 999],
      ['bytes=-5', 995, 999],
      ['bytes=-5000', 0, 999],
      ['bytes=995-2000', 995, 999],
    ]
    for (const [range, start, end] of cases) {
      const { res, body } = await video({ range })
      expect(res.status, range).toBe(206)
      expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/1000`)
      expect(res.headers.get('content-length'), range).toBe(String(end - start + 1))
      expect(body.equals(VIDEO.subarray(start, end + 1)), range).toBe(true)
    }
  })

  it('answers 416 to a range past the end and ignores ranges it does not serve', async () => {
    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
      const { res } = await video({ range })
      expect(res.status, range).toBe(416)
      expect(res.headers.get('content-range')).toBe('bytes */1000')
    }
    for (const range of ['bytes=0-1,5-6', 'bytes=9-3', 'items=0-5', 'bytes=-']) {
      const { res, body } = await video({ range })
      expect(res.status, range).toBe(200)
      expect(body.length).toBe(1000)
    }
  })

  it('supports HEAD, conditional requests and If-Range', async () => {
    const head = await video({}, 'HEAD')
    expect(head.res.status).toBe(200)
    expect(head.res.headers.get('content-length')).toBe('1000')
    expect(head.body.length).toBe(0)
    const headRange = await video({ range: 'bytes=10-19' }, 'HEAD')
    expect(headRange.res.status).toBe(206)
    expect(headRange.res.headers.get('content-range')).toBe('bytes 10-19/1000')

    const etag = head.res.headers.get('etag')!
    expect((await video({ 'if-none-match': etag })).res.status).toBe(304)
    const since = head.res.headers.get('last-modified')!
    expect((await video({ 'if-modified-since': since })).res.status).toBe(304)

    const sameVersion = await video({ range: 'bytes=0-9', 'if-range': etag })
    expect(sameVersion.res.status).toBe(206)
    const otherVersion = await video({ range: 'bytes=0-9', 'if-range': '"antiga"' })
    expect(otherVersion.res.status).toBe(200)
    expect(otherVersion.body.length).toBe(1000)
  })

  it('answers 404 for unknown videos and 400 for links outside the videos folder', async () => {
    for (const url of ['/video/nao-existe.mp4', '/video/demo.txt', '/video/']) {
      const { res, body } = await video({}, 'GET', url)
      expect([400, 404], url).toContain(res.status)
      expect(JSON.parse(body.toString())).toEqual({ estado: 'erro', msg: 'Vídeo não encontrado.' })
    }
    for (const url of ['/video/..%2fprodutos%2fabc-1.svg', '/video/..%5cdemo.mp4', '/video/%2Fetc%2Fpasswd']) {
      expect((await video({}, 'GET', url)).res.status, url).toBe(400)
    }
  })
})

describe('parseRange', () => {
  it('reads single ranges against the file size', () => {
    expect(parseRange(undefined, 10)).toBeNull()
    expect(parseRange('bytes=2-4', 10)).toEqual({ start: 2, end: 4 })
    expect(parseRange('bytes=8-', 10)).toEqual({ start: 8, end: 9 })
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 })
    expect(parseRange('bytes=0-0', 0)).toBe('unsatisfiable')
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable')
    expect(parseRange('bytes=1-2, 4-5', 10)).toBeNull()
  })
})

describe('resolveMediaPath', () => {
  it('keeps links inside the root', () => {
    const root = path.resolve('/srv/media')
    expect(resolveMediaPath(root, 'produtos/abc-1.svg')).toBe(path.join(root, 'produtos/abc-1.svg'))
    expect(resolveMediaPath(root, 'produtos/Câmera (frente).jpg')).toBe(path.join(root, 'produtos/Câmera (frente).jpg'))
    for (const bad of ['', '../x.svg', 'a/../../x.svg', '/etc/passwd', 'a\\..\\x', 'a/./b.svg', '.env', 'a//b', 'x.svg\0', 'C:x', '%2e%2e/x']) {
      expect(resolveMediaPath(root, bad), bad).toBeNull()
    }
  })
})
