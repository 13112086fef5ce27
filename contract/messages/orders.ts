import { CARRIER_IDS, CARRIERS } from '../carriers'
import { reasons } from './reason'

/** Placing aside: moving, cancelling and annotating an order, by staff, the command line, jobs or the shopper. */
export const ORDERS = reasons('orders', {
  notFound: ['not_found', (code?: string) => (code ? `Pedido ${code} não encontrado.` : 'Pedido não encontrado.')],
  /** The back office's "someone moved it since you looked" on advancing. */
  changed: ['conflict', 'Este pedido mudou. Veja como ele está agora e tente de novo, se ainda fizer sentido.'],
  /** The same on cancelling (the shopper may read it too). */
  changedMeanwhile: ['conflict', 'Este pedido mudou enquanto isso (outra pessoa ou o sistema o alterou). Recarregue e confira antes de tentar de novo.'],
  noNextStep: ['conflict', (code: string, status: string) => `O pedido ${code} está "${status}": não há próximo passo.`],
  trackingRequired: ['invalid', 'Informe o código de rastreio para marcar como enviado.'],
  carrierRequired: ['invalid', `Escolha a transportadora: ${CARRIER_IDS.map((id) => CARRIERS[id].nome).join(', ')}.`],
  reasonRequired: ['invalid', 'Informe o motivo do cancelamento.'],
  notCancellable: ['conflict', (status: string, shipped: boolean) => `Um pedido "${status}" não pode ser cancelado${shipped ? '; use a devolução' : ''}.`],
  /** The shopper's order page, once the order left the store. */
  tooLateToCancel: [
    'conflict',
    'Este pedido não pode mais ser cancelado: ele já foi enviado. Depois de recebê-lo, você pode desistir da compra em até 7 dias.',
  ],
  badCursor: ['invalid', 'Página inválida: volte à primeira página.'],
})

/** What the back office says after a change of an order. */
export const ORDERS_DONE = {
  advanced: (status: string) => `Pedido marcado como ${status.toLowerCase()}.`,
  cancelled: 'Pedido cancelado.',
  noted: 'Nota adicionada.',
} as const
