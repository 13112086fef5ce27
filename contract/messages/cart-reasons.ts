import { CART_MESSAGES, SHIPPING_MESSAGES, restamMessage } from './cart'
import { reasons } from './reason'

// The refusals of cart.ts's sentences (docs/decisions/0119-reasons-with-codes.md). Beside it, not in it:
// the pages import those sentences, and the bundler keeps a module's imports even when nothing of
// them is used, so a page that only shows a message would load reason.ts too.

/**
 * The cart's refusals.
 */
export const CART = reasons('cart', {
  produto: ['not_found', CART_MESSAGES.produto],
  item: ['not_found', CART_MESSAGES.item],
  variacao: ['invalid', CART_MESSAGES.variacao],
  selecioneVariacao: ['invalid', CART_MESSAGES.selecioneVariacao],
  quantidadeMaxima: ['invalid', CART_MESSAGES.quantidadeMaxima],
  esgotado: ['stock', CART_MESSAGES.esgotado],
  variacaoEsgotada: ['stock', CART_MESSAGES.variacaoEsgotada],
  /** More than the stock: how many are left, and how many the cart already has. */
  restam: ['stock', (stock: number, inCart = 0) => (inCart > 0 ? `${restamMessage(stock)} Você já tem ${inCart} no carrinho.` : restamMessage(stock))],
  produtoForaDeVenda: ['stock', CART_MESSAGES.produtoForaDeVenda],
})

/** frete/estimar's refusal. */
export const SHIPPING = reasons('shipping', {
  cepInexistente: ['not_found', SHIPPING_MESSAGES.cepInexistente],
  naoAtendido: ['not_found', SHIPPING_MESSAGES.naoAtendido],
  /** frete/produto and frete/estimar per IP (decision 0128): each new parcel may ask the carrier platform. */
  muitasConsultas: ['rate_limited', 'Muitas consultas de frete em pouco tempo. Aguarde alguns minutos e tente de novo.'],
})
