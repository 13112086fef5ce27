import { isIP } from 'node:net'
import { normalizeIp } from './trust-proxy'

/**
 * The key every per-IP limit counts under (docs/decisions/0123-limits-that-hold.md): an IPv4
 * address as it is; an IPv6 address by its /64, the block one subscriber line or one cloud machine
 * is handed, so walking through its 2^64 addresses is still one client. IPv4 on a dual-stack socket
 * (`::ffff:a.b.c.d`) is the IPv4 address; anything that is not an address is kept as given.
 */
export function ipLimitKey(ip: string): string {
  const address = normalizeIp(ip).replace(/%.*$/, '')
  const family = isIP(address)
  if (family === 4) return address
  if (family !== 6) return ip
  const groups = expandIpv6(address)
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : ip
}

/** The eight 16-bit groups of an IPv6 address, lower-case hexadecimal without leading zeros. */
function expandIpv6(address: string): string[] | null {
  let text = address.toLowerCase()
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number)
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split('::')
  const left = head ? head.split(':') : []
  const right = tail === undefined ? [] : tail ? tail.split(':') : []
  const missing = 8 - left.length - right.length
  if (tail === undefined ? missing !== 0 : missing < 0) return null
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => parseInt(g, 16).toString(16))
}
