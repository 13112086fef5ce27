import { shippingOptions } from '../../domain/shipping/options'
import { brazilDate } from '../payments/dates'
import type { QuoteOutcome, QuoteRequest, ShippingProvider } from './provider'

/** The table's services: what checkout has always offered at indexes 0 and 1 (decision 0025). */
export const TABLE_SERVICES = ['padrao', 'expressa'] as const

/**
 * The store's own table (its shipping settings, decisions 0015, 0025 and 0133) behind the provider
 * interface: 'Padrão' (the standard rate) and 'Expressa' (by region and chargeable weight), priced
 * from the rates each request carries. Offline, instant, the default; and what answers, as an
 * estimate, when a carrier platform does not.
 */
export function createTableProvider(): ShippingProvider {
  return {
    name: 'tabela',
    // The table is a price list, not a carrier: labels are bought at the carrier and the code typed in ("Marcar como enviado").
    labels: null,
    async quote(request: QuoteRequest): Promise<QuoteOutcome> {
      const quote = shippingOptions(request.table, { cep: request.toCep, lines: request.items, today: brazilDate(new Date()) })
      if (!quote) return { ok: false, code: 'cep_inexistente', detail: 'CEP fora das faixas conhecidas' }
      return {
        ok: true,
        services: TABLE_SERVICES.map((id, i) => ({
          id,
          nome: quote.options[i].nome,
          transportadora: null,
          ok: true as const,
          priceCents: quote.options[i].valorCents,
          days: quote.options[i].prazo,
        })),
      }
    },
  }
}
