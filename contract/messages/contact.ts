import { reasons } from './reason'

/** The back office's Mensagens: answering and closing a 'Fale conosco' message. */
export const CONTACT = reasons('contact', {
  notFound: ['not_found', 'Mensagem não encontrada.'],
  replyEmpty: ['invalid', 'Escreva a resposta.'],
  replyTooLong: ['invalid', 'Use no máximo 4.000 caracteres.'],
  closed: ['conflict', 'Esta mensagem está encerrada.'],
  alreadyClosed: ['conflict', 'Esta mensagem já está encerrada.'],
  mailFailed: ['unavailable', 'O e-mail não pôde ser enviado agora; a mensagem continua sem resposta. Tente de novo.'],
})

/** What the back office says after a change of a message. */
export const CONTACT_DONE = {
  replied: 'Resposta enviada por e-mail.',
  closed: 'Mensagem encerrada.',
} as const
