import { ADDRESS_MESSAGES } from './address'
import { reasons } from './reason'

// The refusals of address.ts's sentences (docs/decisions/0119-reasons-with-codes.md). Beside it, not in it:
// the pages import those sentences, and the bundler keeps a module's imports even when nothing of
// them is used, so a page that only shows a message would load reason.ts too.

/** The address book's and the CEP look-up's refusals. */
export const ADDRESS = reasons('address', {
  cepInexistente: ['not_found', ADDRESS_MESSAGES.cepInexistente],
  consulta: ['not_found', ADDRESS_MESSAGES.consulta],
  consultasDemais: ['rate_limited', ADDRESS_MESSAGES.consultasDemais],
  bairro: ['invalid', ADDRESS_MESSAGES.bairro],
  rua: ['invalid', ADDRESS_MESSAGES.rua],
  limite: ['conflict', ADDRESS_MESSAGES.limite],
  endereco: ['not_found', ADDRESS_MESSAGES.endereco],
})
