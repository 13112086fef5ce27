// The back office's customer calls (/admin/api/clientes…).
import { z } from 'zod'

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional())

export const customerSearchQuerySchema = z.object({
  q: optional(z.string().trim().min(3, 'Digite ao menos 3 caracteres para buscar.').max(100, 'Busca longa demais.')),
  apos: optional(z.coerce.number({ error: 'Página inválida.' }).int('Página inválida.').positive('Página inválida.')),
})

export const customerIdParamsSchema = z.object({ id: z.coerce.number({ error: 'Cliente não encontrado.' }).int('Cliente não encontrado.').positive('Cliente não encontrado.').max(2_147_483_647, 'Cliente não encontrado.') })
