import { z } from 'zod'

/** The spec's failure shape: `{"estado":"erro","msg":"…"}` with a pt-BR message. */
export const erroSchema = z.object({
  estado: z.literal('erro'),
  msg: z.string(),
})
export type Erro = z.infer<typeof erroSchema>

/** Answer of a call whose implementation has not landed yet (HTTP 501). */
export const naoImplementadoSchema = erroSchema.extend({ implementado: z.literal(false) })

/** A title/link pair as cards and details carry it (categoria{titulo,link}, marca{titulo,link}). */
export const tituloLinkSchema = z.object({ titulo: z.string(), link: z.string() })

/** Money on the wire: a number in reais with at most two decimals, as the spec shows it. */
export const reaisSchema = z.number().nonnegative()

/** Accepts a trimmed e-mail; the message is the spec's voice. */
export const emailField = z
  .string({ error: 'Informe um e-mail.' })
  .trim()
  .toLowerCase()
  .max(254, 'E-mail muito longo.')
  .pipe(z.email({ error: 'Formato de email inválido!' }))
