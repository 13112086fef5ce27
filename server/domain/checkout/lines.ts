import { sql } from 'drizzle-orm'
import type { PricingRules } from '../../../contract/pricing'
import type { Db } from '../../db/client'
import { rows } from '../../db/sql'
import { firstImage, toWholesale, wholesaleJson } from '../catalog/cards'
import { priceLine } from '../cart/pricing'
import type { PackageLine } from '../shipping/options'

/** A cart line as checkout and placement see it: read live, priced now. */
export type CheckoutLine = PackageLine & {
  productId: number
  optionId: number | null
  titulo: string
  /** 'Cor: Azul', or '' without variations. */
  variacao: string
  imagem: string
  active: boolean
  /** The option's stock when the line has one, else the product's. */
  stock: number
  listCents: number
  wholesale: { min: number; cents: number } | null
  unitCents: number
  totalCents: number
  pixCents: number
}

type Row = PackageLine & {
  product_id: number
  option_id: number | null
  titulo: string
  axis: string | null
  option_name: string | null
  imagem: string | null
  active: boolean
  stock: number
  list_cents: number
  atacado: unknown
}

/** The session's cart lines in the order they were added, re-priced from the database (never a cache). */
export async function loadCheckoutLines(db: Db, sessionId: string, rules: PricingRules): Promise<CheckoutLine[]> {
  const found = await rows<Row>(
    db,
    sql`SELECT ci.product_id, ci.option_id, ci.quantity, p.titulo, p.active, v.nome AS axis, o.name AS option_name,
          ${firstImage(sql`p.id`)} AS imagem, coalesce(o.stock, p.stock) AS stock, coalesce(o.price_cents, p.price_cents) AS list_cents,
          ${wholesaleJson} AS atacado,
          p.altura_mm AS "alturaMm", p.largura_mm AS "larguraMm", p.comprimento_mm AS "comprimentoMm", p.peso_g AS "pesoG"
        FROM carts ct
        JOIN cart_items ci ON ci.cart_id = ct.id
        JOIN products p ON p.id = ci.product_id
        LEFT JOIN variation_options o ON o.id = ci.option_id
        LEFT JOIN variations v ON v.id = o.variation_id
        WHERE ct.session_id = ${sessionId}
        ORDER BY ci.added_at, ci.id`,
  )
  return found.map((r) => {
    const quantity = Number(r.quantity)
    const listCents = Number(r.list_cents)
    const wholesale = toWholesale(r.atacado)
    const price = priceLine(listCents, quantity, wholesale, rules)
    return {
      productId: Number(r.product_id),
      optionId: r.option_id == null ? null : Number(r.option_id),
      titulo: r.titulo,
      variacao: r.option_name ? `${r.axis ?? 'Opção'}: ${r.option_name}` : '',
      imagem: r.imagem ?? '',
      active: Boolean(r.active),
      stock: Number(r.stock),
      quantity,
      listCents,
      wholesale,
      unitCents: price.unitCents,
      totalCents: price.totalCents,
      pixCents: price.pixCents,
      alturaMm: Number(r.alturaMm),
      larguraMm: Number(r.larguraMm),
      comprimentoMm: Number(r.comprimentoMm),
      pesoG: Number(r.pesoG),
    }
  })
}
