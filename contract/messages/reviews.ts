import { AFTER_SALE_MESSAGES as M } from './after-sale'
import { reasons } from './reason'

/** Reviews: a buyer's review refused, and the back office's moderation. */
export const REVIEWS = reasons('reviews', {
  orderNotFound: ['not_found', M.pedido],
  notBought: ['forbidden', M.naoComprado],
  notDelivered: ['conflict', M.naoEntregue],
  titleEmpty: ['invalid', M.titulo],
  textEmpty: ['invalid', M.texto],
  alreadyReviewed: ['conflict', M.jaAvaliado],
  notFound: ['not_found', 'Avaliação não encontrada.'],
})

/** What the back office says after moderating a review. */
export const REVIEWS_DONE = {
  aprovada: 'Avaliação aprovada: já aparece na página do produto.',
  oculta: 'Avaliação ocultada.',
  pendente: 'Avaliação voltou a pendente.',
  replySaved: 'Resposta da loja salva.',
  replyRemoved: 'Resposta da loja removida.',
} as const

/** The sentence for a moderation: the new status's, else whether the reply was saved or removed. */
export const moderatedSentence = (status: 'aprovada' | 'oculta' | 'pendente' | undefined, reply: string | null) =>
  status ? REVIEWS_DONE[status] : reply ? REVIEWS_DONE.replySaved : REVIEWS_DONE.replyRemoved
