import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { CartItem } from '../../../contract/cart'
import { cartLine } from './cart-item.fixture'
import { CartPage } from './CartPage'

const rules = { pixDescontoPercentual: 5, maxParcelasSemJuros: 10, parcelaMinimaCentavos: 5000 }

const line = cartLine

const render = (itens: CartItem[] | null) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <CartPage itens={itens} rules={rules} />
    </MemoryRouter>,
  ).replace(/\u00a0/g, ' ')

describe('cart page', () => {
  it('before listar-carrinho answers: the title, a loading status and, without JavaScript, the link to the lines rendered on the server', () => {
    const html = render(null)
    expect(html).toContain('<h1 class="text-xl font-bold text-ink-900 sm:text-2xl">Meu carrinho de compras</h1>')
    expect(html).toContain('role="status">Carregando itens do carrinho...</p>')
    expect(html).toMatch(/<noscript>.*O seu navegador está sem JavaScript\..*href="\/compras\/carrinho\?sem-js=1">Ver os itens do carrinho<\/a>.*<\/noscript>/)
    expect(html).not.toContain('carrinho-item')
  })

  it('shows each line with its category, variation choice, quantity, unit price and total, then the totals', () => {
    const html = render([
      line({}),
      line({
        id: 't2',
        token: 't2',
        hash: 'p2',
        titulo: 'Capa',
        quantidade: 1,
        valor: 50,
        valor_total: 50,
        discountedPricePix: 47.5,
        variacao: [{ v1: 'Cor', v2: 'Azul', v3: 'o-azul' }],
        itens_vari: [
          {
            nome: 'Cor',
            data: [
              { name: 'Azul', hash: 'o-azul', valor: 50, qtd: 3 },
              { name: 'Rosa', hash: 'o-rosa', valor: 55, qtd: 0 },
            ],
          },
        ],
      }),
    ])
    expect(html).toContain('Meu carrinho de compras')
    expect(html).toContain('href="/produto/p1"')
    expect(html).toContain('Fones Bluetooth')
    expect(html).toContain('aria-label="Variação de Capa"')
    expect(html).toMatch(/<option value="o-rosa" disabled="">Rosa \(esgotado\)<\/option>/)
    expect(html).toContain('aria-label="Quantidade de Fone Bluetooth"')
    expect(html).toContain('R$ 100,00')
    expect(html).toContain('R$ 200,00')
    // Subtotal Σ valor_total, Pix total Σ discountedPricePix × quantidade, instalments of the subtotal.
    expect(html).toMatch(/Subtotal \(3 itens\).*R\$ 250,00/)
    expect(html).toContain('R$ 237,50')
    expect(html).toContain('ou 5x de R$ 50,00 sem juros no cartão')
    expect(html).toContain('href="/compras/finalizar"')
  })

  it('marks the lines that cannot be bought, leaves them out of the totals and holds checkout back', () => {
    const html = render([
      line({}),
      line({ id: 't2', token: 't2', hash: 'p2', titulo: 'Capa', quantidade: 3, valor_total: 150, discountedPricePix: 47.5, max: 2, disponivel: false }),
      line({ id: 't3', token: 't3', hash: 'p3', titulo: 'Cabo', quantidade: 1, valor_total: 30, discountedPricePix: 28.5, max: 0, disponivel: false }),
    ])
    const shown = [
      'Só restam 2 unidades.</strong> Diminua a quantidade para continuar.',
      'Ficar com 2',
      'Produto indisponível.</strong> Remova-o do carrinho para continuar.',
      'Há itens indisponíveis no carrinho. Remova-os ou diminua a quantidade para continuar.',
    ]
    for (const text of shown) expect(html).toContain(text)
    // Only the Fone (2 × R$ 100, Pix 2 × R$ 95) counts; checkout is a disabled button; the Cabo can only be removed.
    expect(html).toMatch(/Subtotal \(2 itens\).*R\$ 200,00.*Total no Pix.*R\$ 190,00/)
    expect(html).not.toContain('href="/compras/finalizar"')
    expect(html).toMatch(/<button type="button" disabled=""[^>]*>Finalizar compra<\/button>/)
    expect(html).toMatch(/aria-label="Diminuir quantidade de Cabo" disabled=""/)
  })

  it('a line whose value the store stopped offering keeps it shown, unavailable, and can move to another', () => {
    const html = render([
      line({
        titulo: 'Capa',
        max: 0,
        disponivel: false,
        variacao: [{ v1: 'Cor', v2: 'Preto', v3: 'o-preto' }],
        itens_vari: [{ nome: 'Cor', data: [{ name: 'Azul', hash: 'o-azul', valor: 50, qtd: 3 }] }],
      }),
    ])
    expect(html).toMatch(/<option value="o-preto" disabled="" selected="">Preto \(indisponível\)<\/option>/)
    expect(html).toMatch(/<option value="o-azul">Azul<\/option>/)
    expect(html).toContain('Produto indisponível.</strong>')
  })

  it('an empty cart says so and leads home', () => {
    const html = render([])
    expect(html).toContain('Oops! O seu carrinho esta vázio!')
    expect(html).toMatch(/href="\/"[^>]*>Voltar para a página inicial/)
  })
})
