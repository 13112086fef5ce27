/**
 * `npm run bench -- --only midia [--duration 10 --connections 50]`: a kept product image variant
 * served from local disk and from S3-compatible object storage (the s3rver emulator, in this
 * process: a remote bucket would take its own CPU elsewhere), the same media route in a process of
 * its own each time, loaded with wrk. Target: object storage at ≥ 80 % of the local rate.
 */
import { execFile, spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { mediaStorageOf } from '../../server/integrations/storage'
import { startS3Emulator } from '../../tests/support/s3'

const LINK = 'produtos/u/1/bench-foto.jpg'
const PATH = `/_next/img/${LINK}?w=480`

type Rate = { reqPerSec: number; p50: number; p99: number; errors: number }

async function serveWith(env: Record<string, string>, seconds: number, connections: number, root: string): Promise<Rate> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/bench/media-server.ts')], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => resolve((JSON.parse(chunk.toString().split('\n')[0]) as { port: number }).port))
      child.once('exit', (code) => reject(new Error(`servidor de mídia saiu (${code})`)))
    })
    const base = `http://127.0.0.1:${port}`
    // The variant is rendered once and kept: the run measures serving it.
    const first = await fetch(base + PATH, { headers: { accept: 'image/webp' } })
    if (!first.ok) throw new Error(`primeira resposta ${first.status}`)
    await first.arrayBuffer()
    const list = path.join(tmpdir(), `vitrine-bench-midia-${port}.txt`)
    await writeFile(list, PATH)
    const args = [
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      '-H',
      'accept: image/webp,*/*',
      '-s',
      path.join(root, 'scripts/bench/rotate.lua'),
      base,
      '--',
      list,
      '0',
    ]
    const out = await new Promise<string>((resolve, reject) => execFile('wrk', args, (err, stdout) => (err ? reject(err) : resolve(stdout))))
    const r = JSON.parse(out.trim().split('\n').pop() ?? '{}') as {
      requests: number
      seconds: number
      p50: number
      p99: number
      errors: number
      non2xx: number
    }
    return { reqPerSec: Math.round(r.requests / r.seconds), p50: r.p50, p99: r.p99, errors: r.errors + r.non2xx }
  } finally {
    child.kill('SIGTERM')
  }
}

export async function benchMedia(options: { seconds: number; connections: number; root: string }) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vitrine-bench-midia-'))
  const emulator = await startS3Emulator()
  try {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3060a0', noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
      .jpeg()
      .toBuffer()
    await mkdir(path.join(dataDir, 'media/produtos/u/1'), { recursive: true })
    await writeFile(path.join(dataDir, 'media', LINK), photo)
    const s3env = { ...emulator.env, DATA_DIR: dataDir } as Record<string, string>
    await mediaStorageOf({ ...emulator.env, dataDir }).originals.write(LINK, photo, 'image/jpeg')
    const rows: Array<[string, Rate]> = []
    // Local, bucket, local, bucket: the machine's pace drifts; each side is the better of its two.
    for (let round = 0; round < 2; round++) {
      rows.push(['disco local', await serveWith({ DATA_DIR: dataDir, MEDIA_STORAGE: 'local' }, options.seconds, options.connections, options.root)])
      rows.push(['armazenamento de objetos (S3)', await serveWith(s3env, options.seconds, options.connections, options.root)])
    }
    for (const [name, r] of rows)
      console.log(`${name.padEnd(32)} ${String(r.reqPerSec).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  erros ${r.errors}`)
    const best = (name: string) => Math.max(...rows.filter(([n]) => n === name).map(([, r]) => r.reqPerSec))
    const ratio = best('armazenamento de objetos (S3)') / best('disco local')
    const ok = ratio >= 0.8 && rows.every(([, r]) => r.errors === 0)
    console.log(`\nAlvo:\n  ${ok ? '✔' : '✘'} imagem guardada servida do S3 ≥ 80 % da taxa do disco local: ${Math.round(ratio * 100)} %`)
    return ok
  } finally {
    await emulator.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
