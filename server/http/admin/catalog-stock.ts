import { Hono, type Context } from 'hono'
import type { z } from 'zod'
import {
  createGroupRequestSchema,
  createValueRequestSchema,
  groupParamsSchema,
  productIdParamsSchema,
  receiveStockRequestSchema,
  renameGroupRequestSchema,
  reorderRequestSchema,
  setStockRequestSchema,
  updateValueRequestSchema,
  valueParamsSchema,
  type ProductSectionChange,
} from '../../../contract/admin/catalog-stock'
import type { Reason } from '../../../contract/messages/reason'
import { PRODUCTS, VARIATIONS } from '../../../contract/messages/products'
import { changeProductSection } from '../../domain/catalog/admin-section-change'
import type { AppBindings } from '../context'
import { readJson } from '../validate'
import { requireStaff } from './guard'
import { answer, paramsOf } from './respond'

const noBody = null

/**
 * A route of the two sections: the path's product (and group or value) with `params`, the body with
 * `body` (none for a removal), made into the editor's intent by `change`.
 */
function sectionRoute<P extends z.ZodType<{ id: number }>, B extends z.ZodType | null>(
  params: P,
  missing: Reason,
  body: B,
  change: (path: z.output<P>, input: B extends z.ZodType ? z.output<B> : null) => ProductSectionChange,
) {
  return async (c: Context<AppBindings>) => {
    const staff = await requireStaff(c, 'catalog:write')
    const path = paramsOf(c, params, missing)
    const input = (body ? await readJson(c, body) : null) as B extends z.ZodType ? z.output<B> : null
    return answer(c, await changeProductSection(c.get('ctx').db, path.id, change(path, input), staff.actor))
  }
}

/**
 * The product editor's Variations and Stock sections for scripts and integrations, under
 * /admin/api/produtos/{id}: every change needs catalog:write (Atendimento: 403). Each change is one
 * transaction with its audit line (and, for stock, its ledger row), written by its domain function.
 */
export const adminCatalogStockApi = new Hono<AppBindings>()
  .post(
    '/produtos/:id/estoque',
    sectionRoute(productIdParamsSchema, PRODUCTS.notFound, setStockRequestSchema, (_p, b) => ({ intent: 'estoque-ajustar', ...b })),
  )
  .post(
    '/produtos/:id/estoque/receber',
    sectionRoute(productIdParamsSchema, PRODUCTS.notFound, receiveStockRequestSchema, (_p, b) => ({ intent: 'estoque-receber', ...b })),
  )
  .post(
    '/produtos/:id/variacoes',
    sectionRoute(productIdParamsSchema, PRODUCTS.notFound, createGroupRequestSchema, (_p, b) => ({ intent: 'grupo-criar', ...b })),
  )
  .post(
    '/produtos/:id/variacoes/ordem',
    sectionRoute(productIdParamsSchema, PRODUCTS.notFound, reorderRequestSchema, (_p, b) => ({ intent: 'grupos-ordem', ...b })),
  )
  .post(
    '/produtos/:id/variacoes/:grupo',
    sectionRoute(groupParamsSchema, VARIATIONS.groupNotFound, renameGroupRequestSchema, (p, b) => ({ intent: 'grupo-renomear', grupo: p.grupo, ...b })),
  )
  .post(
    '/produtos/:id/variacoes/:grupo/remover',
    sectionRoute(groupParamsSchema, VARIATIONS.groupNotFound, noBody, (p) => ({ intent: 'grupo-remover', grupo: p.grupo })),
  )
  .post(
    '/produtos/:id/variacoes/:grupo/valores',
    sectionRoute(groupParamsSchema, VARIATIONS.groupNotFound, createValueRequestSchema, (p, b) => ({ intent: 'valor-criar', grupo: p.grupo, ...b })),
  )
  .post(
    '/produtos/:id/variacoes/:grupo/valores/ordem',
    sectionRoute(groupParamsSchema, VARIATIONS.groupNotFound, reorderRequestSchema, (p, b) => ({ intent: 'valores-ordem', grupo: p.grupo, ...b })),
  )
  .post(
    '/produtos/:id/valores/:valor',
    sectionRoute(valueParamsSchema, VARIATIONS.valueNotFound, updateValueRequestSchema, (p, b) => ({ intent: 'valor-alterar', valor: p.valor, ...b })),
  )
  .post(
    '/produtos/:id/valores/:valor/remover',
    sectionRoute(valueParamsSchema, VARIATIONS.valueNotFound, noBody, (p) => ({ intent: 'valor-remover', valor: p.valor })),
  )
