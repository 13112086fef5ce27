import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './password'

describe('password hashing', () => {
  it('produces a self-describing scrypt string with a fresh salt each time', async () => {
    const a = await hashPassword('Demo@2026')
    const b = await hashPassword('Demo@2026')
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/)
    expect(a).not.toBe(b)
    expect(Buffer.from(a.split('$')[5], 'base64')).toHaveLength(64)
  })

  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('Demo@2026')
    expect(await verifyPassword('Demo@2026', stored)).toBe(true)
    expect(await verifyPassword('demo@2026', stored)).toBe(false)
    expect(await verifyPassword('', stored)).toBe(false)
  })

  it('rejects malformed or tampered hashes without throwing', async () => {
    const stored = await hashPassword('segredo')
    const parts = stored.split('$')
    expect(await verifyPassword('segredo', 'texto-qualquer')).toBe(false)
    expect(await verifyPassword('segredo', ['bcrypt', ...parts.slice(1)].join('$'))).toBe(false)
    expect(await verifyPassword('segredo', [...parts.slice(0, 1), String(2 ** 30), ...parts.slice(2)].join('$'))).toBe(false)
    const flipped = Buffer.from(parts[5], 'base64')
    flipped[0] ^= 1
    expect(await verifyPassword('segredo', [...parts.slice(0, 5), flipped.toString('base64')].join('$'))).toBe(false)
  })
})
