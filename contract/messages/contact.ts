import { AFTER_SALE_MESSAGES as M } from './after-sale'
import { reasons } from './reason'

/** 'Fale conosco': a shopper's message refused, and the back office's Mensagens (answering, closing). */
export const CONTACT = reasons('contact', {
  captchaMissing: ['invalid', M.captcha],
  /** The captcha check's own sentence (expired, used, wrong). */
  captchaRefused: ['invalid', (message: string) => message],
  tooMany: ['rate_limited', M.mensagensDemais],
  messageEmpty: ['invalid', M.mensagem],
  subjectEmpty: ['invalid', M.assunto],
  nameEmpty: ['invalid', M.nome],
  notFound: ['not_found', 'Mensagem não encontrada.'],
  replyEmpty: ['invalid', 'Escreva a resposta.'],
  replyTooLong: ['invalid', 'Use no máximo 4.000 caracteres.'],
  closed: ['conflict', 'Esta mensagem está encerrada.'],
  alreadyClosed: ['conflict', 'Esta mensagem já está encerrada.'],
})

/** What the back office says after a change of a message. */
export const CONTACT_DONE = {
  replied: 'Resposta enviada por e-mail.',
  closed: 'Mensagem encerrada.',
} as const
