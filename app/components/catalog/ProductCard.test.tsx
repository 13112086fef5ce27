import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { ProductCard as ProductCardData } from '../../../contract/catalog'
import { ProductCard, cardFromBrandItem } from './ProductCard'

const base: ProductCardData = {
  hash: 'h1',
  link_real: 'smartphone-x-128gb-preto',
  img: 'produtos/smartphone-x.svg',
  titulo: 'Smartphone X 128GB Preto',
  valor: 1299.9,
  qtd: 20,
  video: 0,
  atacado: 0,
  categoria: { titulo: 'Smartphones', link: 'smartphones' },
  marca: { titulo: 'Nova', link: 'nova' },
  vari_pdt: [],
  valorPix: 1169.91,
  parcelas: { qtd: 10, valor: 129.99 },
  valorAtacado: null,
}

/** Rendered text with tags dropped and non-breaking spaces made plain. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
const render = (p: Partial<ProductCardData> = {}) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ProductCard product={{ ...base, ...p }} />
    </MemoryRouter>,
  )

describe('product card', () => {
  it('cuts titles over 50 characters and keeps the full one in the title attribute', () => {
    const long = 'Notebook Ultra Fino 15,6 polegadas Intel Core i7 16GB RAM SSD 512GB'
    const html = render({ titulo: long })
    expect(text(html)).toContain('Notebook Ultra Fino 15,6 polegadas Intel Core i7 1...')
    expect(html).toContain(`title="${long}"`)
    expect(text(render())).toContain('Smartphone X 128GB Preto')
    expect(text(render())).not.toContain('...')
  })

  it('shows prices in pt-BR: list, Pix in green and interest-free instalments', () => {
    const t = text(render())
    expect(t).toContain('R$ 1.299,90')
    expect(t).toContain('R$ 1.169,91 à vista no Pix')
    expect(t).toContain('ou 10x de R$ 129,99 sem juros')
    expect(render()).toMatch(/class="[^"]*text-pix-600[^"]*"><span[^>]*>R\$\u00a01\.169,91/)
  })

  it('a running promotion: "de" the list price "por" the promoted one, its name over the image, Pix and instalments after it', () => {
    const html = render({
      promocao: { nome: 'Semana do Smartphone', valor: 1169.91 },
      valorDe: 1299.9,
      valorPix: 1111.41,
      parcelas: { qtd: 10, valor: 116.99 },
    })
    const t = text(html)
    expect(t).toContain('De R$ 1.299,90 por R$ 1.169,91')
    expect(html).toMatch(/data-testid="card-promotion"><span[^>]*>Semana do Smartphone</)
    expect(t).toContain('R$ 1.111,41 à vista no Pix')
    expect(t).toContain('ou 10x de R$ 116,99 sem juros')
    expect(render()).not.toContain('card-promotion')
  })

  it('links to the product and to the brand page', () => {
    const html = render()
    expect(html).toContain('href="/produto/smartphone-x-128gb-preto"')
    expect(html).toContain('href="/marca/nova/"')
  })

  it('marks wholesale and video', () => {
    expect(text(render())).not.toMatch(/Atacado|Vídeo/)
    const t = text(render({ atacado: 1, video: 1, valorAtacado: 1199 }))
    expect(t).toContain('Atacado')
    expect(t).toContain('Vídeo')
    expect(t).toContain('No atacado: R$ 1.199,00/un.')
  })

  it("shows 'Últimas unidades' under 8 in stock and 'Esgotado' at 0", () => {
    expect(text(render({ qtd: 8 }))).not.toMatch(/Últimas unidades|Esgotado/)
    expect(text(render({ qtd: 7 }))).toContain('Últimas unidades')
    expect(text(render({ qtd: 1 }))).toContain('Últimas unidades')
    const soldOut = text(render({ qtd: 0 }))
    expect(soldOut).toContain('Esgotado')
    expect(soldOut).not.toContain('Últimas unidades')
  })

  it('uses a responsive, lazy image and a placeholder without image', () => {
    const html = render()
    expect(html).toContain('loading="lazy"')
    expect(html).toMatch(/srcSet="\/_next\/img\/produtos\/smartphone-x\.svg&amp;qualidade=80&amp;w=160 160w, /)
    expect(text(render({ img: '' }))).toContain('Sem imagem')
  })

  it('reads brand-listing items (marca is the brand id there)', () => {
    const { marca: _marca, ...rest } = base
    const card = cardFromBrandItem({ ...rest, marca: 7, marcaInfo: { titulo: 'Nova', link: 'nova' } })
    expect(card.marca).toEqual({ titulo: 'Nova', link: 'nova' })
    expect('marcaInfo' in card).toBe(false)
  })
})
