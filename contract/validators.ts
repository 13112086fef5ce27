import { z } from 'zod'
import { LIMITS } from './limits'
import { onlyDigits, isValidCpf, isValidCelular, parseCep } from './masks'

/**
 * zod fields for the wire schemas, built on the rules of masks.ts (re-exported here, so server code
 * keeps one import). Browser code that only masks or checks imports masks.ts and ships no zod.
 */
export * from './masks'
export { LIMITS }

// ───────────────────────────── zod fields ─────────────────────────────

/** A trimmed text field that must not be empty; `max` defaults to 255. */
export function requiredText(message: string, max: number = LIMITS.text, tooLong = `Use no máximo ${max} caracteres.`) {
  return z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, { error: tooLong, abort: true })
}

/** A trimmed text field that may be empty or absent (then ''). */
export function optionalText(max: number = LIMITS.text, tooLong = `Use no máximo ${max} caracteres.`) {
  return z.string({ error: 'Campo em formato inválido.' }).trim().max(max, { error: tooLong }).default('')
}

/**
 * An opaque, URL-safe id the server issued (product hash, cart line token, CEP look-up cod,
 * login tokens — docs/architecture.md, wire conventions).
 */
export function opaqueId(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(LIMITS.token, { error: message, abort: true })
    .regex(/^[A-Za-z0-9_-]+$/, { error: message })
}

/** A text that `valid` accepts, normalised to its digits. */
function digitsField(message: string, valid: (value: string) => boolean, description: string) {
  return z
    .string({ error: message })
    .trim()
    .refine(valid, { error: message, abort: true })
    .transform((value) => onlyDigits(value))
    .describe(description)
}

/** A CEP in any accepted layout, normalised to its 8 digits. */
export function cepField(message: string) {
  return digitsField(message, (value) => parseCep(value) !== null, 'CEP em 99.999-999, 999.99-999, 99999-999 ou 8 dígitos; o servidor guarda os 8 dígitos.')
}

/** A mobile number, (DD) 9 NNNN-NNNN, normalised to its 11 digits. */
export function celularField(messages: { empty: string; invalid: string }) {
  return z
    .string({ error: messages.empty })
    .trim()
    .min(1, { error: messages.empty, abort: true })
    .refine(isValidCelular, { error: messages.invalid, abort: true })
    .transform((value) => onlyDigits(value))
    .describe('Celular (99) 9 9999-9999 ou os 11 dígitos, com DDD existente; o servidor guarda os dígitos.')
}

/** A valid CPF, normalised to its 11 digits. */
export function cpfField(message: string) {
  return digitsField(message, isValidCpf, 'CPF válido, 999.999.999-99 ou 11 dígitos; o servidor guarda os dígitos.')
}

/** A house number: digits only, empty refused. */
export function numeroField(messages: { empty: string; invalid: string }) {
  return z
    .string({ error: messages.empty })
    .trim()
    .min(1, { error: messages.empty, abort: true })
    .max(LIMITS.numero, { error: messages.invalid, abort: true })
    .regex(/^\d+$/, { error: messages.invalid })
}

/** A trimmed, lower-cased e-mail address with one message for every way it can be wrong. */
export function emailWith(messages: { empty: string; invalid: string }) {
  return z
    .string({ error: messages.empty })
    .trim()
    .toLowerCase()
    .min(1, { error: messages.empty, abort: true })
    .max(LIMITS.email, { error: messages.invalid, abort: true })
    .pipe(z.email({ error: messages.invalid }))
}
