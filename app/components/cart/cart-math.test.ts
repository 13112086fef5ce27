import { describe, expect, it } from 'vitest'
import type { CartItem } from '../../../contract/cart'
import { buyable, chosenOption, listSubtotal, loadErrorText, pieceCount, pixSubtotal, withOption, withQuantity, withShipping } from './cart-math'

const line = (over: Partial<CartItem> = {}): CartItem => ({
  id: 't1',
  token: 't1',
  hash: 'p1',
  titulo: 'Fone',
  imgs: { link: 'a.svg' },
  categoria: 'Áudio',
  quantidade: 2,
  valor: 100.1,
  valor_total: 200.2,
  discountedPricePix: 95.1,
  installmentPrice: 100.1,
  variacao: [{ v1: 'Cor', v2: 'Preto', v3: 'op_preto' }],
  itens_vari: [
    {
      nome: 'Cor',
      data: [
        { name: 'Preto', hash: 'op_preto', valor: 100.1, qtd: 3 },
        { name: 'Azul', hash: 'op_azul', valor: 120, qtd: 1 },
      ],
    },
  ],
  disponivel: true,
  max: 3,
  ...over,
})

describe('cart math', () => {
  it('subtotal is Σ discountedPricePix × quantidade, to the centavo', () => {
    expect(pixSubtotal([line(), line({ quantidade: 1, discountedPricePix: 0.1 })])).toBe(190.3)
    expect(pixSubtotal([])).toBe(0)
  })

  it('totals count only the lines that can be bought; the badge counts every piece', () => {
    const itens = [line(), line({ token: 't2', quantidade: 4, max: 1, disponivel: false, valor_total: 400.4 })]
    expect(buyable(itens).map((i) => i.token)).toEqual(['t1'])
    expect(pixSubtotal(buyable(itens))).toBe(190.2)
    expect(listSubtotal(buyable(itens))).toBe(200.2)
    expect(pieceCount(itens)).toBe(6)
  })

  it('total adds the shipping with 2 decimals', () => {
    expect(withShipping(190.3, 25)).toBe(215.3)
    expect(withShipping(0.1, 0.2)).toBe(0.3)
    expect(withShipping(190.3, null)).toBe(190.3)
  })

  it('counts pieces like ItensCar', () => {
    expect(pieceCount([line(), line({ quantidade: 3 })])).toBe(5)
  })

  it('the three load-error texts', () => {
    expect(loadErrorText({ ok: false, status: 500, estado: 'erro', msg: 'x', message: 'Banco fora do ar' })).toBe(
      'Não foi possível carregar o carrinho: HTTP error! status: 500 - Banco fora do ar',
    )
    expect(loadErrorText({ ok: false, status: 503, estado: 'erro', msg: 'x' })).toBe(
      'Não foi possível carregar o carrinho: HTTP error! status: 503 - Erro ao carregar carrinho',
    )
    expect(loadErrorText({ ok: false, status: 502, estado: 'erro', msg: 'x', notJson: true })).toBe(
      'Não foi possível carregar o carrinho: HTTP error! status: 502 - Erro desconhecido',
    )
  })

  it('optimistic line changes keep the unit prices', () => {
    expect(withQuantity(line(), 3)).toMatchObject({ quantidade: 3, valor_total: 300.3, disponivel: true })
    // Lowering a line that is short of stock to what is left makes it buyable at once; above, it stays marked.
    expect(withQuantity(line({ quantidade: 5, max: 3, disponivel: false }), 3)).toMatchObject({ quantidade: 3, disponivel: true })
    expect(withQuantity(line({ max: 3 }), 4)).toMatchObject({ disponivel: false })
    const moved = withOption(line(), 'op_azul')
    expect(moved).toMatchObject({ valor: 120, valor_total: 240, variacao: [{ v1: 'Cor', v2: 'Azul', v3: 'op_azul' }], max: 1 })
    expect(chosenOption(moved)).toBe('op_azul')
    expect(withOption(line(), 'nada')).toEqual(line())
  })
})
