import type { PricingRules } from '../../../contract/pricing'
import { brazilDate } from '../../integrations/payments/dates'
import { loadCatalogProducts } from '../catalog/cards'
import { loadCheckoutLines } from '../checkout/lines'
import { discountedItemsCents, insuredLines, pricingLines } from '../checkout/quote'
import { loadOffers } from '../promotions/offers'
import { priceCart } from '../promotions/price'
import { deliveryAnswer, quoteShipping, type QuoteDeps } from './quotes'
import { loadFrete } from './settings'

/**
 * The cart panel's estimate for a CEP (8 digits): the home deliveries checkout would offer for the
 * same CEP and the session's cart (decisions 0015, 0031, 0128) — on the table Padrão and Expressa,
 * with a carrier platform its services — the cheapest as `valor`/`prazo`, free where the store's
 * rules say so for the cart's items after promotions and its coupon, as checkout measures them
 * (decision 0133). Each unit is insured at its price after promotions, as checkout insures it. A CEP
 * in no municipality's range does not exist.
 */
export async function estimateShipping(deps: QuoteDeps & { rules: PricingRules }, sessionId: string | null, cep: string, now = new Date()) {
  const cart = sessionId ? await loadCheckoutLines(deps.db, sessionId, deps.rules) : { lines: [], couponCode: null }
  const lines = cart.lines.filter((l) => l.disponivel)
  const subtotalCents = lines.reduce((sum, l) => sum + l.totalCents, 0)
  const [products, frete] = await Promise.all([
    loadCatalogProducts(
      deps.db,
      lines.map((l) => l.productId),
      deps.rules,
    ),
    loadFrete(deps.db, deps.store),
  ])
  const offers = await loadOffers(deps.db, { products, couponCode: cart.couponCode, buyer: { customerId: null, cpf: null }, now })
  const priced = priceCart({
    lines: pricingLines(lines, offers),
    promotions: offers.promotions,
    couponCode: offers.couponCode,
    coupon: offers.coupon,
    pixPercent: 0,
    method: null,
    shipping: null,
    now,
  })
  const insured = insuredLines(lines, offers, now)
  const quoted = await quoteShipping({ ...deps, frete }, { cep, lines: insured, subtotalCents, today: brazilDate(now), now: now.getTime() })
  return deliveryAnswer(quoted, frete, discountedItemsCents(priced))
}
