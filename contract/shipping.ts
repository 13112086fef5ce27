import { z } from 'zod'
import { erroSchema, reaisSchema } from './common'
import { cepField } from './validators'
import { SHIPPING_MESSAGES } from './messages/cart'

/** Shipping calls outside the list of docs/requirements.md (the spec simulates the panel's estimate; we answer it). */

export { SHIPPING_MESSAGES }

/** POST /_next/api/frete/estimar/ — the cart panel's CEP, in any accepted layout. */
export const freteEstimarRequestSchema = z.strictObject({ cep: cepField(SHIPPING_MESSAGES.cepInvalido) })

/**
 * Checkout's 'Padrão' for the CEP and the session's cart: `valor` in reais, the store's standard
 * rate, 0 once the cart's buyable lines reach the store's free-shipping threshold; `prazo` the
 * delivery time in business days for the destination's region, `cidade`/`uf` where the CEP is.
 */
export const freteEstimarResponseSchema = z.discriminatedUnion('estado', [
  z.object({
    estado: z.literal('sucesso'),
    valor: reaisSchema,
    prazo: z.number().int().positive(),
    cidade: z.string(),
    uf: z.string().length(2),
  }),
  erroSchema,
])

export type FreteEstimarRequest = z.input<typeof freteEstimarRequestSchema>
