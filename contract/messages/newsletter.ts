import { reasons } from './reason'

/** What the newsletter says: one sentence for every sign-up, known address or not (no list to probe). */
export const NEWSLETTER_MESSAGES = {
  sent: 'Quase lá! Se este e-mail ainda não estiver inscrito, enviamos um link para confirmar a inscrição. Abra-o para começar a receber nossas ofertas.',
  confirmed: 'Inscrição confirmada! Você vai receber nossas ofertas por e-mail.',
  unsubscribed: 'Inscrição cancelada. Você não vai mais receber nossas ofertas por e-mail.',
} as const

/** The newsletter's refusals. */
export const NEWSLETTER = reasons('newsletter', {
  limited: ['rate_limited', 'Muitos pedidos de inscrição. Tente de novo mais tarde.'],
  linkInvalid: ['invalid', 'Este link de confirmação não vale mais. Inscreva-se de novo no rodapé da loja.'],
})
