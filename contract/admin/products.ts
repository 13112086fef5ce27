// The back office's product calls (/admin/api/produtos…): the list's filters as the URL carries them,
// the editor's own fields and the bulk actions. One schema for the browser (every field's pt-BR
// message next to it) and the server (which parses again). Money travels in reais, two decimals.
import { z } from 'zod'
import { cursorSchema } from './orders'
import { isCest, isGtin, isNcm, NO_GTIN, normalizeNcm, UNIDADES } from '../fiscal'

/** An empty form field is the same as no filter. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional())
const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message)

/** The store's limit for a product's title and other detail strings. */
export const PRODUCT_TITLE_MAX = 255
/** A link (/produto/{link}): lower-case letters, digits and hyphens. */
export const PRODUCT_LINK_MAX = 200
/** The editor's description, as HTML before sanitising. */
export const PRODUCT_DESCRIPTION_MAX = 60_000
/** A price: up to R$ 1.000.000,00. */
export const PRODUCT_PRICE_MAX = 1_000_000
export const PRODUCT_SPECS_MAX = 60
export const PRODUCT_TIERS_MAX = 5
/** Stock counts stay far from integer limits. */
export const STOCK_MAX = 1_000_000
/** 'Últimas unidades' and the list's "menos de 8" filter. */
export const PRODUCT_LOW_STOCK = 8

export const PRODUCT_STOCK_FILTERS = ['esgotado', 'baixo', 'disponivel'] as const
export const PRODUCT_STOCK_FILTER_NAMES: Record<(typeof PRODUCT_STOCK_FILTERS)[number], string> = {
  esgotado: 'Esgotado',
  baixo: `Menos de ${PRODUCT_LOW_STOCK}`,
  disponivel: 'Em estoque',
}

export const PRODUCT_SORTS = ['recentes', 'antigos', 'titulo', 'maior_preco', 'menor_preco'] as const
export type ProductSort = (typeof PRODUCT_SORTS)[number]
export const PRODUCT_SORT_NAMES: Record<ProductSort, string> = {
  recentes: 'Mais recentes',
  antigos: 'Mais antigos',
  titulo: 'Título (A–Z)',
  maior_preco: 'Maior preço',
  menor_preco: 'Menor preço',
}

const yes = z.enum(['sim', 'nao'], { error: 'Escolha sim ou não.' })

export const productListQuerySchema = z.object({
  q: optional(z.string().trim().min(2, 'Digite ao menos 2 caracteres para buscar.').max(100, 'Busca longa demais.')),
  categoria: optional(id('Categoria inválida.')),
  marca: optional(id('Marca inválida.')),
  ativo: optional(yes),
  estoque: optional(z.enum(PRODUCT_STOCK_FILTERS, { error: 'Filtro de estoque inválido.' })),
  video: optional(yes),
  atacado: optional(yes),
  /** 'nao': the products an NF-e cannot carry yet (no NCM; docs/decisions/0129-nfe.md). */
  ncm: optional(yes),
  ordem: optional(z.enum(PRODUCT_SORTS, { error: 'Ordem inválida.' })),
  apos: optional(cursorSchema),
  antes: optional(cursorSchema),
  por: optional(z.coerce.number({ error: 'Tamanho de página inválido.' }).int().min(10, 'Tamanho de página inválido.').max(100, 'Tamanho de página inválido.')),
})
export type ProductListQuery = z.output<typeof productListQuerySchema>

export const productIdParamsSchema = z.object({ id: id('Produto não encontrado.') })

/** Reais with at most two decimals, within the store's limit. */
const reais = (label: string, min = 0.01) =>
  z
    .number({ error: `Informe ${label}.` })
    .refine((v) => Number.isFinite(v), `${label[0].toUpperCase()}${label.slice(1)} inválido.`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use no máximo 2 casas decimais (centavos).')
    .refine((v) => v >= min, min > 0 ? `${label[0].toUpperCase()}${label.slice(1)} deve ser maior que zero.` : `${label} não pode ser negativo.`)
    .refine((v) => v <= PRODUCT_PRICE_MAX, `${label[0].toUpperCase()}${label.slice(1)} acima do limite (R$ 1.000.000,00).`)

const whole = (label: string, max: number) =>
  z
    .number({ error: `Informe ${label}.` })
    .int(`${label[0].toUpperCase()}${label.slice(1)} deve ser um número inteiro.`)
    .min(0, `${label[0].toUpperCase()}${label.slice(1)} não pode ser negativo.`)
    .max(max, `${label[0].toUpperCase()}${label.slice(1)} acima do limite.`)

/** A link: what slugify gives (lower-case letters, digits, single hyphens). */
export const productLinkSchema = z
  .string({ error: 'Informe o link.' })
  .trim()
  .min(1, 'Informe o link.')
  .max(PRODUCT_LINK_MAX, `Link longo demais (até ${PRODUCT_LINK_MAX} caracteres).`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Link inválido: use letras minúsculas sem acento, números e hífens.')

/** A file name under media/videos (served by /video/{link}). */
export const productVideoSchema = z
  .string()
  .trim()
  .max(200, 'Link do vídeo longo demais.')
  .regex(
    /^$|^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*\.(mp4|webm)$/i,
    'Vídeo inválido: informe o arquivo em media/videos, como demo.mp4 (MP4 ou WebM).',
  )

const textOf = (label: string, max: number) =>
  z
    .string({ error: `Informe ${label}.` })
    .trim()
    .min(1, `Informe ${label}.`)
    .max(max, `${label[0].toUpperCase()}${label.slice(1)} longo demais (até ${max} caracteres).`)

export const productSpecSchema = z.strictObject({ nome: textOf('o nome da especificação', 255), valor: textOf('o valor da especificação', 255) })
export const wholesaleTierSchema = z.strictObject({
  min: whole('a quantidade mínima', 100_000).min(2, 'O atacado vale a partir de 2 peças.'),
  preco: reais('o preço de atacado'),
})

/**
 * The product's fiscal data for its NF-e (docs/decisions/0129-nfe.md). Each may be left out: a save
 * without it keeps what the product has. An empty NCM or CEST clears it.
 */
/** A code of digits typed with or without dots (NCM, CEST): empty clears it. */
const fiscalCode = (name: string, valid: (v: string) => boolean, rule: string) =>
  z
    .string({ error: `${name} inválido.` })
    .trim()
    .transform(normalizeNcm)
    .refine((v) => v === '' || valid(v), `${name} inválido: ${rule}`)
    .transform((v) => v || null)
    .optional()

export const productFiscalFields = {
  ncm: fiscalCode('NCM', isNcm, 'são 8 dígitos (ex.: 8517.13.00).'),
  cest: fiscalCode('CEST', isCest, 'são 7 dígitos (ex.: 21.053.00).'),
  origem: z.number({ error: 'Origem inválida.' }).int('Origem inválida.').min(0, 'Origem inválida: de 0 a 8.').max(8, 'Origem inválida: de 0 a 8.').optional(),
  gtin: z
    .string({ error: 'GTIN inválido.' })
    .trim()
    .transform((v) => (v === '' || v.toUpperCase() === NO_GTIN ? NO_GTIN : v))
    .refine((v) => v === NO_GTIN || isGtin(v), 'GTIN inválido: confira o código de barras (EAN-13 ou GTIN-14) ou use "SEM GTIN".')
    .optional(),
  unidade: z.enum(UNIDADES, { error: `Unidade inválida: use ${UNIDADES.join(', ')}.` }).optional(),
}

/** The product's own fields, as the editor sends them (create and edit). */
const productFields = z.strictObject({
  titulo: textOf('o título', PRODUCT_TITLE_MAX),
  link: productLinkSchema,
  sku: z
    .string({ error: 'Informe o código (SKU).' })
    .trim()
    .min(1, 'Informe o código (SKU).')
    .max(64, 'Código (SKU) longo demais (até 64 caracteres).')
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'Código (SKU) inválido: use letras, números, ponto, hífen ou sublinhado.'),
  categoria: id('Escolha a categoria.'),
  marca: id('Marca inválida.').nullable(),
  descricao: z.string({ error: 'Descrição inválida.' }).max(PRODUCT_DESCRIPTION_MAX, `Descrição longa demais (até ${PRODUCT_DESCRIPTION_MAX} caracteres).`),
  especificacoes: z.array(productSpecSchema, { error: 'Especificações inválidas.' }).max(PRODUCT_SPECS_MAX, `No máximo ${PRODUCT_SPECS_MAX} especificações.`),
  alturaMm: whole('a altura', 10_000),
  larguraMm: whole('a largura', 10_000),
  comprimentoMm: whole('o comprimento', 10_000),
  pesoG: whole('o peso', 1_000_000),
  preco: reais('o preço'),
  precoDe: reais('o preço "de"').nullable(),
  atacado: z.array(wholesaleTierSchema, { error: 'Atacado inválido.' }).max(PRODUCT_TIERS_MAX, `No máximo ${PRODUCT_TIERS_MAX} faixas de atacado.`),
  video: productVideoSchema,
  ativo: z.boolean({ error: 'Informe se o produto está ativo.' }),
  ...productFiscalFields,
})

/** Rules across fields, each reported on the field the person must change. */
function crossChecks(v: z.infer<typeof productFields>, ctx: z.RefinementCtx) {
  if (v.precoDe != null && Math.round(v.precoDe * 100) <= Math.round(v.preco * 100)) {
    ctx.addIssue({ code: 'custom', path: ['precoDe'], message: 'O preço "de" deve ser maior que o preço.' })
  }
  const seen = new Set<number>()
  v.atacado.forEach((t, i) => {
    if (Math.round(t.preco * 100) >= Math.round(v.preco * 100)) {
      ctx.addIssue({ code: 'custom', path: ['atacado', i, 'preco'], message: 'O preço de atacado deve ser menor que o preço.' })
    }
    if (seen.has(t.min)) ctx.addIssue({ code: 'custom', path: ['atacado', i, 'min'], message: 'Já há uma faixa com esta quantidade mínima.' })
    seen.add(t.min)
  })
  const names = new Set<string>()
  v.especificacoes.forEach((s, i) => {
    const key = s.nome.toLowerCase()
    if (names.has(key)) ctx.addIssue({ code: 'custom', path: ['especificacoes', i, 'nome'], message: 'Especificação repetida.' })
    names.add(key)
  })
}

/** POST /admin/api/produtos — a new product, with its initial stock. */
export const productCreateSchema = productFields.extend({ estoque: whole('o estoque inicial', STOCK_MAX) }).superRefine(crossChecks)
/** POST /admin/api/produtos/{id} — the version the editor loaded (optimistic concurrency). */
export const productUpdateSchema = productFields
  .extend({ versao: z.number({ error: 'Versão ausente: recarregue a página.' }).int().positive() })
  .superRefine(crossChecks)
export type ProductCreateInput = z.output<typeof productCreateSchema>
export type ProductUpdateInput = z.output<typeof productUpdateSchema>

/** The bulk actions on a selection of the list. */
export const PRODUCT_BULK_ACTIONS = ['ativar', 'desativar', 'categoria', 'preco'] as const
export const PRODUCT_BULK_MAX = 500
export const PRODUCT_PERCENT_LIMIT = 90

const bulkIds = z
  .array(id('Produto inválido.'), { error: 'Selecione os produtos.' })
  .min(1, 'Selecione ao menos um produto.')
  .max(PRODUCT_BULK_MAX, `Selecione no máximo ${PRODUCT_BULK_MAX} produtos por vez.`)
/** A percentage: 10 raises 10 %, -15 lowers 15 %. */
const bulkPercent = z
  .number({ error: 'Informe o percentual.' })
  .refine((v) => Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use no máximo 2 casas decimais no percentual.')
  .refine((v) => v !== 0, 'O percentual não pode ser zero.')
  .refine((v) => v >= -PRODUCT_PERCENT_LIMIT && v <= 500, `Percentual fora do limite (de -${PRODUCT_PERCENT_LIMIT} % a 500 %).`)

/** POST /admin/api/produtos/lote — an action on a selection of the list. */
export const productBulkSchema = z
  .strictObject({
    ids: bulkIds,
    acao: z.enum(PRODUCT_BULK_ACTIONS, { error: 'Ação inválida.' }),
    categoria: id('Escolha a categoria.').optional(),
    percentual: bulkPercent.optional(),
    /** Price changes: false previews (before → after) and writes nothing. */
    aplicar: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.acao === 'categoria' && v.categoria == null) ctx.addIssue({ code: 'custom', path: ['categoria'], message: 'Escolha a categoria.' })
    if (v.acao === 'preco' && v.percentual == null) ctx.addIssue({ code: 'custom', path: ['percentual'], message: 'Informe o percentual.' })
  })
export type ProductBulkInput = z.output<typeof productBulkSchema>

/** The Produtos page's intents: the bulk actions, each the API's body with its action as the intent. */
export const productListIntentSchema = z.discriminatedUnion('intent', [
  z.strictObject({ intent: z.literal('ativar'), ids: bulkIds }),
  z.strictObject({ intent: z.literal('desativar'), ids: bulkIds }),
  z.strictObject({ intent: z.literal('categoria'), ids: bulkIds, categoria: id('Escolha a categoria.') }),
  z.strictObject({ intent: z.literal('preco'), ids: bulkIds, percentual: bulkPercent, aplicar: z.boolean() }),
])
export type ProductListIntent = z.output<typeof productListIntentSchema>

/** A percentage change of a price in centavos, to the centavo, never under R$ 0,01. */
export function adjustedCents(cents: number, percent: number): number {
  return Math.max(1, Math.round((cents * (10_000 + Math.round(percent * 100))) / 10_000))
}

/** The form's errors by field path ('titulo', 'atacado.0.preco'): the first message of each. */
export function fieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_'
    out[key] ??= issue.message
  }
  return out
}

const sucesso = z.literal('sucesso')
export const productSavedResponseSchema = z.object({ estado: sucesso, id: z.number().int(), link: z.string(), versao: z.number().int() })
export const pricePreviewRowSchema = z.object({
  id: z.number().int(),
  titulo: z.string(),
  antes: z.number().int(),
  depois: z.number().int(),
  deAntes: z.number().int().nullable(),
  deDepois: z.number().int().nullable(),
  opcoes: z.number().int(),
  atacado: z.number().int(),
})
export type PricePreviewRow = z.output<typeof pricePreviewRowSchema>
export const productBulkResponseSchema = z.object({
  estado: sucesso,
  alterados: z.number().int(),
  aplicado: z.boolean(),
  preview: z.array(pricePreviewRowSchema).optional(),
})
