import { createHash, randomBytes } from 'node:crypto'
import type { Hono } from 'hono'
import type { Env } from '../env'
import { RateLimiterMemory } from 'rate-limiter-flexible'
import { readBody } from './body'
import { ipLimitKey } from '../lib/ip-key'
import { clientIp } from './client'
import type { AppBindings } from './context'

/** Where browsers report what the policy blocked (report-uri, and report-to through Reporting-Endpoints). */
export const CSP_REPORT_PATH = '/_csp/relatorio'
/** A violation report at most: browsers send a few hundred bytes. */
const REPORT_BYTES = 8 * 1024
/** Reports logged per client IP a minute: a page that breaks sends one per blocked resource. */
const REPORTS_PER_MINUTE = 20

/** Sources a page may use beyond the store itself, by directive. */
export type CspSources = { script: string[]; connect: string[]; frame: string[]; img: string[] }

/**
 * The one place that widens the policy (decision 0072): what the payment provider's browser side
 * needs, by PAYMENT_PROVIDER, plus CSP_EXTRA_*_SRC from the environment (space-separated sources,
 * e.g. CSP_EXTRA_SCRIPT_SRC="https://cdn.example"). Mercado Pago: the checkout page turns the card
 * into a token with a fetch to MERCADOPAGO_API_URL's /v1/card_tokens (server/integrations/payments/
 * mercadopago.ts), so its origin joins connect-src; a provider script (MercadoPago.js) or frames
 * would join script-src / frame-src here.
 */
function providerSources(env: Env): Partial<CspSources> {
  if (env.PAYMENT_PROVIDER === 'mercadopago') return { connect: [new URL(env.MERCADOPAGO_API_URL).origin] }
  return {}
}

export function cspSources(env: Env): CspSources {
  const provider = providerSources(env)
  const extra = (value: string | undefined) => (value ?? '').split(/\s+/).filter(Boolean)
  return {
    script: [...(provider.script ?? []), ...extra(env.CSP_EXTRA_SCRIPT_SRC)],
    connect: [...(provider.connect ?? []), ...extra(env.CSP_EXTRA_CONNECT_SRC)],
    frame: [...(provider.frame ?? []), ...extra(env.CSP_EXTRA_FRAME_SRC)],
    img: provider.img ?? [],
  }
}

/** A fresh nonce for one page answer (128 bits). */
export const newNonce = (): string => randomBytes(16).toString('base64')

/**
 * A page's policy: scripts only from the store and those carrying this answer's nonce (React
 * Router's inline scripts: app/entry.server.tsx, root.tsx); styles may be inline (the toast
 * library and the captcha widget inject theirs); images and media from the store (data: for the
 * Pix QR code and inline SVG); workers from blob: (the captcha's proof of work); never framed.
 */
export function pageCsp(nonce: string, sources: CspSources): string {
  const list = (...items: string[]) => items.filter(Boolean).join(' ')
  return [
    `default-src 'self'`,
    `script-src ${list(`'self'`, `'nonce-${nonce}'`, ...sources.script)}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list(`'self'`, 'data:', 'blob:', ...sources.img)}`,
    `media-src 'self'`,
    `font-src 'self'`,
    `connect-src ${list(`'self'`, ...sources.connect)}`,
    `frame-src ${sources.frame.length ? list(...sources.frame) : `'none'`}`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    `report-uri ${CSP_REPORT_PATH}`,
    `report-to csp`,
  ].join('; ')
}

/** Inline scripts of a page (no src): their exact text, as the browser hashes it. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi

/**
 * The policy of a page the micro-cache keeps (server/http/micro-cache.ts): every visitor gets the
 * same bytes for 30–60 s, so a nonce in them would be one nonce for all — whoever read it could
 * slip a script into the next visitor's copy. The kept copy's policy names each of its inline
 * scripts by its SHA-256 instead; the nonce attributes left in the HTML open nothing.
 */
export function keptPageCsp(policy: string, html: string): string {
  const hashes = new Set<string>()
  for (const match of html.matchAll(INLINE_SCRIPT)) hashes.add(`'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`)
  return policy.replace(/ ?'nonce-[^']*'/, hashes.size ? ` ${[...hashes].join(' ')}` : '')
}

/** The Reporting API's endpoint list that `report-to csp` names. */
export const REPORTING_ENDPOINTS = `csp="${CSP_REPORT_PATH}"`

// A guard of this process's log, not shared state: each instance bounds what it writes itself.
const reportLimiter = new RateLimiterMemory({ points: REPORTS_PER_MINUTE, duration: 60 })

/**
 * POST /_csp/relatorio: a browser's violation reports (application/csp-report from report-uri,
 * application/reports+json from report-to) are logged as warnings, at most REPORT_BYTES each and
 * REPORTS_PER_MINUTE per client IP; the answer is 204 (413 above the size), a browser does nothing with it.
 */
export function mountCspReports(app: Hono<AppBindings>): void {
  app.post(CSP_REPORT_PATH, async (c) => {
    const ip = clientIp(c)
    const allowed = await reportLimiter.consume(ipLimitKey(ip)).then(
      () => true,
      () => false,
    )
    if (!allowed) return c.body(null, 204)
    const bytes = await readBody(c, REPORT_BYTES)
    let report: unknown = null
    try {
      report = JSON.parse(new TextDecoder().decode(bytes))
    } catch {
      return c.body(null, 204)
    }
    c.get('ctx').log.warn({ csp: summarize(report), ip }, 'CSP: violação relatada pelo navegador')
    return c.body(null, 204)
  })
}

/** The fields an operator needs from either report format, each cut short. */
function summarize(report: unknown): Record<string, string>[] {
  const items = Array.isArray(report)
    ? report.slice(0, 5).map((r) => (r as { body?: unknown })?.body)
    : [(report as { 'csp-report'?: unknown })?.['csp-report']]
  return items.map((item) => {
    const out: Record<string, string> = {}
    if (item && typeof item === 'object') {
      for (const [key, value] of Object.entries(item)) {
        if (/document|blocked|violated|effective|source|line|disposition/i.test(key)) out[key] = String(value).slice(0, 300)
      }
    }
    return out
  })
}
