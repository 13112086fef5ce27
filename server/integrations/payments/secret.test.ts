import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadWebhookSecret, WEBHOOK_SECRET_FILE } from './secret'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitrine-secret-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('webhook secret', () => {
  it('takes PAYMENTS_WEBHOOK_SECRET when set, and refuses a short one', () => {
    const dir = tempDir()
    const secret = 'x'.repeat(40)
    expect(loadWebhookSecret({ PAYMENTS_WEBHOOK_SECRET: secret }, dir)).toBe(secret)
    expect(() => loadWebhookSecret({ PAYMENTS_WEBHOOK_SECRET: 'curto' }, dir)).toThrow(/32/)
  })

  it('otherwise generates one per data directory, kept private and reused', () => {
    const dir = tempDir()
    const first = loadWebhookSecret({}, dir)
    expect(first.length).toBeGreaterThanOrEqual(32)
    const file = path.join(dir, WEBHOOK_SECRET_FILE)
    expect(readFileSync(file, 'utf8')).toBe(first)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(loadWebhookSecret({ PAYMENTS_WEBHOOK_SECRET: '' }, dir)).toBe(first)
    expect(loadWebhookSecret({}, path.join(tempDir(), 'nova'))).not.toBe(first)
  })
})
