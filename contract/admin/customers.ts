// The back office's Clientes: the search's query and a customer's id (the page and the LGPD export).
import { z } from 'zod'
import { CUSTOMER_FIELDS, CUSTOMERS } from '../messages/customers'

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional())

export const customerSearchQuerySchema = z.object({
  q: optional(z.string().trim().min(3, CUSTOMER_FIELDS.queryTooShort).max(100, CUSTOMER_FIELDS.queryTooLong)),
  apos: optional(z.coerce.number({ error: CUSTOMER_FIELDS.badPage }).int(CUSTOMER_FIELDS.badPage).positive(CUSTOMER_FIELDS.badPage)),
})

const notFound = CUSTOMERS.notFound.message
export const customerIdParamsSchema = z.object({ id: z.coerce.number({ error: notFound }).int(notFound).positive(notFound).max(2_147_483_647, notFound) })

/** The customer page's action: the Dono removes the account (LGPD anonymisation). */
export const clienteIntentSchema = z.strictObject({ intent: z.literal('excluir') })
