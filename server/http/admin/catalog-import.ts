import { Hono } from 'hono'
import { CATALOG_IMPORT_MAX_BYTES, catalogExportQuerySchema, importIdParamsSchema, importUploadQuerySchema } from '../../../contract/admin/catalog-import'
import { CATALOG_IMPORT } from '../../../contract/messages/catalog-import'
import { analyseImport } from '../../domain/catalog/import/analyse'
import { applyImportBatch, cancelImport } from '../../domain/catalog/import/apply'
import { catalogCsv } from '../../domain/catalog/import/export'
import { catalogTemplate } from '../../domain/catalog/import/template'
import { isRefusal, refuse } from '../../domain/refusal'
import { readBody } from '../body'
import type { AppBindings } from '../context'
import { readQuery } from '../validate'
import { requireStaff } from './guard'
import { answer, csvResponse, paramsOf } from './respond'

/** A file name as shown on the page: no path, no control characters, at most 200 characters. */
const fileNameOf = (raw: string | undefined) =>
  (raw ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200) || 'catalogo.csv'

async function* once(text: string): AsyncGenerator<string, void, unknown> {
  yield text
}

/**
 * Catalog import and export: the export and the template with catalog:read; the dry run (the
 * upload the import page sends here), applying (a batch per call, resumable) and cancelling with
 * catalog:write — each applied batch audited in its own transaction (domain/catalog/import/apply.ts).
 * The import page applies and cancels through its own action, with the same domain functions.
 */
export const adminCatalogImportApi = new Hono<AppBindings>()
  .get('/catalogo.csv', async (c) => {
    await requireStaff(c, 'catalog:read')
    const query = readQuery(c, catalogExportQuerySchema)
    return csvResponse(catalogCsv(c.get('ctx').db, query), `catalogo-${new Date().toISOString().slice(0, 10)}.csv`)
  })
  .get('/catalogo-modelo.csv', async (c) => {
    await requireStaff(c, 'catalog:read')
    return csvResponse(once(catalogTemplate()), 'catalogo-modelo.csv')
  })
  .post('/importacoes', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { arquivo } = readQuery(c, importUploadQuerySchema)
    const type = c.req.header('content-type') ?? ''
    if (/^(application\/json|multipart\/form-data)/i.test(type)) throw refuse(CATALOG_IMPORT.notCsvBody)
    const bytes = await readBody(c, CATALOG_IMPORT_MAX_BYTES)
    const result = await analyseImport(c.get('ctx').db, { bytes, fileName: fileNameOf(arquivo), actor: staff.actor })
    return answer(c, isRefusal(result) ? result : { importacao: result })
  })
  .post('/importacoes/:id/aplicar', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, importIdParamsSchema, CATALOG_IMPORT.notFound)
    const result = await applyImportBatch(c.get('ctx').db, { id, actor: staff.actor })
    return answer(c, isRefusal(result) ? result : { importacao: result })
  })
  .post('/importacoes/:id/cancelar', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, importIdParamsSchema, CATALOG_IMPORT.notFound)
    const result = await cancelImport(c.get('ctx').db, { id, actor: staff.actor })
    return answer(c, isRefusal(result) ? result : { importacao: result })
  })
