import { formatCents } from '../money'
import { reasons } from './reason'

/** Longest coupon code the store accepts (generated codes are 10 characters). */
export const COUPON_CODE_MAX = 30

/** Why a coupon does not apply (docs/decisions/0127-promotions.md); the cart shows the sentence beside the code. */
export const COUPON = reasons('coupon', {
  invalid: ['invalid', 'Digite um código de cupom válido: letras, números e hífen, até 30 caracteres.'],
  unknown: ['not_found', 'Cupom não encontrado. Confira o código digitado.'],
  expired: ['conflict', 'Este cupom expirou.'],
  notYet: ['conflict', (inicio: string) => `Este cupom vale a partir de ${inicio}.`],
  belowMinimum: ['conflict', (missingCents: number) => `Faltam ${formatCents(missingCents).replace(/\u00a0/g, ' ')} para usar este cupom.`],
  outOfScope: ['conflict', 'Nenhum produto do carrinho participa deste cupom.'],
  firstPurchase: ['conflict', 'Este cupom vale só para a primeira compra.'],
  exhausted: ['conflict', 'Este cupom atingiu o limite de usos.'],
  perCustomer: ['conflict', 'Você já usou este cupom o número de vezes permitido.'],
  noCombine: ['conflict', 'Este cupom não é cumulativo com as promoções dos produtos do carrinho.'],
  emptyCart: ['conflict', 'Adicione produtos ao carrinho antes de aplicar um cupom.'],
  shippingAlreadyFree: ['conflict', 'O frete desta entrega já é grátis; o cupom fica para a próxima compra.'],
  tooMany: ['rate_limited', 'Muitas tentativas de cupom. Aguarde um minuto e tente de novo.'],
})
