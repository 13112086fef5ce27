import { describe, expect, it } from 'vitest'
import { formatDimensions } from './product'
import { sanitizeDescription } from './sanitize'
import { searchColumns } from './search-text'
import { similarity, trigrams } from './trigram'
import { buildVocabulary, closestWord, suggestTerm } from './vocabulary'

describe('trigram similarity (as pg_trgm)', () => {
  it('pads words like pg_trgm', () => {
    expect([...trigrams('cat')].sort()).toEqual(['  c', ' ca', 'at ', 'cat'])
  })
  it('agrees with PostgreSQL on known pairs', () => {
    expect(similarity('smartfone', 'smartphone')).toBeCloseTo(0.5, 5)
    expect(similarity('notebok', 'notebook')).toBeCloseTo(0.7, 5)
    expect(similarity('abc', 'xyz')).toBe(0)
  })
})

describe('vocabulary suggestions', () => {
  const vocabulary = buildVocabulary([
    { word: 'smartphone', ndoc: 40 },
    { word: 'smartwatch', ndoc: 10 },
    { word: 'notebook', ndoc: 20 },
    { word: 'dell', ndoc: 3 },
    { word: 'camera', ndoc: 8 },
    { word: 'cama', ndoc: 1 },
  ])
  it('finds the closest word with similarity ≥ 0.3', () => {
    expect(closestWord(vocabulary, 'smartfone')).toBe('smartphone')
    expect(closestWord(vocabulary, 'camra')).toBe('camera')
    expect(closestWord(vocabulary, 'geladeira')).toBeNull()
  })
  it('corrects only unknown words and never returns the typed term', () => {
    expect(suggestTerm(vocabulary, ['notebok', 'dell'])).toBe('notebook dell')
    expect(suggestTerm(vocabulary, ['notebook', 'dell'])).toBeUndefined()
    expect(suggestTerm(vocabulary, ['geladeira'])).toBeUndefined()
    expect(suggestTerm(vocabulary, ['tv', '128'])).toBeUndefined()
  })
})

describe('sanitizeDescription', () => {
  it('keeps structure, drops attributes, links, images, scripts and styles', () => {
    expect(
      sanitizeDescription(
        '<div style="x"><h1>Título</h1><p class="a" onclick="b()">Texto <i>itálico</i> <a href="javascript:x">link</a></p>' +
          '<script>alert(1)</script><style>p{}</style><iframe src="//x"></iframe><img src=x onerror=alert(1)>' +
          '<table><tr><td>Cor</td><td>Preto</td></tr></table></div>',
      ),
    ).toBe('<h3>Título</h3><p>Texto <em>itálico</em> link</p><table><tr><td>Cor</td><td>Preto</td></tr></table>')
  })
})

describe('product page helpers', () => {
  it('package dimensions with pt-BR units', () => {
    expect(formatDimensions({ altura_mm: 152, comprimento_mm: 1000, largura_mm: 5, peso_g: 210 })).toEqual({
      altu: '15,2 cm',
      comp: '100 cm',
      larg: '0,5 cm',
      peso: '0,21 kg',
    })
    expect(formatDimensions({ altura_mm: 0, comprimento_mm: 0, largura_mm: 0, peso_g: 1234 }).peso).toBe('1,234 kg')
  })
  it('search columns are folded text', () => {
    expect(
      searchColumns({ titulo: 'Câmera  Canon', marca: 'Canon', categorias: ['Câmeras'], especificacoes: [{ nome: 'Resolução', valor: '24 MP' }] }),
    ).toEqual({
      searchTitle: 'camera canon',
      searchBody: 'canon cameras resolucao 24 mp',
    })
  })
})
