import { describe, expect, it, vi } from 'vitest'
import { BusyError } from '../../lib/limiter'
import { HASHES_AT_ONCE, HASHES_WAITING, hashPassword, passwordHashing, verifyPassword } from './password'

// The store's own cost: the suite's setup file lowers it for every other file (tests/support/test-passwords.ts).
vi.unmock('./password')

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

describe('password hashing under a burst', () => {
  it(`hashes at most ${HASHES_AT_ONCE} at once, queues ${HASHES_WAITING}, and refuses the rest as busy`, async () => {
    // The queue filled by slow work: a hash or a check beyond it is refused at once, not queued.
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const held = Array.from({ length: HASHES_AT_ONCE + HASHES_WAITING }, () => passwordHashing.run(() => gate))
    expect(passwordHashing.active).toBe(HASHES_AT_ONCE)
    expect(passwordHashing.waiting).toBe(HASHES_WAITING)
    await expect(hashPassword('Rajada2026')).rejects.toBeInstanceOf(BusyError)
    await expect(verifyPassword('Rajada2026', 'scrypt$16384$8$1$c2FsdHNhbHQ=$a2V5a2V5a2V5a2V5a2V5a2V5')).rejects.toBeInstanceOf(BusyError)
    release()
    await Promise.all(held)
    // Once it has drained, passwords are hashed and checked again, at most HASHES_AT_ONCE at a time.
    const stored = hashPassword('Demo@2026')
    const second = hashPassword('Outra2026')
    const third = hashPassword('Mais2026')
    expect(passwordHashing.active).toBe(HASHES_AT_ONCE)
    expect(passwordHashing.waiting).toBe(1)
    expect(await verifyPassword('Demo@2026', await stored)).toBe(true)
    await Promise.all([second, third])
  })
})
