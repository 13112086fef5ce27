import { CHECKOUT } from '../../../contract/messages/checkout-reasons'
import type { Reason } from '../../../contract/messages/reason'
import type { PricingRules } from '../../../contract/pricing'
import type { Db } from '../../db/client'
import { lineAvailability, readCartLines } from '../cart/lines'
import type { PackageLine } from '../shipping/options'

/** A cart line as checkout and placement see it: read live, priced now. */
export type CheckoutLine = PackageLine & {
  /** The cart line's own id (a line added again after an order is a new line): the placement key reads it. */
  token: string
  productId: number
  optionId: number | null
  titulo: string
  /** 'Cor: Azul', or '' without variations. */
  variacao: string
  imagem: string
  active: boolean
  /** The option's stock when the line has one, else the product's. */
  stock: number
  /** The cart's rule (cart/lines.ts lineAvailability): can it be bought as it stands, and how many at most. */
  disponivel: boolean
  max: number
  listCents: number
  wholesale: { min: number; cents: number } | null
  unitCents: number
  totalCents: number
  pixCents: number
}

/**
 * The session's cart lines in the order they were added, re-priced from the database (never a cache),
 * and the coupon code on the cart: the cart's own read, one statement.
 */
export async function loadCheckoutLines(db: Db, sessionId: string, rules: PricingRules): Promise<{ lines: CheckoutLine[]; couponCode: string | null }> {
  const cart = await readCartLines(db, sessionId, rules)
  const lines = cart.lines.map((l) => ({
    token: l.token,
    productId: l.productId,
    optionId: l.optionId,
    titulo: l.titulo,
    variacao: l.optionName ? `${l.axis ?? 'Opção'}: ${l.optionName}` : '',
    imagem: l.imagem,
    active: l.active,
    stock: l.stock,
    ...lineAvailability(l),
    quantity: l.quantity,
    listCents: l.listCents,
    wholesale: l.wholesale,
    unitCents: l.price.unitCents,
    totalCents: l.price.totalCents,
    pixCents: l.price.pixCents,
    alturaMm: l.alturaMm,
    larguraMm: l.larguraMm,
    comprimentoMm: l.comprimentoMm,
    pesoG: l.pesoG,
  }))
  return { lines, couponCode: cart.couponCode }
}

/**
 * Why checkout cannot take these lines, in placement's words, for the first line the cart's rule
 * says cannot be bought (decision 0031): 'não está mais disponível' once no longer sold, else
 * 'Estoque insuficiente'; null when every line can be bought.
 */
export function unbuyableReason(lines: readonly Pick<CheckoutLine, 'titulo' | 'active' | 'disponivel'>[]): Reason | null {
  const line = lines.find((l) => !l.disponivel)
  if (!line) return null
  return line.active ? CHECKOUT.semEstoque(line.titulo) : CHECKOUT.indisponivel(line.titulo)
}

/**
 * Whether a cart listing (listar-carrinho, each line's `disponivel` from lineAvailability) can go
 * to checkout: not empty, and every line buyable. Every checkout page sends the shopper back to
 * the cart page otherwise, whose notices say what to fix.
 */
export const readyForCheckout = (cart: { itens: ReadonlyArray<{ disponivel: boolean }> }): boolean =>
  cart.itens.length > 0 && cart.itens.every((item) => item.disponivel)
