import { Hono } from 'hono'
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
import { PRODUCTS, VARIATIONS } from '../../../contract/messages/products'
import { receiveStock, setStock } from '../../domain/catalog/admin-stock'
import {
  createGroup,
  createValue,
  removeGroup,
  removeValue,
  renameGroup,
  reorderGroups,
  reorderValues,
  updateValue,
} from '../../domain/catalog/admin-variations'
import type { AppBindings } from '../context'
import { readJson } from '../validate'
import { requireStaff } from './guard'
import { answer, paramsOf } from './respond'

/**
 * The product editor's Variations and Stock sections for scripts and integrations, under
 * /admin/api/produtos/{id}: every change needs catalog:write (Atendimento: 403). Each change is one
 * transaction with its audit line (and, for stock, its ledger row), written by its domain function.
 */
export const adminCatalogStockApi = new Hono<AppBindings>()
  .post('/produtos/:id/estoque', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, productIdParamsSchema, PRODUCTS.notFound)
    const input = await readJson(c, setStockRequestSchema)
    return answer(
      c,
      await setStock(c.get('ctx').db, { productId: id, optionId: input.opcao ?? null, expected: input.esperado, count: input.novo, actor: staff.actor }),
    )
  })
  .post('/produtos/:id/estoque/receber', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, productIdParamsSchema, PRODUCTS.notFound)
    const input = await readJson(c, receiveStockRequestSchema)
    return answer(
      c,
      await receiveStock(c.get('ctx').db, { productId: id, optionId: input.opcao ?? null, quantity: input.quantidade, max: MAX_STOCK, actor: staff.actor }),
    )
  })
  .post('/produtos/:id/variacoes', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, productIdParamsSchema, PRODUCTS.notFound)
    const { nome } = await readJson(c, createGroupRequestSchema)
    return answer(c, await createGroup(c.get('ctx').db, { productId: id, nome, actor: staff.actor }))
  })
  .post('/produtos/:id/variacoes/ordem', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, productIdParamsSchema, PRODUCTS.notFound)
    const { ordem } = await readJson(c, reorderRequestSchema)
    return answer(c, await reorderGroups(c.get('ctx').db, { productId: id, ordem, actor: staff.actor }))
  })
  .post('/produtos/:id/variacoes/:grupo', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id, grupo } = paramsOf(c, groupParamsSchema, VARIATIONS.groupNotFound)
    const { nome } = await readJson(c, renameGroupRequestSchema)
    return answer(c, await renameGroup(c.get('ctx').db, { productId: id, groupId: grupo, nome, actor: staff.actor }))
  })
  .post('/produtos/:id/variacoes/:grupo/remover', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id, grupo } = paramsOf(c, groupParamsSchema, VARIATIONS.groupNotFound)
    return answer(c, await removeGroup(c.get('ctx').db, { productId: id, groupId: grupo, actor: staff.actor }))
  })
  .post('/produtos/:id/variacoes/:grupo/valores', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id, grupo } = paramsOf(c, groupParamsSchema, VARIATIONS.groupNotFound)
    const input = await readJson(c, createValueRequestSchema)
    return answer(
      c,
      await createValue(c.get('ctx').db, {
        productId: id,
        groupId: grupo,
        nome: input.nome,
        priceCents: input.precoCents,
        stock: input.estoque,
        actor: staff.actor,
      }),
    )
  })
  .post('/produtos/:id/variacoes/:grupo/valores/ordem', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id, grupo } = paramsOf(c, groupParamsSchema, VARIATIONS.groupNotFound)
    const { ordem } = await readJson(c, reorderRequestSchema)
    return answer(c, await reorderValues(c.get('ctx').db, { productId: id, groupId: grupo, ordem, actor: staff.actor }))
  })
  .post('/produtos/:id/valores/:valor', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id, valor } = paramsOf(c, valueParamsSchema, VARIATIONS.valueNotFound)
    const input = await readJson(c, updateValueRequestSchema)
    return answer(
      c,
      await updateValue(c.get('ctx').db, {
        productId: id,
        valueId: valor,
        nome: input.nome,
        priceCents: input.precoCents,
        active: input.ativo,
        actor: staff.actor,
      }),
    )
  })
  .post('/produtos/:id/valores/:valor/remover', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id, valor } = paramsOf(c, valueParamsSchema, VARIATIONS.valueNotFound)
    return answer(c, await removeValue(c.get('ctx').db, { productId: id, valueId: valor, actor: staff.actor }))
  })
