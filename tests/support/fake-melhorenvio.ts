// A fake Melhor Envio on loopback for the tests: the quote call (POST /api/v2/me/shipment/calculate)
// as its public API reference describes it (docs/decisions/0128-shipping-providers.md). It checks
// what it receives — the Bearer token, Accept and Content-Type application/json, a User-Agent naming
// the application and an e-mail, the CEPs of 8 digits, products with positive unit measures in cm
// and kg, a whole quantity and an insured value, services as a comma-separated string — and answers
// as documented: one entry per service, priced ones with price/custom_price as decimal strings and
// delivery_time/custom_delivery_time in days, the others with `error`. Slowness, 5xx, 429, malformed
// bodies and CEPs no carrier serves on demand.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const FAKE_ME = {
  token: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.fake-melhor-envio-token-de-teste',
  userAgent: 'Vitrine testes (ti@vitrine.example)',
}

/** The services the fake knows, as Melhor Envio numbers them, with its own price table (reais). */
const SERVICES: Record<number, { name: string; company: string; base: number; perKg: number; days: number; maxKg: number }> = {
  1: { name: 'PAC', company: 'Correios', base: 18.9, perKg: 2.5, days: 6, maxKg: 30 },
  2: { name: 'SEDEX', company: 'Correios', base: 29.9, perKg: 4.5, days: 2, maxKg: 30 },
  3: { name: '.Package', company: 'Jadlog', base: 21.4, perKg: 1.9, days: 5, maxKg: 120 },
  4: { name: '.Com', company: 'Jadlog', base: 24.9, perKg: 2.1, days: 3, maxKg: 120 },
  17: { name: 'Mini Envios', company: 'Correios', base: 12.5, perKg: 0, days: 8, maxKg: 0.3 },
}
const DEFAULT_SERVICES = [1, 2, 3, 4, 17]

type Json = Record<string, unknown>
export type MeReceived = { headers: Record<string, string | undefined>; body: Json | null; at: number }
export type MeFailure = '500' | '502' | '429' | 'malformed' | 'timeout' | 'html'

const positive = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v > 0
const money = (reais: number) => (Math.round(reais * 100) / 100).toFixed(2)

export async function startFakeMelhorEnvio() {
  const received: MeReceived[] = []
  let failures: MeFailure[] = []
  let delayMs = 0
  /** Multiplies every price (a carrier's price changing between two quotes). */
  let priceFactor = 1
  /** custom_price (the account's negotiated price) as a fraction of price; null: the same as price. */
  let customFactor: number | null = null
  const unserved = new Set<string>()

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (res.destroyed) return
    res.writeHead(status, { 'content-type': 'application/json', ...headers })
    res.end(typeof body === 'string' ? body : JSON.stringify(body))
  }
  const invalid = (res: ServerResponse, errors: Record<string, string[]>) => send(res, 422, { message: 'The given data was invalid.', errors })

  async function readBody(req: IncomingMessage): Promise<{ text: string; json: Json | null }> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    try {
      const parsed: unknown = JSON.parse(text)
      return { text, json: parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Json) : null }
    } catch {
      return { text, json: null }
    }
  }

  /** Laravel's validation of the calculate body, in its words. */
  function validate(body: Json): Record<string, string[]> {
    const errors: Record<string, string[]> = {}
    const need = (field: string, message: string) => ((errors[field] ??= []), errors[field].push(message))
    for (const side of ['from', 'to'] as const) {
      const postal = (body[side] as Json | undefined)?.postal_code
      if (postal == null || postal === '') need(`${side}.postal_code`, `O campo ${side}.postal_code é obrigatório.`)
      else if (!/^\d{8}$/.test(String(postal))) need(`${side}.postal_code`, `O campo ${side}.postal_code deve ter 8 dígitos.`)
    }
    const products = body.products
    if (body.package === undefined && products === undefined) need('products', 'O campo products é obrigatório quando package não está presente.')
    if (products !== undefined) {
      if (!Array.isArray(products) || products.length === 0) need('products', 'O campo products deve ser uma lista com ao menos um item.')
      else
        products.forEach((p: Json, i) => {
          for (const f of ['width', 'height', 'length', 'weight'] as const)
            if (!positive(p?.[f])) need(`products.${i}.${f}`, `O campo products.${i}.${f} deve ser maior que 0.`)
          if (!Number.isInteger(p?.quantity) || (p.quantity as number) < 1)
            need(`products.${i}.quantity`, `O campo products.${i}.quantity deve ser um inteiro maior que 0.`)
          if (typeof p?.insurance_value !== 'number' || (p.insurance_value as number) < 0)
            need(`products.${i}.insurance_value`, `O campo products.${i}.insurance_value deve ser um número.`)
        })
    }
    if (body.services !== undefined && (typeof body.services !== 'string' || !/^\d+(,\d+)*$/.test(body.services)))
      need('services', 'O campo services deve ser uma lista de ids separados por vírgula.')
    return errors
  }

  function quote(body: Json) {
    const products = body.products as Array<{ width: number; height: number; length: number; weight: number; insurance_value: number; quantity: number }>
    let kg = 0
    let insured = 0
    for (const p of products) {
      kg += Math.max(p.weight, (p.width * p.height * p.length) / 6000) * p.quantity
      insured += p.insurance_value * p.quantity
    }
    const to = String((body.to as Json).postal_code)
    const ids = typeof body.services === 'string' ? body.services.split(',').map(Number) : DEFAULT_SERVICES
    return ids.map((id) => {
      const s = SERVICES[id]
      if (!s) return { id, name: `Serviço ${id}`, error: 'Serviço inexistente.' }
      const company = {
        id: s.company === 'Correios' ? 1 : 2,
        name: s.company,
        picture: `https://melhorenvio.com.br/images/shipping-companies/${s.company.toLowerCase()}.png`,
      }
      if (unserved.has(to)) return { id, name: s.name, error: 'Serviço indisponível para o trecho.', company }
      if (kg > s.maxKg) return { id, name: s.name, error: 'Peso excede o limite permitido pelo serviço.', company }
      const price = (s.base + s.perKg * Math.ceil(kg) + insured * 0.01) * priceFactor
      const custom = customFactor == null ? price : price * customFactor
      return {
        id,
        name: s.name,
        price: money(price),
        custom_price: money(custom),
        discount: money(Math.max(0, price - custom)),
        currency: 'R$',
        delivery_time: s.days,
        delivery_range: { min: s.days - 1, max: s.days },
        custom_delivery_time: s.days,
        custom_delivery_range: { min: s.days - 1, max: s.days },
        packages: [{ price: money(custom), format: 'box', weight: kg.toFixed(2), insurance_value: money(insured), products: products.length }],
        additional_services: { receipt: false, own_hand: false, collect: false },
        company,
      }
    })
  }

  const server = createServer(async (req, res) => {
    const { json, text } = await readBody(req)
    const h = req.headers
    received.push({
      headers: { authorization: h.authorization, accept: h.accept, 'content-type': h['content-type'], 'user-agent': h['user-agent'] },
      body: json,
      at: Date.now(),
    })
    // What this request gets is decided when it arrives: a slow answer still on its way takes no later failure.
    const failure = failures.shift()
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs))
    if (failure === 'timeout') return // never answers
    if (failure === '500' || failure === '502') return send(res, Number(failure), { message: 'Server Error' })
    if (failure === '429') return send(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': '60', 'x-ratelimit-remaining': '0' })
    if (failure === 'malformed') return send(res, 200, '[{"id": 1, "name": "PAC", "price": ')
    if (failure === 'html') return send(res, 200, { data: 'not a list' })
    if (req.method !== 'POST' || req.url !== '/api/v2/me/shipment/calculate') return send(res, 404, { message: 'Not Found' })
    if (h.authorization !== `Bearer ${FAKE_ME.token}`) return send(res, 401, { message: 'Unauthenticated.' })
    if (!String(h.accept).includes('application/json')) return send(res, 406, { message: 'Accept: application/json é obrigatório.' })
    if (!/\S+.*[\w.+-]+@[\w-]+\.[\w.-]+/.test(String(h['user-agent'] ?? '')))
      return send(res, 403, { message: 'Informe o User-Agent com o nome da aplicação e um e-mail de contato.' })
    if (!String(h['content-type']).includes('application/json') || !json) return send(res, 400, { message: `Corpo JSON inválido: ${text.slice(0, 40)}` })
    const errors = validate(json)
    if (Object.keys(errors).length) return invalid(res, errors)
    return send(res, 200, quote(json))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** The next answers fail this way, in order. */
    fail(...next: MeFailure[]) {
      failures = next
    },
    slow(ms: number) {
      delayMs = ms
    },
    prices(factor: number, custom: number | null = null) {
      priceFactor = factor
      customFactor = custom
    },
    /** CEPs (8 digits) no service serves. */
    unserve(...ceps: string[]) {
      for (const cep of ceps) unserved.add(cep)
    },
    reset() {
      failures = []
      delayMs = 0
      priceFactor = 1
      customFactor = null
      unserved.clear()
      received.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
export type FakeMelhorEnvio = Awaited<ReturnType<typeof startFakeMelhorEnvio>>
