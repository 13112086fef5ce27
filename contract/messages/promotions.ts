import { reasons } from './reason'
import { COUPON_CODE_MAX } from './coupons'

/** The most codes one "Gerar códigos" makes, and the random part of each. */
export const GENERATE_MAX = 1000
export const GENERATED_RANDOM = 8
export const CODE_PREFIX_MAX = COUPON_CODE_MAX - GENERATED_RANDOM

/**
 * The back office's coupons and automatic promotions (/admin/promocoes): why a form or an action is
 * refused. Each field's refusal names it (`campo`), so the form shows the sentence beside it.
 */
export const PROMOTIONS = reasons('promotions', {
  couponNotFound: ['not_found', 'Cupom não encontrado.'],
  promotionNotFound: ['not_found', 'Promoção não encontrada.'],
  badCursor: ['invalid', 'Página inválida: volte à primeira página.'],
  code: ['invalid', `Informe o código: letras, números e hífen, até ${COUPON_CODE_MAX} caracteres.`],
  codeTaken: ['conflict', (code: string) => `Já existe um cupom com o código ${code}. Escolha outro.`],
  campaign: ['invalid', 'Nome de campanha longo demais (até 60 caracteres).'],
  name: ['invalid', 'Dê um nome à promoção (até 80 caracteres): é o que o cliente lê no produto.'],
  percent: ['invalid', 'O percentual vai de 1 a 100 (número inteiro).'],
  fixed: ['invalid', 'Informe o valor do desconto em reais, maior que zero (ex.: 50,00).'],
  tooLarge: ['invalid', 'Desconto acima do limite (R$ 1.000.000,00).'],
  minimum: ['invalid', 'Valor mínimo inválido: informe em reais (ex.: 199,00) ou deixe em branco.'],
  date: ['invalid', 'Data inválida: use dia e hora (horário de Brasília).'],
  startRequired: ['invalid', 'Informe quando a promoção começa.'],
  endBeforeStart: ['invalid', 'O fim deve ser depois do início.'],
  uses: ['invalid', 'Usos no total: um número inteiro a partir de 1, ou em branco para sem limite.'],
  perCustomer: ['invalid', 'Usos por cliente: um número inteiro a partir de 1, ou em branco para sem limite.'],
  minQuantity: ['invalid', 'Quantidade mínima: um número inteiro de 1 a 1000 (1 vale para qualquer quantidade).'],
  scopeGone: ['invalid', 'Algum produto, categoria ou marca escolhido não existe mais. Revise o alcance.'],
  /** Orders already used it: its discount is on them as it was. */
  usedLocked: [
    'conflict',
    (uses: number) => `Este cupom já foi usado ${uses === 1 ? '1 vez' : `${uses} vezes`}: o tipo, o valor e o alcance não mudam mais. Encerre-o e crie outro.`,
  ],
  prefix: ['invalid', `Prefixo: letras, números e hífen, até ${CODE_PREFIX_MAX} caracteres.`],
  count: ['invalid', `Quantidade de códigos: de 1 a ${GENERATE_MAX}.`],
  campaignRequired: ['invalid', 'Dê um nome à campanha dos códigos gerados.'],
  noFreeCodes: ['unavailable', 'Não foi possível gerar códigos únicos com este prefixo agora. Tente de novo ou use outro prefixo.'],
})

/** What the back office says after a change of a coupon or a promotion. */
export const PROMOTIONS_DONE = {
  couponCreated: (code: string) => `Cupom ${code} criado.`,
  couponSaved: (code: string) => `Cupom ${code} salvo.`,
  couponEnded: (code: string) => `Cupom ${code} encerrado: não vale mais para novos pedidos.`,
  generated: (n: number, campaign: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'código gerado' : 'códigos gerados'} na campanha ${campaign}.`,
  promotionCreated: (name: string) => `Promoção "${name}" criada.`,
  promotionSaved: (name: string) => `Promoção "${name}" salva.`,
  promotionEnded: (name: string) => `Promoção "${name}" encerrada.`,
} as const
