import { desc, eq } from 'drizzle-orm'
import type { BuyerRecord, CartItem } from '../../../contract/cart'
import { toReais } from '../../../contract/pricing'
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

export type CartListing = { itens: CartItem[]; total: number; compra: BuyerRecord[] }

/**
 * The session's cart as listar-carrinho answers it. The cart's rows (what, which option, how many)
 * are read from the database on every call (decision 0034: a cart change on any instance shows at
 * once); their products' names, prices and stock come from the catalog's kept products, which every
 * instance drops when the database announces a change (decision 0117). `along`: the rows as the
 * session's own statement brought them (cartRowsRead). Lines in the order they were added, each
 * marked `disponivel`/`max` (lines.ts); `total` counts only the lines that can be bought; `compra`
 * is the buyer record of the customer's latest order, else [].
 */
export async function listCart(deps: CartDeps, session: CartSession | null, along?: unknown): Promise<CartListing> {
  if (!session) return { itens: [], total: 0, compra: [] }
  const rules = pricingRules(deps.store)
  const [cartRows, compra] = await Promise.all([
    along !== undefined ? cartRowsFromJson(along) : readCartRows(deps.db, session.id),
    lastBuyer(deps.db, session.customerId),
  ])
  const lines = priceRows(
    cartRows,
    await loadCatalogProducts(
      deps.db,
      cartRows.map((r) => r.productId),
      rules,
    ),
    rules,
  )
  let totalCents = 0
  const itens = lines.map((line): CartItem => {
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
      itens_vari: line.variacoes,
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
