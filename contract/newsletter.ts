import { z } from 'zod'
import { emailField } from './common'

/** POST /_next/api/newsletter/ — the footer form (the spec leaves its call open; this is ours). */
export const newsletterRequestSchema = z.strictObject({ email: emailField })
/** POST /_next/api/newsletter/confirmar/ and /sair/: the address's token from the e-mail's link. */
export const newsletterTokenRequestSchema = z.strictObject({ token: z.string().max(128) })
export const newsletterResponseSchema = z.object({
  estado: z.literal('sucesso'),
  msg: z.string(),
})
