import { CHECKOUT_MESSAGES } from '../../../contract/messages/checkout'
import { isFullName, isValidCelular, isValidCpf, onlyDigits } from '../../../contract/masks'

export type Identification = { nome: string; email: string; cpf: string; celular: string }
export type IdentificationField = keyof Identification

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The check of one field, as shown under it on blur; null when it passes. */
export function fieldProblem(field: IdentificationField, value: string): string | null {
  const v = value.trim()
  if (!v) return CHECKOUT_MESSAGES.obrigatorio
  if (field === 'nome') return isFullName(v) ? null : CHECKOUT_MESSAGES.nome
  if (field === 'email') return EMAIL.test(v) ? null : CHECKOUT_MESSAGES.email
  if (field === 'cpf') return onlyDigits(v).length === 11 && isValidCpf(v) ? null : CHECKOUT_MESSAGES.invalido
  return isValidCelular(v) ? null : CHECKOUT_MESSAGES.invalido
}

/** The toast of Continuar (3 s): the first field that fails, in the form's order. */
export function continueProblem(values: Identification): string | null {
  if (fieldProblem('nome', values.nome)) return CHECKOUT_MESSAGES.nome
  if (fieldProblem('email', values.email)) return CHECKOUT_MESSAGES.email
  if (fieldProblem('cpf', values.cpf)) return CHECKOUT_MESSAGES.cpf
  if (fieldProblem('celular', values.celular)) return CHECKOUT_MESSAGES.celular
  return null
}
