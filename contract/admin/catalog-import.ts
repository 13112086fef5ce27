// The catalog spreadsheet: its columns — one place, read by the import, the export,
// the template (docs/catalogo-modelo.csv), the import page's help and the README — the export's
// filters and what the import calls answer. Money in the file is pt-BR (1234,56); the answers carry
// counts and pt-BR reasons.
import { z } from 'zod'
import { CATALOG_IMPORT } from '../messages/catalog-import'
import { CATALOG_IMPORT_STATUS_NAMES, type CatalogImportStatus, type ImportView } from './catalog-columns'

export * from './catalog-columns'

/** An empty form field is the same as no filter. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional())
const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message)
const yes = z.enum(['sim', 'nao'], { error: 'Escolha sim ou não.' })

/**
 * GET /admin/api/catalogo.csv — the export, of the whole catalog or of the Produtos list's filter
 * (the same parameter names as the list's URL; paging and order parameters are ignored).
 */
export const catalogExportQuerySchema = z.object({
  q: optional(z.string().trim().min(2, 'Digite ao menos 2 caracteres para buscar.').max(100, 'Busca longa demais.')),
  categoria: optional(id('Categoria inválida.')),
  marca: optional(id('Marca inválida.')),
  ativo: optional(yes),
  estoque: optional(z.enum(['esgotado', 'baixo', 'disponivel'], { error: 'Filtro de estoque inválido.' })),
  video: optional(yes),
  atacado: optional(yes),
  ncm: optional(yes),
})
export type CatalogExportQuery = z.output<typeof catalogExportQuerySchema>

/** An import's id (its URL segment). */
export const importIdParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9]{12,40}$/, CATALOG_IMPORT.notFound.message) })

/** What /admin/produtos/importar's action does: the API's apply (one batch; also "Continuar") and cancel. */
export const importIntentSchema = z.discriminatedUnion('intent', [
  importIdParamsSchema.extend({ intent: z.literal('aplicar') }),
  importIdParamsSchema.extend({ intent: z.literal('cancelar') }),
])

/** POST /admin/api/importacoes?arquivo=… — the file's bytes are the body (text/csv). */
export const importUploadQuerySchema = z.object({
  arquivo: optional(z.string().trim().max(200, 'Nome de arquivo longo demais.')),
})

const lineError = z.object({ linha: z.number(), sku: z.string().nullable(), motivo: z.string() })
const statuses = Object.keys(CATALOG_IMPORT_STATUS_NAMES) as [CatalogImportStatus, ...CatalogImportStatus[]]

/** One import as the page shows it (ImportView in catalog-columns.ts). */
export const importViewSchema = z.object({
  id: z.string(),
  arquivo: z.string(),
  situacao: z.enum(statuses),
  por: z.string().nullable(),
  criadoEm: z.string(),
  total: z.number(),
  feitos: z.number(),
  relatorio: z.object({
    codificacao: z.string(),
    separador: z.enum([';', ',', '\t']),
    linhas: z.number(),
    novos: z.number(),
    alterados: z.number(),
    iguais: z.number(),
    linhasComErro: z.number(),
    produtosComErro: z.number(),
    erros: z.array(lineError),
    errosOmitidos: z.number(),
    previa: z.array(z.object({ linha: z.number(), sku: z.string(), titulo: z.string(), tipo: z.enum(['novo', 'alterado']), mudancas: z.array(z.string()) })),
    aplicacao: z.object({ novos: z.number(), alterados: z.number(), erros: z.array(lineError) }),
  }),
}) satisfies z.ZodType<ImportView>

/** POST /admin/api/importacoes, …/aplicar, …/cancelar */
export const importResponseSchema = z.object({ estado: z.literal('sucesso'), importacao: importViewSchema })
