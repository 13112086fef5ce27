import { reasons } from './reason'

/** Carrier labels and tracking (docs/decisions/0128-shipping-providers.md, "Labels"). */
export const LABELS = reasons('labels', {
  noProvider: [
    'conflict',
    'Com a tabela de frete da loja não há etiqueta a comprar: poste o pacote na transportadora e use "Marcar como enviado" com o código de rastreio.',
  ],
  notShippable: ['conflict', (status: string) => `Um pedido "${status}" não recebe etiqueta: só pedidos pagos ou em separação.`],
  pickup: ['conflict', 'Este pedido será retirado em uma estação: não há etiqueta a comprar.'],
  exists: ['conflict', 'Este pedido já tem uma etiqueta. Cancele-a antes de comprar outra.'],
  noService: ['conflict', (service: string) => `O serviço "${service}" não é um dos serviços de frete da loja.`],
  noCarrier: ['conflict', (service: string) => `O serviço ${service} não tem transportadora conhecida para o rastreio.`],
  volumesUnknown: [
    'unavailable',
    'O Melhor Envio cotou este pedido em vários volumes sem dizer o que vai em cada um; os Correios levam um volume por etiqueta. Tente de novo em instantes ou escolha outro serviço no painel do Melhor Envio.',
  ],
  none: ['not_found', 'Este pedido não tem etiqueta.'],
  notCancellable: ['conflict', 'A etiqueta já foi postada: não pode mais ser cancelada.'],
  providerRefused: ['unavailable', (message: string) => `O Melhor Envio não cancelou a etiqueta: ${message}`],
  badSignature: ['auth', 'Assinatura do webhook inválida.'],
  trackingUnavailable: ['unavailable', 'O Melhor Envio não respondeu à consulta do envio; tente de novo em instantes.'],
  badWebhook: ['bad_request', 'Corpo do webhook fora do formato documentado.'],
})

/** What the back office says after a label's change. */
export const LABELS_DONE = {
  requested: 'Compra da etiqueta iniciada: ela aparece aqui em instantes.',
  cancelled: 'Etiqueta cancelada; o valor volta ao saldo do Melhor Envio.',
} as const
