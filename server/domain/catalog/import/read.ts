import { isCest, isGtin, isNcm, NO_GTIN, normalizeNcm, UNIDADES } from '../../../../contract/fiscal'
// The catalog file read into products (no database): the header checked, each cell parsed with a
// pt-BR reason when it cannot be, and the lines of one SKU gathered into one product.
import { parse } from 'csv-parse/sync'
import {
  CATALOG_COLUMNS,
  CATALOG_COLUMN_NAMES,
  CATALOG_IMPORT_MAX_LINES,
  type CatalogColumnName,
  type ImportLineError,
} from '../../../../contract/admin/catalog-import'
import { CATALOG_IMPORT } from '../../../../contract/messages/catalog-import'
import { parseReais } from '../../../../contract/money'
import { cleanText } from '../../../db/sql'
import { foldText } from '../../../lib/text'
import { refuse, type Refusal } from '../../refusal'

export type Tier = { minQty: number; priceCents: number }
export type Spec = { nome: string; valor: string }

/** One option line of a product with variations. */
export type OptionDraft = {
  linha: number
  variacao: string
  opcao: string
  /** null: the product's price. */
  priceCents: number | null
  /** null: keep the count (0 for a new option). */
  stock: number | null
  active: boolean
  /** The option's own parcel (mm, g); null: keep its measures (the product's for a new option). Absent in rows stored before. */
  measures?: { alturaMm: number; larguraMm: number; comprimentoMm: number; pesoG: number } | null
}

/**
 * What the file says of one product. A field left undefined was not in the file (keep it, or the
 * default for a new product); null is an empty cell where empty means "none".
 */
export type ProductDraft = {
  sku: string
  linhas: number[]
  titulo?: string
  link?: string | null
  categoria?: string
  marca?: string | null
  priceCents?: number
  compareAtCents?: number | null
  /** null: keep the count. */
  stock?: number | null
  active?: boolean
  pesoG?: number
  alturaMm?: number
  larguraMm?: number
  comprimentoMm?: number
  /** The NF-e's item data (docs/decisions/0129-nfe.md). */
  ncm?: string | null
  cest?: string | null
  origem?: number
  gtin?: string
  unidade?: string
  tiers?: Tier[]
  especificacoes?: Spec[]
  descricao?: string
  /** Undefined when neither variacao nor opcao is in the header. */
  options?: OptionDraft[]
}

export type ReadFile = { separator: ';' | ',' | '\t'; lines: number; products: ProductDraft[]; errors: ImportLineError[] }

const LIMIT = {
  titulo: 255,
  link: 200,
  text: 255,
  descricao: 60_000,
  stock: 1_000_000,
  dimension: 10_000,
  weight: 1_000_000,
  qty: 100_000,
  priceCents: 100_000_000,
} as const

/** "Preço de", "PREÇO_DE", "preco-de" → preco_de. */
const columnKey = (header: string) =>
  foldText(header.replace(/^\uFEFF/, ''))
    .trim()
    .replace(/[\s-]+/g, '_')

const label = (name: string) => CATALOG_LABELS[name as CatalogColumnName] ?? name
const CATALOG_LABELS: Record<CatalogColumnName, string> = {
  sku: 'SKU',
  titulo: 'Título',
  link: 'Link',
  categoria: 'Categoria',
  marca: 'Marca',
  preco: 'Preço',
  preco_de: 'Preço "de"',
  estoque: 'Estoque',
  ativo: 'Ativo',
  peso_g: 'Peso',
  altura_mm: 'Altura',
  largura_mm: 'Largura',
  comprimento_mm: 'Comprimento',
  ncm: 'NCM',
  cest: 'CEST',
  origem: 'Origem',
  gtin: 'GTIN',
  unidade: 'Unidade',
  atacado_min: 'Quantidade mínima de atacado',
  atacado_preco: 'Preço de atacado',
  variacao: 'Variação',
  opcao: 'Opção',
  opcao_preco: 'Preço da opção',
  opcao_estoque: 'Estoque da opção',
  opcao_ativo: 'Ativo da opção',
  opcao_peso_g: 'Peso da opção',
  opcao_altura_mm: 'Altura da opção',
  opcao_largura_mm: 'Largura da opção',
  opcao_comprimento_mm: 'Comprimento da opção',
  especificacoes: 'Especificações',
  descricao: 'Descrição',
}

class CellError extends Error {}
const bad = (message: string): never => {
  throw new CellError(message)
}

/** A money cell (1234,56 · 1.234,56 · R$ 12,90 · 1234.56, read by contract/money.ts) → centavos, or the cell's reason. */
export function parseMoney(raw: string, name: string): number {
  if (/^\s*(R\$)?[\s\u00a0]*-[\s\u00a0]*\d/i.test(raw)) bad(`${label(name)} não pode ser negativo: "${raw}".`)
  const cents = parseReais(raw)
  if (cents === null) return bad(`${label(name)} inválido: "${raw}" (use o formato 1234,56).`)
  if (cents > LIMIT.priceCents) bad(`${label(name)} acima do limite (R$ 1.000.000,00): "${raw}".`)
  return cents
}

/** A whole number ≥ 0 (thousands dots allowed: 1.000). */
export function parseWhole(raw: string, name: string, max: number): number {
  let s = raw.replace(/[\s\u00a0]/g, '')
  if (/^-\d/.test(s))
    bad(
      name === 'estoque' || name === 'opcao_estoque' ? `${label(name)} negativo: "${raw}" (use 0 ou mais).` : `${label(name)} não pode ser negativo: "${raw}".`,
    )
  if (/^\d{1,3}(\.\d{3})+$/.test(s)) s = s.replace(/\./g, '')
  else if (/^\d+[.,]0+$/.test(s)) s = s.replace(/[.,]0+$/, '')
  if (/^\d+[.,]\d+$/.test(s)) bad(`${label(name)} deve ser um número inteiro: "${raw}".`)
  if (!/^\d+$/.test(s)) bad(`${label(name)} inválido: "${raw}".`)
  const value = Number(s)
  if (value > max) bad(`${label(name)} acima do limite (${max.toLocaleString('pt-BR')}): "${raw}".`)
  return value
}

const YES = new Set(['sim', 's', '1', 'true', 'verdadeiro', 'ativo', 'x', 'yes'])
const NO = new Set(['nao', 'n', '0', 'false', 'falso', 'inativo', 'no'])
export function parseYesNo(raw: string, name: string): boolean {
  const s = foldText(raw.trim())
  if (s === '' || YES.has(s)) return true
  if (NO.has(s)) return false
  return bad(`${label(name)} inválido: "${raw}" (use sim ou não).`)
}

const textCell = (raw: string, name: string, max: number): string => {
  const s = raw.replace(/\s+/g, ' ').trim()
  if (s.length > max) bad(`${label(name)} longo demais (até ${max} caracteres).`)
  return s
}

/** "Nome: valor" per line (or separated by " | "). */
export function parseSpecs(raw: string): Spec[] {
  const parts = raw.includes('\n') ? raw.split('\n') : raw.split(' | ')
  const specs: Spec[] = []
  const seen = new Set<string>()
  for (const part of parts.map((p) => p.trim()).filter(Boolean)) {
    const at = part.indexOf(':')
    if (at <= 0) bad(`Especificação sem nome: "${part.slice(0, 60)}" (use Nome: valor).`)
    const nome = textCell(part.slice(0, at), 'especificacoes', LIMIT.text)
    const valor = textCell(part.slice(at + 1), 'especificacoes', LIMIT.text)
    if (!nome || !valor) bad(`Especificação incompleta: "${part.slice(0, 60)}" (use Nome: valor).`)
    if (seen.has(foldText(nome))) bad(`Especificação repetida: "${nome}".`)
    seen.add(foldText(nome))
    specs.push({ nome, valor })
  }
  if (specs.length > 60) bad('No máximo 60 especificações por produto.')
  return specs
}

/** atacado_min "10 | 50" with atacado_preco "89,90 | 84,90". */
export function parseTiers(minRaw: string, priceRaw: string): Tier[] {
  const mins = minRaw.trim() ? minRaw.split('|').map((s) => s.trim()) : []
  const prices = priceRaw.trim() ? priceRaw.split('|').map((s) => s.trim()) : []
  if (mins.length !== prices.length) bad('Informe atacado_min e atacado_preco juntos, com o mesmo número de faixas.')
  const tiers = mins.map((m, i) => ({ minQty: parseWhole(m, 'atacado_min', LIMIT.qty), priceCents: parseMoney(prices[i], 'atacado_preco') }))
  const seen = new Set<number>()
  for (const t of tiers) {
    if (t.minQty < 2) bad('O atacado vale a partir de 2 peças.')
    if (t.priceCents <= 0) bad('Preço de atacado deve ser maior que zero.')
    if (seen.has(t.minQty)) bad(`Faixa de atacado repetida: ${t.minQty} peças.`)
    seen.add(t.minQty)
  }
  if (tiers.length > 5) bad('No máximo 5 faixas de atacado.')
  return tiers.sort((a, b) => a.minQty - b.minQty)
}

/** The export defuses formulas with a leading apostrophe (csvField); reading takes it off again. */
const undefuse = (value: string) => (/^'[=+\-@\t]/.test(value) ? value.slice(1) : value)

const SKU = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,63}$/
const LINK = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** The separator the header uses most: ';' (Excel in Brazil), ',' or a tab. */
function separatorOf(text: string): ';' | ',' | '\t' {
  const header = text.slice(0, text.indexOf('\n') < 0 ? text.length : text.indexOf('\n'))
  const count = (c: string) => header.split(c).length - 1
  const [best] = ([';', ',', '\t'] as const).map((c) => [c, count(c)] as const).sort((a, b) => b[1] - a[1])
  return best[1] > 0 ? best[0] : ';'
}

/** Reads the file: a refusal for the whole file (columns, CSV syntax, size), else products and line errors. */
export function readCatalogFile(input: string): ReadFile | Refusal {
  // One kind of line break: line numbers are counted on it, and cells keep '\n' inside.
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  const separator = separatorOf(text)
  let records: { record: string[]; raw: string }[]
  try {
    records = parse(text, {
      delimiter: separator,
      record_delimiter: '\n',
      relax_column_count: true,
      relax_quotes: false,
      raw: true,
      trim: false,
    }) as unknown as { record: string[]; raw: string }[]
  } catch (error) {
    const line = (error as { lines?: number }).lines
    const code = (error as { code?: string }).code
    const what =
      code === 'CSV_QUOTE_NOT_CLOSED' ? 'aspas abertas e não fechadas' : code === 'CSV_INVALID_CLOSING_QUOTE' ? 'aspas no meio de um campo' : 'formato inválido'
    return refuse(CATALOG_IMPORT.badCsv(line, what))
  }
  if (records.length === 0) return refuse(CATALOG_IMPORT.empty)

  // Line numbers as a spreadsheet shows them: the header is line 1.
  let nextLine = 1
  const numbered = records.map((r) => {
    const linha = nextLine
    nextLine += (r.raw.match(/\n/g) ?? []).length
    return { linha, cells: r.record.map((c) => cleanText(c.replace(/\n/g, '\u2028')).replace(/\u2028/g, '\n')) }
  })
  const header = numbered[0].cells.map(columnKey)
  const unknown = header.filter((h) => h !== '' && !(CATALOG_COLUMN_NAMES as string[]).includes(h))
  const missing = CATALOG_COLUMNS.filter((c) => c.required && !header.includes(c.name)).map((c) => c.name)
  const repeated = header.filter((h, i) => h !== '' && header.indexOf(h) !== i)
  if (missing.length || unknown.length || repeated.length) {
    const parts = [
      missing.length ? `faltam as colunas obrigatórias ${missing.join(', ')}` : '',
      unknown.length ? `colunas desconhecidas: ${unknown.slice(0, 8).join(', ')}` : '',
      repeated.length ? `colunas repetidas: ${[...new Set(repeated)].join(', ')}` : '',
    ].filter(Boolean)
    return refuse(CATALOG_IMPORT.badColumns(parts.join('; '), CATALOG_COLUMN_NAMES.join(';')))
  }
  const data = numbered.slice(1).filter((r) => r.cells.some((c) => c.trim() !== ''))
  if (data.length === 0) return refuse(CATALOG_IMPORT.headerOnly)
  if (data.length > CATALOG_IMPORT_MAX_LINES) return refuse(CATALOG_IMPORT.tooManyLines(data.length, CATALOG_IMPORT_MAX_LINES))

  const index = new Map(header.map((h, i) => [h, i] as const))
  const has = (name: CatalogColumnName) => index.has(name)
  const errors: ImportLineError[] = []
  const products = new Map<string, ProductDraft & { firstCells: Map<string, string> }>()
  const broken = new Set<string>()

  for (const { linha, cells } of data) {
    const cell = (name: CatalogColumnName) => (has(name) ? undefuse(cells[index.get(name)!] ?? '').trim() : '')
    const sku = cell('sku')
    const fail = (motivo: string) => errors.push({ linha, sku: sku || null, motivo })
    if (cells.length !== header.length) {
      fail(
        `A linha tem ${cells.length} colunas e o cabeçalho ${header.length}: confira os separadores (${separator === '\t' ? 'tabulação' : separator}) e as aspas.`,
      )
      if (sku) broken.add(sku)
      continue
    }
    if (!sku) {
      fail('Informe o SKU.')
      continue
    }
    if (!SKU.test(sku)) {
      fail(`SKU inválido: "${sku.slice(0, 70)}" (até 64 letras, números, ponto, hífen, barra ou sublinhado).`)
      broken.add(sku)
      continue
    }
    const lineErrors: string[] = []
    const attempt = <T>(read: () => T): T | undefined => {
      try {
        return read()
      } catch (error) {
        if (!(error instanceof CellError)) throw error
        lineErrors.push(error.message)
        return undefined
      }
    }

    let product = products.get(sku)
    const first = !product
    if (!product) {
      product = { sku, linhas: [], firstCells: new Map() }
      products.set(sku, product)
      const p = product
      for (const name of ['titulo', 'categoria', 'preco'] as const)
        if (!cell(name)) lineErrors.push(`Informe ${name === 'titulo' ? 'o título' : name === 'categoria' ? 'a categoria' : 'o preço'}.`)
      if (cell('titulo')) p.titulo = attempt(() => textCell(cell('titulo'), 'titulo', LIMIT.titulo))
      if (cell('categoria')) p.categoria = cell('categoria')
      if (cell('preco')) {
        p.priceCents = attempt(() => parseMoney(cell('preco'), 'preco'))
        if (p.priceCents === 0) lineErrors.push('Preço deve ser maior que zero.')
      }
      if (has('link')) {
        const link = cell('link')
        if (link && !LINK.test(link)) lineErrors.push(`Link inválido: "${link.slice(0, 80)}" (use letras minúsculas sem acento, números e hífens).`)
        else if (link.length > LIMIT.link) lineErrors.push(`Link longo demais (até ${LIMIT.link} caracteres).`)
        else p.link = link || null
      }
      if (has('marca')) p.marca = cell('marca') || null
      if (has('preco_de')) p.compareAtCents = cell('preco_de') ? attempt(() => parseMoney(cell('preco_de'), 'preco_de')) : null
      if (has('estoque')) p.stock = cell('estoque') ? attempt(() => parseWhole(cell('estoque'), 'estoque', LIMIT.stock)) : null
      if (has('ativo')) p.active = attempt(() => parseYesNo(cell('ativo'), 'ativo'))
      if (has('peso_g')) p.pesoG = cell('peso_g') ? attempt(() => parseWhole(cell('peso_g'), 'peso_g', LIMIT.weight)) : 0
      if (has('altura_mm')) p.alturaMm = cell('altura_mm') ? attempt(() => parseWhole(cell('altura_mm'), 'altura_mm', LIMIT.dimension)) : 0
      if (has('largura_mm')) p.larguraMm = cell('largura_mm') ? attempt(() => parseWhole(cell('largura_mm'), 'largura_mm', LIMIT.dimension)) : 0
      if (has('comprimento_mm'))
        p.comprimentoMm = cell('comprimento_mm') ? attempt(() => parseWhole(cell('comprimento_mm'), 'comprimento_mm', LIMIT.dimension)) : 0
      if (has('ncm')) {
        const v = normalizeNcm(cell('ncm'))
        if (v && !isNcm(v)) lineErrors.push(`NCM inválido: "${cell('ncm').slice(0, 20)}" (são 8 dígitos, ex.: 8517.13.00).`)
        else p.ncm = v || null
      }
      if (has('cest')) {
        const v = normalizeNcm(cell('cest'))
        if (v && !isCest(v)) lineErrors.push(`CEST inválido: "${cell('cest').slice(0, 20)}" (são 7 dígitos).`)
        else p.cest = v || null
      }
      if (has('origem')) {
        const v = cell('origem')
        if (v && !/^[0-8]$/.test(v)) lineErrors.push(`Origem inválida: "${v.slice(0, 10)}" (de 0 a 8).`)
        else p.origem = v ? Number(v) : 0
      }
      if (has('gtin')) {
        const v = cell('gtin').toUpperCase()
        if (v && v !== NO_GTIN && !isGtin(v)) lineErrors.push(`GTIN inválido: "${v.slice(0, 20)}" (confira o dígito verificador, ou use SEM GTIN).`)
        else p.gtin = v || NO_GTIN
      }
      if (has('unidade')) {
        const v = cell('unidade').toUpperCase()
        if (v && !(UNIDADES as readonly string[]).includes(v)) lineErrors.push(`Unidade inválida: "${v.slice(0, 10)}" (use ${UNIDADES.join(', ')}).`)
        else p.unidade = v || 'UN'
      }
      if (has('atacado_min') !== has('atacado_preco')) lineErrors.push('Use as colunas atacado_min e atacado_preco juntas.')
      else if (has('atacado_min')) p.tiers = attempt(() => parseTiers(cell('atacado_min'), cell('atacado_preco')))
      if (has('especificacoes')) p.especificacoes = attempt(() => parseSpecs(cells[index.get('especificacoes')!] ?? ''))
      if (has('descricao')) {
        const d = cell('descricao')
        if (d.length > LIMIT.descricao) lineErrors.push(`Descrição longa demais (até ${LIMIT.descricao.toLocaleString('pt-BR')} caracteres).`)
        else p.descricao = d
      }
      if (has('variacao') || has('opcao')) p.options = []
      for (const c of CATALOG_COLUMNS) if (c.level === 'produto') p.firstCells.set(c.name, cell(c.name))
    } else {
      // A later line of the same SKU: its product cells are empty or the same as the first line's.
      for (const c of CATALOG_COLUMNS) {
        if (c.level !== 'produto' || c.name === 'sku') continue
        const value = cell(c.name)
        if (value !== '' && value !== product.firstCells.get(c.name)) {
          lineErrors.push(`${label(c.name)} diferente da linha ${product.linhas[0]} do mesmo SKU (deixe vazio ou repita o valor).`)
        }
      }
    }
    product.linhas.push(linha)

    const variacao = textCell(cell('variacao'), 'variacao', LIMIT.text)
    const opcao = textCell(cell('opcao'), 'opcao', LIMIT.text)
    if (variacao || opcao) {
      if (!variacao || !opcao) lineErrors.push(variacao ? 'Informe a opção da variação.' : 'Informe a variação (ex.: Cor) da opção.')
      else if (product.options) {
        if (!first && product.options.length === 0) lineErrors.push(`SKU repetido sem variação na linha ${product.linhas[0]}.`)
        const twin = product.options.find((o) => foldText(o.variacao) === foldText(variacao) && foldText(o.opcao) === foldText(opcao))
        if (twin) lineErrors.push(`Opção repetida: ${variacao} ${opcao} (linha ${twin.linha}).`)
        const priceCents = cell('opcao_preco') ? attempt(() => parseMoney(cell('opcao_preco'), 'opcao_preco')) : null
        if (priceCents === 0) lineErrors.push('Preço da opção deve ser maior que zero.')
        const stock = cell('opcao_estoque') ? attempt(() => parseWhole(cell('opcao_estoque'), 'opcao_estoque', LIMIT.stock)) : null
        const active = attempt(() => parseYesNo(cell('opcao_ativo'), 'opcao_ativo'))
        const measureCells = ['opcao_altura_mm', 'opcao_largura_mm', 'opcao_comprimento_mm', 'opcao_peso_g'] as const
        const typed = measureCells.filter((c) => cell(c) !== '')
        let measures: OptionDraft['measures'] = null
        if (typed.length > 0 && typed.length < measureCells.length)
          lineErrors.push('Medidas da opção: preencha as quatro (peso, altura, largura, comprimento) ou nenhuma.')
        else if (typed.length) {
          const [alturaMm, larguraMm, comprimentoMm, pesoG] = measureCells.map((c) =>
            attempt(() => {
              const v = parseWhole(cell(c), c, c === 'opcao_peso_g' ? LIMIT.weight : LIMIT.dimension)
              return v === 0 ? bad(`${label(c)} deve ser maior que zero.`) : v
            }),
          )
          measures = [alturaMm, larguraMm, comprimentoMm, pesoG].some((v) => v === undefined)
            ? undefined
            : { alturaMm: alturaMm!, larguraMm: larguraMm!, comprimentoMm: comprimentoMm!, pesoG: pesoG! }
        }
        if (priceCents !== undefined && stock !== undefined && active !== undefined && measures !== undefined)
          product.options.push({ linha, variacao, opcao, priceCents, stock, active, measures })
      }
    } else if (!first) {
      lineErrors.push(`SKU repetido: já está na linha ${product.linhas[0]}.`)
    } else if (cell('opcao_preco') || cell('opcao_estoque')) {
      lineErrors.push('Informe a variação e a opção deste preço ou estoque de opção.')
    }
    for (const motivo of lineErrors) fail(motivo)
    if (lineErrors.length) broken.add(sku)
  }

  // An option line of a product whose first line had none (or the reverse) was reported above.
  for (const p of products.values()) {
    if (p.options && p.options.length > 0 && p.linhas.length !== p.options.length && !broken.has(p.sku)) {
      errors.push({ linha: p.linhas[0], sku: p.sku, motivo: 'Num produto com variações, toda linha precisa de variacao e opcao.' })
      broken.add(p.sku)
    }
  }
  const good = [...products.values()].filter((p) => !broken.has(p.sku)).map(({ firstCells: _cells, ...p }) => p)
  return { separator, lines: data.length, products: good, errors: errors.sort((a, b) => a.linha - b.linha) }
}
