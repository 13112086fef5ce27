import type { CartItem } from '../../../contract/cart'

/** A cart line as listar-carrinho answers it, for the cart page's and the panel's tests. */
export const cartLine = (over: Partial<CartItem> = {}): CartItem => ({
  id: 't1',
  token: 't1',
  hash: 'p1',
  titulo: 'Fone Bluetooth',
  imgs: { link: 'produtos/p1-1.svg' },
  categoria: 'Fones Bluetooth',
  quantidade: 2,
  valor: 100,
  valor_total: 200,
  discountedPricePix: 95,
  installmentPrice: 100,
  variacao: [],
  itens_vari: [],
  disponivel: true,
  max: 10,
  ...over,
})
