import { reasons } from './reason'

/** The back office's Clientes: one customer's page and their LGPD export. */
export const CUSTOMERS = reasons('customers', {
  notFound: ['not_found', 'Cliente não encontrado.'],
})

/** The sentences of the Clientes search's fields. */
export const CUSTOMER_FIELDS = {
  queryTooShort: 'Digite ao menos 3 caracteres para buscar.',
  queryTooLong: 'Busca longa demais.',
  badPage: 'Página inválida.',
} as const
