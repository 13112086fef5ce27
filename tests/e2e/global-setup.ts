import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    /** The store's DATA_DIR (its e-mail outbox), when this run started the store. */
    dataDir: string
  }
}

function freePort(): Promise<number> {
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

/** Starts the built store on a fresh embedded database (seeded with the demo catalog). */
export default async function setup(project: TestProject) {
  const external = process.env.E2E_BASE_URL
  if (external) {
    project.provide('baseURL', external)
    project.provide('dataDir', process.env.E2E_DATA_DIR ?? '')
    return
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-'))
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'production', CAPTCHA_COST: '100', CAPTCHA_MAX_COUNTER: '200' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const baseURL = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 150_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`store exited with ${child.exitCode}`)
    try {
      const res = await fetch(`${baseURL}/healthz`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('store did not become ready in time')
    await new Promise((r) => setTimeout(r, 300))
  }
  project.provide('baseURL', baseURL)
  project.provide('dataDir', dataDir)
  return async () => {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
  }
}
