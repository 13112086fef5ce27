// `npm run cluster` as the README and docs/deploy.md describe it: scripts/cluster.sh itself starts two
// store instances at JOBS=off on a fresh PostgreSQL database, the S3 emulator and a worker. What one
// instance takes, every instance serves, and the worker does the background work the instances only
// enqueue. Needs TEST_DATABASE_URL (the script's PostgreSQL server); skipped without it.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../server/db/client'
import { products, staff } from '../../server/db/schema'
import { createStaffSession } from '../../server/domain/staff/sessions'

const url = process.env.TEST_DATABASE_URL
const server = url ? url.replace(/\/[^/?]+(\?.*)?$/, '') : ''
const dbName = `vitrine_cluster_e2e_${process.pid}`
let dir: string
let cluster: ChildProcess
let output = ''
let stores: string[] = []
let workerMetrics: string
let ports: number[] = []
let database: Database

/** Whether nothing listens on `port` of loopback. */
const free = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer().once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })

/** A first port with the next `count - 1` free too. */
async function freePorts(count: number): Promise<number> {
  for (;;) {
    const first = 20_000 + Math.floor(Math.random() * 20_000)
    const all = await Promise.all(Array.from({ length: count }, (_, i) => free(first + i)))
    if (all.every(Boolean)) return first
  }
}

const outbox = (folder: string) => {
  try {
    return readdirSync(folder).map((f) => readFileSync(path.join(folder, f), 'utf8'))
  } catch {
    return []
  }
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const got = await probe()
    if (got) return got
    if (Date.now() > end) throw new Error(`${what}: não aconteceu em ${ms} ms\n${output.slice(-4000)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

describe.skipIf(!url)('npm run cluster: two store instances, a worker and the S3 emulator', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-cluster-'))
    const first = await freePorts(2)
    const [s3, metrics] = [await freePorts(1), await freePorts(1)]
    workerMetrics = `http://127.0.0.1:${metrics}`
    ports = [first, first + 1, s3, metrics]
    cluster = spawn('bash', ['scripts/cluster.sh', '2'], {
      env: {
        ...process.env,
        CLUSTER_PG: server,
        CLUSTER_DB: dbName,
        CLUSTER_PORT: String(first),
        CLUSTER_S3_PORT: String(s3),
        CLUSTER_WORKER_METRICS_PORT: String(metrics),
        CLUSTER_DIR: dir,
        CLUSTER_NO_BUILD: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    cluster.stdout!.on('data', (c: Buffer) => (output += c.toString()))
    cluster.stderr!.on('data', (c: Buffer) => (output += c.toString()))
    await until('o cluster ficar pronto', () => output.includes('Cluster pronto'), 150_000)
    stores = [...output.matchAll(/loja \d: (http:\/\/127\.0\.0\.1:\d+)/g)].map((m) => m[1])
    database = await openDatabase({ url: `${server}/${dbName}`, max: 2 })
  }, 180_000)

  afterAll(async () => {
    await database?.close()
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((resolve) => cluster.once('exit', resolve))
      cluster.kill('SIGTERM')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))])
    }
    if (server) {
      const admin = await openDatabase({ url: `${server}/postgres`, max: 1 })
      await admin.raw.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`, [])
      await admin.close()
    }
    if (dir) rmSync(dir, { recursive: true, force: true })
  }, 60_000)

  it('starts the instances it prints, each serving the one catalog', async () => {
    expect(stores).toHaveLength(2)
    const found = await Promise.all(
      stores.map(async (base) => {
        const res = await fetch(`${base}/_next/api/pesquisa?p=fone`)
        expect(res.status).toBe(200)
        return JSON.stringify(await res.json())
      }),
    )
    expect(found[0]).toContain('"nome"')
    expect(found[1]).toBe(found[0])
  })

  it('serves from the second instance an image uploaded through the first (object storage)', async () => {
    const [dono] = await database.db.select({ id: staff.id }).from(staff).where(eq(staff.email, 'dono.demo@example.com'))
    const [product] = await database.db.select({ id: products.id }).from(products).limit(1)
    const cookie = `vt_admin=${await createStaffSession(database.db, dono.id, 'active', { ip: '127.0.0.1', userAgent: 'cluster-e2e' })}`
    const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#2060c0' } })
      .jpeg()
      .toBuffer()
    const sent = await fetch(`${stores[0]}/admin/api/produtos/${product.id}/imagens?alt=Cluster`, {
      method: 'POST',
      headers: { cookie, 'user-agent': 'cluster-e2e', 'content-type': 'image/jpeg' },
      body: photo,
    })
    expect(sent.status, output.slice(-2000)).toBe(200)
    const link = ((await sent.json()) as { image: { link: string } }).image.link
    const fromB = await fetch(`${stores[1]}/_next/img/${link}?w=480`, { headers: { accept: 'image/webp' } })
    expect(fromB.status).toBe(200)
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await sharp(Buffer.from(await fromB.arrayBuffer())).metadata()).width).toBe(480)
    // Nothing of it on the first instance's own disk: it went to the bucket.
    expect(JSON.stringify(readdirSync(path.join(dir, 'loja-1'), { recursive: true }))).not.toContain(link.split('/').pop()!.split('.')[0])
  })

  it('has the worker send the e-mail an instance at JOBS=off enqueued', async () => {
    const email = `cluster-${process.pid}@example.com`
    const res = await fetch(`${stores[1]}/_next/api/newsletter/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    })
    expect(res.status).toBe(200)
    const sent = await until('o worker enviar o e-mail', () => outbox(path.join(dir, 'worker', 'outbox')).find((m) => m.includes(`To: ${email}`)))
    expect(sent).toMatch(/^Subject: .+/m)
    for (const store of ['loja-1', 'loja-2']) expect(outbox(path.join(dir, store, 'outbox')).some((m) => m.includes(email))).toBe(false)
  })

  it('reports the queues on /metrics, the store and the worker alike', async () => {
    const store = await (await fetch(`${stores[0]}/metrics`)).text()
    expect(store).toContain('vitrine_http_request_duration_seconds')
    expect(store).toMatch(/^vitrine_jobs_waiting\{queue="email"\} \d+$/m)
    const worker = await fetch(`${workerMetrics}/metrics`)
    expect(worker.status).toBe(200)
    expect(await worker.text()).toContain('vitrine_job_failures_total')
  })

  it('stops everything it started on Ctrl-C (TERM): every port it held is free again', async () => {
    const exited = new Promise<number | null>((resolve) => cluster.once('exit', resolve))
    cluster.kill('SIGTERM')
    expect(await exited).not.toBeNull()
    expect(output).toContain('Tudo parado.')
    expect(await until('as portas ficarem livres', async () => (await Promise.all(ports.map(free))).every(Boolean) || undefined, 15_000)).toBe(true)
  })
})
