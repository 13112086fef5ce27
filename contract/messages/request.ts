import { reasons } from './reason'

/** The HTTP layer's own refusals: a request the store cannot read, take or answer now, on any call. */
export const REQUEST = reasons('request', {
  notJson: ['unsupported', 'Envie os dados em JSON (Content-Type: application/json).'],
  badJson: ['bad_request', 'Não foi possível ler os dados enviados (JSON inválido).'],
  /** A field a schema refuses; the sentence is the schema's (or a neutral pt-BR one). */
  invalidField: ['invalid', (message: string) => message],
  /** A query parameter a schema refuses. */
  badQuery: ['bad_request', (message: string) => message],
  unstorableText: ['invalid', 'O texto enviado tem caracteres inválidos.'],
  unstorablePath: ['bad_request', 'O texto enviado tem caracteres inválidos.'],
  tooLarge: ['too_large', 'Requisição muito grande.'],
  crossSite: ['forbidden', 'Origem da requisição não permitida.'],
  notFound: ['not_found', 'Recurso não encontrado.'],
  starting: ['unavailable', 'A loja está iniciando. Tente novamente em instantes.'],
  busy: ['unavailable', 'A loja está com muitos acessos neste momento. Tente novamente em instantes.'],
})
