import { ADDRESS_MESSAGES } from '../../../contract/messages/address'
import { isValidCelular } from '../../../contract/masks'

export type AddressFormValues = {
  nome: string
  sobrenome: string
  telefone: string
  bairro: string
  rua: string
  numero: string
  complemento: string
}

/**
 * The add-address screen's check on Enviar: values trimmed, the first rule broken in this
 * order gives its toast. Bairro and rua are checked only when the shopper types them (a CEP that
 * knows only the city, decision 0018), where they sit on the form: after Telefone, before Numero.
 */
export function firstProblem(values: AddressFormValues, streetEditable: boolean): string | null {
  const v = (key: keyof AddressFormValues) => values[key].trim()
  if (!v('nome')) return ADDRESS_MESSAGES.nome
  if (!v('sobrenome')) return ADDRESS_MESSAGES.sobrenome
  if (!v('telefone')) return ADDRESS_MESSAGES.telefone
  if (!isValidCelular(v('telefone'))) return ADDRESS_MESSAGES.telefoneFormato
  if (streetEditable && !v('bairro')) return ADDRESS_MESSAGES.bairro
  if (streetEditable && !v('rua')) return ADDRESS_MESSAGES.rua
  if (!v('numero')) return ADDRESS_MESSAGES.numero
  if (!v('complemento')) return ADDRESS_MESSAGES.complemento
  return null
}

/** CEP entry: exactly NN.NNN-NNN. */
export const isCepEntry = (value: string) => /^\d{2}\.\d{3}-\d{3}$/.test(value)

/** Numero keeps digits only, as typed. */
export const digitsOnly = (value: string) => value.replace(/\D+/g, '')
