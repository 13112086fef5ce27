import { desc, eq } from 'drizzle-orm'
import type { BuyerRecord, CartItem } from '../../../contract/cart'
import { pixPriceCents, toReais } from '../../../contract/pricing'
import type { Cupom, Desconto } from '../../../contract/promotions'
import { pricingFacts } from '../checkout/quote'
import { loadOffers } from '../promotions/offers'
import { priceCart, type CouponState } from '../promotions/price'
import { couponOut, discountsOut } from '../promotions/wire'
import { onlyDigits } from '../../../contract/validators'
import type { Db } from '../../db/client'
import { orders } from '../../db/schema'
import type { SessionRecord } from '../session/session'
import { loadCatalogProducts } from '../catalog/cards'
import { pricingRules, type CatalogDeps } from '../catalog/rules'
import { cartRowsFromJson, lineAvailability, priceRows, readCartRows } from './lines'

/** What cart functions need: the database and the store's price settings (a RequestContext fits). */
export type CartDeps = CatalogDeps

/** Whose cart: the session (one cart per session) and its customer, once logged in. */
export type CartSession = Pick<SessionRecord, 'id' | 'customerId'>

/** The discounts of a cart with lines (docs/decisions/0127-promotions.md); an empty cart has none to show. */
type CartDiscounts = { descontos: Desconto[]; cupom: Cupom | null; totalCartao: number; totalPix: number }

export type CartListing = { itens: CartItem[]; total: number; compra: BuyerRecord[] } & Partial<CartDiscounts>

/**
 * The session's cart as listar-carrinho answers it. The cart's rows (what, which option, how many)
 * are read from the database on every call (decision 0034: a cart change on any instance shows at
 * once); their products' names, prices and stock come from the catalog's kept products, which every
 * instance drops when the database announces a change (decision 0117). `along`: the rows as the
 * session's own statement brought them (cartRowsRead). Lines in the order they were added, each
 * marked `disponivel`/`max` (lines.ts); `total` counts only the lines that can be bought; `compra`
 * is the buyer record of the customer's latest order, else []. `trying`: priced with that coupon
 * code instead of the cart's (carrinho/cupom, before the code is kept).
 */
export async function listCart(deps: CartDeps, session: CartSession | null, along?: unknown, trying?: { couponCode: string }): Promise<CartListing> {
  return (await pricedCartListing(deps, session, along, trying)).listing
}

/** listCart's answer with the coupon's state as priceCart gave it (its reason from the catalog, for carrinho/cupom). */
export async function pricedCartListing(
  deps: CartDeps,
  session: CartSession | null,
  along?: unknown,
  trying?: { couponCode: string },
): Promise<{ listing: CartListing; coupon: CouponState | null }> {
  if (!session) return { listing: { itens: [], total: 0, compra: [] }, coupon: null }
  const rules = pricingRules(deps.store)
  const [cart, compra] = await Promise.all([
    along !== undefined ? cartRowsFromJson(along) : readCartRows(deps.db, session.id),
    lastBuyer(deps.db, session.customerId),
  ])
  const cartRows = cart.rows
  const products = await loadCatalogProducts(
    deps.db,
    cartRows.map((r) => r.productId),
    rules,
  )
  const offers = await loadOffers(deps.db, {
    products,
    couponCode: trying ? trying.couponCode : cart.couponCode,
    buyer: { customerId: session.customerId, cpf: null },
    now: new Date(),
    // The cart's own coupon came with its rows (cartRowsRead); one being tried is read by its code.
    ...(trying ? {} : { coupon: cart.coupon }),
  })
  const lines = priceRows(cartRows, products, rules)
  let totalCents = 0
  const availabilities = lines.map(lineAvailability)
  // The one pricing of a cart (docs/decisions/0127-promotions.md): the same as checkout's and the order's.
  const priced = priceCart({
    lines: lines.map((l, i) => ({
      ...pricingFacts(offers, l.productId),
      productId: l.productId,
      quantity: l.quantity,
      unitCents: l.price.unitCents,
      buyable: availabilities[i].disponivel,
    })),
    promotions: offers.promotions,
    couponCode: offers.couponCode,
    coupon: offers.coupon,
    pixPercent: rules.pixDescontoPercentual,
    method: null,
    shipping: null,
    now: new Date(),
  })
  const itens = lines.map((line, i): CartItem => {
    const { price } = line
    const availability = availabilities[i]
    const promoted = priced.lines[i]
    // A line that cannot be bought as it stands is listed, marked, and left out of the total.
    if (availability.disponivel) totalCents += price.totalCents
    return {
      id: line.token,
      token: line.token,
      hash: line.hash,
      titulo: line.titulo,
      imgs: { link: line.imagem },
      categoria: line.categoria,
      quantidade: line.quantity,
      valor: toReais(price.unitCents),
      valor_total: toReais(price.totalCents),
      discountedPricePix: toReais(pixPriceCents(promoted.unitAfterPromotionCents, rules.pixDescontoPercentual)),
      ...(promoted.promotion ? { promocao: { nome: promoted.promotion.name, valor: toReais(promoted.unitAfterPromotionCents) } } : {}),
      // Card instalments carry no interest (store settings): the card price is the unit price.
      installmentPrice: toReais(price.unitCents),
      variacao: line.optionHash ? [{ v1: line.axis ?? '', v2: line.optionName ?? '', v3: line.optionHash }] : [],
      itens_vari: line.variacoes,
      ...availability,
    }
  })
  if (itens.length === 0) return { listing: { itens, total: 0, compra }, coupon: priced.coupon }
  return {
    listing: {
      itens,
      total: toReais(totalCents),
      compra,
      descontos: discountsOut(priced),
      cupom: couponOut(priced),
      totalCartao: toReais(priced.itemsCents - priced.promotionCents - priced.couponCents),
      totalPix: toReais(priced.pixItemsCents),
    },
    coupon: priced.coupon,
  }
}

/** The buyer record of the customer's latest order (prefills checkout identification), else []. */
async function lastBuyer(db: Db, customerId: number | null): Promise<BuyerRecord[]> {
  if (customerId == null) return []
  const found = await db
    .select({
      nome: orders.buyerNome,
      email: orders.buyerEmail,
      cpf: orders.buyerCpf,
      celular: orders.buyerCelular,
      cnpj: orders.buyerCnpj,
      razaoSocial: orders.buyerRazaoSocial,
      ie: orders.buyerIe,
    })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1)
  // The contract carries CPF and celular as digits, however the order kept them.
  return found.map(({ cnpj, razaoSocial, ie, ...b }) => ({
    ...b,
    cpf: onlyDigits(b.cpf),
    celular: onlyDigits(b.celular),
    ...(cnpj && razaoSocial && ie ? { empresa: { cnpj, razaoSocial, ie } } : {}),
  }))
}
