import { sql, type SQL } from 'drizzle-orm'
import { CART_MESSAGES } from '../../../contract/messages/cart'
import { CART } from '../../../contract/messages/cart-reasons'
import { toReais } from '../../../contract/pricing'
import { LIMITS } from '../../../contract/validators'
import type { Db } from '../../db/client'
import { transaction } from '../../db/tx'
import { rows } from '../../db/sql'
import { randomToken } from '../../lib/tokens'
import { toWholesale, wholesaleJson } from '../catalog/cards'
import { pricingRules } from '../catalog/rules'
import { sessionCartId } from './owner'
import type { CartDeps, CartSession } from './list'
import { priceLine } from './pricing'
import { refuse, type Refusal } from '../refusal'

/**
 * Cart changes. Each runs in one transaction that first locks the session's cart row (an upsert
 * when adding, an update otherwise), so two changes to one cart run one after the other and a
 * stock check always sees the quantity the other change left: parallel adds for the last units
 * never leave a line above the stock. A refusal rolls the transaction back: the cart stays exactly
 * as it was. Nothing of a cart is kept in a process (decision 0034): every instance reads the
 * change at once. Stock is checked here, not taken: an order takes it.
 */

/** A product (and the line's option) as the stock check and the prices need it. */
type Offer = {
  product_id: number
  /** The product and the line's option (when it has one) are both still sold. */
  active: boolean
  product_active: boolean
  has_options: boolean
  option_id: number | null
  list_cents: number
  stock: number
  atacado: unknown
}

const offerColumns = sql`p.id AS product_id, p.active AND coalesce(o.active, true) AS active, p.active AS product_active,
  EXISTS (SELECT 1 FROM variation_options x WHERE x.product_id = p.id AND x.active) AS has_options,
  o.id AS option_id, coalesce(o.price_cents, p.price_cents) AS list_cents, coalesce(o.stock, p.stock) AS stock,
  ${wholesaleJson} AS atacado`

/** A line of this cart by its token, with its offer. */
type Line = Offer & { id: number; quantity: number }

async function findLine(tx: Db, cartId: number, token: string): Promise<Line | undefined> {
  const [line] = await rows<Line>(
    tx,
    sql`SELECT ci.id, ci.quantity, ${offerColumns}
        FROM cart_items ci JOIN products p ON p.id = ci.product_id
        LEFT JOIN variation_options o ON o.id = ci.option_id
        WHERE ci.cart_id = ${cartId} AND ci.token = ${token}`,
  )
  return (
    line && {
      ...line,
      id: Number(line.id),
      quantity: Number(line.quantity),
      product_id: Number(line.product_id),
      option_id: line.option_id == null ? null : Number(line.option_id),
      stock: Number(line.stock),
    }
  )
}

/** Locks the session's cart row until the transaction ends and marks it used; null when it has none. */
async function lockCart(tx: Db, sessionId: string): Promise<number | null> {
  const [cart] = await rows<{ id: number }>(tx, sql`UPDATE carts SET updated_at = now() WHERE id = ${sessionCartId(sessionId)} RETURNING id`)
  return cart ? Number(cart.id) : null
}

async function countPieces(tx: Db, cartId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(tx, sql`SELECT coalesce(sum(quantity), 0)::int AS n FROM cart_items WHERE cart_id = ${cartId}`)
  return Number(row?.n ?? 0)
}

const unknownLine = (): never => {
  throw refuse(CART.item)
}
/** A line whose product is no longer sold can only be removed (listar-carrinho marks it). */
const noLongerSold = (): never => {
  throw refuse(CART.produtoForaDeVenda)
}

/** carrinho/add: `id` product hash, `variacao` option hash. Adding what the cart has adds to that line. */
export async function addToCart(
  deps: CartDeps,
  session: CartSession,
  input: { id: string; qtd: number; variacao?: string },
): Promise<{ estado: 'sucesso'; itens: number } | Refusal> {
  return transaction(deps.db, async (tx) => {
    const option = input.variacao ? sql`o.product_id = p.id AND o.hash = ${input.variacao} AND o.active` : sql`false`
    const [offer] = await rows<Offer>(tx, sql`SELECT ${offerColumns} FROM products p LEFT JOIN variation_options o ON ${option} WHERE p.hash = ${input.id}`)
    if (!offer || !offer.active) throw refuse(CART.produto)
    if (offer.has_options && !input.variacao) throw refuse(CART.selecioneVariacao)
    if (input.variacao && offer.option_id == null) throw refuse(CART.variacao)
    const stock = Number(offer.stock)
    if (stock <= 0) throw refuse(CART.esgotado)

    const [cart] = await rows<{ id: number }>(
      tx,
      session.customerId != null
        ? sql`INSERT INTO carts (customer_id) VALUES (${session.customerId})
              ON CONFLICT (customer_id) WHERE customer_id IS NOT NULL DO UPDATE SET updated_at = now() RETURNING id`
        : sql`INSERT INTO carts (session_id) VALUES (${session.id})
              ON CONFLICT (session_id) DO UPDATE SET updated_at = now() RETURNING id`,
    )
    const cartId = Number(cart.id)
    const [line] = await rows<{ quantity: number }>(tx, sql`SELECT quantity FROM cart_items WHERE ${lineOf(cartId, offer.product_id, offer.option_id)}`)
    const inCart = Number(line?.quantity ?? 0)
    if (inCart + input.qtd > stock) {
      throw refuse(CART.restam(stock, inCart))
    }
    if (inCart + input.qtd > LIMITS.quantidade) throw refuse(CART.quantidadeMaxima)
    await tx.execute(
      sql`INSERT INTO cart_items (cart_id, product_id, option_id, token, quantity)
          VALUES (${cartId}, ${offer.product_id}, ${offer.option_id}, ${randomToken(12)}, ${input.qtd})
          ON CONFLICT ON CONSTRAINT cart_items_line_uq DO UPDATE SET quantity = cart_items.quantity + excluded.quantity`,
    )
    return { estado: 'sucesso' as const, itens: await countPieces(tx, cartId) }
  })
}

/** carrinho/rmv: removes the line named by its token. */
export async function removeFromCart(
  deps: CartDeps,
  session: CartSession,
  token: string,
): Promise<{ estado: 'sucesso'; itens: number; msg: string } | Refusal> {
  return transaction(deps.db, async (tx) => {
    const cartId = (await lockCart(tx, session.id)) ?? unknownLine()
    const removed = await rows(tx, sql`DELETE FROM cart_items WHERE cart_id = ${cartId} AND token = ${token} RETURNING id`)
    if (removed.length === 0) return unknownLine()
    return { estado: 'sucesso' as const, itens: await countPieces(tx, cartId), msg: CART_MESSAGES.removido }
  })
}

/**
 * alterar-pedido: sets a line's quantity; `valor` is the new line total. Above the stock the
 * quantity is not changed and the answer is MaxLimite with the stock as `max`. A quantity of 0 is
 * ignored: 'sucesso' with the current line total. A product no longer sold is refused.
 */
export async function changeQuantity(
  deps: CartDeps,
  session: CartSession,
  input: { pdt: string; qtd: number },
): Promise<{ estado: 'sucesso'; valor: number } | Refusal> {
  const rules = pricingRules(deps.store)
  const total = (line: Line, quantity: number) => toReais(priceLine(Number(line.list_cents), quantity, toWholesale(line.atacado), rules).totalCents)
  if (input.qtd === 0) {
    const [row] = await rows<{ id: number }>(deps.db, sql`SELECT ${sessionCartId(session.id)} AS id`)
    const line = row && (await findLine(deps.db, Number(row.id), input.pdt))
    if (!line) return refuse(CART.item)
    return { estado: 'sucesso', valor: total(line, line.quantity) }
  }
  return transaction(deps.db, async (tx) => {
    const cartId = (await lockCart(tx, session.id)) ?? unknownLine()
    const line = (await findLine(tx, cartId, input.pdt)) ?? unknownLine()
    if (!line.active) return noLongerSold()
    if (input.qtd > line.stock) {
      // The client resets the quantity to `max` (docs/requirements.md, alterar-pedido).
      throw refuse(CART.restam(line.stock), { estado: 'MaxLimite', max: Math.max(0, line.stock) })
    }
    await tx.execute(sql`UPDATE cart_items SET quantity = ${input.qtd} WHERE id = ${line.id}`)
    return { estado: 'sucesso' as const, valor: total(line, input.qtd) }
  })
}

/**
 * atualizar-variacao: moves a line to another option of its product (`vrc`, the option hash). When
 * the cart already has a line of that option the two merge into this one, capped at the option's
 * stock; a line above the new option's stock is capped too. `v_u`/`v_t`: the new unit price and total.
 */
export async function changeVariation(
  deps: CartDeps,
  session: CartSession,
  input: { id: string; vrc: string },
): Promise<{ estado: 'sucesso'; v_u: number; v_t: number; msg: string } | Refusal> {
  const rules = pricingRules(deps.store)
  return transaction(deps.db, async (tx) => {
    const cartId = (await lockCart(tx, session.id)) ?? unknownLine()
    const line = (await findLine(tx, cartId, input.id)) ?? unknownLine()
    // A line whose option was deactivated can still move to another option of its product.
    if (!line.product_active) return noLongerSold()
    const [option] = await rows<{ id: number; price_cents: number; stock: number }>(
      tx,
      sql`SELECT id, price_cents, stock FROM variation_options WHERE hash = ${input.vrc} AND product_id = ${line.product_id} AND active`,
    )
    if (!option) throw refuse(CART.variacao)
    const optionId = Number(option.id)
    let quantity = line.quantity
    if (optionId !== line.option_id) {
      const stock = Number(option.stock)
      if (stock <= 0) throw refuse(CART.variacaoEsgotada)
      const [merged] = await rows<{ quantity: number }>(tx, sql`DELETE FROM cart_items WHERE ${lineOf(cartId, line.product_id, optionId)} RETURNING quantity`)
      quantity = Math.min(line.quantity + Number(merged?.quantity ?? 0), stock)
      await tx.execute(sql`UPDATE cart_items SET option_id = ${optionId}, quantity = ${quantity} WHERE id = ${line.id}`)
    }
    const price = priceLine(Number(option.price_cents), quantity, toWholesale(line.atacado), rules)
    return { estado: 'sucesso' as const, v_u: toReais(price.unitCents), v_t: toReais(price.totalCents), msg: CART_MESSAGES.variacaoAtualizada }
  })
}

const lineOf = (cartId: number, productId: number, optionId: number | null): SQL =>
  sql`cart_id = ${cartId} AND product_id = ${productId} AND option_id IS NOT DISTINCT FROM ${optionId}`
