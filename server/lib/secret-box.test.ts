import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { isSealed, makeSecretBox, secretBox, SECRETS_KEY_FILE } from './secret-box'

const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-box-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the secret box', () => {
  const box = makeSecretBox('k'.repeat(40))

  it('seals with AES-256-GCM in a versioned format and opens it again', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'staff:1')
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(box.seal('JBSWY3DPEHPK3PXP', 'staff:1')).not.toBe(sealed)
    expect(isSealed(sealed)).toBe(true)
    expect(box.open(sealed, 'staff:1')).toBe('JBSWY3DPEHPK3PXP')
  })

  it('reads a clear value of older rows as it is', () => {
    expect(isSealed('JBSWY3DPEHPK3PXP')).toBe(false)
    expect(box.open('JBSWY3DPEHPK3PXP', 'staff:1')).toBe('JBSWY3DPEHPK3PXP')
  })

  it('refuses another row, another key and an altered value', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'staff:1')
    expect(() => box.open(sealed, 'staff:2')).toThrow()
    expect(() => makeSecretBox('j'.repeat(40)).open(sealed, 'staff:1')).toThrow()
    const parts = sealed.split('.')
    parts[2] = Buffer.from('AAAAAAAAAAAAAAAA').toString('base64url')
    expect(() => box.open(parts.join('.'), 'staff:1')).toThrow()
  })

  it('without SECRETS_KEY keeps a key generated once in DATA_DIR', () => {
    const a = secretBox({ dataDir: dir })
    const key = readFileSync(path.join(dir, SECRETS_KEY_FILE), 'utf8')
    expect(key.length).toBeGreaterThanOrEqual(32)
    const sealed = a.seal('x', 'y')
    expect(secretBox({ dataDir: dir }).open(sealed, 'y')).toBe('x')
    expect(readFileSync(path.join(dir, SECRETS_KEY_FILE), 'utf8')).toBe(key)
    expect(() => secretBox({ dataDir: dir, SECRETS_KEY: 's'.repeat(40) }).open(sealed, 'y')).toThrow()
  })
})
