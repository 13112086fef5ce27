import { sql } from 'drizzle-orm'
import { CART } from '../../../contract/messages/cart-reasons'
import { bestPromotionFor, type PricingRules } from '../../../contract/pricing'
import { rows } from '../../db/sql'
import { brazilDate } from '../../integrations/payments/dates'
import { loadCatalogProducts, toWholesale, wholesaleJson } from '../catalog/cards'
import { priceLine } from '../cart/pricing'
import { refuse } from '../refusal'
import { deliveryAnswer, quoteShipping, type QuoteDeps } from './quotes'
import { loadFrete } from './settings'

type Offer = {
  product_id: number
  option_id: number | null
  list_cents: number
  atacado: unknown
  altura_mm: number
  largura_mm: number
  comprimento_mm: number
  peso_g: number
}

/**
 * The product page's "Calcular frete" (decision 0128): the home deliveries for a CEP and the chosen
 * variation and quantity, priced as checkout would price that parcel alone (the unit at list or
 * wholesale price, after its best promotion, is its insured value), in the option's own measures
 * where it has them (decision 0133). The store's free-shipping rules apply to that parcel alone. A
 * product with variations is quoted for its first offered option until the shopper picks one, as
 * the page shows that option's price.
 */
export async function quoteProduct(
  deps: QuoteDeps & { rules: PricingRules },
  input: { cep: string; id: string; variacao?: string; qtd: number },
  now = new Date(),
) {
  const option = input.variacao
    ? sql`o.id = (SELECT x.id FROM variation_options x WHERE x.product_id = p.id AND x.hash = ${input.variacao} AND x.active)`
    : sql`o.id = (SELECT x.id FROM variation_options x WHERE x.product_id = p.id AND x.active ORDER BY x.id LIMIT 1)`
  const [offer] = await rows<Offer>(
    deps.db,
    sql`SELECT p.id AS product_id, o.id AS option_id,
          coalesce(o.price_cents, p.price_cents) AS list_cents, ${wholesaleJson} AS atacado,
          coalesce(o.altura_mm, p.altura_mm) AS altura_mm, coalesce(o.largura_mm, p.largura_mm) AS largura_mm,
          coalesce(o.comprimento_mm, p.comprimento_mm) AS comprimento_mm, coalesce(o.peso_g, p.peso_g) AS peso_g
        FROM products p LEFT JOIN variation_options o ON ${option}
        WHERE p.hash = ${input.id} AND p.active`,
  )
  if (!offer) return refuse(CART.produto)
  if (input.variacao && offer.option_id == null) return refuse(CART.variacao)
  const price = priceLine(Number(offer.list_cents), input.qtd, toWholesale(offer.atacado), deps.rules)
  const productId = Number(offer.product_id)
  // Insured at what the shopper pays for one unit: after its best promotion at this quantity.
  const running = (await loadCatalogProducts(deps.db, [productId], deps.rules, undefined, now.getTime())).get(productId)?.promotions ?? []
  const unitOff = bestPromotionFor(running, price.unitCents, input.qtd)?.unitOff ?? 0
  const line = {
    productId,
    optionId: offer.option_id == null ? null : Number(offer.option_id),
    unitCents: price.unitCents - unitOff,
    quantity: input.qtd,
    alturaMm: Number(offer.altura_mm),
    larguraMm: Number(offer.largura_mm),
    comprimentoMm: Number(offer.comprimento_mm),
    pesoG: Number(offer.peso_g),
  }
  const frete = await loadFrete(deps.db, deps.store)
  const quoted = await quoteShipping(
    { ...deps, frete },
    { cep: input.cep, lines: [line], subtotalCents: price.totalCents, today: brazilDate(now), now: now.getTime() },
  )
  return deliveryAnswer(quoted, frete, line.unitCents * line.quantity)
}
