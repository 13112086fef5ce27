// A fake Melhor Envio on loopback for the tests: the quote call (POST /api/v2/me/shipment/calculate)
// as its public API reference describes it (docs/decisions/0128-shipping-providers.md). It checks
// what it receives — the Bearer token, Accept and Content-Type application/json, a User-Agent naming
// the application and an e-mail, the CEPs of 8 digits, products with positive unit measures in cm
// and kg, a whole quantity and an insured value, services as a comma-separated string — and answers
// as documented: one entry per service, priced ones with price/custom_price as decimal strings and
// delivery_time/custom_delivery_time in days, the others with `error`. Slowness, 5xx, 429, malformed
// bodies and CEPs no carrier serves on demand.
// Labels too (cart, checkout, generate, print, tracking, cancel): each shipment's state kept here,
// the cart's required fields checked as the reference lists them, a paid shipment never paid again,
// a posted one never cancelled; and webhooks signed with the application's secret (X-ME-Signature).
import { createHmac, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const FAKE_ME = {
  token: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.fake-melhor-envio-token-de-teste',
  userAgent: 'Vitrine testes (ti@vitrine.example)',
  webhookSecret: 'segredo-do-aplicativo-de-teste-0123',
}

/** A shipment as the fake keeps it, with Melhor Envio's dates ("2026-12-01 14:03:00", São Paulo). */
export type MeShipment = {
  id: string
  status: 'pending' | 'released' | 'generated' | 'posted' | 'delivered' | 'canceled'
  price: number
  tracking: string | null
  paid_at: string | null
  generated_at: string | null
  posted_at: string | null
  delivered_at: string | null
  canceled_at: string | null
  body: Json
}
export type LabelPath = 'cart' | 'checkout' | 'generate' | 'print' | 'tracking' | 'cancel'
const LABEL_ROUTES: Record<string, LabelPath> = {
  '/api/v2/me/cart': 'cart',
  '/api/v2/me/shipment/checkout': 'checkout',
  '/api/v2/me/shipment/generate': 'generate',
  '/api/v2/me/shipment/print': 'print',
  '/api/v2/me/shipment/tracking': 'tracking',
  '/api/v2/me/shipment/cancel': 'cancel',
}
/** Melhor Envio's wall clock in São Paulo. */
export const meNow = (d = new Date()) => new Date(d.getTime() - 3 * 3600_000).toISOString().slice(0, 19).replace('T', ' ')
/** X-ME-Signature of a body: HMAC-SHA256 keyed with the application's secret, base64. */
export const meSignature = (body: string, secret = FAKE_ME.webhookSecret) => createHmac('sha256', secret).update(body).digest('base64')

/**
 * The services the fake knows, as Melhor Envio numbers them, with its own price table (reais) and
 * packing limits: a package holds at most `maxKg` and, stacked, `maxSumCm` of height + width +
 * length; more starts another package (`split`), or the service refuses the parcel (no `split`). A
 * unit over `maxKg` is refused.
 */
const SERVICES: Record<number, { name: string; company: string; base: number; perKg: number; days: number; maxKg: number; maxSumCm: number; split: boolean }> =
  {
    1: { name: 'PAC', company: 'Correios', base: 18.9, perKg: 2.5, days: 6, maxKg: 30, maxSumCm: 200, split: true },
    2: { name: 'SEDEX', company: 'Correios', base: 29.9, perKg: 4.5, days: 2, maxKg: 30, maxSumCm: 200, split: true },
    3: { name: '.Package', company: 'Jadlog', base: 21.4, perKg: 1.9, days: 5, maxKg: 120, maxSumCm: 200, split: true },
    4: { name: '.Com', company: 'Jadlog', base: 24.9, perKg: 2.1, days: 3, maxKg: 120, maxSumCm: 200, split: true },
    17: { name: 'Mini Envios', company: 'Correios', base: 12.5, perKg: 0, days: 8, maxKg: 0.3, maxSumCm: 90, split: false },
  }
/** Correios services take one volume per shipment (the official plugin sends them one; decision 0128, "Volumes"). */
const CORREIOS = new Set([1, 2, 17])

type Unit = { id: string; width: number; height: number; length: number; weight: number; insured: number }
type Pack = { units: Unit[]; height: number; width: number; length: number; weight: number; insured: number }
const billed = (p: { width: number; height: number; length: number; weight: number }) => Math.max(p.weight, (p.width * p.height * p.length) / 6000)

/** The fake's packing: units stacked by height in arrival order; one that would overflow a package starts the next. */
function pack(units: Unit[], limit: { maxKg: number; maxSumCm: number }): Pack[] | null {
  const packs: Pack[] = []
  for (const u of units) {
    // A unit heavier than a package carries is refused; one larger than its size travels alone.
    if (u.weight > limit.maxKg) return null
    const last = packs.at(-1)
    const fits =
      last &&
      last.weight + u.weight <= limit.maxKg + 1e-9 &&
      last.height + u.height + Math.max(last.width, u.width) + Math.max(last.length, u.length) <= limit.maxSumCm
    if (fits) {
      last.units.push(u)
      last.height += u.height
      last.width = Math.max(last.width, u.width)
      last.length = Math.max(last.length, u.length)
      last.weight += u.weight
      last.insured += u.insured
    } else packs.push({ units: [u], height: u.height, width: u.width, length: u.length, weight: u.weight, insured: u.insured })
  }
  return packs
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
  const shipments = new Map<string, MeShipment>()
  /** Calls of each label route that reached their work (after the checks), and charges taken. */
  const calls: Record<LabelPath, number> = { cart: 0, checkout: 0, generate: 0, print: 0, tracking: 0, cancel: 0 }
  let charges = 0
  let labelFailures: Partial<Record<LabelPath, MeFailure[]>> = {}
  /** A route that does its work and then fails to answer (the answer lost on the way back). */
  let lostAnswers: Partial<Record<LabelPath, number>> = {}
  let trackingSeq = 0

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
    const products = body.products as Array<{
      id?: string
      width: number
      height: number
      length: number
      weight: number
      insurance_value: number
      quantity: number
    }>
    let kg = 0
    let insured = 0
    const units: Unit[] = []
    products.forEach((p, i) => {
      kg += Math.max(p.weight, (p.width * p.height * p.length) / 6000) * p.quantity
      insured += p.insurance_value * p.quantity
      for (let q = 0; q < p.quantity; q++)
        units.push({ id: String(p.id ?? i), width: p.width, height: p.height, length: p.length, weight: p.weight, insured: p.insurance_value })
    })
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
      const packs = s.split ? pack(units, s) : kg > s.maxKg ? null : [{ units, height: 0, width: 0, length: 0, weight: kg, insured }]
      if (!packs) return { id, name: s.name, error: 'Peso excede o limite permitido pelo serviço.', company }
      const packPrice = (p: Pack) => (s.base + s.perKg * Math.ceil(s.split ? billed(p) : kg) + p.insured * 0.01) * priceFactor
      const price = packs.reduce((sum, p) => sum + packPrice(p), 0)
      const custom = customFactor == null ? price : price * customFactor
      const share = customFactor ?? 1
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
        packages: packs.map((p) => ({
          price: money(packPrice(p) * share),
          discount: money(packPrice(p) * (1 - share)),
          format: 'box',
          dimensions: s.split ? { height: p.height, width: p.width, length: p.length } : { height: 2, width: 11, length: 16 },
          weight: p.weight.toFixed(2),
          insurance_value: money(p.insured),
          products: [...p.units.reduce((m, u) => m.set(u.id, (m.get(u.id) ?? 0) + 1), new Map<string, number>())].map(([pid, quantity]) => ({
            id: pid,
            quantity,
          })),
        })),
        additional_services: { receipt: false, own_hand: false, collect: false },
        company,
      }
    })
  }

  /** The cart's required fields, as the reference lists them (Laravel's words). */
  function validateCart(body: Json): Record<string, string[]> {
    const errors: Record<string, string[]> = {}
    const need = (field: string, message: string) => ((errors[field] ??= []), errors[field].push(message))
    if (!Number.isInteger(body.service) || !SERVICES[body.service as number]) need('service', 'O campo service é obrigatório e deve ser um serviço válido.')
    for (const side of ['from', 'to'] as const) {
      const p = (body[side] ?? {}) as Json
      for (const f of ['name', 'phone', 'address', 'number', 'district', 'city', 'postal_code'] as const)
        if (typeof p[f] !== 'string' || !(p[f] as string).trim()) need(`${side}.${f}`, `O campo ${side}.${f} é obrigatório.`)
      if (p.postal_code != null && !/^\d{8}$/.test(String(p.postal_code))) need(`${side}.postal_code`, `O campo ${side}.postal_code deve ter 8 dígitos.`)
      const doc = p.document != null ? String(p.document) : null
      const company = p.company_document != null ? String(p.company_document) : null
      if (!doc && !company) need(`${side}.document`, `O campo ${side}.document é obrigatório quando ${side}.company_document não está presente.`)
      if (doc && !/^\d{11}$/.test(doc)) need(`${side}.document`, `O campo ${side}.document deve ser um CPF válido.`)
      if (company && !/^\d{14}$/.test(company)) need(`${side}.company_document`, `O campo ${side}.company_document deve ser um CNPJ válido.`)
    }
    const products = body.products
    if (!Array.isArray(products) || !products.length) need('products', 'O campo products é obrigatório.')
    else
      products.forEach((p: Json, i) => {
        if (typeof p?.name !== 'string' || !p.name) need(`products.${i}.name`, `O campo products.${i}.name é obrigatório.`)
        if (!Number.isInteger(p?.quantity) || (p.quantity as number) < 1) need(`products.${i}.quantity`, `O campo products.${i}.quantity deve ser maior que 0.`)
        if (typeof p?.unitary_value !== 'number' || (p.unitary_value as number) < 0)
          need(`products.${i}.unitary_value`, `O campo products.${i}.unitary_value é obrigatório.`)
      })
    // A list of volumes, or one volume as an object (how the official plugin sends a Correios one).
    const volumes = cartVolumes(body)
    if (!volumes?.length) need('volumes', 'O campo volumes é obrigatório.')
    else {
      volumes.forEach((v: Json, i) => {
        for (const f of ['height', 'width', 'length', 'weight'] as const)
          if (!positive(v?.[f])) need(`volumes.${i}.${f}`, `O campo volumes.${i}.${f} deve ser maior que 0.`)
      })
      if (volumes.length > 1 && CORREIOS.has(body.service as number))
        need('volumes', 'Os serviços dos Correios aceitam um volume por envio: insira um envio para cada volume.')
    }
    const options = (body.options ?? {}) as Json
    if (typeof options.insurance_value !== 'number') need('options.insurance_value', 'O campo options.insurance_value é obrigatório.')
    const invoice = options.invoice as Json | undefined
    if (options.non_commercial !== true) {
      if (!invoice || !/^\d{44}$/.test(String(invoice.key ?? '')))
        need('options.invoice.key', 'Para envios comerciais informe a chave da nota fiscal (44 dígitos).')
    } else if (invoice) need('options.invoice', 'Envios não comerciais não devem informar a nota fiscal.')
    return errors
  }

  function cartVolumes(body: Json): Json[] | null {
    const v = body.volumes
    if (Array.isArray(v)) return v as Json[]
    return v && typeof v === 'object' ? [v as Json] : null
  }

  function labelRoute(route: LabelPath, body: Json, res: ServerResponse) {
    const ids = (): string[] | null => (Array.isArray(body.orders) && body.orders.every((o) => typeof o === 'string') ? (body.orders as string[]) : null)
    const known = (list: string[]) => list.every((id) => shipments.has(id))
    switch (route) {
      case 'cart': {
        const errors = validateCart(body)
        if (Object.keys(errors).length) return invalid(res, errors)
        calls.cart++
        const s = SERVICES[body.service as number]
        const volumes = cartVolumes(body) as Array<{ height: number; width: number; length: number; weight: number }>
        const price = Number(volumes.reduce((sum, v) => sum + (s.base + s.perKg * Math.ceil(v.weight)) * priceFactor, 0).toFixed(2))
        const id = randomUUID()
        shipments.set(id, {
          id,
          status: 'pending',
          price,
          tracking: null,
          paid_at: null,
          generated_at: null,
          posted_at: null,
          delivered_at: null,
          canceled_at: null,
          body,
        })
        return { id, protocol: `ORD-${shipments.size}`, service_id: body.service, price, status: 'pending' }
      }
      case 'checkout': {
        const list = ids()
        if (!list || !list.length || !known(list)) return invalid(res, { orders: ['O campo orders deve listar envios do carrinho.'] })
        const paid = list.filter((id) => shipments.get(id)!.status !== 'pending')
        if (paid.length) return invalid(res, { orders: [`Envio ${paid[0]} já foi pago.`] })
        calls.checkout++
        for (const id of list) {
          const sh = shipments.get(id)!
          sh.status = 'released'
          sh.paid_at = meNow()
          charges++
        }
        return { purchase: { id: randomUUID(), protocol: `PUR-${charges}`, total: list.reduce((t, id) => t + shipments.get(id)!.price, 0), status: 'paid' } }
      }
      case 'generate': {
        const list = ids()
        if (!list || !list.length || !known(list)) return invalid(res, { orders: ['O campo orders deve listar envios pagos.'] })
        if (list.some((id) => shipments.get(id)!.status !== 'released')) return invalid(res, { orders: ['Só envios pagos e não gerados podem ser gerados.'] })
        calls.generate++
        const out: Json = {}
        for (const id of list) {
          const sh = shipments.get(id)!
          sh.status = 'generated'
          sh.generated_at = meNow()
          sh.tracking = `QB${String(++trackingSeq).padStart(9, '0')}BR`
          out[id] = { status: true, message: 'Envio gerado com sucesso' }
        }
        return out
      }
      case 'print': {
        const list = ids()
        if (!list || !list.length || !known(list)) return invalid(res, { orders: ['O campo orders deve listar envios gerados.'] })
        if (body.mode !== undefined && body.mode !== 'public' && body.mode !== 'private')
          return invalid(res, { mode: ['O campo mode deve ser public ou private.'] })
        if (list.some((id) => !shipments.get(id)!.generated_at)) return invalid(res, { orders: ['Gere a etiqueta antes de imprimir.'] })
        calls.print++
        return { url: `https://melhorenvio.com.br/imprimir/${list.join(',')}` }
      }
      case 'tracking': {
        const list = ids()
        if (!list) return invalid(res, { orders: ['O campo orders é obrigatório.'] })
        calls.tracking++
        const out: Json = {}
        for (const id of list) {
          const sh = shipments.get(id)
          if (!sh) continue
          const { body: _body, price: _price, ...state } = sh
          out[id] = {
            ...state,
            protocol: `ORD-${id.slice(0, 4)}`,
            melhorenvio_tracking: sh.tracking ? `ME${sh.tracking}` : null,
            created_at: meNow(),
            expired_at: null,
          }
        }
        return out
      }
      case 'cancel': {
        const order = (body.order ?? {}) as Json
        const errors: Record<string, string[]> = {}
        if (typeof order.id !== 'string' || !shipments.has(order.id)) errors['order.id'] = ['O campo order.id é obrigatório.']
        if (String(order.reason_id) !== '2') errors['order.reason_id'] = ['O campo order.reason_id deve ser 2.']
        if (typeof order.description !== 'string' || !order.description.trim()) errors['order.description'] = ['O campo order.description é obrigatório.']
        if (Object.keys(errors).length) return invalid(res, errors)
        const sh = shipments.get(order.id as string)!
        if (sh.status === 'posted' || sh.status === 'delivered' || sh.status === 'canceled')
          return invalid(res, { 'order.id': ['Este envio não pode ser cancelado.'] })
        calls.cancel++
        if (sh.paid_at) charges--
        sh.status = 'canceled'
        sh.canceled_at = meNow()
        return { [sh.id]: { canceled: true } }
      }
    }
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
    const route = req.method === 'POST' ? LABEL_ROUTES[req.url ?? ''] : undefined
    if (req.method !== 'POST' || (req.url !== '/api/v2/me/shipment/calculate' && !route)) return send(res, 404, { message: 'Not Found' })
    if (h.authorization !== `Bearer ${FAKE_ME.token}`) return send(res, 401, { message: 'Unauthenticated.' })
    if (!String(h.accept).includes('application/json')) return send(res, 406, { message: 'Accept: application/json é obrigatório.' })
    if (!/\S+.*[\w.+-]+@[\w-]+\.[\w.-]+/.test(String(h['user-agent'] ?? '')))
      return send(res, 403, { message: 'Informe o User-Agent com o nome da aplicação e um e-mail de contato.' })
    if (!String(h['content-type']).includes('application/json') || !json) return send(res, 400, { message: `Corpo JSON inválido: ${text.slice(0, 40)}` })
    if (route) {
      const planned = labelFailures[route]?.shift()
      if (planned === '500' || planned === '502') return send(res, Number(planned), { message: 'Server Error' })
      if (planned === '429') return send(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': '60' })
      if (planned === 'timeout') return
      const answer = labelRoute(route, json, res)
      if (answer === undefined) return
      // The work is done; the answer never arrives (a crash or a cut connection on the way back).
      if (lostAnswers[route]) return (lostAnswers[route]!--, res.destroy())
      return send(res, 200, answer)
    }
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
    shipments,
    calls,
    /** Labels paid and not refunded. */
    charges: () => charges,
    /** The next calls of a label route fail this way, before doing anything. */
    failLabel(route: LabelPath, ...next: MeFailure[]) {
      labelFailures[route] = next
    },
    /** The next `n` calls of a label route do their work, and their answer is lost. */
    loseAnswer(route: LabelPath, n = 1) {
      lostAnswers[route] = n
    },
    /** The carrier's scans: posted, then delivered (at `at`). */
    move(id: string, status: 'posted' | 'delivered', at = new Date()) {
      const sh = shipments.get(id)!
      sh.status = status
      if (status === 'posted') sh.posted_at = meNow(at)
      else {
        sh.posted_at ??= meNow(at)
        sh.delivered_at = meNow(at)
      }
    },
    /** The webhook Melhor Envio sends for a shipment's event: its body and X-ME-Signature. */
    webhook(id: string, event: string, secret = FAKE_ME.webhookSecret) {
      const sh = shipments.get(id)
      const body = JSON.stringify({ event, data: sh ? { id, status: sh.status, tracking: sh.tracking } : { id } })
      return { body, signature: meSignature(body, secret) }
    },
    reset() {
      failures = []
      labelFailures = {}
      lostAnswers = {}
      shipments.clear()
      charges = 0
      for (const route of Object.keys(calls) as LabelPath[]) calls[route] = 0
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
