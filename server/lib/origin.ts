/**
 * Where the store's absolute links point (e-mails, canonical, og, JSON-LD, sitemap, robots, a
 * provider's callbacks): PUBLIC_URL when set (always in live mode, env.ts); otherwise the address
 * the client used only when it is this machine's (localhost, 127.x, [::1]), else
 * http://localhost:PORT. A Host header is written by the client: a link built from any other host
 * would send a reset token, or a kept page's links, wherever the sender chose
 * (docs/decisions/0122-live-mode.md). No HTTP types here: server/http/client.ts and the pages'
 * loaders (app/lib/seo.ts) both ask this.
 */
export type OriginSettings = { PUBLIC_URL?: string; PORT: number }

/** A host (as Host writes it, port included) naming this machine. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false
  const match = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::(\d{1,5}))?$/i.exec(host)
  if (!match) return false
  return match[1].startsWith('127.') ? match[1].split('.').every((part) => Number(part) <= 255) : true
}

/** An address as clientIp gives it, naming this machine ('local': an in-process request). */
export function isLoopbackIp(ip: string): boolean {
  return ip === 'local' || ip === '::1' || ip === '::ffff:127.0.0.1' || /^127\.\d+\.\d+\.\d+$/.test(ip)
}

/** The configured origin (PUBLIC_URL without path), or null when none is set. */
export function configuredOrigin(settings: OriginSettings): string | null {
  return settings.PUBLIC_URL ? new URL(settings.PUBLIC_URL).origin : null
}

/**
 * The origin for links: PUBLIC_URL; else the client's own when its host is loopback; else
 * http://localhost:PORT. `asked` is the host and scheme the client used (absent: a command line).
 */
export function linkOrigin(settings: OriginSettings, asked?: { host: string | undefined; https: boolean }): string {
  const configured = configuredOrigin(settings)
  if (configured) return configured
  if (asked && isLoopbackHost(asked.host)) return `${asked.https ? 'https' : 'http'}://${asked.host!.toLowerCase()}`
  return `http://localhost:${settings.PORT}`
}
