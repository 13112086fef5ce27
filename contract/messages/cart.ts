import type { CartItem } from '../cart'
import { LIMITS } from '../limits'

/**
 * The cart and shipping estimate messages: pt-BR sentences both sides show, without zod, so a page that only shows them ships these
 * lines and not zod's runtime with the schemas (decision 0060). contract/cart.ts, shipping.ts re-exports them. The refusals made
 * from them are in cart-reasons.ts.
 */

export const CART_MESSAGES = {
  produto: 'Produto inválido.',
  item: 'Item do carrinho inválido.',
  variacao: 'Variação inválida.',
  quantidade: 'Quantidade inválida.',
  quantidadeMinima: 'A quantidade mínima é 1.',
  quantidadeMaxima: `A quantidade máxima é ${LIMITS.quantidade}.`,
  /** A product with variations needs one chosen before it is added. */
  selecioneVariacao: 'Selecione uma variação do produto!',
  /** Stock is checked on every change (it is taken only when an order is placed). */
  esgotado: 'Produto esgotado.',
  variacaoEsgotada: 'Esta variação está esgotada.',
  /** Success toasts. */
  adicionado: 'Produto adicionado ao carrinho',
  removido: 'Produto removido do carrinho',
  quantidadeAtualizada: 'Quantidade atualizada',
  variacaoAtualizada: 'Variação atualizada!',
  /** The side panel and the cart page until `listar-carrinho` answers. */
  carregando: 'Carregando itens do carrinho...',
  /** Cart panel load failure fallbacks. */
  erroCarregar: 'Erro ao carregar carrinho',
  /** listar-carrinho's own failure (`message`), shown after 'HTTP error! status: {code} - '. */
  indisponivel: 'O carrinho está indisponível no momento. Tente novamente em instantes.',
  erroDesconhecido: 'Erro desconhecido',
  /**
   * A line that can no longer be bought (`disponivel` false), in the voice of checkout's refusals
   * (contract/checkout.ts indisponivelMsg, semEstoqueMsg): what is wrong, then what fixes it.
   */
  produtoIndisponivel: 'Produto indisponível',
  removaParaContinuar: 'Remova-o do carrinho para continuar.',
  diminuaParaContinuar: 'Diminua a quantidade para continuar.',
  /** Beside the disabled 'INICIAR COMPRA' / 'Finalizar compra' while such a line is in the cart. */
  compraBloqueada: 'Há itens indisponíveis no carrinho. Remova-os ou diminua a quantidade para continuar.',
  /** alterar-pedido or atualizar-variacao on a line whose product is no longer sold. */
  produtoForaDeVenda: 'Este produto não está mais disponível. Remova-o do carrinho.',
} as const

/** 'Só restam 3 unidades' (at least 1). */
const restam = (stock: number): string => (stock === 1 ? 'Só resta 1 unidade' : `Só restam ${stock} unidades`)

/** 'Só restam 3 unidades deste produto.' — how many are left when the shopper asks for more. */
export function restamMessage(stock: number): string {
  if (stock <= 0) return CART_MESSAGES.esgotado
  return `${restam(stock)} deste produto.`
}

/**
 * What a line that cannot be bought says ('Produto indisponível' / 'Só restam 2 unidades', then
 * how to fix it); null for a line that can.
 */
export function lineWarning(item: Pick<CartItem, 'disponivel' | 'max'>): { titulo: string; detalhe: string } | null {
  if (item.disponivel) return null
  if (item.max <= 0) return { titulo: CART_MESSAGES.produtoIndisponivel, detalhe: CART_MESSAGES.removaParaContinuar }
  return { titulo: restam(item.max), detalhe: CART_MESSAGES.diminuaParaContinuar }
}

export const SHIPPING_MESSAGES = {
  /** The panel's own check before calling. */
  cepVazio: 'Por favor, digite um CEP.',
  cepInvalido: 'CEP inválido. Digite os 8 números do CEP.',
  /** Well-formed but in no municipality's range; the panel shows 'Não foi possível calcular o frete: ' + this. */
  cepInexistente: 'CEP inexistente.',
  /** No carrier the store works with delivers there (the pickup stations still do, at checkout). */
  naoAtendido: 'Nenhuma transportadora entrega neste CEP. Confira o CEP ou escolha retirar em uma de nossas estações.',
} as const
