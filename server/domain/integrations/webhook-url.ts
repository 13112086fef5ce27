import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { INTEGRATIONS } from '../../../contract/messages/integrations'
import { refuse, type Refusal } from '../refusal'

/**
 * Where a webhook may go (issue "Integrations"): an https URL whose host resolves only to public
 * addresses — never the store's own network, its cloud's metadata service or loopback, which a
 * registered URL would otherwise let an API key reach. `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE, tests
 * only, refused in live mode) lets http and any address through.
 */
const NOT_PUBLIC = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6')

/** True for an address on the public internet (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  const ip = mapped ?? address
  const family = isIP(ip)
  if (!family) return false
  return !NOT_PUBLIC.check(ip, family === 4 ? 'ipv4' : 'ipv6')
}

export type WebhookUrlPolicy = { allowPrivate: boolean }

/** The URL as the store will call it, or why not (its form only; the address is checked by resolveWebhookHost). */
export function webhookUrlForm(value: string, policy: WebhookUrlPolicy): URL | Refusal {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return refuse(INTEGRATIONS.webhookUrl)
  }
  const protocols = policy.allowPrivate ? ['https:', 'http:'] : ['https:']
  if (!protocols.includes(url.protocol) || url.username || url.password || value.length > 2000) return refuse(INTEGRATIONS.webhookUrl)
  return url
}

/** Resolves the host; every address must be public (unless allowPrivate). The addresses, or a refusal. */
export async function resolveWebhookHost(hostname: string, policy: WebhookUrlPolicy): Promise<string[] | Refusal> {
  const host = hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address)
  } catch {
    return refuse(INTEGRATIONS.webhookUnresolved)
  }
  if (!addresses.length) return refuse(INTEGRATIONS.webhookUnresolved)
  if (!policy.allowPrivate && !addresses.every(isPublicAddress)) return refuse(INTEGRATIONS.webhookPrivate)
  return addresses
}

/** A URL checked whole: its form and where its host resolves now. */
export async function checkWebhookUrl(value: string, policy: WebhookUrlPolicy): Promise<URL | Refusal> {
  const url = webhookUrlForm(value, policy)
  if (url instanceof URL) {
    const resolved = await resolveWebhookHost(url.hostname, policy)
    if (!Array.isArray(resolved)) return resolved
  }
  return url
}
