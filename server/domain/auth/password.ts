import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { limiter } from '../../lib/limiter'

/**
 * Password hashing with Node's scrypt. The stored string describes its own parameters
 * (`scrypt$N$r$p$salt$hash`, base64), so the cost can be raised later without breaking old hashes.
 */

const COST = 2 ** 15
const BLOCK_SIZE = 8
const PARALLELISM = 1
const SALT_BYTES = 16
const KEY_BYTES = 64
/** Largest N we accept from a stored string, so a corrupt row cannot make us allocate gigabytes. */
const MAX_COST = 2 ** 20

/** Hashes at once: scrypt runs on libuv's 4 threads, which files, gzip and DNS share. */
export const HASHES_AT_ONCE = 2
/** Hashes waiting for a place (each ~100 ms): beyond them a hash is refused as busy (503), not queued. */
export const HASHES_WAITING = 32

/**
 * Every password hash and check of the process goes through this one queue, so a burst of logins
 * (or of anything else that hashes) cannot take every thread of the pool and stall the store
 * (docs/decisions/0123-limits-that-hold.md); beyond the queue the answer is BusyError.
 */
export const passwordHashing = limiter(HASHES_AT_ONCE, HASHES_WAITING)

function derive(plain: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default maxmem (32 MiB) is exactly too small for N=2^15, r=8.
  const maxmem = 256 * (options.N ?? COST) * (options.r ?? BLOCK_SIZE)
  return passwordHashing.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(plain.normalize('NFKC'), salt, keyLength, { ...options, maxmem }, (err, key) => (err ? reject(err) : resolve(key)))
      }),
  )
}

/**
 * `cost` is scrypt's N; the store always uses the default. The unit and API tests hash at a lower
 * one (tests/support/test-passwords.ts), which the stored string records, so verifyPassword reads it back.
 */
export async function hashPassword(plain: string, cost: number = COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(plain, salt, KEY_BYTES, { N: cost, r: BLOCK_SIZE, p: PARALLELISM })
  return ['scrypt', cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$')
}

type Parsed = { N: number; r: number; p: number; salt: Buffer; key: Buffer }

function parse(stored: string): Parsed | null {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null
  const [N, r, p] = parts.slice(1, 4).map(Number)
  const isPowerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0
  if (!isPowerOfTwo || N > MAX_COST) return null
  if (!Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) return null
  const salt = Buffer.from(parts[4], 'base64')
  const key = Buffer.from(parts[5], 'base64')
  if (salt.length < 8 || key.length < 16) return null
  return { N, r, p, salt, key }
}

/** True when `plain` matches the stored hash; false for a wrong password or an unreadable hash. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parsed = parse(stored)
  if (!parsed) return false
  const key = await derive(plain, parsed.salt, parsed.key.length, { N: parsed.N, r: parsed.r, p: parsed.p })
  return timingSafeEqual(key, parsed.key)
}
