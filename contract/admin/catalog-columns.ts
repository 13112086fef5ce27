// The catalog spreadsheet's columns and what the import calls answer, without
// zod: the import page ships this file. The schemas are in catalog-import.ts.

export type CatalogColumn = {
  /** The header, as the export writes it (the import also reads it without accents, in any case). */
  name: string
  /** Must be in the header; its cell must be filled on every product's first line. */
  required: boolean
  /** A product's own field (same on each of its lines) or one option's (one line each). */
  level: 'produto' | 'opcao'
  /** What the column holds and what an empty cell means (pt-BR, for people). */
  doc: string
}

/** The columns in the export's order. A header may list them in any order and leave optional ones out. */
export const CATALOG_COLUMNS = [
  {
    name: 'sku',
    required: true,
    level: 'produto',
    doc: 'Código do produto (até 64 letras, números, ponto, hífen, barra ou sublinhado). Liga a linha ao produto já cadastrado; um SKU novo cria um produto. Um produto com variações ocupa uma linha por opção, todas com o mesmo SKU.',
  },
  { name: 'titulo', required: true, level: 'produto', doc: 'Título (até 255 caracteres).' },
  {
    name: 'link',
    required: false,
    level: 'produto',
    doc: 'Link da página (/produto/{link}): minúsculas sem acento, números e hífens. Vazio: mantém o atual, ou gera a partir do título num produto novo. Mudar o link faz o antigo responder 301 para o novo.',
  },
  {
    name: 'categoria',
    required: true,
    level: 'produto',
    doc: 'Identificador da categoria (o da URL /categoria/{identificador}, ex.: smartphones) ou o caminho pelos nomes: Celulares > Smartphones. A categoria precisa existir.',
  },
  { name: 'marca', required: false, level: 'produto', doc: 'Nome da marca (ou o seu link). Precisa existir. Vazio: sem marca.' },
  {
    name: 'preco',
    required: true,
    level: 'produto',
    doc: 'Preço em reais: 1234,56 (também 1.234,56 ou 1234.56). Maior que zero, até R$ 1.000.000,00. Num produto com variações, vale para as opções sem opcao_preco; a vitrine mostra o menor preço das opções.',
  },
  { name: 'preco_de', required: false, level: 'produto', doc: 'Preço "de", riscado acima do preço; precisa ser maior que o preço. Vazio: sem preço "de".' },
  {
    name: 'estoque',
    required: false,
    level: 'produto',
    doc: 'Unidades em estoque de um produto sem variações: inteiro, zero ou mais. Vazio: mantém a contagem atual (zero num produto novo). Ignorado em produtos com variações (cada opção tem o seu).',
  },
  { name: 'ativo', required: false, level: 'produto', doc: 'sim ou não: se o produto aparece na loja. Vazio: sim.' },
  { name: 'peso_g', required: false, level: 'produto', doc: 'Peso da embalagem em gramas (inteiro), usado no frete. Vazio: 0.' },
  { name: 'altura_mm', required: false, level: 'produto', doc: 'Altura da embalagem em milímetros (inteiro). Vazio: 0.' },
  { name: 'largura_mm', required: false, level: 'produto', doc: 'Largura da embalagem em milímetros (inteiro). Vazio: 0.' },
  { name: 'comprimento_mm', required: false, level: 'produto', doc: 'Comprimento da embalagem em milímetros (inteiro). Vazio: 0.' },
  {
    name: 'ncm',
    required: false,
    level: 'produto',
    doc: 'NCM da nota fiscal: 8 dígitos (8517.13.00 ou 85171300). Vazio: sem NCM (o produto não sai em nota).',
  },
  { name: 'cest', required: false, level: 'produto', doc: 'CEST, quando o produto está na substituição tributária: 7 dígitos. Vazio: sem CEST.' },
  { name: 'origem', required: false, level: 'produto', doc: 'Origem da mercadoria para o ICMS, de 0 (nacional) a 8. Vazio: 0.' },
  { name: 'gtin', required: false, level: 'produto', doc: 'Código de barras (EAN-13, GTIN-14…) com o dígito verificador certo, ou SEM GTIN. Vazio: SEM GTIN.' },
  { name: 'unidade', required: false, level: 'produto', doc: 'Unidade comercial da nota: UN, PC, CX, KIT, PAR ou CJ. Vazio: UN.' },
  {
    name: 'atacado_min',
    required: false,
    level: 'produto',
    doc: 'Atacado: a partir de quantas peças (2 ou mais). Várias faixas separadas por |, ex.: 10 | 50. Vazio (com atacado_preco vazio): sem atacado.',
  },
  {
    name: 'atacado_preco',
    required: false,
    level: 'produto',
    doc: 'Atacado: preço da unidade em cada faixa, na mesma ordem de atacado_min, ex.: 89,90 | 84,90. Precisa ser menor que o preço.',
  },
  { name: 'variacao', required: false, level: 'opcao', doc: 'Nome do grupo de opções da linha (ex.: Cor, Memória). Vazio em produtos sem variações.' },
  {
    name: 'opcao',
    required: false,
    level: 'opcao',
    doc: 'Nome da opção da linha (ex.: Preto, 128 GB). Uma opção que some da planilha é desativada (nunca apagada: pedidos guardam o que foi vendido).',
  },
  { name: 'opcao_preco', required: false, level: 'opcao', doc: 'Preço da opção. Vazio: o preço do produto.' },
  {
    name: 'opcao_estoque',
    required: false,
    level: 'opcao',
    doc: 'Estoque da opção: inteiro, zero ou mais. Vazio: mantém a contagem atual (zero numa opção nova).',
  },
  { name: 'opcao_ativo', required: false, level: 'opcao', doc: 'sim ou não: se a opção pode ser escolhida. Vazio: sim.' },
  {
    name: 'opcao_peso_g',
    required: false,
    level: 'opcao',
    doc: 'Peso da embalagem da opção em gramas, quando difere do produto (usado no frete). As quatro medidas da opção vão juntas. Vazio nas quatro: mantém as atuais (numa opção nova, as do produto).',
  },
  { name: 'opcao_altura_mm', required: false, level: 'opcao', doc: 'Altura da embalagem da opção em milímetros (com as outras três medidas da opção).' },
  { name: 'opcao_largura_mm', required: false, level: 'opcao', doc: 'Largura da embalagem da opção em milímetros (com as outras três medidas da opção).' },
  {
    name: 'opcao_comprimento_mm',
    required: false,
    level: 'opcao',
    doc: 'Comprimento da embalagem da opção em milímetros (com as outras três medidas da opção).',
  },
  {
    name: 'especificacoes',
    required: false,
    level: 'produto',
    doc: 'Especificações técnicas, uma por linha dentro da célula (Alt+Enter no Excel) ou separadas por " | ", cada uma como Nome: valor. Vazio: nenhuma.',
  },
  {
    name: 'descricao',
    required: false,
    level: 'produto',
    doc: 'Descrição em HTML simples (p, br, strong, em, ul, ol, li, h3, h4, tabelas); o resto é removido ao salvar, como no editor. Vazio: sem descrição.',
  },
] as const satisfies readonly CatalogColumn[]

export type CatalogColumnName = (typeof CATALOG_COLUMNS)[number]['name']
export const CATALOG_COLUMN_NAMES = CATALOG_COLUMNS.map((c) => c.name) as CatalogColumnName[]

/** The file's size and length at most: a bigger catalog goes in several files. */
export const CATALOG_IMPORT_MAX_BYTES = 20 * 1024 * 1024
export const CATALOG_IMPORT_MAX_LINES = 50_000
/** Products applied per batch (one transaction each). */
export const CATALOG_IMPORT_BATCH = 200
/** Errors kept in a report (the count is always whole). */
export const CATALOG_IMPORT_ERRORS_KEPT = 1_000

export const CATALOG_IMPORT_STATUS_NAMES = { analisada: 'Analisada', aplicando: 'Aplicando', concluida: 'Concluída', cancelada: 'Cancelada' } as const
export type CatalogImportStatus = keyof typeof CATALOG_IMPORT_STATUS_NAMES

export type ImportLineError = { linha: number; sku: string | null; motivo: string }

/** What the dry run found, and what applying did so far (catalog_imports.report). */
export type ImportReport = {
  /** 'UTF-8' or the encoding the file was converted from. */
  codificacao: string
  separador: ';' | ',' | '\t'
  /** Data lines read (the header and blank lines not counted). */
  linhas: number
  novos: number
  alterados: number
  iguais: number
  /** Lines with at least one error; their products are skipped whole. */
  linhasComErro: number
  produtosComErro: number
  erros: ImportLineError[]
  /** Errors beyond those kept. */
  errosOmitidos: number
  /** The first products to apply, with what changes in each. */
  previa: { linha: number; sku: string; titulo: string; tipo: 'novo' | 'alterado'; mudancas: string[] }[]
  aplicacao: { novos: number; alterados: number; erros: ImportLineError[] }
}

/** One import as the page shows it. */
export type ImportView = {
  id: string
  arquivo: string
  situacao: CatalogImportStatus
  por: string | null
  criadoEm: string
  /** Products to apply and how many were gone through. */
  total: number
  feitos: number
  relatorio: ImportReport
}
