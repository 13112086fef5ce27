import { z } from 'zod'
import { erroSchema, reaisSchema } from './common'
import { carrinhoAddRequestSchema } from './cart'
import { cepField } from './validators'
import { SHIPPING_MESSAGES } from './messages/cart'

/** Shipping calls outside the list of docs/requirements.md (the spec simulates the panel's estimate; we answer it). */

export { SHIPPING_MESSAGES }

/** POST /_next/api/frete/estimar/ — the cart panel's CEP, in any accepted layout. */
export const freteEstimarRequestSchema = z.strictObject({ cep: cepField(SHIPPING_MESSAGES.cepInvalido) })

/** One home delivery for the CEP: its name, the carrier (null on the store's table), price in reais, business days and the date it makes. */
export const freteOpcaoSchema = z.object({
  nome: z.string(),
  transportadora: z.string().nullable(),
  valor: reaisSchema,
  prazo: z.number().int().nonnegative(),
  previsao: z.string(),
  /** Free by this rule of the store's (decision 0133): `valor` is 0. */
  gratis: z.string().optional(),
})

/**
 * The home deliveries checkout would offer for the CEP and the parcel (decisions 0015, 0031, 0128):
 * `opcoes` cheapest first, `valor`/`prazo` the cheapest (on the store's table, 'Padrão'), 0 where a
 * free-shipping rule covers the CEP and the items reach its minimum (decision 0133), `cidade`/`uf`
 * where the CEP is. `estimativa`: the carrier did not answer, these are the store's table's figures.
 */
export const freteEstimarResponseSchema = z.discriminatedUnion('estado', [
  z.object({
    estado: z.literal('sucesso'),
    valor: reaisSchema,
    prazo: z.number().int().positive(),
    cidade: z.string(),
    uf: z.string().length(2),
    estimativa: z.boolean(),
    opcoes: z.array(freteOpcaoSchema).min(1),
  }),
  erroSchema,
])

/** POST /_next/api/frete/produto/ — the product page's "Calcular frete": the product and variation as carrinho/add names them, the quantity and the CEP. */
export const freteProdutoRequestSchema = carrinhoAddRequestSchema.extend({ cep: cepField(SHIPPING_MESSAGES.cepInvalido) })
export const freteProdutoResponseSchema = freteEstimarResponseSchema

export type FreteEstimarRequest = z.input<typeof freteEstimarRequestSchema>
export type FreteProdutoRequest = z.input<typeof freteProdutoRequestSchema>
export type FreteEstimarResponse = z.output<typeof freteEstimarResponseSchema>
