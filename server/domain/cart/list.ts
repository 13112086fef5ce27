import { desc, eq } from 'drizzle-orm'
import type { BuyerRecord, CartItem } from '../../../contract/cart'
import { toReais } from '../../../contract/pricing'
import { onlyDigits } from '../../../contract/validators'
import type { Db } from '../../db/client'
import { orders } from '../../db/schema'
import type { SessionRecord } from '../session/session'
import { toVariacoes } from '../catalog/cards'
import { pricingRules, type CatalogDeps } from '../catalog/rules'
import { cachePerDb, cartTag, productTag } from '../../cache'
import { CART_CACHE_TTL_MS } from './in-cart'
import { lineAvailability, readCartLines } from './lines'

/** What cart functions need: the database and the store's price settings (a RequestContext fits). */
export type CartDeps = CatalogDeps

/** Whose cart: the session (one cart per session) and its customer, once logged in. */
export type CartSession = Pick<SessionRecord, 'id' | 'customerId'>

export type CartListing = { itens: CartItem[]; total: number; compra: BuyerRecord[] }

/**
 * Listings this process keeps per session for CART_CACHE_TTL_MS (the panel opens and the cart page
 * reloads often; reading 10 lines with their variations costs ~6 ms on PGlite). Tagged with the
 * session's cart and each line's product: a cart write (forgetCartProducts), a login or logout, an
 * order and a price, stock or active change (forgetProducts) drop them at once. Another instance may
 * show an older listing for up to that TTL; checkout reads its lines afresh (checkout/lines.ts).
 */
const listings = cachePerDb<Promise<CartListing>>({ name: 'cart-listings', ttlMs: CART_CACHE_TTL_MS, maxEntries: 20_000, scope: 'session' })

/**
 * The session's cart as listar-carrinho answers it, priced from the database (kept as above). Lines
 * in the order they were added, each marked `disponivel`/`max` (lines.ts); `total` counts only the
 * lines that can be bought; `compra` is the buyer record of the customer's latest order, else [].
 * Callers share the object: never change it.
 */
export function listCart(deps: CartDeps, session: CartSession | null): Promise<CartListing> {
  if (!session) return Promise.resolve({ itens: [], total: 0, compra: [] })
  return listings
    .of(deps.db)
    .getOrCompute(`${session.id}\u0000${session.customerId ?? ''}`, (tags) => readCart(deps, session, tags), { tags: [cartTag(session.id)], sink: deps.tags })
}

async function readCart(deps: CartDeps, session: CartSession, tags: Set<string>): Promise<CartListing> {
  const [lines, compra] = await Promise.all([readCartLines(deps.db, session.id, pricingRules(deps.store), { variations: true }), lastBuyer(deps.db, session.customerId)])
  let totalCents = 0
  const itens = lines.map((line): CartItem => {
    tags.add(productTag(line.productId))
    const { price } = line
    const availability = lineAvailability(line)
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
      discountedPricePix: toReais(price.pixCents),
      // Card instalments carry no interest (store settings): the card price is the unit price.
      installmentPrice: toReais(price.unitCents),
      variacao: line.optionHash ? [{ v1: line.axis ?? '', v2: line.optionName ?? '', v3: line.optionHash }] : [],
      itens_vari: toVariacoes(line.variacoes),
      ...availability,
    }
  })
  return { itens, total: toReais(totalCents), compra }
}

/** The buyer record of the customer's latest order (prefills checkout identification), else []. */
async function lastBuyer(db: Db, customerId: number | null): Promise<BuyerRecord[]> {
  if (customerId == null) return []
  const found = await db
    .select({ nome: orders.buyerNome, email: orders.buyerEmail, cpf: orders.buyerCpf, celular: orders.buyerCelular })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1)
  // The contract carries CPF and celular as digits, however the order kept them.
  return found.map((b) => ({ ...b, cpf: onlyDigits(b.cpf), celular: onlyDigits(b.celular) }))
}
