import { z } from 'zod'
import { emailField } from './common'

/** POST /_next/api/newsletter/ — the footer form (the spec leaves its call open; this is ours). */
export const newsletterRequestSchema = z.strictObject({ email: emailField })
export const newsletterResponseSchema = z.object({
  estado: z.literal('sucesso'),
  msg: z.string(),
})
