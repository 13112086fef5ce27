import { sql, type SQL } from 'drizzle-orm'
import type { PricingRules } from '../../../contract/pricing'
import { LIMITS } from '../../../contract/validators'
import type { Db } from '../../db/client'
import { fromJson, rows } from '../../db/sql'
import { firstImage, toWholesale, wholesaleJson, type CatalogProduct } from '../catalog/cards'
import type { SessionRead } from '../session/session'
import type { PackageLine } from '../shipping/options'
import { couponFactsFrom, couponFactsQuery, type CouponRow } from '../promotions/offers'
import type { CouponFacts } from '../promotions/price'
import { sessionCartId } from './owner'
import { priceLine, type LinePrice } from './pricing'

/** A line of a session's cart as the cart's own rows hold it: what, which option, how many. */
export type CartRow = { token: string; productId: number; optionId: number | null; quantity: number }

/**
 * A cart line with its product's facts, priced for its quantity: what listar-carrinho and the cart
 * page show (list.ts) and checkout reads (StoredLine).
 */
export type PricedLine = CartRow & {
  /** The product's public hash. */
  hash: string
  titulo: string
  categoria: string
  imagem: string
  /** False once the product (or the line's option) is no longer sold. */
  active: boolean
  /** The option's stock when the line has one, else the product's. */
  stock: number
  listCents: number
  wholesale: { min: number; cents: number } | null
  /** The option's axis ('Cor'), name and hash; null without variations. */
  axis: string | null
  optionName: string | null
  optionHash: string | null
  price: LinePrice
}

/** A session's cart line as the database has it now, with its package (checkout and order placement). */
export type StoredLine = PricedLine & PackageLine

type Row = Omit<PackageLine, 'quantity'> & {
  token: string
  product_id: number
  option_id: number | null
  quantity: number
  hash: string
  titulo: string
  categoria: string
  imagem: string | null
  active: boolean
  stock: number
  list_cents: number
  atacado: unknown
  axis: string | null
  option_name: string | null
  option_hash: string | null
}

/** The session's cart lines with the code on the cart (null: none, or no cart yet). */
export type StoredCart = { lines: StoredLine[]; couponCode: string | null }

/**
 * The session's cart lines in the order they were added, read and priced afresh, and the coupon code
 * on the cart, in one statement (never a cache): checkout's and order placement's read, inside their
 * transaction.
 */
export async function readCartLines(db: Db, sessionId: string, rules: PricingRules): Promise<StoredCart> {
  // The cart row joined to its lines as one tree: an empty cart still brings its code.
  const found = await rows<Row & { coupon_code: string | null }>(
    db,
    sql`SELECT ct.coupon_code, ci.token, ci.product_id, ci.option_id, ci.quantity, p.hash, p.titulo, c.titulo AS categoria, ${firstImage(sql`p.id`)} AS imagem,
          p.active AND coalesce(o.active, true) AS active, coalesce(o.stock, p.stock) AS stock, coalesce(o.price_cents, p.price_cents) AS list_cents, ${wholesaleJson} AS atacado,
          v.nome AS axis, o.name AS option_name, o.hash AS option_hash,
          coalesce(o.altura_mm, p.altura_mm) AS "alturaMm", coalesce(o.largura_mm, p.largura_mm) AS "larguraMm",
          coalesce(o.comprimento_mm, p.comprimento_mm) AS "comprimentoMm", coalesce(o.peso_g, p.peso_g) AS "pesoG"
        FROM carts ct
        LEFT JOIN (cart_items ci
          JOIN products p ON p.id = ci.product_id
          JOIN categories c ON c.id = p.category_id
          LEFT JOIN variation_options o ON o.id = ci.option_id
          LEFT JOIN variations v ON v.id = o.variation_id) ON ci.cart_id = ct.id
        WHERE ct.id = ${sessionCartId(sessionId)}
        ORDER BY ci.added_at, ci.id`,
  )
  const lines = found
    .filter((r) => r.token != null)
    .map((r) => {
      const quantity = Number(r.quantity)
      const listCents = Number(r.list_cents)
      const wholesale = toWholesale(r.atacado)
      return {
        token: r.token,
        productId: Number(r.product_id),
        optionId: r.option_id == null ? null : Number(r.option_id),
        hash: r.hash,
        titulo: r.titulo,
        categoria: r.categoria,
        imagem: r.imagem ?? '',
        active: Boolean(r.active),
        stock: Number(r.stock),
        quantity,
        listCents,
        wholesale,
        axis: r.axis,
        optionName: r.option_name,
        optionHash: r.option_hash,
        price: priceLine(listCents, quantity, wholesale, rules),
        alturaMm: Number(r.alturaMm),
        larguraMm: Number(r.larguraMm),
        comprimentoMm: Number(r.comprimentoMm),
        pesoG: Number(r.pesoG),
      }
    })
  return { lines, couponCode: found[0]?.coupon_code ?? null }
}

/**
 * The session's cart as one JSON value: its rows as [token, product, option, quantity] in the order
 * they were added, the coupon code on it and, with a code, that coupon's facts for the session's
 * customer (couponFactsQuery: null when no coupon has the code), so a cart with a coupon is still
 * one statement (docs/decisions/0127-promotions.md).
 */
function cartRowsJson(sessionId: string | SQL, customerId?: SQL): SQL {
  const facts = couponFactsQuery(sql`x.c`, { customerId: sql`x.cu`, cpf: sql`NULL::text`, known: sql`(x.cu IS NOT NULL)` })
  return sql`SELECT json_build_object('l', x.l, 'c', x.c, 'k', (SELECT row_to_json(f) FROM (${facts}) f))
    FROM (SELECT coalesce(json_agg(json_build_array(ci.token, ci.product_id, ci.option_id, ci.quantity) ORDER BY ci.added_at, ci.id) FILTER (WHERE ci.id IS NOT NULL), '[]'::json) AS l,
            max(ct.coupon_code) AS c, ${customerId ?? sql`(SELECT customer_id FROM sessions WHERE id = ${sessionId})`} AS cu
          FROM carts ct LEFT JOIN cart_items ci ON ci.cart_id = ct.id WHERE ct.id = ${sessionCartId(sessionId, customerId)}) x`
}

/**
 * The cart's rows read along with the session (`SessionRead`, decision 0037): listar-carrinho and the
 * cart page make one round trip for a visitor's cart, its products' facts coming from the catalog's
 * kept products (decision 0117).
 */
export const cartRowsRead: SessionRead = { along: cartRowsJson }

/** The session's cart: its rows, its coupon code and that coupon's facts for the session's customer (null: no coupon has the code). */
export type CartRead = { rows: CartRow[]; couponCode: string | null; coupon: CouponFacts | null }

/** The cart's rows and coupon as cartRowsRead brings them along. */
export function cartRowsFromJson(value: unknown): CartRead {
  const read = fromJson<{ l?: Array<[string, number, number | null, number]>; c?: string | null; k?: CouponRow | null } | null>(value, null)
  return {
    rows: (read?.l ?? []).map(([token, productId, optionId, quantity]) => ({
      token,
      productId: Number(productId),
      optionId: optionId == null ? null : Number(optionId),
      quantity: Number(quantity),
    })),
    couponCode: read?.c ?? null,
    coupon: read?.k ? couponFactsFrom(read.k) : null,
  }
}

/** The session's cart rows and coupon, read alone (when no session read brought them). */
export async function readCartRows(db: Db, sessionId: string): Promise<CartRead> {
  const [row] = await rows<{ linhas: unknown }>(db, sql`SELECT (${cartRowsJson(sessionId)}) AS linhas`)
  return cartRowsFromJson(row?.linhas)
}

/**
 * The cart's rows with their products' facts (catalog/cards.ts), priced. A row whose product is
 * unknown is left out (rows go with their product); an option the product no longer has reads as
 * no longer sold.
 */
export function priceRows(
  found: readonly CartRow[],
  products: ReadonlyMap<number, CatalogProduct>,
  rules: PricingRules,
): Array<PricedLine & Pick<CatalogProduct, 'variacoes'>> {
  const priced: Array<PricedLine & Pick<CatalogProduct, 'variacoes'>> = []
  for (const row of found) {
    const product = products.get(row.productId)
    if (!product) continue
    const option = row.optionId == null ? null : product.options.get(row.optionId)
    const listCents = option ? option.cents : product.cents
    priced.push({
      token: row.token,
      productId: row.productId,
      optionId: row.optionId,
      quantity: row.quantity,
      hash: product.hash,
      titulo: product.titulo,
      categoria: product.categoria,
      imagem: product.imagem,
      active: product.active && (row.optionId == null || option?.active === true),
      stock: option ? option.stock : product.stock,
      listCents,
      wholesale: product.wholesale,
      axis: option?.axis ?? null,
      optionName: option?.name ?? null,
      optionHash: option?.hash ?? null,
      price: priceLine(listCents, row.quantity, product.wholesale, rules),
      variacoes: product.variacoes,
    })
  }
  return priced
}

/**
 * Whether a line can be bought as it stands (decision 0031): its product still sold and its stock
 * at least its quantity. `max` is the most it can hold now (0 when no longer sold or sold out). The
 * shopper's quantity is never changed for them: the views say what is wrong and checkout refuses.
 */
export function lineAvailability(line: Pick<StoredLine, 'active' | 'stock' | 'quantity'>): { disponivel: boolean; max: number } {
  const max = line.active ? Math.min(Math.max(0, line.stock), LIMITS.quantidade) : 0
  return { disponivel: line.quantity <= max, max }
}
