import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { ProductDetail } from '../../../contract/catalog'
import type { PricingRules } from '../../../contract/pricing'
import { ProductReviews, ProductSpecs, specRows } from './ProductDetails'
import { IN_CART_TEXT, ProductInfo } from './ProductInfo'
import { productCrumbs } from './ProductPage'
import { useBuyBox } from './useBuyBox'

const rules: PricingRules = { pixDescontoPercentual: 10, maxParcelasSemJuros: 10, parcelaMinimaCentavos: 5000 }

function detail(over: Partial<ProductDetail> = {}): ProductDetail {
  return {
    hash: 'h1',
    link_real: 'fone-xyz-preto',
    titulo: 'Fone de Ouvido XYZ Bluetooth Preto',
    desc: '<p>Som <strong>limpo</strong>.</p>',
    valor: 299.9,
    qtd: 20,
    video: [],
    imgs: [{ link: 'produtos/fone.svg' }],
    categoria: { titulo: 'Fones', link: 'fones' },
    marca: { titulo: 'XYZ', link: 'xyz' },
    atacado: 0,
    variacao: [],
    espec: { altu: '8 cm', comp: '20 cm', larg: '18 cm', peso: '0,35 kg' },
    especificacoes: [{ nome: 'Conexão', valor: 'Bluetooth 5.3' }],
    crr: { crr: 0 },
    valorPix: 269.91,
    parcelas: { qtd: 5, valor: 59.98 },
    breadcrumb: [
      { titulo: 'Áudio', ndi: 'audio' },
      { titulo: 'Fones', ndi: 'fones' },
    ],
    sku: 'XYZ-001',
    ...over,
  }
}

function Info({ d }: { d: ProductDetail }) {
  const buy = useBuyBox(d, rules)
  return <ProductInfo detail={d} buy={buy} pixDesconto={rules.pixDescontoPercentual} />
}

const render = (d: ProductDetail) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <Info d={d} />
    </MemoryRouter>,
  )

describe('product info block', () => {
  it('shows Últimas unidades only when total stock is under 8 (and above 0)', () => {
    expect(render(detail({ qtd: 7 }))).toContain('Últimas unidades')
    expect(render(detail({ qtd: 1 }))).toContain('Últimas unidades')
    expect(render(detail({ qtd: 8 }))).not.toContain('Últimas unidades')
    expect(render(detail({ qtd: 30 }))).not.toContain('Últimas unidades')
    expect(render(detail({ qtd: 0 }))).not.toContain('Últimas unidades')
  })

  it('counts stock across the variation options', () => {
    const variacao = [
      {
        nome: 'Cor',
        data: [
          { name: 'Preto', hash: 'p', valor: 299.9, qtd: 5 },
          { name: 'Branco', hash: 'b', valor: 319.9, qtd: 4 },
        ],
      },
    ]
    const html = render(detail({ qtd: 0, variacao }))
    expect(html).not.toContain('Últimas unidades')
    expect(render(detail({ qtd: 9, variacao: [{ nome: 'Cor', data: [{ ...variacao[0].data[0], qtd: 3 }] }] }))).toContain('Últimas unidades')
    // Option buttons: name, and the price only where it differs.
    expect(html).toContain('Branco')
    expect(html).toContain('R$\u00a0319,90')
    expect(html).toContain('selecione uma opção')
  })

  it('marks a product already in the cart (crr)', () => {
    expect(render(detail({ crr: { crr: 1 } }))).toContain(IN_CART_TEXT)
    expect(render(detail({ crr: { crr: 0 } }))).not.toContain(IN_CART_TEXT)
  })

  it('disables COMPRAR as Produto esgotado when nothing is left', () => {
    const html = render(detail({ qtd: 0 }))
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Produto esgotado<\/button>/)
    expect(render(detail())).toContain('COMPRAR')
  })

  it('shows the prices and the wholesale offer', () => {
    const html = render(detail({ atacado: { min: 10, valor: 249.9 } }))
    expect(html).toContain('R$\u00a0299,90')
    expect(html).toContain('R$\u00a0269,91')
    expect(html).toContain('5x de R$\u00a059,98')
    expect(html).toContain('A partir de 10 unidades: <strong>R$\u00a0249,90</strong> cada')
  })

  it('a running promotion: its name, "de" the list price "por" the promoted one, Pix and instalments after it', () => {
    const html = render(detail({ promocoes: [{ nome: 'Semana do Áudio', tipo: 'percentual', valor: 10, minimo: 1 }] }))
    expect(html).toMatch(/data-testid="promotion-name">Semana do Áudio</)
    expect(html).toMatch(/<s[^>]*data-testid="compare-at-price">R\$\u00a0299,90<\/s>/)
    // 299,90 − 10 % = 269,91; Pix 10 % = 242,92; five of 53,98.
    expect(html).toMatch(/data-testid="unit-price" data-valor="269.91"/)
    expect(html).toContain('R$\u00a0242,92')
    expect(html).toContain('5x de R$\u00a053,98')
    // A progressive one not reached at one unit: the line says from how many units, the price is the list one.
    const later = render(detail({ promocoes: [{ nome: 'Leve 2', tipo: 'percentual', valor: 5, minimo: 2 }] }))
    expect(later).toMatch(/data-testid="promotion-name">Leve 2 \(a partir de 2 unidades\)</)
    expect(later).toMatch(/data-testid="unit-price" data-valor="299.9"/)
    expect(render(detail())).not.toContain('promotion-name')
  })

  it('has an empty reviews summary next to the title', () => {
    expect(render(detail())).toContain('Sem avaliações')
  })
})

describe('reviews, specifications and breadcrumbs', () => {
  it('the reviews block says Sem avaliações and Não há comentários', () => {
    const html = renderToStaticMarkup(<ProductReviews />)
    expect(html).toContain('Avaliações')
    expect(html).toContain('Sem avaliações')
    expect(html).toContain('Não há comentários')
  })

  it('the specifications table lists the specs then the package dimensions and weight', () => {
    const rows = specRows(detail())
    expect(rows.map((r) => r.nome)).toEqual(['Conexão', 'Altura da embalagem', 'Comprimento da embalagem', 'Largura da embalagem', 'Peso com embalagem'])
    const html = renderToStaticMarkup(<ProductSpecs detail={detail({ espec: { altu: '', comp: '', larg: '', peso: '1 kg' } })} />)
    expect(html).toContain('Peso com embalagem')
    expect(html).not.toContain('Altura da embalagem')
  })

  it('breadcrumbs follow the category path and end at the product', () => {
    expect(productCrumbs(detail())).toEqual([
      { titulo: 'Áudio', path: '/categoria/audio' },
      { titulo: 'Fones', path: '/categoria/fones' },
      { titulo: 'Fone de Ouvido XYZ Bluetooth Preto' },
    ])
    expect(productCrumbs(detail({ breadcrumb: [] }))[0]).toEqual({ titulo: 'Fones', path: '/categoria/fones' })
  })
})
