import { BlockList, isIP } from 'node:net'

/**
 * Which proxies in front of the store may be believed (TRUST_PROXY): none; the nearest N hops
 * ('true' is one); or the proxies at these addresses/CIDRs. Forwarded headers are written by
 * whoever sends them — the client too — so only the part a trusted proxy appended counts.
 */
export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'list'; list: BlockList }

const NONE: TrustProxy = { kind: 'none' }

/** Parses TRUST_PROXY; throws with a pt-BR message on a value it cannot read (env.ts shows it). */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim()
  if (value === '' || value === 'false' || value === '0') return NONE
  if (value === 'true') return { kind: 'hops', hops: 1 }
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops > 32) throw new Error('use no máximo 32 saltos')
    return { kind: 'hops', hops }
  }
  const list = new BlockList()
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address, bits, extra] = entry.split('/')
    const family = isIP(address)
    if (!family || extra !== undefined) throw new Error(`endereço ou CIDR inválido: ${entry}`)
    const type = family === 6 ? 'ipv6' : 'ipv4'
    if (bits === undefined) list.addAddress(address, type)
    else {
      const prefix = Number(bits)
      if (!/^\d+$/.test(bits) || prefix > (family === 6 ? 128 : 32)) throw new Error(`CIDR inválido: ${entry}`)
      list.addSubnet(address, prefix, type)
    }
  }
  return { kind: 'list', list }
}

/** '::ffff:10.0.0.1' (an IPv4 client on a dual-stack socket) is 10.0.0.1. */
export function normalizeIp(address: string): string {
  const a = address.trim()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a)
  return mapped ? mapped[1] : a
}

function listed(list: BlockList, address: string): boolean {
  const family = isIP(address)
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4')
}

/** Whether the peer that opened the connection is a proxy we trust (its forwarded headers count). */
export function peerIsTrusted(trust: TrustProxy, peer: string | undefined): boolean {
  if (trust.kind === 'none') return false
  if (trust.kind === 'hops') return trust.hops > 0
  return peer !== undefined && listed(trust.list, normalizeIp(peer))
}

/**
 * The client's address: the chain is every X-Forwarded-For entry then the socket's peer; walking
 * it from the right, trusted hops are skipped and the first address they did not vouch for is the
 * client. Entries left of it were written by the client itself and never count.
 */
export function clientAddress(trust: TrustProxy, peer: string | undefined, forwardedFor: string | undefined): string | undefined {
  const socket = peer === undefined ? undefined : normalizeIp(peer)
  if (trust.kind === 'none' || !forwardedFor) return socket
  const chain = forwardedFor
    .split(',')
    .map((e) => normalizeIp(e))
    .filter(Boolean)
  if (trust.kind === 'hops') {
    // The peer is hop 1; each further trusted hop is one more entry from the right.
    if (trust.hops === 0 || chain.length === 0) return socket
    return chain[Math.max(0, chain.length - trust.hops)]
  }
  if (socket === undefined || !listed(trust.list, socket)) return socket
  for (let i = chain.length - 1; i >= 0; i--) if (!listed(trust.list, chain[i])) return chain[i]
  return chain[0] ?? socket
}

/** A forwarded header's value as the nearest proxy set it (the rightmost entry), or undefined. */
export function lastEntry(header: string | undefined): string | undefined {
  if (!header) return undefined
  const parts = header.split(',')
  const last = parts[parts.length - 1].trim()
  return last || undefined
}
