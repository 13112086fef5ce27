import type { Logger } from 'pino'
import { SHIPPING } from '../../../contract/messages/cart-reasons'
import { toReais } from '../../../contract/pricing'
import { cachePerDb } from '../../cache'
import type { Db } from '../../db/client'
import { findCepPlace } from '../../integrations/cep/ranges'
import type { QuoteOutcome, ServiceQuote, ShippingItem } from '../../integrations/shipping/provider'
import { createTableProvider } from '../../integrations/shipping/tabela'
import { addBusinessDays } from '../../lib/business-days'
import { sha256 } from '../../lib/tokens'
import { storeProfile, type StoreProfile } from '../../store-profile'
import { freeDeliveries, offeredOptions } from './free'
import { loadFrete, type Frete } from './settings'
import { isRefusal, refuse, type Refusal } from '../refusal'
import { shippingProvider } from './gateway'
import { PICKUP_INDEX, type PackageLine } from './options'
import { regionOf, type Region } from './regions'

/**
 * One option of checkout's 'Método de envio', by its index in calcular-frete-qqer: a service of the
 * provider (the table's Padrão and Expressa, or a carrier's), or the pickup at index 2. A service
 * that does not carry this parcel to this CEP keeps its place, unavailable, with the carrier's reason.
 */
export type ShippingOption = {
  index: number
  nome: string
  valorCents: number
  prazo: number
  previsao: string
  /** The provider's service ('padrao', 'expressa', '1', '2'…); null for the pickup. */
  servico: string | null
  transportadora: string | null
  disponivel: boolean
  motivo: string | null
  /** Made free by this free-shipping rule (free.ts); absent: priced as quoted. */
  gratis?: string
}

export type ShippingQuote = {
  /** The destination, 8 digits. */
  cep: string
  cidade: string
  uf: string
  region: Region
  options: ShippingOption[]
  /** The carrier did not answer: these are the store's table's figures. */
  estimativa: boolean
  /** What was quoted (provider, CEP, the parcel's contents, the day): a choice is kept for this key only. */
  key: string
  /** When the provider answered (ms). */
  at: number
}

/** A cart or product-page line as a parcel's item: its package, the product and option it is, and its unit price. */
export type ParcelLine = PackageLine & { productId: number; optionId: number | null; unitCents: number }

/** `frete`: the shipping settings when the caller holds them already (else read, kept, from the database). */
export type QuoteDeps = { db: Db; store: StoreProfile; log: Logger; frete?: Frete }

/** A provider's answer, as kept. */
type Kept = { outcome: QuoteOutcome; estimativa: boolean; at: number }

/**
 * Quotes kept per CEP and parcel contents (decision 0128): a carrier's prices hold for minutes, and a
 * shopper asks the product page, the cart panel and each checkout step in that time. The key names
 * everything the price depends on, so two carts that differ never share one. An estimate (the
 * provider was down) is kept 30 s only, then the provider is asked again.
 */
const kept = cachePerDb<Promise<Kept>>({
  name: 'shipping-quotes',
  ttlMs: storeProfile.frete.transportadoras.validadeMinutos * 60_000,
  maxEntries: 5000,
  scope: 'process',
})
export const ESTIMATE_KEPT_MS = 30_000

/** The store's default box for a product without measures (any of them 0). */
export function withDefaultBox<L extends PackageLine>(line: L, box: Frete['transportadoras']['caixaPadrao']): L {
  const missing = !line.alturaMm || !line.larguraMm || !line.comprimentoMm || !line.pesoG
  return missing ? { ...line, alturaMm: box.alturaMm, larguraMm: box.larguraMm, comprimentoMm: box.comprimentoMm, pesoG: box.pesoG } : line
}

/** What the shopper pays for a carrier's price: the price plus the store's margin (percent, then centavos). */
export function withMargin(priceCents: number, t: Frete['transportadoras']): number {
  return Math.round(priceCents * (1 + t.margemPercentual / 100)) + t.margemCentavos
}

const cepDigits = (cep: string) => cep.replace(/\D/g, '')

/**
 * The shipping options for a CEP (8 digits) and a parcel, from `today` (YYYY-MM-DD, Brasília): the
 * provider's services (through the kept quotes), laid out by index with the pickup at 2. A CEP in no
 * municipality's range is refused before any provider is asked. A provider that fails answers with
 * the store's table, marked `estimativa`; checkout goes on.
 */
export async function quoteShipping(
  deps: QuoteDeps,
  input: { cep: string; lines: readonly ParcelLine[]; subtotalCents: number; today: string; now?: number },
): Promise<ShippingQuote | Refusal> {
  const place = findCepPlace(input.cep)
  const region = place ? regionOf(place.uf) : null
  if (!place || !region) return refuse(SHIPPING.cepInexistente)
  const frete = deps.frete ?? (await loadFrete(deps.db, deps.store))
  const t = frete.transportadoras
  const provider = shippingProvider(deps.db)
  const items: ShippingItem[] = input.lines.map((l) => ({
    ...withDefaultBox({ alturaMm: l.alturaMm, larguraMm: l.larguraMm, comprimentoMm: l.comprimentoMm, pesoG: l.pesoG, quantity: l.quantity }, t.caixaPadrao),
    id: l.optionId == null ? `p${l.productId}` : `p${l.productId}-o${l.optionId}`,
    unitCents: l.unitCents,
  }))
  // An empty cart (the panel before anything is added) is quoted as one default box.
  if (!items.length) items.push({ id: 'caixa', ...t.caixaPadrao, unitCents: 0, quantity: 1 })
  const fromCep = cepDigits(frete.origem.cep)
  const signature = [...items]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((i) => `${i.id}:${i.alturaMm}x${i.larguraMm}x${i.comprimentoMm}:${i.pesoG}:${i.unitCents}:${i.quantity}`)
  // The settings the answer depends on (services asked, the table's rates) are in the key: a Dono's change is quoted afresh.
  const rates = JSON.stringify([t.servicos.map((s) => s.id), frete.padraoCentavos, frete.prazosDiasUteis, frete.expressa])
  const key = sha256(`${provider.name}|${fromCep}|${input.cep}|${input.today}|${input.subtotalCents}|${rates}|${signature.join(',')}`)
  const now = input.now ?? Date.now()
  const cache = kept.of(deps.db)
  const old = cache.entry(key)
  if (old?.settled?.estimativa && now - old.at >= ESTIMATE_KEPT_MS) cache.delete(key)
  const answer = await cache.getOrCompute(
    key,
    async () => {
      const request = { fromCep, toCep: input.cep, items, subtotalCents: input.subtotalCents, services: t.servicos, table: frete }
      const outcome = await provider.quote(request)
      if (outcome.ok || outcome.code === 'cep_inexistente' || provider.name === 'tabela') return { outcome, estimativa: false, at: now }
      // Down, slow, 5xx, 429, malformed (logged by the provider): the table answers, as an estimate.
      return { outcome: await createTableProvider().quote(request), estimativa: true, at: now }
    },
    { now },
  )
  if (!answer.outcome.ok) return refuse(SHIPPING.cepInexistente)
  const carrier = provider.name !== 'tabela' && !answer.estimativa
  const service = (s: ServiceQuote, index: number): ShippingOption => {
    const base = { index, nome: s.nome, servico: s.id, transportadora: s.transportadora }
    if (!s.ok) return { ...base, valorCents: 0, prazo: 0, previsao: input.today, disponivel: false, motivo: s.error }
    // A carrier counts from the day it collects: the store's handling days come first. The table's figures are the store's own promise.
    const prazo = carrier ? s.days + t.diasManuseio : s.days
    const valorCents = carrier ? withMargin(s.priceCents, t) : s.priceCents
    return { ...base, valorCents, prazo, previsao: addBusinessDays(input.today, prazo), disponivel: true, motivo: null }
  }
  const services = answer.outcome.services
  const pickup: ShippingOption = {
    index: PICKUP_INDEX,
    nome: 'Retirar em uma estação',
    valorCents: 0,
    prazo: frete.estacaoPrazoDiasUteis,
    previsao: addBusinessDays(input.today, frete.estacaoPrazoDiasUteis),
    servico: null,
    transportadora: null,
    disponivel: true,
    motivo: null,
  }
  const options = [
    ...services.slice(0, PICKUP_INDEX).map((s, i) => service(s, i)),
    pickup,
    ...services.slice(PICKUP_INDEX).map((s, i) => service(s, PICKUP_INDEX + 1 + i)),
  ]
  return { cep: input.cep, cidade: place.cidade, uf: place.uf, region, options, estimativa: answer.estimativa, key, at: answer.at }
}

/** The home deliveries that carry this parcel, cheapest first. */
export function homeDeliveries(quote: ShippingQuote): ShippingOption[] {
  return quote.options.filter((o) => o.index !== PICKUP_INDEX && o.disponivel).sort((a, b) => a.valorCents - b.valorCents || a.index - b.index)
}

/** The cheapest home delivery: what the summary shows before an option is chosen; null when no carrier serves the CEP. */
export function cheapestDelivery(quote: ShippingQuote): ShippingOption | null {
  return homeDeliveries(quote)[0] ?? null
}

/**
 * The panel's and the product page's answer: every home delivery that serves the CEP, the store's
 * free-shipping rules applied for items worth `itemsCents` (after promotions and the coupon, decision
 * 0133), with the cheapest as `valor`/`prazo` (the table's 'Padrão', as decisions 0015 and 0031 have
 * it). A CEP no carrier serves is said, and no table price is made up for it.
 */
export function deliveryAnswer(quoted: ShippingQuote | Refusal, frete: Pick<Frete, 'freteGratis'>, itemsCents: number) {
  if (isRefusal(quoted)) return quoted
  const quote = { ...quoted, options: offeredOptions(quoted.options, freeDeliveries(frete.freteGratis, quoted, itemsCents)) }
  const cheapest = cheapestDelivery(quote)
  if (!cheapest) return refuse(SHIPPING.naoAtendido)
  return {
    estado: 'sucesso' as const,
    valor: toReais(cheapest.valorCents),
    prazo: cheapest.prazo,
    cidade: quote.cidade,
    uf: quote.uf,
    estimativa: quote.estimativa,
    opcoes: homeDeliveries(quote).map((o) => ({
      nome: o.nome,
      transportadora: o.transportadora,
      valor: toReais(o.valorCents),
      prazo: o.prazo,
      previsao: o.previsao,
      ...(o.gratis ? { gratis: o.gratis } : {}),
    })),
  }
}
