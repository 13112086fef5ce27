// Melhor Envio's quote behind the ShippingProvider interface, spoken to as its public API reference
// documents it (docs/decisions/0128-shipping-providers.md): POST /api/v2/me/shipment/calculate with
// the products' unit measures in cm and kg, their unit insured value and quantity, the services as a
// comma-separated string; the headers Accept and Content-Type application/json, Authorization
// Bearer and a User-Agent naming the application and a technical e-mail. One attempt within 2 s:
// the shopper is waiting, and the store's table answers instead. The token is never logged.
import type { Logger } from 'pino'
import { z } from 'zod'
import { createMelhorEnvioLabels } from './melhorenvio-labels'
import type { QuotedPackage, QuoteFailure, QuoteOutcome, QuoteRequest, ServiceQuote, ShippingProvider } from './provider'

export type MelhorEnvioConfig = {
  token: string
  /** https://melhorenvio.com.br, https://sandbox.melhorenvio.com.br, or a fake on loopback. */
  apiUrl: string
  userAgent: string
  log: Logger
  /** Per request (the brief: 2 s). */
  timeoutMs?: number
  /** The application's secret, which signs its webhooks (MELHORENVIO_WEBHOOK_SECRET); null: every webhook is refused. */
  webhookSecret?: string | null
}

export const MELHORENVIO_TIMEOUT_MS = 2000
export const CALCULATE_PATH = '/api/v2/me/shipment/calculate'

/** A decimal the API writes as a string ("23.45") or a number. */
const decimal = z.union([z.number(), z.string().regex(/^\d+(\.\d{1,2})?$/)]).transform((v) => Math.round(Number(v) * 100))

/** One entry of the answer: a priced service, or one that does not carry this parcel (`error`). */
const serviceSchema = z.union([
  z.object({
    id: z.number().int(),
    name: z.string(),
    error: z.string().min(1),
    company: z.object({ name: z.string() }).partial().optional(),
  }),
  z.object({
    id: z.number().int(),
    name: z.string(),
    price: decimal,
    custom_price: decimal.optional(),
    delivery_time: z.number().int().min(0),
    custom_delivery_time: z.number().int().min(0).optional(),
    company: z.object({ name: z.string() }).partial().optional(),
    packages: z.array(z.unknown()).optional(),
  }),
])
/** A measure the API writes as a number or a decimal string. */
const measure = z
  .union([z.number(), z.string().regex(/^\d+(\.\d+)?$/)])
  .transform(Number)
  .pipe(z.number().positive())
/** One package of a priced service: `dimensions` (cm), `weight` (kg) and the products it holds (id, quantity). */
const packageSchema = z.object({
  dimensions: z.object({ height: measure, width: measure, length: measure }),
  weight: measure,
  products: z.array(z.object({ id: z.string(), quantity: z.number().int().positive() })).optional(),
})

/** The packages the carrier priced, as volumes; none (absent or any one malformed): the store stacks the items itself. */
function packagesOf(raw: unknown[] | undefined): QuotedPackage[] | undefined {
  if (!raw?.length) return undefined
  const out: QuotedPackage[] = []
  for (const p of raw) {
    const r = packageSchema.safeParse(p)
    if (!r.success) return undefined
    out.push({ ...r.data.dimensions, weight: r.data.weight, products: r.data.products ?? null })
  }
  return out
}
const answerSchema = z.array(z.unknown())

const cm = (mm: number) => Math.max(1, Math.round(mm / 10))
const kg = (g: number) => Math.max(0.001, g / 1000)

/** The request body as the reference gives it: products with unit measures, insured value per unit, and quantity. */
export function calculateBody(request: QuoteRequest) {
  return {
    from: { postal_code: request.fromCep },
    to: { postal_code: request.toCep },
    products: request.items.map((item) => ({
      id: item.id,
      width: cm(item.larguraMm),
      height: cm(item.alturaMm),
      length: cm(item.comprimentoMm),
      weight: kg(item.pesoG),
      insurance_value: item.unitCents / 100,
      quantity: item.quantity,
    })),
    options: { receipt: false, own_hand: false },
    services: request.services.map((s) => s.id).join(','),
  }
}

export function createMelhorEnvioProvider(config: MelhorEnvioConfig): ShippingProvider {
  const url = `${config.apiUrl.replace(/\/$/, '')}${CALCULATE_PATH}`
  const timeoutMs = config.timeoutMs ?? MELHORENVIO_TIMEOUT_MS
  const failed = (detail: string, fields: Record<string, unknown>): QuoteFailure => {
    config.log.warn({ provider: 'melhorenvio', ...fields }, `cotação do Melhor Envio falhou: ${detail}`)
    return { ok: false, code: 'indisponivel', detail }
  }
  return {
    name: 'melhorenvio',
    labels: createMelhorEnvioLabels({ ...config, webhookSecret: config.webhookSecret ?? null, timeoutMs: undefined }),
    async quote(request: QuoteRequest): Promise<QuoteOutcome> {
      const started = Date.now()
      let res: Response
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            Accept: 'application/json',
            'Content-Type': 'application/json',
            Authorization: `Bearer ${config.token}`,
            'User-Agent': config.userAgent,
          },
          body: JSON.stringify(calculateBody(request)),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (err) {
        const timedOut = (err as Error).name === 'TimeoutError'
        return failed(timedOut ? `sem resposta em ${timeoutMs} ms` : 'sem conexão', { ms: Date.now() - started, erro: (err as Error).name })
      }
      const text = await res.text().catch(() => '')
      const ms = Date.now() - started
      if (res.status === 429) return failed('limite de requisições (429)', { status: 429, ms, retryAfter: res.headers.get('retry-after') })
      if (res.status === 401 || res.status === 403) return failed('token recusado', { status: res.status, ms })
      if (!res.ok) return failed(`HTTP ${res.status}`, { status: res.status, ms, corpo: text.slice(0, 300) })
      let parsed: unknown
      try {
        parsed = JSON.parse(text)
      } catch {
        return failed('resposta que não é JSON', { status: res.status, ms })
      }
      const list = answerSchema.safeParse(parsed)
      if (!list.success) return failed('resposta fora do formato', { status: res.status, ms })
      const byId = new Map<number, ServiceQuote>()
      for (const raw of list.data) {
        const entry = serviceSchema.safeParse(raw)
        if (!entry.success) return failed('serviço fora do formato', { status: res.status, ms })
        const s = entry.data
        const nome = request.services.find((c) => c.id === s.id)?.nome ?? s.name
        const transportadora = s.company?.name ?? null
        byId.set(
          s.id,
          'error' in s
            ? { id: String(s.id), nome, transportadora, ok: false, error: s.error }
            : {
                id: String(s.id),
                nome,
                transportadora,
                ok: true,
                priceCents: s.custom_price ?? s.price,
                days: s.custom_delivery_time ?? s.delivery_time,
                packages: packagesOf(s.packages),
              },
        )
      }
      config.log.debug({ provider: 'melhorenvio', ms, servicos: byId.size }, 'cotação do Melhor Envio')
      // In the store's order; a service the answer left out does not carry this parcel.
      return {
        ok: true,
        services: request.services.map(
          (c) => byId.get(c.id) ?? { id: String(c.id), nome: c.nome, transportadora: null, ok: false, error: 'Serviço indisponível para o trecho.' },
        ),
      }
    },
  }
}
