// The product editor's Variations and Stock sections (issue 19): their calls under
// /admin/api/produtos/{id}/…, with pt-BR messages for every bad input.
import { z } from 'zod'

import { GROUP_NAME_MAX, MAX_PRICE_CENTS, MAX_STOCK, STOCK_MESSAGES, VALUE_NAME_MAX, VARIATION_MESSAGES } from './stock-messages'

export { GROUP_NAME_MAX, MAX_PRICE_CENTS, MAX_STOCK, STOCK_MESSAGES, VALUE_NAME_MAX, VARIATION_MESSAGES }

const id = (message: string) => z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).max(2_147_483_647, { error: message })

export const productIdParamsSchema = z.object({ id: id(STOCK_MESSAGES.produto) })
export const groupParamsSchema = z.object({ id: id(STOCK_MESSAGES.produto), grupo: id(VARIATION_MESSAGES.grupo) })
export const valueParamsSchema = z.object({ id: id(STOCK_MESSAGES.produto), valor: id(VARIATION_MESSAGES.valor) })

const count = (messages: { tipo: string; negativo: string; maximo: string }) =>
  z
    .number({ error: messages.tipo })
    .int({ error: STOCK_MESSAGES.fracionado })
    .min(0, { error: messages.negativo })
    .max(MAX_STOCK, { error: messages.maximo })

/** Whose stock: the product's own (no `opcao`, or null) or one option's. */
const opcao = id(STOCK_MESSAGES.opcao).nullable().optional()

/**
 * POST /admin/api/produtos/{id}/estoque — set a new count ('Ajuste') with optimistic concurrency:
 * `esperado` is the count the editor showed; if it changed meanwhile the call is refused (409).
 */
export const setStockRequestSchema = z.strictObject({
  opcao,
  esperado: count({ tipo: STOCK_MESSAGES.esperado, negativo: STOCK_MESSAGES.esperado, maximo: STOCK_MESSAGES.esperado }),
  novo: count({ tipo: STOCK_MESSAGES.tipo, negativo: STOCK_MESSAGES.negativo, maximo: STOCK_MESSAGES.maximo }),
})

/** POST /admin/api/produtos/{id}/estoque/receber — N units arrived ('Recebimento'): a relative change. */
export const receiveStockRequestSchema = z.strictObject({
  opcao,
  quantidade: z
    .number({ error: STOCK_MESSAGES.receber })
    .int({ error: STOCK_MESSAGES.receber })
    .min(1, { error: STOCK_MESSAGES.receber })
    .max(MAX_STOCK, { error: STOCK_MESSAGES.receberMaximo }),
})

export const stockChangeResponseSchema = z.object({
  estado: z.literal('sucesso'),
  opcao: z.number().int().nullable(),
  antes: z.number().int(),
  depois: z.number().int(),
  msg: z.string(),
})

/** Trimmed, inner runs of spaces made one. */
const name = (empty: string, long: string, max: number) =>
  z
    .string({ error: empty })
    .transform((s) => s.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, { error: empty }).max(max, { error: long }))

const groupName = name(VARIATION_MESSAGES.grupoNome, VARIATION_MESSAGES.grupoLongo, GROUP_NAME_MAX)
const valueName = name(VARIATION_MESSAGES.valorNome, VARIATION_MESSAGES.valorLongo, VALUE_NAME_MAX)
const priceCents = z
  .number({ error: VARIATION_MESSAGES.preco })
  .int({ error: VARIATION_MESSAGES.preco })
  .min(1, { error: VARIATION_MESSAGES.preco })
  .max(MAX_PRICE_CENTS, { error: VARIATION_MESSAGES.precoMaximo })

/** POST /admin/api/produtos/{id}/variacoes — a new option group. */
export const createGroupRequestSchema = z.strictObject({ nome: groupName })
/** POST /admin/api/produtos/{id}/variacoes/{grupo} — rename a group. */
export const renameGroupRequestSchema = z.strictObject({ nome: groupName })

/** Every id of the list, in the new order (…/variacoes/ordem, …/variacoes/{grupo}/valores/ordem). */
export const reorderRequestSchema = z.strictObject({
  ordem: z.array(id(VARIATION_MESSAGES.ordem), { error: VARIATION_MESSAGES.ordem }).min(1, { error: VARIATION_MESSAGES.ordem }).max(500, { error: VARIATION_MESSAGES.ordem }),
})

/**
 * POST /admin/api/produtos/{id}/variacoes/{grupo}/valores — a new value: its price in centavos
 * (absent or null: the product's current price) and its first stock.
 */
export const createValueRequestSchema = z.strictObject({
  nome: valueName,
  precoCents: priceCents.nullable().optional(),
  estoque: count({ tipo: STOCK_MESSAGES.tipo, negativo: STOCK_MESSAGES.negativo, maximo: STOCK_MESSAGES.maximo }).optional(),
})

/** POST /admin/api/produtos/{id}/valores/{valor} — rename, reprice, or (re)activate a value. */
export const updateValueRequestSchema = z
  .strictObject({ nome: valueName.optional(), precoCents: priceCents.optional(), ativo: z.boolean({ error: 'Campo ativo inválido.' }).optional() })
  .refine((v) => v.nome !== undefined || v.precoCents !== undefined || v.ativo !== undefined, { error: VARIATION_MESSAGES.nada })

export const variationChangeResponseSchema = z.looseObject({ estado: z.literal('sucesso'), msg: z.string() })
