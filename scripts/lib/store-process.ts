// Starting the built store as a child process on a throwaway DATA_DIR: the e2e tests' global setup,
// `npm run lighthouse` and the bench share it.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..')

/** A TCP port free on 127.0.0.1 right now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolve(port))
    })
    srv.on('error', reject)
  })
}

export type StoreProcess = { base: string; dataDir: string; child: ChildProcess; stop: () => Promise<void> }

/**
 * Starts `scripts/start.mjs` (with `args`, e.g. --no-build) on a free port and a fresh embedded
 * database in a temporary DATA_DIR (seeded with the demo data), waits for /healthz, and answers how
 * to stop it (the folder is removed). `env` adds to or overrides the store's settings.
 */
export async function startThrowawayStore(options: {
  prefix: string
  args?: string[]
  env?: Record<string, string>
  timeoutMs?: number
}): Promise<StoreProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), options.prefix))
  const port = await freePort()
  const child = spawn(process.execPath, ['scripts/start.mjs', ...(options.args ?? [])], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + (options.timeoutMs ?? 150_000)
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`store exited with ${child.exitCode}`)
    }
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error('store did not become ready in time')
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  return { base, dataDir, child, stop }
}
