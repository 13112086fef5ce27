// Signed webhooks of the sandbox provider: HMAC-SHA256 over the raw body, hex, in one header.
// The timestamp travels inside the signed body (createdAt), so a replay cannot refresh it.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { webhookEventKey, webhookEventSchema, webhookRefused, type WebhookEvent, type WebhookRequest, type WebhookVerification } from './provider'

export const SIGNATURE_HEADER = 'x-vitrine-signature'
/** How far an event's createdAt may be from now, either way (clock skew included). */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000

const hmac = (secret: string, body: string): Buffer => createHmac('sha256', secret).update(body, 'utf8').digest()

/** A delivery ready to POST: the exact body and the headers to send with it. */
export type WebhookDelivery = { rawBody: string; headers: Record<string, string> }

export function signWebhook(event: WebhookEvent, secret: string): WebhookDelivery {
  const rawBody = JSON.stringify(event)
  return {
    rawBody,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: `sha256=${hmac(secret, rawBody).toString('hex')}` },
  }
}

/** Signature first (constant-time), then the event's shape, then its age. */
export function verifySignedWebhook({ rawBody, headers }: WebhookRequest, secret: string, now: Date): WebhookVerification {
  const match = /^sha256=([0-9a-f]{64})$/.exec(headers.get(SIGNATURE_HEADER)?.trim() ?? '')
  if (!match || !timingSafeEqual(Buffer.from(match[1], 'hex'), hmac(secret, rawBody))) return webhookRefused('assinatura')
  let json: unknown
  try {
    json = JSON.parse(rawBody)
  } catch {
    return webhookRefused('formato')
  }
  const parsed = webhookEventSchema.safeParse(json)
  if (!parsed.success) return webhookRefused('formato')
  if (Math.abs(now.getTime() - Date.parse(parsed.data.createdAt)) > WEBHOOK_TOLERANCE_MS) return webhookRefused('expirado')
  return { ok: true, event: parsed.data, paymentId: parsed.data.paymentId, key: webhookEventKey(parsed.data) }
}
