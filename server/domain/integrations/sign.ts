import { createHmac, randomBytes } from 'node:crypto'

/** A new endpoint secret: `whsec_` and 32 random bytes in base64, as Standard Webhooks' libraries read it. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`

/**
 * The `webhook-signature` value of Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of
 * `${id}.${timestamp}.${body}` keyed with the secret's bytes (the base64 after `whsec_`).
 */
export function webhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64')
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

/**
 * The three headers of a message sent now (the id stays the same in every retry; the timestamp is the
 * attempt's). With several secrets (the grace period after a rotation: the new one first), one
 * signature each, space-separated, as Standard Webhooks allows, so a receiver holding either verifies.
 */
export function webhookHeaders(secrets: string | readonly string[], id: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000)
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': (typeof secrets === 'string' ? [secrets] : secrets).map((secret) => webhookSignature(secret, id, timestamp, body)).join(' '),
  }
}
