import type { PricingRules } from '../../../contract/pricing'
import { brazilDate } from '../../integrations/payments/dates'
import { loadCatalogProducts } from '../catalog/cards'
import { loadCheckoutLines } from '../checkout/lines'
import { insuredLines } from '../checkout/quote'
import { loadOffers } from '../promotions/offers'
import { deliveryAnswer, quoteShipping, type QuoteDeps } from './quotes'

/**
 * The cart panel's estimate for a CEP (8 digits): the home deliveries checkout would offer for the
 * same CEP and the session's cart (decisions 0015, 0031, 0128) — on the table the standard rate,
 * free from the store's threshold, and Expressa; with a carrier platform its services — the cheapest
 * as `valor`/`prazo`. The subtotal is what the cart's buyable lines cost at list or wholesale price,
 * as checkout counts it; each unit is insured at its price after promotions, as checkout insures it.
 * A CEP in no municipality's range does not exist.
 */
export async function estimateShipping(deps: QuoteDeps & { rules: PricingRules }, sessionId: string | null, cep: string, now = new Date()) {
  const lines = sessionId ? (await loadCheckoutLines(deps.db, sessionId, deps.rules)).filter((l) => l.disponivel) : []
  const subtotalCents = lines.reduce((sum, l) => sum + l.totalCents, 0)
  const offers = await loadOffers(deps.db, {
    products: await loadCatalogProducts(
      deps.db,
      lines.map((l) => l.productId),
      deps.rules,
    ),
    couponCode: null,
    buyer: { customerId: null, cpf: null },
    now,
  })
  const insured = insuredLines(lines, offers, now)
  return deliveryAnswer(await quoteShipping(deps, { cep, lines: insured, subtotalCents, today: brazilDate(now), now: now.getTime() }))
}
