import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import { isRefusal } from '../refusal'
import { resolveWebhookHost, webhookUrlForm, type WebhookUrlPolicy } from './webhook-url'

/** How long a receiver has to answer, and how much of its answer is kept for the back office. */
export const SEND_TIMEOUT_MS = 10_000
export const ANSWER_KEPT = 2_000

export type SendResult = { ok: boolean; status: number | null; answer: string; error: string | null; durationMs: number }

/**
 * POSTs a signed message. The host is resolved again here, and the connection made only to an address
 * that passed the check (the lookup given to the request), so a name that changed to a private
 * address since it was registered is not called. Never throws.
 */
export async function sendWebhook(url: string, headers: Record<string, string>, body: string, policy: WebhookUrlPolicy): Promise<SendResult> {
  const started = performance.now()
  const done = (r: Omit<SendResult, 'durationMs'>): SendResult => ({ ...r, durationMs: Math.round(performance.now() - started) })
  const target = webhookUrlForm(url, policy)
  if (isRefusal(target)) return done({ ok: false, status: null, answer: '', error: target.message })
  const addresses = await resolveWebhookHost(target.hostname, policy)
  if (isRefusal(addresses)) return done({ ok: false, status: null, answer: '', error: addresses.message })
  const address = addresses[0]
  const pinned: LookupFunction = (_host, options, callback) => {
    const family = address.includes(':') ? 6 : 4
    if ((options as { all?: boolean }).all) (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address, family }])
    else callback(null, address, family)
  }
  return new Promise((resolve) => {
    const client = target.protocol === 'https:' ? https : http
    const req = client.request(
      target,
      {
        method: 'POST',
        lookup: pinned,
        timeout: SEND_TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'user-agent': 'Vitrine-Webhooks/1', ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = []
        let kept = 0
        res.on('data', (chunk: Buffer) => {
          if (kept < ANSWER_KEPT) chunks.push(chunk)
          kept += chunk.length
        })
        res.on('end', () => {
          const status = res.statusCode ?? 0
          const answer = Buffer.concat(chunks).toString('utf8').slice(0, ANSWER_KEPT)
          resolve(done({ ok: status >= 200 && status < 300, status, answer, error: null }))
        })
        res.on('error', (err) => resolve(done({ ok: false, status: res.statusCode ?? null, answer: '', error: err.message })))
      },
    )
    req.on('timeout', () => req.destroy(new Error(`sem resposta em ${SEND_TIMEOUT_MS / 1000} s`)))
    req.on('error', (err) => resolve(done({ ok: false, status: null, answer: '', error: err.message })))
    req.end(body)
  })
}
