import { sql, type SQL } from 'drizzle-orm'
import type { PricingRules } from '../../../contract/pricing'
import { LIMITS } from '../../../contract/validators'
import type { Db } from '../../db/client'
import { fromJson, rows } from '../../db/sql'
import { firstImage, toWholesale, variationsJson, wholesaleJson } from '../catalog/cards'
import type { PackageLine } from '../shipping/options'
import { sessionCartId } from './owner'
import { priceLine, type LinePrice } from './pricing'

/**
 * A session's cart line as the database has it now, priced for its quantity: the one read behind
 * listar-carrinho (cart/list.ts) and checkout and order placement (checkout/lines.ts).
 */
export type StoredLine = PackageLine & {
  token: string
  productId: number
  optionId: number | null
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
  /** Every axis of the product with its options (raw JSON), only when asked for. */
  variacoes: unknown
  price: LinePrice
}

type Row = PackageLine & {
  token: string
  product_id: number
  option_id: number | null
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
  variacoes?: unknown
}

/** The columns of a session's cart lines; `variations` adds each product's axes and options. */
function linesSelect(sessionId: string | SQL, options: { variations?: boolean }): SQL {
  return sql`SELECT ci.token, ci.product_id, ci.option_id, ci.quantity, p.hash, p.titulo, c.titulo AS categoria, ${firstImage(sql`p.id`)} AS imagem,
          p.active AND coalesce(o.active, true) AS active, coalesce(o.stock, p.stock) AS stock, coalesce(o.price_cents, p.price_cents) AS list_cents, ${wholesaleJson} AS atacado,
          v.nome AS axis, o.name AS option_name, o.hash AS option_hash,
          ${options.variations ? sql`${variationsJson} AS variacoes,` : sql``}
          p.altura_mm AS "alturaMm", p.largura_mm AS "larguraMm", p.comprimento_mm AS "comprimentoMm", p.peso_g AS "pesoG",
          ci.added_at, ci.id AS line_id
        FROM carts ct
        JOIN cart_items ci ON ci.cart_id = ct.id
        JOIN products p ON p.id = ci.product_id
        JOIN categories c ON c.id = p.category_id
        LEFT JOIN variation_options o ON o.id = ci.option_id
        LEFT JOIN variations v ON v.id = o.variation_id
        WHERE ct.id = ${sessionCartId(sessionId)}`
}

/**
 * The session's cart lines in the order they were added, read and priced afresh (never a cache).
 * `variations` adds each product's axes and options (the cart page's dropdown); checkout needs none.
 */
export async function readCartLines(db: Db, sessionId: string, rules: PricingRules, options: { variations?: boolean } = {}): Promise<StoredLine[]> {
  const found = await rows<Row>(db, sql`${linesSelect(sessionId, options)} ORDER BY ci.added_at, ci.id`)
  return toStoredLines(found, rules)
}

/**
 * The cart lines with variations as one JSON array, for reading along with the session
 * (`SessionRead`, decision 0037): listar-carrinho and the cart page make one round trip.
 */
export function cartLinesJson(sessionId: string | SQL): SQL {
  return sql`SELECT coalesce(json_agg(l ORDER BY l.added_at, l.line_id), '[]'::json) FROM (${linesSelect(sessionId, { variations: true })}) l`
}

/** Lines read along with the session (cartLinesJson), priced. */
export function linesFromJson(value: unknown, rules: PricingRules): StoredLine[] {
  return toStoredLines(fromJson<Row[]>(value, []), rules)
}

function toStoredLines(found: Row[], rules: PricingRules): StoredLine[] {
  return found.map((r) => {
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
      variacoes: r.variacoes ?? [],
      price: priceLine(listCents, quantity, wholesale, rules),
      alturaMm: Number(r.alturaMm),
      larguraMm: Number(r.larguraMm),
      comprimentoMm: Number(r.comprimentoMm),
      pesoG: Number(r.pesoG),
    }
  })
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
