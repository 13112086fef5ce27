import { describe, expect, it } from 'vitest'
import { isRefusal } from '../../refusal'
import { decodeCsv } from './decode'
import { parseMoney, parseSpecs, parseWhole, readCatalogFile } from './read'

describe('catalog spreadsheet cells', () => {
  it('reads pt-BR money and refuses the rest with the reason', () => {
    expect(['1234,56', '1.234,56', 'R$ 1.234,56', '1234.56', '12', '0,5', '1.000'].map((v) => parseMoney(v, 'preco'))).toEqual([
      123456, 123456, 123456, 123456, 1200, 50, 100000,
    ])
    expect(() => parseMoney('12,3,4', 'preco')).toThrow('Preço inválido: "12,3,4" (use o formato 1234,56).')
    expect(() => parseMoney('-5', 'preco')).toThrow('Preço não pode ser negativo')
    expect(() => parseMoney('1,999', 'preco')).toThrow('Preço inválido')
    expect(() => parseMoney('1000000,01', 'preco')).toThrow('acima do limite')
  })

  it('reads whole counts; negative and fractional ones are refused', () => {
    expect(['0', '15', '1.000', '7,00'].map((v) => parseWhole(v, 'estoque', 1e6))).toEqual([0, 15, 1000, 7])
    expect(() => parseWhole('-1', 'estoque', 1e6)).toThrow('Estoque negativo: "-1" (use 0 ou mais).')
    expect(() => parseWhole('2,5', 'estoque', 1e6)).toThrow('Estoque deve ser um número inteiro: "2,5".')
    expect(() => parseWhole('muito', 'peso_g', 1e6)).toThrow('Peso inválido: "muito".')
  })

  it('reads specifications one per line or separated by |', () => {
    expect(parseSpecs('Cor: Preta\nGarantia: 12 meses')).toEqual([
      { nome: 'Cor', valor: 'Preta' },
      { nome: 'Garantia', valor: '12 meses' },
    ])
    expect(parseSpecs('Tela: 6,6" | Peso: 190 g')).toHaveLength(2)
    expect(() => parseSpecs('sem dois pontos')).toThrow('Especificação sem nome')
  })
})

describe('catalog spreadsheet file', () => {
  it('numbers lines as the spreadsheet shows them, across cells with line breaks and blank lines', () => {
    const file = readCatalogFile('sku;titulo;categoria;preco;especificacoes\r\nA-1;Um;x;10;"Cor: Azul\r\nPeso: 1 g"\r\n\r\nA-2;Dois;x;abc;\r\n')
    if (isRefusal(file)) throw file
    expect(file.lines).toBe(2)
    expect(file.products.map((p) => [p.sku, p.linhas])).toEqual([['A-1', [2]]])
    expect(file.errors).toEqual([{ linha: 5, sku: 'A-2', motivo: 'Preço inválido: "abc" (use o formato 1234,56).' }])
  })

  it('gathers the option lines of one SKU and refuses mixed lines', () => {
    const file = readCatalogFile(
      'sku;titulo;categoria;preco;variacao;opcao;opcao_estoque\nV-1;Fone;x;10;Cor;Preto;3\nV-1;;;;Cor;Branco;\nV-2;Cabo;x;5;;;\nV-2;;;;Cor;Azul;1\nV-3;Capa;x;5;Cor;Azul;1\nV-3;Outra;x;5;Cor;Rosa;1\n',
    )
    if (isRefusal(file)) throw file
    expect(file.products).toHaveLength(1)
    expect(file.products[0].options!.map((o) => [o.opcao, o.stock, o.linha])).toEqual([
      ['Preto', 3, 2],
      ['Branco', null, 3],
    ])
    expect(file.errors.map((e) => [e.linha, e.motivo])).toEqual([
      [5, 'SKU repetido sem variação na linha 4.'],
      [7, 'Título diferente da linha 6 do mesmo SKU (deixe vazio ou repita o valor).'],
    ])
  })

  it('takes the apostrophe off a defused formula, accepts header names with accents', () => {
    const file = readCatalogFile("SKU;Título;Categoria;Preço;Preço de\nF-1;'-Promo-;x;10;12\n")
    if (isRefusal(file)) throw file
    expect(file.products[0]).toMatchObject({ titulo: '-Promo-', compareAtCents: 1200 })
  })

  it('decodes UTF-8 with or without BOM, converts Windows-1252, refuses binary', () => {
    expect(decodeCsv(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toEqual({ text: 'a', encoding: 'UTF-8' })
    expect(decodeCsv(new Uint8Array([0x43, 0xe2, 0x6d, 0x65, 0x72, 0x61]))).toEqual({ text: 'Câmera', encoding: 'Windows-1252 (convertido para UTF-8)' })
    expect(isRefusal(decodeCsv(new Uint8Array([0x61, 0x00, 0x62])))).toBe(true)
    expect(isRefusal(decodeCsv(new Uint8Array([0x61, 0x81, 0x62])))).toBe(true)
  })
})
