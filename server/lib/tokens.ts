import { createHash, randomBytes, randomInt } from 'node:crypto'

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** An opaque URL-safe token with `bytes` bytes of randomness. */
export function randomToken(bytes = 24): string {
  return randomBytes(bytes).toString('base64url')
}

/** A random alphanumeric string (e.g. the 32-character access redirect code). */
export function randomAlnum(length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += ALNUM[randomInt(ALNUM.length)]
  return out
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}
