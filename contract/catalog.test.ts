import { describe, expect, it } from 'vitest'
import {
  buscaEspResponseSchema,
  inicioQuerySchema,
  itemMarcaSchema,
  itensCategoriaQuerySchema,
  pesquisaQuerySchema,
  productCardSchema,
  type ProductCard,
} from './catalog'

describe('catalog query parameters', () => {
  it('reads pagina, ordem and a price range', () => {
    expect(pesquisaQuerySchema.parse({ p: 'tv', pagina: '3', ordem: 'menor-preco', min: '100', max: '1.500,50' })).toEqual({
      p: 'tv',
      pagina: 3,
      ordem: 'menor-preco',
      min: 100,
      max: 1500.5,
    })
    expect(itensCategoriaQuerySchema.parse({ id: 'tvs', min: '99,9', max: '2500.00' })).toMatchObject({ min: 99.9, max: 2500 })
  })

  it.each([
    [{}],
    [{ pagina: '0', ordem: 'barato', min: 'abc', max: '-5' }],
    [{ pagina: '-2', ordem: '', min: '1e9', max: 'NaN' }],
    [{ pagina: '2.5', ordem: 'RELEVANCIA', min: '', max: ' ' }],
    [{ pagina: 'x'.repeat(5000), ordem: '<script>', min: '10;drop', max: 'Infinity' }],
  ])('falls back to defaults on junk %j', (query) => {
    const parsed = pesquisaQuerySchema.parse(query)
    expect(parsed).toEqual({ p: '', pagina: 1, ordem: 'relevancia', min: undefined, max: undefined })
  })

  it('caps absurd page numbers', () => {
    expect(pesquisaQuerySchema.parse({ pagina: '999999' }).pagina).toBe(10_000)
  })

  it('accepts only the four home blocks', () => {
    expect(inicioQuerySchema.parse({ bloco: 'TopPdts' }).bloco).toBe('TopPdts')
    const bad = inicioQuerySchema.safeParse({ bloco: 'topPdts' })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues[0].message).toMatch(/Bloco desconhecido/)
  })
})

describe('brand items keep the spec quirk', () => {
  const card: ProductCard = {
    hash: 'h1',
    link_real: 'fone-x',
    img: 'produtos/fone-x.jpg',
    titulo: 'Fone X',
    valor: 100,
    qtd: 3,
    video: 0,
    atacado: 0,
    categoria: { titulo: 'Áudio', link: 'audio' },
    marca: { titulo: 'Sony', link: 'sony' },
    vari_pdt: [],
    valorPix: 95,
    parcelas: { qtd: 2, valor: 50 },
    valorAtacado: null,
  }

  it('a card parses; a brand item carries marca as a number and the brand object as marcaInfo', () => {
    expect(productCardSchema.parse(card)).toEqual(card)
    const { marca, ...rest } = card
    expect(itemMarcaSchema.parse({ ...rest, marca: 7, marcaInfo: marca }).marca).toBe(7)
    expect(itemMarcaSchema.safeParse({ ...rest, marca, marcaInfo: marca }).success).toBe(false)
  })

  it('busca-esp answers the product list itself, not a page object', () => {
    expect(buscaEspResponseSchema.parse([card, card])).toEqual([card, card])
    expect(buscaEspResponseSchema.parse([])).toEqual([])
    expect(buscaEspResponseSchema.safeParse({ titulo: 'Sony — Áudio', data: [card] }).success).toBe(false)
  })
})
