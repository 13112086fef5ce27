import { findCepPlace } from '../../integrations/cep/ranges'
import { addBusinessDays } from '../../lib/business-days'
import type { StoreProfile } from '../../store-profile'
import { regionOf, type Region } from './regions'

/**
 * The checkout's shipping options for a delivery CEP (decision 0025), by index as calcular-frete-qqer
 * lists them: 0 'Padrão' (the store's standard rate, as the cart panel's estimate), 1 'Expressa' (by region and chargeable weight), 2 'Retirar em uma estação'
 * (free, at one of the store profile's stations). Each with its delivery time in business days and
 * the date it makes from today (weekends and national holidays skipped). Free shipping is no price of
 * the table: the store's rules apply to whatever quoted (free.ts, decision 0133).
 */
export const SHIPPING_OPTION_NAMES = ['Padrão', 'Expressa', 'Retirar em uma estação'] as const
export const PICKUP_INDEX = 2

export type ShippingOption = { index: number; nome: string; valorCents: number; prazo: number; previsao: string }

export type Station = StoreProfile['frete']['estacoes'][number]

/** The store's own table (its shipping settings): Padrão and its times, Expressa, the pickup's time. */
export type TableRates = Pick<StoreProfile['frete'], 'padraoCentavos' | 'prazosDiasUteis' | 'expressa' | 'estacaoPrazoDiasUteis'>

/** Cubic weight divisor: L × A × C in cm / 6000 = kg (the carriers' usual factor). */
export const CUBIC_DIVISOR_CM3_PER_KG = 6000

/** One product line's package: dimensions in mm, weight in g, and how many. */
export type PackageLine = { alturaMm: number; larguraMm: number; comprimentoMm: number; pesoG: number; quantity: number }

/** Real, cubic and chargeable weight of a package in kg; chargeable is the larger, in started kg (at least 1). */
export function packageWeight(lines: readonly PackageLine[]): { realKg: number; cubicKg: number; chargeableKg: number } {
  let grams = 0
  let cm3 = 0
  for (const l of lines) {
    grams += l.pesoG * l.quantity
    cm3 += (l.alturaMm / 10) * (l.larguraMm / 10) * (l.comprimentoMm / 10) * l.quantity
  }
  const realKg = grams / 1000
  const cubicKg = cm3 / CUBIC_DIVISOR_CM3_PER_KG
  return { realKg, cubicKg, chargeableKg: Math.max(1, Math.ceil(Math.max(realKg, cubicKg) - 1e-9)) }
}

/** 'Expressa' for a region and chargeable weight: base up to the included kg, then each started kg more. */
export function expressCents(expressa: StoreProfile['frete']['expressa'], region: Region, chargeableKg: number): number {
  const extraKg = Math.max(0, chargeableKg - expressa.kgIncluidos)
  return expressa.baseCentavos[region] + extraKg * expressa.kgAdicionalCentavos[region]
}

export type ShippingQuote = { cidade: string; uf: string; region: Region; options: ShippingOption[] }

/**
 * The three options for a CEP (8 digits) and a package, from `today` (YYYY-MM-DD, Brasília); null
 * when the CEP is in no municipality's range.
 */
export function shippingOptions(frete: TableRates, input: { cep: string; lines: readonly PackageLine[]; today: string }): ShippingQuote | null {
  const place = findCepPlace(input.cep)
  const region = place ? regionOf(place.uf) : null
  if (!place || !region) return null
  const { chargeableKg } = packageWeight(input.lines)
  const option = (index: number, valorCents: number, prazo: number): ShippingOption => ({
    index,
    nome: SHIPPING_OPTION_NAMES[index],
    valorCents,
    prazo,
    previsao: addBusinessDays(input.today, prazo),
  })
  return {
    cidade: place.cidade,
    uf: place.uf,
    region,
    options: [
      option(0, frete.padraoCentavos, frete.prazosDiasUteis[region]),
      option(1, expressCents(frete.expressa, region, chargeableKg), frete.expressa.prazosDiasUteis[region]),
      option(PICKUP_INDEX, 0, frete.estacaoPrazoDiasUteis),
    ],
  }
}
