import { redirect } from 'react-router'
import { listCart, type CartListing } from '../../server/domain/cart'
import { readyForCheckout } from '../../server/domain/checkout/lines'
import { privateAnswer } from '../../server/http/cache-headers'
import type { RequestContext } from '../../server/http/context'

/**
 * The session's cart for a checkout page (/checkout, /checkout/address, /checkout/pagamento,
 * /compras/finalizar). An empty cart, or one holding a line that cannot be bought as it stands
 * (decision 0031), sends the shopper back to the cart page, whose notices say what to fix.
 */
export async function checkoutCartOrBack(context: RequestContext): Promise<CartListing> {
  const cart = await listCart(context, context.session.current())
  if (!readyForCheckout(cart)) throw redirect('/compras/carrinho/', { headers: privateAnswer() })
  return cart
}
