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

export function sha256(value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('hex')
}

/**
 * One cookie's value from a Cookie header, without parsing the others (every request with a
 * session reads it). Percent-encoded values are decoded; a value that does not decode is undefined.
 */
export function cookieValue(header: string | undefined | null, name: string): string | undefined {
  if (!header) return undefined
  const wanted = `${name}=`
  for (let at = header.indexOf(wanted); at >= 0; at = header.indexOf(wanted, at + 1)) {
    // A whole name: at the start or after a separator, not the tail of a longer name.
    if (at > 0 && header[at - 1] !== ';' && header[at - 1] !== ' ') continue
    const end = header.indexOf(';', at)
    let value = header.slice(at + wanted.length, end < 0 ? header.length : end).trim()
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    if (!value.includes('%')) return value
    try {
      return decodeURIComponent(value)
    } catch {
      return undefined
    }
  }
  return undefined
}
