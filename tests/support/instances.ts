import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import type { Env } from '../../server/env'

/** A store instance in a child process (tests/support/store-instance.ts). */
export type Instance = {
  base: string
  get(path: string, headers?: Record<string, string>): Promise<Response>
  post(path: string, json: unknown, cookie?: string): Promise<Response>
  logs: string[]
  child: ChildProcessWithoutNullStreams
}

/** Starts an instance on `dbUrl` (settings added to the test env) and waits until it listens. */
export async function startInstance(dbUrl: string, settings?: Partial<Env>): Promise<Instance> {
  const args = ['--import', 'tsx', 'tests/support/store-instance.ts', dbUrl, ...(settings ? [JSON.stringify(settings)] : [])]
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] })
  const logs: string[] = []
  child.stderr.on('data', (chunk: Buffer) => logs.push(...chunk.toString().split('\n').filter(Boolean)))
  const port = await new Promise<number>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const line = out.split('\n').find((l) => l.startsWith('{'))
      if (line) resolve((JSON.parse(line) as { port: number }).port)
    })
    child.once('exit', (code) => reject(new Error(`instância saiu (${code}): ${logs.join('\n')}`)))
  })
  const base = `http://127.0.0.1:${port}`
  return {
    base,
    child,
    logs,
    get: (path, headers) => fetch(base + path, { headers }),
    post: (path, json, cookie) =>
      fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(json) }),
  }
}
