import type { Context } from 'hono'
import { bearerMatches } from '../lib/bearer'
import { isLoopbackIp, linkOrigin } from '../lib/origin'
import { clientAddress, lastEntry, parseTrustProxy, peerIsTrusted, type TrustProxy } from '../lib/trust-proxy'
import type { AppBindings } from './context'

/** TRUST_PROXY parsed once per value (env.ts has already refused a value that does not parse). */
const parsed = new Map<string, TrustProxy>()
function trustOf(c: Context<AppBindings>): TrustProxy {
  const raw = c.get('ctx').env.TRUST_PROXY
  let trust = parsed.get(raw)
  if (!trust) parsed.set(raw, (trust = parseTrustProxy(raw)))
  return trust
}

/** The request's connection (@hono/node-server's `incoming`); none for an in-process request (tests). */
function socketOf(c: Context<AppBindings>): { remoteAddress?: string; encrypted?: boolean } | undefined {
  return (c.env as { incoming?: { socket?: { remoteAddress?: string; encrypted?: boolean } } } | undefined)?.incoming?.socket
}

/** The address of the connection's other end (the client, or the nearest proxy). */
function peerAddress(c: Context<AppBindings>): string | undefined {
  return socketOf(c)?.remoteAddress
}

/**
 * The client's IP, for every per-IP limit (login, registration, recovery, captcha, CSP reports):
 * the socket's peer, or with TRUST_PROXY the address the nearest untrusted hop had, read from
 * X-Forwarded-For right to left (server/lib/trust-proxy.ts). The one place that answers "who".
 */
export function clientIp(c: Context<AppBindings>): string {
  return (clientAddress(trustOf(c), peerAddress(c), c.req.header('x-forwarded-for')) ?? 'local').slice(0, 64)
}

/** A forwarded header (X-Forwarded-Host, -Proto) only when a trusted proxy sent the request, else undefined. */
function forwarded(c: Context<AppBindings>, name: 'x-forwarded-host' | 'x-forwarded-proto'): string | undefined {
  return peerIsTrusted(trustOf(c), peerAddress(c)) ? lastEntry(c.req.header(name)) : undefined
}

/** The host the client asked for: the trusted proxy's X-Forwarded-Host, else Host. */
export function requestHost(c: Context<AppBindings>): string | undefined {
  return forwarded(c, 'x-forwarded-host') ?? c.req.header('host') ?? new URL(c.req.url).host
}

/** Whether the client reached the store over https: directly, or through a trusted proxy that says so. */
export function isHttps(c: Context<AppBindings>): boolean {
  const proto = forwarded(c, 'x-forwarded-proto')
  if (proto) return proto.toLowerCase() === 'https'
  // The connection itself (a TLS socket says so); an in-process request (tests) has only its URL.
  const socket = socketOf(c)
  return socket ? socket.encrypted === true : c.req.url.startsWith('https:')
}

/**
 * Whether a cookie set on this answer gets `Secure`: the request came over https (directly or
 * through a trusted proxy that says so), or the store's PUBLIC_URL is https. The shopper's cookie
 * and the back office's (vt_admin, pages and API alike) ask here.
 */
export function secureCookies(c: Context<AppBindings>): boolean {
  return isHttps(c) || c.get('ctx').env.PUBLIC_URL?.startsWith('https:') === true
}

/**
 * The store's origin for links (server/lib/origin.ts linkOrigin): PUBLIC_URL; else the client's
 * own only when it names this machine (localhost, 127.x, [::1]); else http://localhost:PORT.
 */
export function storeOrigin(c: Context<AppBindings>): string {
  const env = c.get('ctx').env
  return env.PUBLIC_URL ? linkOrigin(env) : linkOrigin(env, { host: requestHost(c), https: isHttps(c) })
}

/**
 * Whether the client (as clientIp computes it through trusted proxies) is this machine: 127.0.0.0/8,
 * ::1, or an in-process request (tests). A forwarded header from an untrusted peer cannot make it so.
 */
export function isLoopbackClient(c: Context<AppBindings>): boolean {
  return isLoopbackIp(clientIp(c))
}

/** The operator's views (/metrics, /healthz?detalhe=1): a loopback client, or `Authorization: Bearer METRICS_TOKEN`. */
export function isOperator(c: Context<AppBindings>): boolean {
  return isLoopbackClient(c) || bearerMatches(c.req.header('authorization'), c.get('ctx').env.METRICS_TOKEN)
}
