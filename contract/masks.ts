/**
 * Brazilian document, CEP, phone and name rules plus the input masks of the spec, without
 * zod: pages that only mask or check a field ship these few lines, not zod's runtime (decision
 * 0060). The zod fields built on them are in validators.ts, which re-exports this module.
 */

// ───────────────────────────── digits and masks ─────────────────────────────

/** Keeps only 0–9. */
export function onlyDigits(value: string): string {
  return value.replace(/\D+/g, '')
}

/** Keeps only 0–9 and A–Z (upper-cased): the characters of an alphanumeric CNPJ. */
function onlyAlphanumerics(value: string): string {
  return value.toUpperCase().replace(/[^0-9A-Z]+/g, '')
}

/**
 * Applies a mask as the user types: `9` takes a digit, `A` takes a digit or letter, anything
 * else is a literal written only when a character follows it. Extra characters are dropped.
 */
export function applyMask(value: string, mask: string): string {
  const alphanumeric = mask.includes('A')
  const chars = alphanumeric ? onlyAlphanumerics(value) : onlyDigits(value)
  let out = ''
  let next = 0
  for (const slot of mask) {
    if (next >= chars.length) break
    if (slot === '9' || slot === 'A') {
      const char = chars[next]
      if (slot === '9' && !/\d/.test(char)) break
      out += char
      next += 1
    } else {
      out += slot
    }
  }
  return out
}

export const CPF_MASK = '999.999.999-99'
/** Numeric CNPJs and the alphanumeric ones of IN RFB 2.229/2024 share the layout; check digits stay numeric. */
export const CNPJ_MASK = 'AA.AAA.AAA/AAAA-99'
export const PHONE_MASK = '(99) 9 9999-9999'
/** CEP entry screen (/endereco/cep/). */
export const CEP_MASK = '99.999-999'
/** Checkout delivery (/checkout/address) — the spec's own grouping, kept as written. */
export const CEP_CHECKOUT_MASK = '999.99-999'

export const maskCpf = (value: string): string => applyMask(value, CPF_MASK)
export const maskCnpj = (value: string): string => applyMask(value, CNPJ_MASK)
export const maskPhone = (value: string): string => applyMask(value, PHONE_MASK)

/** '99.999-999' on the CEP entry screen, '999.99-999' at checkout. */
export function maskCep(value: string, layout: 'entrada' | 'checkout' = 'entrada'): string {
  return applyMask(value, layout === 'checkout' ? CEP_CHECKOUT_MASK : CEP_MASK)
}

/**
 * The registration "CPF ou CNPJ" field: CPF mask until the value is longer than 14 characters.
 * A letter, or more than 11 characters once the mask is stripped (a pasted CNPJ),
 * can only be a CNPJ, so those switch too.
 */
export function maskCpfCnpj(value: string): string {
  const raw = onlyAlphanumerics(value)
  const cnpj = value.length > 14 || raw.length > 11 || /[A-Z]/.test(raw)
  return cnpj ? maskCnpj(value) : maskCpf(value)
}

// ───────────────────────────── CPF and CNPJ ─────────────────────────────

/** Formatting a shopper may type around a document number. */
const DOCUMENT_PUNCTUATION = /[\s./-]+/g

/** Mod-11 check digit as CPF and CNPJ use it: 0 when the remainder is under 2, else 11 − remainder. */
function mod11CheckDigit(values: readonly number[], weights: readonly number[]): number {
  let sum = 0
  for (let i = 0; i < values.length; i += 1) sum += values[i] * weights[i]
  const remainder = sum % 11
  return remainder < 2 ? 0 : 11 - remainder
}

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2]
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]

/** 11 digits (punctuation allowed), not all the same, both check digits right. */
export function isValidCpf(value: string): boolean {
  const cpf = value.replace(DOCUMENT_PUNCTUATION, '')
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false
  const digits = [...cpf].map(Number)
  const dv1 = mod11CheckDigit(digits.slice(0, 9), CPF_WEIGHTS_1)
  const dv2 = mod11CheckDigit(digits.slice(0, 10), CPF_WEIGHTS_2)
  return dv1 === digits[9] && dv2 === digits[10]
}

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]

/**
 * 14 characters (punctuation allowed): 12 of [0-9A-Z] then 2 numeric check digits. Each character
 * counts as its ASCII code − 48 ('0'–'9' → 0–9, 'A' → 17…), so numeric CNPJs keep their old digits.
 */
export function isValidCnpj(value: string): boolean {
  const cnpj = value.replace(DOCUMENT_PUNCTUATION, '').toUpperCase()
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(.)\1{13}$/.test(cnpj)) return false
  const values = [...cnpj].map((char) => char.charCodeAt(0) - 48)
  const dv1 = mod11CheckDigit(values.slice(0, 12), CNPJ_WEIGHTS_1)
  const dv2 = mod11CheckDigit(values.slice(0, 13), CNPJ_WEIGHTS_2)
  return dv1 === values[12] && dv2 === values[13]
}

// ───────────────────────────── phone, CEP, names ─────────────────────────────

/** Area codes (DDD) in use in Brazil (Anatel). */
const DDDS = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65,
  66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
])

/**
 * A mobile number as the spec's mask writes it, (DD) 9 NNNN-NNNN; the same 11 digits typed
 * without the mask (or with other spacing) are accepted too. The DDD must exist.
 */
export function isValidCelular(value: string): boolean {
  if (/[^\d\s()+.-]/.test(value)) return false
  const digits = onlyDigits(value)
  return /^\d{2}9\d{8}$/.test(digits) && DDDS.has(Number(digits.slice(0, 2)))
}

/** CEP layouts accepted from clients: 99999999, 99999-999, 99.999-999 (entry), 999.99-999 (checkout). */
const CEP_LAYOUTS = [/^\d{8}$/, /^\d{5}-\d{3}$/, /^\d{2}\.\d{3}-\d{3}$/, /^\d{3}\.\d{2}-\d{3}$/]

/** The CEP's 8 digits, or null when the text is not a CEP in one of the accepted layouts. */
export function parseCep(value: string): string | null {
  const text = value.trim()
  return CEP_LAYOUTS.some((layout) => layout.test(text)) ? onlyDigits(text) : null
}

/** 8 digits as people write a CEP: 01001-000. */
export function formatCep(cep: string): string {
  const digits = onlyDigits(cep)
  return digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : cep
}

/** A word of a person's name: letters, with apostrophes, hyphens or a trailing dot inside. */
const NAME_WORD = /^[\p{L}\p{M}]+(?:['’.-][\p{L}\p{M}]*)*$/u

/**
 * A full name: at least two words of at least 2 letters each. Short particles
 * ("e", "A.") may appear between them but do not count; digits and symbols are refused.
 */
export function isFullName(value: string): boolean {
  const words = value.trim().split(/\s+/).filter(Boolean)
  if (!words.every((word) => NAME_WORD.test(word))) return false
  return words.filter((word) => (word.match(/\p{L}/gu) ?? []).length >= 2).length >= 2
}

/**
 * A first name or a surname as a person writes it: words of letters (apostrophes, hyphens and dots
 * inside), at least one letter. Markup, digits and SQL punctuation are refused, not escaped.
 */
export function isPersonName(value: string): boolean {
  const words = value.trim().split(/\s+/).filter(Boolean)
  return words.length > 0 && words.every((word) => NAME_WORD.test(word))
}

/** A CPF or CNPJ without its punctuation, upper-cased (how the store keeps it). */
export function normalizeDocument(value: string): string {
  return value.replace(DOCUMENT_PUNCTUATION, '').toUpperCase()
}
