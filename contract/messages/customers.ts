import { reasons } from './reason'

/** The back office's Clientes: one customer's page, their LGPD export and the Dono's removal of the account. */
export const CUSTOMERS = reasons('customers', {
  notFound: ['not_found', 'Cliente não encontrado.'],
  alreadyRemoved: ['conflict', 'Esta conta já foi excluída.'],
})

/** What Clientes says after a change. */
export const CUSTOMERS_DONE = {
  erased: 'Conta excluída: os dados pessoais foram anonimizados e as sessões encerradas. Os pedidos continuam guardados.',
} as const

/** The sentences of the Clientes search's fields. */
export const CUSTOMER_FIELDS = {
  queryTooShort: 'Digite ao menos 3 caracteres para buscar.',
  queryTooLong: 'Busca longa demais.',
  badPage: 'Página inválida.',
} as const
