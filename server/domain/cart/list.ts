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
import { priceLine } from './pricing'

/** What cart functions need: the database and the store's price settings (a RequestContext fits). */
export type CartDeps = CatalogDeps

/** Whose cart: the session (one cart per session) and its customer, once logged in. */
export type CartSession = Pick<SessionRecord, 'id' | 'customerId'>

export type CartListing = { itens: CartItem[]; total: number; compra: BuyerRecord[] }

type LineRow = {
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
 * The session's cart as listar-carrinho answers it, re-priced from the database on every read (no
 * cache: the panel, the cart page and checkout see what an order would be charged). Lines in the
 * order they were added; `compra` is the buyer record of the customer's latest order, else [].
 */
export async function listCart(deps: CartDeps, session: CartSession | null): Promise<CartListing> {
  if (!session) return { itens: [], total: 0, compra: [] }
  const [lines, compra] = await Promise.all([loadLines(deps.db, session.id), lastBuyer(deps.db, session.customerId)])
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
    sql`SELECT ci.token, ci.quantity, p.hash, p.titulo, c.titulo AS categoria, ${firstImage(sql`p.id`)} AS img,
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
