import { z } from 'zod'
import { LIMITS, opaqueId } from './validators'
import { LOGIN_MESSAGES, RATE_LIMIT_ERROR, STEP_SUCCESS } from './messages/account'

/**
 * The two-step login of docs/requirements.md, field names and status values verbatim — including the
 * misspelt step success status 'sucsess' and the `Acess` / `TokenAcess` spellings.
 *
 * Flow: POST /_auth/permission/ → `TokenAcess`; step 1 sends it as `Acess` with the e-mail and
 * gets `TokenPass`; step 2 sends that `TokenPass` as `Acess` with the password.
 */

export { LOGIN_MESSAGES, RATE_LIMIT_ERROR, STEP_SUCCESS }

const acessField = opaqueId(LOGIN_MESSAGES.acesso)

/** Login e-mail: not empty and no spaces, then a basic e-mail shape. Trimmed first. */
const loginEmailField = z
  .string({ error: LOGIN_MESSAGES.emailVazio })
  .trim()
  .toLowerCase()
  .min(1, { error: LOGIN_MESSAGES.emailVazio, abort: true })
  .regex(/^\S+$/, { error: LOGIN_MESSAGES.emailVazio, abort: true })
  .max(LIMITS.email, { error: LOGIN_MESSAGES.emailFormato, abort: true })
  .pipe(z.email({ error: LOGIN_MESSAGES.emailFormato }))

/**
 * Password: not empty and no spaces. Not trimmed — a password is taken exactly as typed, and
 * one with spaces is refused rather than silently changed.
 */
const senhaField = z
  .string({ error: LOGIN_MESSAGES.senhaVazia })
  .min(1, { error: LOGIN_MESSAGES.senhaVazia, abort: true })
  .regex(/^\S+$/, { error: LOGIN_MESSAGES.senhaVazia, abort: true })
  .max(LIMITS.text, { error: LOGIN_MESSAGES.senhaLonga })

/** A step failure: `error` is a code — 'rate-limit', or another code shown as the step's message. */
const stepErroSchema = z.object({ status: z.literal('erro'), error: z.string() })

// ───────────────────────────── permission ─────────────────────────────

/** POST /_auth/permission/ — the body is an empty object. */
export const permissionRequestSchema = z.strictObject({})

/** 'success' (spelt right here, unlike the steps) with the access token, or 'denied'. */
export const permissionResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), TokenAcess: z.string() }),
  z.object({ status: z.literal('denied') }),
])

// ───────────────────────────── steps ─────────────────────────────

/** POST /_auth/step/1/ — `u` the e-mail, `Acess` the TokenAcess from permission. */
export const loginStep1RequestSchema = z.strictObject({ u: loginEmailField, Acess: acessField })

export const loginStep1ResponseSchema = z.discriminatedUnion('status', [z.object({ status: z.literal(STEP_SUCCESS), TokenPass: z.string() }), stepErroSchema])

/** POST /_auth/step/2/ — `s` the password, `Acess` the TokenPass from step 1. */
export const loginStep2RequestSchema = z.strictObject({ s: senhaField, Acess: acessField })

/**
 * Step 2 success is spelt right, 'success' (the spec leaves it unwritten, and only
 * step 1 carries the 'sucsess' misspelling); the client then reloads the site root.
 */
export const loginStep2ResponseSchema = z.discriminatedUnion('status', [z.object({ status: z.literal('success') }), stepErroSchema])
