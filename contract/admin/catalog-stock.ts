// The product editor's Variations and Stock sections: their calls under /admin/api/produtos/{id}/…
// (and the editor's intents), with the catalog's pt-BR sentence for every bad input.
import { z } from 'zod'
import { PRODUCTS, STOCK, VARIATIONS } from '../messages/products'
import { GROUP_NAME_MAX, MAX_PRICE_CENTS, MAX_STOCK, VALUE_NAME_MAX } from './stock-limits'

export { GROUP_NAME_MAX, MAX_PRICE_CENTS, MAX_STOCK, VALUE_NAME_MAX }

const id = (message: string) => z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).max(2_147_483_647, { error: message })

export const productIdParamsSchema = z.object({ id: id(PRODUCTS.notFound.message) })
export const groupParamsSchema = z.object({ id: id(PRODUCTS.notFound.message), grupo: id(VARIATIONS.groupNotFound.message) })
export const valueParamsSchema = z.object({ id: id(PRODUCTS.notFound.message), valor: id(VARIATIONS.valueNotFound.message) })

const count = (messages: { tipo: string; negativo: string; maximo: string }) =>
  z.number({ error: messages.tipo }).int({ error: STOCK.fraction.message }).min(0, { error: messages.negativo }).max(MAX_STOCK, { error: messages.maximo })

/** Whose stock: the product's own (no `opcao`, or null) or one option's. */
const opcao = id(STOCK.optionNotFound.message).nullable().optional()

/**
 * POST /admin/api/produtos/{id}/estoque — set a new count ('Ajuste') with optimistic concurrency:
 * `esperado` is the count the editor showed; if it changed meanwhile the call is refused (409).
 */
export const setStockRequestSchema = z.strictObject({
  opcao,
  esperado: count({ tipo: STOCK.expected.message, negativo: STOCK.expected.message, maximo: STOCK.expected.message }),
  novo: count({ tipo: STOCK.type.message, negativo: STOCK.negative.message, maximo: STOCK.max.message }),
})

/** POST /admin/api/produtos/{id}/estoque/receber — N units arrived ('Recebimento'): a relative change. */
export const receiveStockRequestSchema = z.strictObject({
  opcao,
  quantidade: z
    .number({ error: STOCK.receive.message })
    .int({ error: STOCK.receive.message })
    .min(1, { error: STOCK.receive.message })
    .max(MAX_STOCK, { error: STOCK.receiveMax.message }),
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

const groupName = name(VARIATIONS.groupName.message, VARIATIONS.groupNameLong.message, GROUP_NAME_MAX)
const valueName = name(VARIATIONS.valueName.message, VARIATIONS.valueNameLong.message, VALUE_NAME_MAX)
const priceCents = z
  .number({ error: VARIATIONS.price.message })
  .int({ error: VARIATIONS.price.message })
  .min(1, { error: VARIATIONS.price.message })
  .max(MAX_PRICE_CENTS, { error: VARIATIONS.priceMax.message })

/** POST /admin/api/produtos/{id}/variacoes — a new option group. */
export const createGroupRequestSchema = z.strictObject({ nome: groupName })
/** POST /admin/api/produtos/{id}/variacoes/{grupo} — rename a group. */
export const renameGroupRequestSchema = z.strictObject({ nome: groupName })

/** Every id of the list, in the new order (…/variacoes/ordem, …/variacoes/{grupo}/valores/ordem). */
export const reorderRequestSchema = z.strictObject({
  ordem: z
    .array(id(VARIATIONS.order.message), { error: VARIATIONS.order.message })
    .min(1, { error: VARIATIONS.order.message })
    .max(500, { error: VARIATIONS.order.message }),
})

/**
 * POST /admin/api/produtos/{id}/variacoes/{grupo}/valores — a new value: its price in centavos
 * (absent or null: the product's current price) and its first stock.
 */
export const createValueRequestSchema = z.strictObject({
  nome: valueName,
  precoCents: priceCents.nullable().optional(),
  estoque: count({ tipo: STOCK.type.message, negativo: STOCK.negative.message, maximo: STOCK.max.message }).optional(),
})

const measure = (campo: string, max: number) =>
  z
    .number({ error: `${campo}: informe um número inteiro.` })
    .int(`${campo}: informe um número inteiro.`)
    .min(1, `${campo}: maior que zero.`)
    .max(max, `${campo}: no máximo ${max.toLocaleString('pt-BR')}.`)
/**
 * A value's own parcel when it differs from the product's (decision 0133): height, width and length
 * in mm, weight in g, all four; null: the product's measures.
 */
export const valueMeasuresSchema = z
  .strictObject({
    alturaMm: measure('Altura (mm)', 5000),
    larguraMm: measure('Largura (mm)', 5000),
    comprimentoMm: measure('Comprimento (mm)', 5000),
    pesoG: measure('Peso (g)', 1_000_000),
  })
  .nullable()

/** POST /admin/api/produtos/{id}/valores/{valor} — rename, reprice, (re)activate a value, or give it measures of its own. */
const updateValueFields = z.strictObject({
  nome: valueName.optional(),
  precoCents: priceCents.optional(),
  ativo: z.boolean({ error: VARIATIONS.activeInvalid.message }).optional(),
  medidas: valueMeasuresSchema.optional(),
})
const somethingToChange = (v: z.output<typeof updateValueFields>) =>
  v.nome !== undefined || v.precoCents !== undefined || v.ativo !== undefined || v.medidas !== undefined
export const updateValueRequestSchema = updateValueFields.refine(somethingToChange, { error: VARIATIONS.nothing.message })

export const variationChangeResponseSchema = z.object({
  estado: z.literal('sucesso'),
  msg: z.string(),
  id: z.number().int().optional(),
  resultado: z.enum(['removido', 'desativado']).optional(),
  desativados: z.number().int().optional(),
})

const groupId = id(VARIATIONS.groupNotFound.message)
const valueId = id(VARIATIONS.valueNotFound.message)

/** The product editor's Estoque and Variações intents: the API's bodies, with the group or value the path names. */
export const stockIntentSchemas = [
  setStockRequestSchema.extend({ intent: z.literal('estoque-ajustar') }),
  receiveStockRequestSchema.extend({ intent: z.literal('estoque-receber') }),
] as const
export const variationIntentSchemas = [
  createGroupRequestSchema.extend({ intent: z.literal('grupo-criar') }),
  reorderRequestSchema.extend({ intent: z.literal('grupos-ordem') }),
  renameGroupRequestSchema.extend({ intent: z.literal('grupo-renomear'), grupo: groupId }),
  z.strictObject({ intent: z.literal('grupo-remover'), grupo: groupId }),
  createValueRequestSchema.extend({ intent: z.literal('valor-criar'), grupo: groupId }),
  reorderRequestSchema.extend({ intent: z.literal('valores-ordem'), grupo: groupId }),
  updateValueFields.extend({ intent: z.literal('valor-alterar'), valor: valueId }).refine(somethingToChange, { error: VARIATIONS.nothing.message }),
  z.strictObject({ intent: z.literal('valor-remover'), valor: valueId }),
] as const
/** One change of the Estoque or Variações section: a page's intent, or the API's body with what its path names. */
export type ProductSectionChange = z.output<(typeof stockIntentSchemas)[number] | (typeof variationIntentSchemas)[number]>
