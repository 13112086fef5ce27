import { formatCents } from '../money'
import { AFTER_SALE_MESSAGES as M } from './after-sale'
import { reasons } from './reason'

/** The names of a return's statuses, as the back office writes them. */
export const RETURN_STATUS_NAMES = {
  solicitada: 'Solicitada',
  aprovada: 'Aprovada',
  recebida: 'Recebida',
  reembolsada: 'Reembolsada',
  recusada: 'Recusada',
} as const
export type ReturnStatusName = keyof typeof RETURN_STATUS_NAMES

/** Returns (Desistir da compra and the back office's Devoluções): why a request or a step is refused. */
export const RETURNS = reasons('returns', {
  // The shopper's request.
  orderNotFound: ['not_found', M.pedido],
  notDelivered: ['conflict', M.naoEntreguePedido],
  windowClosed: ['conflict', M.foraDoPrazo],
  badItems: ['invalid', M.itens],
  badQuantity: ['invalid', M.quantidade],
  alreadyRequested: ['conflict', M.jaSolicitada],
  // The back office's steps.
  notFound: ['not_found', 'Pedido de devolução não encontrado.'],
  notTheseItems: ['invalid', 'Marque apenas itens desta devolução.'],
  wrongStatus: [
    'conflict',
    (now: ReturnStatusName, to: ReturnStatusName) => `Esta devolução está "${RETURN_STATUS_NAMES[now]}": não pode passar a "${RETURN_STATUS_NAMES[to]}".`,
  ],
  notPaid: ['conflict', (code: string) => `O pedido ${code} não tem pagamento a reembolsar.`],
  amountChanged: ['conflict', (cents: number) => `O valor a reembolsar mudou para ${formatCents(cents)}: confira e confirme de novo.`],
  refusalUnexplained: ['invalid', 'Explique o motivo da recusa ao cliente.'],
  alreadyRefused: ['conflict', 'Esta devolução já foi recusada.'],
  arrived: ['conflict', (now: ReturnStatusName) => `Esta devolução já foi ${now}: os produtos chegaram, ela não pode mais ser recusada.`],
  changedMeanwhile: [
    'conflict',
    (now: ReturnStatusName) =>
      `Esta devolução mudou para "${RETURN_STATUS_NAMES[now]}" enquanto você decidia: confira a página e, se for o caso, recuse de novo.`,
  ],
  // Why a received return cannot be refunded (the page says it instead of offering the button).
  noPayment: [
    'conflict',
    (method: string, code: string) =>
      `Este pedido não tem pagamento registrado para reembolsar: a loja não recebeu nenhum pagamento (${method}) no pedido ${code}. Se o cliente pagou por outro meio, combine a devolução do valor com ele diretamente.`,
  ],
  nothingLeft: ['conflict', 'Nada resta a reembolsar: o pagamento deste pedido já foi devolvido por inteiro.'],
  lessLeft: [
    'conflict',
    (leftCents: number, refundCents: number) =>
      `Restam ${formatCents(leftCents)} do pagamento deste pedido (já houve reembolso), menos que os ${formatCents(refundCents)} desta devolução: confira os reembolsos do pedido antes de continuar.`,
  ],
})

/** What the back office says after a step of a return. */
export const RETURNS_DONE = {
  approved: 'Devolução aprovada.',
  received: (anyBack: boolean) => `Devolução recebida: ${anyBack ? 'os itens marcados voltaram ao estoque' : 'nenhum item voltou ao estoque'}.`,
  refunded: (cents: number, status: 'done' | 'pending') =>
    status === 'done'
      ? `Reembolso de ${formatCents(cents)} feito pelo meio de pagamento.`
      : `Reembolso de ${formatCents(cents)} registrado: o meio de pagamento está fora do ar e ele será feito assim que voltar.`,
  refused: 'Devolução recusada: o cliente foi avisado por e-mail.',
} as const
