import { desc, eq, sql } from 'drizzle-orm'
import type { BuyerRecord, CartItem } from '../../../contract/cart'
import { toReais } from '../../../contract/pricing'
import { onlyDigits } from '../../../contract/validators'
import type { Db } from '../../db/client'
import { orders } from '../../db/schema'
import { rows } from '../../db/sql'
import type { SessionRecord } from '../session/session'
import { firstImage, toVariacoes, toWholesale, variationsJson, wholesaleJson } from '../catalog/cards'
import { pricingRules, type CatalogDeps } from '../catalog/rules'
import { cachePerDb, cartTag, productTag } from '../../cache'
import { CART_CACHE_TTL_MS } from './in-cart'
import { priceLine } from './pricing'

/** What cart functions need: the database and the store's price settings (a RequestContext fits). */
export type CartDeps = CatalogDeps

/** Whose cart: the session (one cart per session) and its customer, once logged in. */
export type CartSession = Pick<SessionRecord, 'id' | 'customerId'>

export type CartListing = { itens: CartItem[]; total: number; compra: BuyerRecord[] }

type LineRow = {
  product_id: number
  token: string
  quantity: number
  hash: string
  titulo: string
  categoria: string
  img: string | null
  list_cents: number
  axis: string | null
  option_name: string | null
  option_hash: string | null
  atacado: unknown
  variacoes: unknown
}

/**
 * Listings this process keeps per session for CART_CACHE_TTL_MS (the panel opens and the cart page
 * reloads often; reading 10 lines with their variations costs ~6 ms on PGlite). Tagged with the
 * session's cart and each line's product: a cart write (forgetCartProducts), a login or logout, an
 * order and a price or stock change (forgetProducts) drop them at once. Another instance may show an
 * older listing for up to that TTL; checkout reads its lines afresh (checkout/lines.ts).
 */
const listings = cachePerDb<Promise<CartListing>>({ name: 'cart-listings', ttlMs: CART_CACHE_TTL_MS, maxEntries: 20_000, scope: 'session' })

/**
 * The session's cart as listar-carrinho answers it, priced from the database (kept as above). Lines
 * in the order they were added; `compra` is the buyer record of the customer's latest order, else [].
 * Callers share the object: never change it.
 */
export function listCart(deps: CartDeps, session: CartSession | null): Promise<CartListing> {
  if (!session) return Promise.resolve({ itens: [], total: 0, compra: [] })
  return listings
    .of(deps.db)
    .getOrCompute(`${session.id}\u0000${session.customerId ?? ''}`, (tags) => readCart(deps, session, tags), { tags: [cartTag(session.id)] })
}

async function readCart(deps: CartDeps, session: CartSession, tags: Set<string>): Promise<CartListing> {
  const [lines, compra] = await Promise.all([loadLines(deps.db, session.id), lastBuyer(deps.db, session.customerId)])
  for (const row of lines) tags.add(productTag(Number(row.product_id)))
  const rules = pricingRules(deps.store)
  let totalCents = 0
  const itens = lines.map((row): CartItem => {
    const quantidade = Number(row.quantity)
    const price = priceLine(Number(row.list_cents), quantidade, toWholesale(row.atacado), rules)
    totalCents += price.totalCents
    return {
      id: row.token,
      token: row.token,
      hash: row.hash,
      titulo: row.titulo,
      imgs: { link: row.img ?? '' },
      categoria: row.categoria,
      quantidade,
      valor: toReais(price.unitCents),
      valor_total: toReais(price.totalCents),
      discountedPricePix: toReais(price.pixCents),
      // Card instalments carry no interest (store settings): the card price is the unit price.
      installmentPrice: toReais(price.unitCents),
      variacao: row.option_hash ? [{ v1: row.axis ?? '', v2: row.option_name ?? '', v3: row.option_hash }] : [],
      itens_vari: toVariacoes(row.variacoes),
    }
  })
  return { itens, total: toReais(totalCents), compra }
}

function loadLines(db: Db, sessionId: string): Promise<LineRow[]> {
  return rows<LineRow>(
    db,
    sql`SELECT p.id AS product_id, ci.token, ci.quantity, p.hash, p.titulo, c.titulo AS categoria, ${firstImage(sql`p.id`)} AS img,
          coalesce(o.price_cents, p.price_cents) AS list_cents, v.nome AS axis, o.name AS option_name, o.hash AS option_hash,
          ${wholesaleJson} AS atacado, ${variationsJson} AS variacoes
        FROM carts ct
        JOIN cart_items ci ON ci.cart_id = ct.id
        JOIN products p ON p.id = ci.product_id
        JOIN categories c ON c.id = p.category_id
        LEFT JOIN variation_options o ON o.id = ci.option_id
        LEFT JOIN variations v ON v.id = o.variation_id
        WHERE ct.session_id = ${sessionId}
        ORDER BY ci.added_at, ci.id`,
  )
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
