/**
 * "Comprar como empresa" (docs/decisions/0129-nfe.md): a company buyer's CNPJ (the alphanumeric one of
 * 2026 included, check digits verified), razão social (the NF-e recipient's name: 2 to 60 characters)
 * and inscrição estadual — its digits, or ISENTO for a company exempt from it. The same fields at
 * registration and at checkout; each fault a pt-BR message under the field and a 400 from the server.
 */
import { z } from 'zod'
import { isValidCnpj, normalizeDocument, onlyDigits } from './validators'

export const COMPANY_MESSAGES = {
  cnpj: 'Informe um CNPJ válido.',
  razaoSocial: 'Informe a razão social da empresa (de 2 a 60 caracteres).',
  inscricaoEstadual: 'Informe a inscrição estadual (só os números) ou marque "Isento".',
  cnpjNoCadastro: 'Para comprar como empresa, informe o CNPJ no campo CPF ou CNPJ.',
} as const

/** 'ISENTO', or the IE's digits (2 to 14); null when neither. */
export function normalizeInscricaoEstadual(value: string): string | null {
  const v = value.trim()
  if (/^isento$/i.test(v)) return 'ISENTO'
  const d = onlyDigits(v)
  return /^[\d.\-/ ]+$/.test(v) && d.length >= 2 && d.length <= 14 ? d : null
}

/** One check per field, shared by the forms (on blur) and the server. */
export function companyProblem(field: 'cnpj' | 'razaoSocial' | 'inscricaoEstadual', value: string): string | null {
  if (field === 'cnpj') return isValidCnpj(value) ? null : COMPANY_MESSAGES.cnpj
  if (field === 'razaoSocial') {
    const v = value.trim().replace(/\s+/g, ' ')
    return v.length >= 2 && v.length <= 60 && /\p{L}/u.test(v) ? null : COMPANY_MESSAGES.razaoSocial
  }
  return normalizeInscricaoEstadual(value) ? null : COMPANY_MESSAGES.inscricaoEstadual
}

const razaoSocialField = z
  .string({ error: COMPANY_MESSAGES.razaoSocial })
  .refine((v) => companyProblem('razaoSocial', v) === null, { error: COMPANY_MESSAGES.razaoSocial })
  .transform((v) => v.trim().replace(/\s+/g, ' '))
const inscricaoEstadualField = z
  .string({ error: COMPANY_MESSAGES.inscricaoEstadual })
  .max(20, { error: COMPANY_MESSAGES.inscricaoEstadual, abort: true })
  .refine((v) => normalizeInscricaoEstadual(v) !== null, { error: COMPANY_MESSAGES.inscricaoEstadual })
  .transform((v) => normalizeInscricaoEstadual(v)!)
  .describe('A inscrição estadual (só os números) ou ISENTO.')

/** The checkout's company block: the CNPJ, razão social and IE (or ISENTO); the server keeps the CNPJ's characters and the IE's digits. */
export const companySchema = z.strictObject({
  cnpj: z
    .string({ error: COMPANY_MESSAGES.cnpj })
    .max(24, { error: COMPANY_MESSAGES.cnpj, abort: true })
    .refine(isValidCnpj, { error: COMPANY_MESSAGES.cnpj })
    .transform(normalizeDocument)
    .describe('CNPJ (99.999.999/9999-99, ou o alfanumérico); o servidor guarda só os caracteres.'),
  razaoSocial: razaoSocialField,
  ie: inscricaoEstadualField,
})
export type Company = z.output<typeof companySchema>

/** Registration's company fields (the CNPJ is the form's "CPF ou CNPJ"). */
export const companyRegistrationFields = { razaoSocial: razaoSocialField.optional(), inscricaoEstadual: inscricaoEstadualField.optional() }
