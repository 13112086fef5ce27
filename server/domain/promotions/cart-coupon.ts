import { sql } from 'drizzle-orm'
import { COUPON } from '../../../contract/messages/coupons'
import type { Cupom } from '../../../contract/promotions'
import { giveBack, take, type LimitName } from '../account/limits'
import { pricedCartListing, type CartDeps, type CartSession } from '../cart/list'
import { sessionCartId } from '../cart/owner'
import { refuse, type Refusal } from '../refusal'
import { couponFacts, normalizeCode } from './offers'

export const COUPON_APPLIED = 'Cupom aplicado.'
export const COUPON_REMOVED = 'Cupom removido.'

/**
 * POST carrinho/cupom: keeps a coupon on the session's cart (the cart's, so it follows the cart
 * across devices and login) when it applies to the cart now; otherwise says why and keeps nothing.
 * Codes are trimmed and compared in upper case. A code the store does not know counts against the
 * session's and the address's few tries a minute (taken first, so a burst of guesses cannot all
 * pass before a miss is counted; given back when the code exists).
 */
export async function applyCartCoupon(
  deps: CartDeps,
  session: CartSession | null,
  input: { codigo: string; ip: string },
): Promise<{ estado: 'sucesso'; cupom: Cupom; msg: string } | Refusal> {
  const code = normalizeCode(input.codigo)
  const keys: Array<[LimitName, string]> = [['cupomIp', input.ip], ...(session ? [['cupomSessao', session.id] as [LimitName, string]] : [])]
  const allowed = await Promise.all(keys.map(([name, key]) => take(deps.db, name, key)))
  if (allowed.includes(false)) return refuse(COUPON.tooMany)
  const known = (await couponFacts(deps.db, code, { customerId: null, cpf: null })) !== null
  if (known) await Promise.all(keys.map(([name, key]) => giveBack(deps.db, name, key)))
  else return refuse(COUPON.unknown)
  const { listing: cart, coupon } = await pricedCartListing(deps, session, undefined, { couponCode: code })
  if (!session || cart.itens.length === 0) return refuse(COUPON.emptyCart)
  const cupom = cart.cupom
  // The reason priceCart gave, as the catalog has it.
  if (!cupom?.aplicado || !coupon?.applied) return refuse(coupon && !coupon.applied ? coupon.reason : COUPON.unknown)
  await deps.db.execute(sql`UPDATE carts SET coupon_code = ${code}, updated_at = now() WHERE id = ${sessionCartId(session.id)}`)
  return { estado: 'sucesso', cupom, msg: COUPON_APPLIED }
}

/** POST carrinho/cupom/remover: takes the coupon off the session's cart (nothing to take off is fine). */
export async function removeCartCoupon(deps: CartDeps, session: CartSession | null): Promise<{ estado: 'sucesso'; msg: string }> {
  if (session) await deps.db.execute(sql`UPDATE carts SET coupon_code = NULL, updated_at = now() WHERE id = ${sessionCartId(session.id)}`)
  return { estado: 'sucesso', msg: COUPON_REMOVED }
}
