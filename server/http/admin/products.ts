import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { productBulkSchema, productCreateSchema, productIdParamsSchema, productUpdateSchema } from '../../../contract/admin/products'
import { PRODUCTS } from '../../../contract/messages/products'
import { bulkProducts, createProduct, readProductForm, updateProduct } from '../../domain/catalog/admin-products'
import { isRefusal } from '../../domain/refusal'
import type { AppBindings } from '../context'
import { readJson } from '../validate'
import { fail, requireStaff } from './guard'
import { answer, paramsOf } from './respond'

/** A form's body: every bad field's pt-BR message (`campos`), the first one as `msg` (422). */
async function readForm<S extends z.ZodType>(c: Context<AppBindings>, schema: S): Promise<z.output<S>> {
  const read = readProductForm(schema, await readJson(c, z.unknown()))
  return isRefusal(read) ? fail(read) : read
}

/**
 * The back office's products for scripts and integrations (/admin/api/produtos…): create, save
 * (optimistic concurrency on `versao`) and the bulk actions, each needing catalog:write. The pages
 * read through their loaders.
 */
export const adminProductsApi = new Hono<AppBindings>()
  .post('/produtos', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const input = await readForm(c, productCreateSchema)
    return answer(c, await createProduct(c.get('ctx').db, { input, actor: staff.actor }))
  })
  .post('/produtos/lote', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const input = await readForm(c, productBulkSchema)
    return answer(c, await bulkProducts(c.get('ctx').db, { input, actor: staff.actor }))
  })
  .post('/produtos/:id', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, productIdParamsSchema, PRODUCTS.notFound)
    const input = await readForm(c, productUpdateSchema)
    return answer(c, await updateProduct(c.get('ctx').db, { id, input, actor: staff.actor }))
  })
