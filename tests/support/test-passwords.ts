import { vi } from 'vitest'
import type * as Passwords from '../../server/domain/auth/password'

/**
 * Setup file of the unit and API runs (vitest.config.ts): passwords are hashed at scrypt N=2^10
 * instead of the store's 2^15 (~6 ms a hash instead of ~100–350 ms on a loaded 2-core machine, and
 * the suite registers, logs in and resets hundreds of accounts). The stored string records its N,
 * so the real verifyPassword checks these hashes and the store's alike. The store's own cost is
 * proven by server/domain/auth/password.test.ts, which unmocks this; the e2e store is untouched.
 */
vi.mock('../../server/domain/auth/password', async (importOriginal) => {
  const real = await importOriginal<typeof Passwords>()
  return { ...real, hashPassword: (plain: string, cost = 2 ** 10) => real.hashPassword(plain, cost) }
})
