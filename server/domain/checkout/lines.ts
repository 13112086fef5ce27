import type { PricingRules } from '../../../contract/pricing'
import type { Db } from '../../db/client'
import { readCartLines } from '../cart/lines'
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

/** The session's cart lines in the order they were added, re-priced from the database (never a cache): the cart's own read. */
export async function loadCheckoutLines(db: Db, sessionId: string, rules: PricingRules): Promise<CheckoutLine[]> {
  return (await readCartLines(db, sessionId, rules)).map((l) => ({
    productId: l.productId,
    optionId: l.optionId,
    titulo: l.titulo,
    variacao: l.optionName ? `${l.axis ?? 'Opção'}: ${l.optionName}` : '',
    imagem: l.imagem,
    active: l.active,
    stock: l.stock,
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
}
