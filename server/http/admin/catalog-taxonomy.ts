import { Hono } from 'hono'
import {
  createBrandRequestSchema,
  createCategoryRequestSchema,
  idParamsSchema,
  updateBrandRequestSchema,
  updateCategoryRequestSchema,
} from '../../../contract/admin/taxonomy'
import { TAXONOMY } from '../../../contract/messages/taxonomy'
import { createBrand, createCategory, updateBrand, updateCategory } from '../../domain/catalog/admin-taxonomy'
import type { AppBindings } from '../context'
import { readJson } from '../validate'
import { requireStaff } from './guard'
import { answer, paramsOf } from './respond'

/**
 * The back office's categories and brands (/admin/api/…), for scripts and integrations: the pages
 * change them through their own actions (app/routes/admin/categorias.tsx, marcas.tsx), with the same
 * domain functions. Writes need catalog:write; every write is audited by its domain function.
 */
export const adminCatalogTaxonomyApi = new Hono<AppBindings>()
  .post('/categorias', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const input = await readJson(c, createCategoryRequestSchema)
    return answer(c, await createCategory(c.get('ctx').db, { ...input, actor: staff.actor }))
  })
  .post('/categorias/:id', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, idParamsSchema, TAXONOMY.categoryNotFound)
    const input = await readJson(c, updateCategoryRequestSchema)
    return answer(c, await updateCategory(c.get('ctx').db, { ...input, id, actor: staff.actor }))
  })
  .post('/marcas', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const input = await readJson(c, createBrandRequestSchema)
    return answer(c, await createBrand(c.get('ctx').db, { ...input, actor: staff.actor }))
  })
  .post('/marcas/:id', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, idParamsSchema, TAXONOMY.brandNotFound)
    const input = await readJson(c, updateBrandRequestSchema)
    return answer(c, await updateBrand(c.get('ctx').db, { ...input, id, actor: staff.actor }))
  })
