import { Hono, type Context } from 'hono'
import { z } from 'zod'
import {
  fieldErrors,
  productBulkSchema,
  productCreateSchema,
  productIdParamsSchema,
  productListQuerySchema,
  productUpdateSchema,
} from '../../../contract/admin/products'
import { bulkProducts, createProduct, listAdminProducts, productEditorFields, updateProduct } from '../../domain/catalog/admin/products'
import { isRefusal, refuse, type Refusal } from '../../domain/refusal'
import type { AppBindings } from '../context'
import { answerRefusal } from '../refusal'
import { readJson, readQuery } from '../validate'
import { fail, requireStaff } from './guard'

const idOf = (c: Context<AppBindings>): number => {
  const parsed = productIdParamsSchema.safeParse({ id: c.req.param('id') })
  return parsed.success ? parsed.data.id : fail(refuse('not_found', 'Produto não encontrado.'))
}

/** A form's body: every bad field's pt-BR message (`campos`), the first one as `msg` (422). */
async function readForm<S extends z.ZodType>(c: Context<AppBindings>, schema: S): Promise<z.output<S>> {
  const body: unknown = await readJson(c, z.unknown())
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    const campos = fieldErrors(parsed.error.issues)
    const [campo, msg] = Object.entries(campos)[0] ?? ['_', 'Dados inválidos.']
    fail(refuse('invalid', /^(Invalid|Too |Expected|Unrecognized|Required)/.test(msg) ? 'Dados inválidos: confira os campos.' : msg, { campo, campos }))
  }
  return parsed.data as z.output<S>
}

/** A domain answer: a refusal as its status, else `estado: 'sucesso'` and the value. */
function answer<T extends object>(c: Context<AppBindings>, result: T | Refusal): Response {
  return isRefusal(result) ? answerRefusal(c, result) : c.json({ estado: 'sucesso' as const, ...result })
}

/**
 * The back office's products (/admin/api/produtos…): the list, one product's own fields, create,
 * save (optimistic concurrency on `versao`) and the bulk actions. Reading needs catalog:read
 * (Atendimento too); every write catalog:write.
 */
export const adminProductsApi = new Hono<AppBindings>()
  .get('/produtos', async (c) => {
    await requireStaff(c, 'catalog:read')
    const list = await listAdminProducts(c.get('ctx').db, readQuery(c, productListQuerySchema))
    return answer(c, list)
  })
  .post('/produtos', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const input = await readForm(c, productCreateSchema)
    const saved = await createProduct(c.get('ctx').db, staff.actor, input)
    return answer(c, saved)
  })
  .post('/produtos/lote', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const input = await readForm(c, productBulkSchema)
    const result = await bulkProducts(c.get('ctx').db, staff.actor, input)
    return answer(c, result)
  })
  .get('/produtos/:id', async (c) => {
    await requireStaff(c, 'catalog:read')
    const found = await productEditorFields(c.get('ctx').db, idOf(c))
    return answer(c, found ? { produto: found } : refuse('not_found', 'Produto não encontrado.'))
  })
  .post('/produtos/:id', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const id = idOf(c)
    const input = await readForm(c, productUpdateSchema)
    const saved = await updateProduct(c.get('ctx').db, staff.actor, id, input)
    return answer(c, saved)
  })
