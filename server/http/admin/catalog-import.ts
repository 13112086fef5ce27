import { Hono, type Context } from 'hono'
import {
  CATALOG_IMPORT_MAX_BYTES,
  catalogExportQuerySchema,
  importIdParamsSchema,
  importUploadQuerySchema,
} from '../../../contract/admin/catalog-import'
import { analyseImport, importView, unfinishedImport } from '../../domain/catalog/import/analyse'
import { applyImportBatch, cancelImport } from '../../domain/catalog/import/apply'
import { catalogCsv } from '../../domain/catalog/import/export'
import { catalogTemplate } from '../../domain/catalog/import/template'
import { isRefusal, refuse, type Refusal } from '../../domain/refusal'
import { readBody } from '../body'
import type { AppBindings } from '../context'
import { answerRefusal } from '../refusal'
import { readQuery } from '../validate'
import { fail, requireStaff } from './guard'

const idOf = (c: Context<AppBindings>): string => {
  const parsed = importIdParamsSchema.safeParse({ id: c.req.param('id') })
  return parsed.success ? parsed.data.id : fail(refuse('not_found', 'Importação não encontrada.'))
}

function answer<T extends object>(c: Context<AppBindings>, result: T | Refusal): Response {
  return isRefusal(result) ? answerRefusal(c, result) : c.json({ estado: 'sucesso' as const, ...result })
}

const csvHeaders = (name: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${name}"`,
  'Cache-Control': 'private, no-store',
})

/** A file name as shown on the page: no path, no control characters, at most 200 characters. */
const fileNameOf = (raw: string | undefined) =>
  (raw ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200) || 'catalogo.csv'

/**
 * Catalog import and export (issue 19, part D): the export and the template with catalog:read; the
 * dry run, applying (a batch per call, resumable) and cancelling with catalog:write — each applied
 * batch audited in its own transaction (server/domain/catalog/import/apply.ts).
 */
export const adminCatalogImportApi = new Hono<AppBindings>()
  .get('/catalogo.csv', async (c) => {
    await requireStaff(c, 'catalog:read')
    const query = readQuery(c, catalogExportQuerySchema)
    const lines = catalogCsv(c.get('ctx').db, query)
    const encoder = new TextEncoder()
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await lines.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(next.value))
      },
      async cancel() {
        await lines.return(undefined)
      },
    })
    return new Response(body, { headers: csvHeaders(`catalogo-${new Date().toISOString().slice(0, 10)}.csv`) })
  })
  .get('/catalogo-modelo.csv', async (c) => {
    await requireStaff(c, 'catalog:read')
    return new Response(catalogTemplate(), { headers: csvHeaders('catalogo-modelo.csv') })
  })
  .post('/importacoes', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { arquivo } = readQuery(c, importUploadQuerySchema)
    const type = c.req.header('content-type') ?? ''
    if (/^(application\/json|multipart\/form-data)/i.test(type)) throw refuse('unsupported', 'Envie o arquivo CSV como o corpo da requisição (Content-Type: text/csv).')
    const bytes = await readBody(c, CATALOG_IMPORT_MAX_BYTES)
    const result = await analyseImport(c.get('ctx').db, { bytes, fileName: fileNameOf(arquivo), actor: staff.actor })
    return answer(c, isRefusal(result) ? result : { importacao: result })
  })
  .get('/importacoes/atual', async (c) => {
    await requireStaff(c, 'catalog:write')
    return c.json({ estado: 'sucesso' as const, importacao: await unfinishedImport(c.get('ctx').db) })
  })
  .get('/importacoes/:id', async (c) => {
    await requireStaff(c, 'catalog:write')
    const view = await importView(c.get('ctx').db, idOf(c))
    return answer(c, view ? { importacao: view } : refuse('not_found', 'Importação não encontrada.'))
  })
  .post('/importacoes/:id/aplicar', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const result = await applyImportBatch(c.get('ctx').db, { id: idOf(c), actor: staff.actor })
    return answer(c, isRefusal(result) ? result : { importacao: result })
  })
  .post('/importacoes/:id/cancelar', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const result = await cancelImport(c.get('ctx').db, { id: idOf(c), actor: staff.actor })
    return answer(c, isRefusal(result) ? result : { importacao: result })
  })
