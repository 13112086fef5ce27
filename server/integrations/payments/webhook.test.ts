import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { WebhookEvent } from './provider'
import { SIGNATURE_HEADER, signWebhook, verifySignedWebhook, type WebhookDelivery } from './webhook'

const SECRET = 'teste-segredo-de-webhook-com-32-caracteres-ou-mais'
const NOW = new Date('2026-11-24T15:00:00Z')
const event: WebhookEvent = {
  id: 'evt_1',
  orderCode: 'VT-2026-000124',
  paymentId: 'sbx_1',
  method: 'pix',
  status: 'paid',
  amountCents: 123456,
  createdAt: NOW.toISOString(),
}

const asRequest = ({ rawBody, headers }: WebhookDelivery) => ({ rawBody, headers: new Headers(headers) })

describe('signed webhooks', () => {
  it('accepts what was signed with the secret and reads its event and idempotency key', () => {
    const delivery = signWebhook(event, SECRET)
    expect(delivery.headers[SIGNATURE_HEADER]).toMatch(/^sha256=[0-9a-f]{64}$/)
    expect(verifySignedWebhook(asRequest(delivery), SECRET, NOW)).toEqual({ ok: true, event, paymentId: event.paymentId, key: 'VT-2026-000124:evt_1' })
  })

  it('refuses a changed body, another secret and a missing or malformed signature', () => {
    const delivery = signWebhook(event, SECRET)
    const refused = { ok: false, reason: 'assinatura', message: 'Assinatura do webhook inválida.' }
    const tampered = { ...delivery, rawBody: delivery.rawBody.replace('123456', '1') }
    expect(verifySignedWebhook(asRequest(tampered), SECRET, NOW)).toEqual(refused)
    expect(verifySignedWebhook(asRequest(delivery), `${SECRET}x`, NOW)).toEqual(refused)
    const headers = (signature: string | null) => new Headers(signature === null ? {} : { [SIGNATURE_HEADER]: signature })
    const signature = delivery.headers[SIGNATURE_HEADER]
    for (const bad of [null, '', signature.slice(7), `${signature}00`, signature.slice(0, -2), signature.toUpperCase(), 'sha1=abc']) {
      expect(verifySignedWebhook({ rawBody: delivery.rawBody, headers: headers(bad) }, SECRET, NOW)).toMatchObject({ ok: false, reason: 'assinatura' })
    }
  })

  it('refuses events older or newer than five minutes', () => {
    const at = (ms: number) => new Date(NOW.getTime() + ms)
    const delivery = asRequest(signWebhook(event, SECRET))
    expect(verifySignedWebhook(delivery, SECRET, at(4 * 60_000)).ok).toBe(true)
    expect(verifySignedWebhook(delivery, SECRET, at(-4 * 60_000)).ok).toBe(true)
    expect(verifySignedWebhook(delivery, SECRET, at(6 * 60_000))).toMatchObject({ ok: false, reason: 'expirado' })
    expect(verifySignedWebhook(delivery, SECRET, at(-6 * 60_000))).toMatchObject({ ok: false, reason: 'expirado' })
  })

  it('refuses a well-signed body that is not an event', () => {
    const signed = (rawBody: string) => ({
      rawBody,
      headers: new Headers({ [SIGNATURE_HEADER]: `sha256=${createHmac('sha256', SECRET).update(rawBody, 'utf8').digest('hex')}` }),
    })
    for (const body of [
      'não é json',
      '{}',
      JSON.stringify({ ...event, extra: 1 }),
      JSON.stringify({ ...event, amountCents: 1.5 }),
      JSON.stringify({ ...event, status: 'pago' }),
    ]) {
      expect(verifySignedWebhook(signed(body), SECRET, NOW)).toMatchObject({ ok: false, reason: 'formato' })
    }
    expect(verifySignedWebhook(signed(JSON.stringify(event)), SECRET, NOW).ok).toBe(true)
  })
})
