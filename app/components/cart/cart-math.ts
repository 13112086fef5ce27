// What the cart's views compute from listar-carrinho's lines (money in centavos, shown in reais).
import type { CartItem } from '../../../contract/cart'
import { CART_MESSAGES } from '../../../contract/messages/cart'
import { toCents, toReais } from '../../../contract/pricing'
import type { CallFailure } from '~/lib/api'

type Priced = Pick<CartItem, 'quantidade' | 'discountedPricePix' | 'valor_total'>

/** The badge's count: pieces, as DataMenu's ItensCar counts them. */
export function pieceCount(itens: ReadonlyArray<Pick<CartItem, 'quantidade'>>): number {
  return itens.reduce((n, item) => n + item.quantidade, 0)
}

/**
 * The lines checkout can take (listar-carrinho's `disponivel`): the only ones the totals count. A
 * line out of stock or no longer sold stays listed, marked, until the shopper fixes it.
 */
export function buyable<T extends Pick<CartItem, 'disponivel'>>(itens: readonly T[]): T[] {
  return itens.filter((item) => item.disponivel)
}

/** The panel's subtotal: Σ discountedPricePix × quantidade, in reais. */
export function pixSubtotal(itens: readonly Priced[]): number {
  return toReais(itens.reduce((cents, item) => cents + toCents(item.discountedPricePix) * item.quantidade, 0))
}

/** Σ valor_total, in reais (the cart page's subtotal, as listar-carrinho's `total`). */
export function listSubtotal(itens: readonly Priced[]): number {
  return toReais(itens.reduce((cents, item) => cents + toCents(item.valor_total), 0))
}

/** Subtotal plus shipping, to the centavo (2 decimals). */
export function withShipping(subtotal: number, frete: number | null): number {
  return toReais(toCents(subtotal) + (frete == null ? 0 : toCents(frete)))
}

export const LOAD_ERROR_PREFIX = 'Não foi possível carregar o carrinho: '

/**
 * The panel's load failure: 'HTTP error! status: {code} - {message}', `message` from the
 * answer, else 'Erro ao carregar carrinho'; 'Erro desconhecido' when the body is not JSON. Without a
 * connection there is no status to tell: the client's own message.
 */
export function loadErrorText(failure: CallFailure): string {
  if (failure.status === 0) return LOAD_ERROR_PREFIX + failure.msg
  const message = failure.notJson ? CART_MESSAGES.erroDesconhecido : (failure.message ?? CART_MESSAGES.erroCarregar)
  return `${LOAD_ERROR_PREFIX}HTTP error! status: ${failure.status} - ${message}`
}

/** The option a line has chosen (v3), as the change-variation dropdown lists it. */
export function chosenOption(item: Pick<CartItem, 'variacao'>): string | null {
  return item.variacao[0]?.v3 ?? null
}

/** A line moved to another option, shown before the server answers (its list price with it). */
export function withOption(item: CartItem, hash: string): CartItem {
  for (const axis of item.itens_vari) {
    const option = axis.data.find((o) => o.hash === hash)
    if (option) {
      return {
        ...item,
        valor: option.valor,
        valor_total: toReais(toCents(option.valor) * item.quantidade),
        variacao: [{ v1: axis.nome, v2: option.name, v3: option.hash }],
        // The server caps the line at the option's stock; the listing that follows says the rest.
        max: option.qtd,
        disponivel: option.qtd > 0,
      }
    }
  }
  return item
}

/** A line at another quantity, shown before the server answers (the unit prices kept; buyable again within `max`). */
export function withQuantity(item: CartItem, quantidade: number): CartItem {
  return { ...item, quantidade, valor_total: toReais(toCents(item.valor) * quantidade), disponivel: quantidade <= item.max }
}

/**
 * The most the quantity control offers when the browser knows it (the option's stock); without
 * variations the server says, so a shopper who types more reads why (MaxLimite).
 */
export function lineCap(item: Pick<CartItem, 'variacao' | 'itens_vari'>): number | undefined {
  const chosen = chosenOption(item)
  if (!chosen) return undefined
  for (const axis of item.itens_vari) {
    const option = axis.data.find((o) => o.hash === chosen)
    if (option) return Math.max(1, option.qtd)
  }
  return undefined
}
