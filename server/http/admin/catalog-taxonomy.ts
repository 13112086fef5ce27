import { Hono, type Context } from 'hono'
import type { z } from 'zod'
import {
  createBrandRequestSchema,
  createCategoryRequestSchema,
  idParamsSchema,
  updateBrandRequestSchema,
  updateCategoryRequestSchema,
} from '../../../contract/admin/taxonomy'
import { createBrand, createCategory, listAdminBrands, listAdminCategories, updateBrand, updateCategory } from '../../domain/catalog/admin/taxonomy'
import { isRefusal, refuse, type Refusal } from '../../domain/refusal'
import type { AppBindings } from '../context'
import { answerRefusal } from '../refusal'
import { readJson } from '../validate'
import { fail, requireStaff } from './guard'

function answer<T extends object>(c: Context<AppBindings>, result: T | Refusal): Response {
  return isRefusal(result) ? answerRefusal(c, result) : c.json({ estado: 'sucesso' as const, ...result })
}

function paramsOf<S extends z.ZodType>(c: Context<AppBindings>, schema: S, notFound: string): z.output<S> {
  const parsed = schema.safeParse(c.req.param())
  return parsed.success ? parsed.data : fail(refuse('not_found', notFound))
}

/**
 * The back office's categories and brands (/admin/api/…). Reads need catalog:read, writes
 * catalog:write; every write is audited by its domain function.
 */
export const adminCatalogTaxonomyApi = new Hono<AppBindings>()
  // ───────────── categories ─────────────
  .get('/categorias', async (c) => {
    await requireStaff(c, 'catalog:read')
    return c.json({ estado: 'sucesso' as const, categorias: await listAdminCategories(c.get('ctx').db) })
  })
  .post('/categorias', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const input = await readJson(c, createCategoryRequestSchema)
    return answer(c, await createCategory(c.get('ctx').db, { ...input, actor: staff.actor }))
  })
  .post('/categorias/:id', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, idParamsSchema, 'Categoria não encontrada.')
    const input = await readJson(c, updateCategoryRequestSchema)
    return answer(c, await updateCategory(c.get('ctx').db, { ...input, id, actor: staff.actor }))
  })
  // ───────────── brands ─────────────
  .get('/marcas', async (c) => {
    await requireStaff(c, 'catalog:read')
    return c.json({ estado: 'sucesso' as const, marcas: await listAdminBrands(c.get('ctx').db) })
  })
  .post('/marcas', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const input = await readJson(c, createBrandRequestSchema)
    return answer(c, await createBrand(c.get('ctx').db, { ...input, actor: staff.actor }))
  })
  .post('/marcas/:id', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, idParamsSchema, 'Marca não encontrada.')
    const input = await readJson(c, updateBrandRequestSchema)
    return answer(c, await updateBrand(c.get('ctx').db, { ...input, id, actor: staff.actor }))
  })
