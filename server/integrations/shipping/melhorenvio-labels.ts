// Melhor Envio's labels behind LabelApi, as its API reference documents them (decision 0128,
// "Labels"): POST /api/v2/me/cart (one shipment per request: sender, recipient, products, its volumes,
// options with the insured value and the NF-e key or the non-commercial flag; answers the shipment's
// id and price), /api/v2/me/shipment/checkout (pays the ids from the account's balance),
// /shipment/generate, /shipment/print (mode "public": a URL anyone with it may open),
// /shipment/tracking (each id's status and dates), /shipment/cancel (reason_id 2 and a description).
// Webhooks carry X-ME-Signature: the HMAC-SHA256 of the raw body keyed with the application's secret.
// Not the shopper's wait: 10 s per call. The token is never logged.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Logger } from 'pino'
import { z } from 'zod'
import type { LabelVolume } from '../../db/schema'
import { LabelError, type LabelApi, type LabelParty, type LabelRequest, type LabelState } from './provider'

export const LABEL_TIMEOUT_MS = 10_000
/** Melhor Envio's Correios services (PAC, SEDEX, Mini Envios): one volume per shipment. */
export const CORREIOS_SERVICES: ReadonlySet<string> = new Set(['1', '2', '17'])
export const LABEL_PATHS = {
  cart: '/api/v2/me/cart',
  checkout: '/api/v2/me/shipment/checkout',
  generate: '/api/v2/me/shipment/generate',
  print: '/api/v2/me/shipment/print',
  tracking: '/api/v2/me/shipment/tracking',
  cancel: '/api/v2/me/shipment/cancel',
} as const

export type MelhorEnvioLabelConfig = { token: string; apiUrl: string; userAgent: string; webhookSecret: string | null; log: Logger; timeoutMs?: number }

const cm = (mm: number) => Math.max(1, Math.round(mm / 10))
const reais = (cents: number) => Math.round(cents) / 100

function party(p: LabelParty) {
  const doc = p.document.replace(/\D/g, '')
  return {
    name: p.name,
    phone: p.phone.replace(/\D/g, ''),
    ...(p.email ? { email: p.email } : {}),
    // A person sends the CPF as document; a company its CNPJ as company_document (the reference's rule).
    ...(doc.length === 14 ? { company_document: doc } : { document: doc }),
    address: p.address,
    complement: p.complement,
    number: p.number,
    district: p.district,
    city: p.city,
    state_abbr: p.state,
    country_id: 'BR',
    postal_code: p.postalCode.replace(/\D/g, ''),
  }
}

/** The items stacked in one volume: heights added, the widest width and longest length, the weights added. */
export function stackedVolume(items: LabelRequest['items']): LabelVolume {
  return {
    height: Math.max(
      1,
      items.reduce((sum, i) => sum + cm(i.alturaMm) * i.quantity, 0),
    ),
    width: Math.max(...items.map((i) => cm(i.larguraMm))),
    length: Math.max(...items.map((i) => cm(i.comprimentoMm))),
    weight: Math.max(
      0.001,
      items.reduce((sum, i) => sum + (i.pesoG / 1000) * i.quantity, 0),
    ),
  }
}

/**
 * The cart body: one shipment, its products, its volumes (the packages the carrier quoted for this
 * label, else the items stacked in one) and its options.
 */
export function cartBody(request: LabelRequest) {
  const items = request.items
  const volumes = request.volumes.length ? request.volumes : [stackedVolume(items)]
  if (volumes.length > 1 && CORREIOS_SERVICES.has(String(request.service)))
    throw new LabelError('Os Correios levam um volume por etiqueta: compre uma etiqueta para cada volume.', false)
  return {
    service: Number(request.service),
    from: party(request.from),
    to: party(request.to),
    products: items.map((i) => ({ name: i.name, quantity: i.quantity, unitary_value: reais(i.unitCents) })),
    // A Correios service takes its one volume as an object, as the official plugin sends it; the others a list.
    volumes: CORREIOS_SERVICES.has(String(request.service))
      ? { height: volumes[0].height, width: volumes[0].width, length: volumes[0].length, weight: volumes[0].weight }
      : volumes.map((v) => ({ height: v.height, width: v.width, length: v.length, weight: v.weight })),
    options: {
      insurance_value: reais(request.insuredCents),
      receipt: false,
      own_hand: false,
      reverse: false,
      // A commercial shipment names its NF-e; without one the parcel travels with a declaração de conteúdo.
      ...(request.invoiceKey ? { non_commercial: false, invoice: { key: request.invoiceKey } } : { non_commercial: true }),
      platform: 'Vitrine',
      tags: [{ tag: request.reference, url: request.referenceUrl }],
    },
  }
}

/** Melhor Envio writes its dates as São Paulo's wall clock ("2026-12-01 14:03:00"). */
const meDate = z
  .string()
  .nullish()
  .transform((v) => (v ? new Date(`${v.replace(' ', 'T')}${/[zZ]|[+-]\d\d:?\d\d$/.test(v) ? '' : '-03:00'}`) : null))
const stateSchema = z.object({
  id: z.string(),
  status: z.string(),
  tracking: z.string().nullish(),
  paid_at: meDate,
  generated_at: meDate,
  posted_at: meDate,
  delivered_at: meDate,
  canceled_at: meDate,
})
const cartAnswer = z.object({
  id: z.string().min(1),
  price: z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/)]).transform((v) => Math.round(Number(v) * 100)),
})
const printAnswer = z.object({ url: z.string().url() })

/** Both encodings of the one MAC compared in constant time (the reference names the algorithm and key; its example encodes base64). */
export function signatureMatches(secret: string, rawBody: string, signature: string): boolean {
  const mac = createHmac('sha256', secret).update(rawBody, 'utf8').digest()
  const given = signature.trim()
  for (const expected of [mac.toString('base64'), mac.toString('hex')]) {
    const a = Buffer.from(expected)
    const b = Buffer.from(given)
    if (a.length === b.length && timingSafeEqual(a, b)) return true
  }
  return false
}

export function createMelhorEnvioLabels(config: MelhorEnvioLabelConfig): LabelApi {
  const base = config.apiUrl.replace(/\/$/, '')
  async function call(path: string, body: unknown): Promise<unknown> {
    const started = Date.now()
    let res: Response
    try {
      res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${config.token}`, 'User-Agent': config.userAgent },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs ?? LABEL_TIMEOUT_MS),
      })
    } catch (err) {
      config.log.warn({ provider: 'melhorenvio', path, ms: Date.now() - started, erro: (err as Error).name }, 'Melhor Envio sem resposta')
      throw new LabelError('O Melhor Envio não respondeu; nova tentativa em seguida.', true)
    }
    const text = await res.text().catch(() => '')
    const ms = Date.now() - started
    if (!res.ok) {
      config.log.warn(
        { provider: 'melhorenvio', path, status: res.status, ms, corpo: text.slice(0, 300), retryAfter: res.headers.get('retry-after') },
        'Melhor Envio recusou',
      )
      if (res.status === 429) throw new LabelError('Limite de requisições do Melhor Envio (429); nova tentativa em seguida.', true)
      if (res.status >= 500) throw new LabelError(`O Melhor Envio falhou (HTTP ${res.status}); nova tentativa em seguida.`, true)
      if (res.status === 401 || res.status === 403) throw new LabelError('O Melhor Envio recusou o token (permissões do aplicativo).', false)
      throw new LabelError(`O Melhor Envio recusou: ${meMessage(text) ?? `HTTP ${res.status}`}`, false)
    }
    try {
      return JSON.parse(text)
    } catch {
      config.log.warn({ provider: 'melhorenvio', path, status: res.status, ms }, 'Melhor Envio: resposta que não é JSON')
      throw new LabelError('Resposta do Melhor Envio fora do formato.', true)
    }
  }
  const parse = <T>(schema: z.ZodType<T>, value: unknown, path: string): T => {
    const r = schema.safeParse(value)
    if (r.success) return r.data
    config.log.warn({ provider: 'melhorenvio', path }, 'Melhor Envio: resposta fora do formato')
    throw new LabelError('Resposta do Melhor Envio fora do formato.', true)
  }
  return {
    async cartLabel(request) {
      const answer = parse(cartAnswer, await call(LABEL_PATHS.cart, cartBody(request)), LABEL_PATHS.cart)
      return { id: answer.id, priceCents: answer.price }
    },
    async payLabel(id) {
      await call(LABEL_PATHS.checkout, { orders: [id] })
    },
    async generateLabel(id) {
      await call(LABEL_PATHS.generate, { orders: [id] })
    },
    async printLabel(id) {
      return parse(printAnswer, await call(LABEL_PATHS.print, { mode: 'public', orders: [id] }), LABEL_PATHS.print).url
    },
    async cancelLabel(id, description) {
      await call(LABEL_PATHS.cancel, { order: { id, reason_id: '2', description: description.slice(0, 255) } })
    },
    async track(ids) {
      const answer = parse(z.record(z.string(), z.unknown()), await call(LABEL_PATHS.tracking, { orders: ids }), LABEL_PATHS.tracking)
      const states = new Map<string, LabelState>()
      for (const [id, raw] of Object.entries(answer)) {
        const s = stateSchema.safeParse(raw)
        if (!s.success) continue
        const v = s.data
        states.set(id, {
          id: v.id,
          status: v.status,
          trackingCode: v.tracking ?? null,
          paidAt: v.paid_at,
          generatedAt: v.generated_at,
          postedAt: v.posted_at,
          deliveredAt: v.delivered_at,
          canceledAt: v.canceled_at,
        })
      }
      return states
    },
    verifyWebhook(rawBody, signature) {
      if (!config.webhookSecret || !signature) return false
      return signatureMatches(config.webhookSecret, rawBody, signature)
    },
  }
}

/** Laravel's message and the first field error, for the back office (never the request). */
function meMessage(text: string): string | null {
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown; errors?: Record<string, unknown> }
    const first = body.errors && Object.values(body.errors)[0]
    const detail = Array.isArray(first) && typeof first[0] === 'string' ? first[0] : null
    const message = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : null
    return [message, detail].filter(Boolean).join(' — ').slice(0, 300) || null
  } catch {
    return null
  }
}
