import { Hono, type Context } from 'hono'
import type { z } from 'zod'
import {
  MAX_STOCK,
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
} from '../../../contract/admin/catalog-stock'
import { receiveStock, setStock, stockSection } from '../../domain/catalog/admin/stock'
import {
  createGroup,
  createValue,
  removeGroup,
  removeValue,
  renameGroup,
  reorderGroups,
  reorderValues,
  updateValue,
  variationsSection,
} from '../../domain/catalog/admin/variations'
import { isRefusal, refuse, type Refusal } from '../../domain/refusal'
import type { AppBindings } from '../context'
import { answerRefusal } from '../refusal'
import { readJson } from '../validate'
import { fail, requireStaff } from './guard'

/** Path parameters through their schema: anything else is a 404 with the schema's pt-BR message. */
function paramsOf<S extends z.ZodType>(c: Context<AppBindings>, schema: S): z.output<S> {
  const parsed = schema.safeParse(c.req.param())
  return parsed.success ? parsed.data : fail(refuse('not_found', parsed.error.issues[0]?.message ?? 'Recurso não encontrado.'))
}

function answer<T extends object>(c: Context<AppBindings>, result: T | Refusal): Response {
  return isRefusal(result) ? answerRefusal(c, result) : c.json({ estado: 'sucesso' as const, ...result })
}

/**
 * The product editor's Variations and Stock sections (issue 19), under /admin/api/produtos/{id}:
 * reads need catalog:read, every change catalog:write (Atendimento: 403, and the editor offers no
 * button). Each change is one transaction with its audit line (and, for stock, its ledger row).
 */
export const adminCatalogStockApi = new Hono<AppBindings>()
  .get('/produtos/:id/estoque', async (c) => {
    await requireStaff(c, 'catalog:read')
    const { id } = paramsOf(c, productIdParamsSchema)
    const section = await stockSection(c.get('ctx').db, id)
    return section.exists ? answer(c, section) : answerRefusal(c, refuse('not_found', 'Produto não encontrado.'))
  })
  .post('/produtos/:id/estoque', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, productIdParamsSchema)
    const input = await readJson(c, setStockRequestSchema)
    return answer(c, await setStock(c.get('ctx').db, { productId: id, optionId: input.opcao ?? null, expected: input.esperado, count: input.novo, actor: staff.actor }))
  })
  .post('/produtos/:id/estoque/receber', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, productIdParamsSchema)
    const input = await readJson(c, receiveStockRequestSchema)
    return answer(c, await receiveStock(c.get('ctx').db, { productId: id, optionId: input.opcao ?? null, quantity: input.quantidade, max: MAX_STOCK, actor: staff.actor }))
  })
  .get('/produtos/:id/variacoes', async (c) => {
    await requireStaff(c, 'catalog:read')
    const { id } = paramsOf(c, productIdParamsSchema)
    const section = await variationsSection(c.get('ctx').db, id)
    return section.exists ? answer(c, section) : answerRefusal(c, refuse('not_found', 'Produto não encontrado.'))
  })
  .post('/produtos/:id/variacoes', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, productIdParamsSchema)
    const { nome } = await readJson(c, createGroupRequestSchema)
    return answer(c, await createGroup(c.get('ctx').db, { productId: id, nome, actor: staff.actor }))
  })
  .post('/produtos/:id/variacoes/ordem', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, productIdParamsSchema)
    const { ordem } = await readJson(c, reorderRequestSchema)
    return answer(c, await reorderGroups(c.get('ctx').db, { productId: id, ordem, actor: staff.actor }))
  })
  .post('/produtos/:id/variacoes/:grupo', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id, grupo } = paramsOf(c, groupParamsSchema)
    const { nome } = await readJson(c, renameGroupRequestSchema)
    return answer(c, await renameGroup(c.get('ctx').db, { productId: id, groupId: grupo, nome, actor: staff.actor }))
  })
  .post('/produtos/:id/variacoes/:grupo/remover', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id, grupo } = paramsOf(c, groupParamsSchema)
    return answer(c, await removeGroup(c.get('ctx').db, { productId: id, groupId: grupo, actor: staff.actor }))
  })
  .post('/produtos/:id/variacoes/:grupo/valores', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id, grupo } = paramsOf(c, groupParamsSchema)
    const input = await readJson(c, createValueRequestSchema)
    return answer(
      c,
      await createValue(c.get('ctx').db, { productId: id, groupId: grupo, nome: input.nome, priceCents: input.precoCents, stock: input.estoque, actor: staff.actor }),
    )
  })
  .post('/produtos/:id/variacoes/:grupo/valores/ordem', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id, grupo } = paramsOf(c, groupParamsSchema)
    const { ordem } = await readJson(c, reorderRequestSchema)
    return answer(c, await reorderValues(c.get('ctx').db, { productId: id, groupId: grupo, ordem, actor: staff.actor }))
  })
  .post('/produtos/:id/valores/:valor', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id, valor } = paramsOf(c, valueParamsSchema)
    const input = await readJson(c, updateValueRequestSchema)
    return answer(c, await updateValue(c.get('ctx').db, { productId: id, valueId: valor, nome: input.nome, priceCents: input.precoCents, active: input.ativo, actor: staff.actor }))
  })
  .post('/produtos/:id/valores/:valor/remover', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id, valor } = paramsOf(c, valueParamsSchema)
    return answer(c, await removeValue(c.get('ctx').db, { productId: id, valueId: valor, actor: staff.actor }))
  })
