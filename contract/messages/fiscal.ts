import { reasons } from './reason'

/** The names of an invoice's statuses, as the back office and the customer's order page write them. */
export const INVOICE_STATUS_NAMES = {
  pendente: 'Aguardando emissão',
  processando: 'Em processamento na SEFAZ',
  autorizada: 'Emitida',
  rejeitada: 'Rejeitada',
  cancelada: 'Cancelada',
} as const

/** The NF-e (docs/decisions/0129-nfe.md): why an invoice cannot be issued, re-issued or cancelled now. */
export const FISCAL = reasons('fiscal', {
  off: ['conflict', 'A emissão de NF-e está desligada (FISCAL_PROVIDER=nenhum).'],
  orderNotFound: ['not_found', (code: string) => `Pedido ${code} não encontrado.`],
  notPaid: ['conflict', 'O pedido ainda não foi pago: a nota sai depois do pagamento.'],
  alreadyIssued: ['conflict', 'Este pedido já tem nota fiscal emitida ou em processamento.'],
  notRejected: ['conflict', 'Só uma nota rejeitada pode ser corrigida e emitida de novo.'],
  missingNcm: ['invalid', (titulos: string) => `Sem NCM no cadastro, a nota não pode ser emitida: ${titulos}. Corrija o produto e emita de novo.`],
  missingProduct: ['invalid', (titulo: string) => `O item "${titulo}" não está mais no catálogo: emita esta nota pelo sistema do contador.`],
  totalsDiffer: ['conflict', 'Os valores dos itens não fecham com o total do pedido: confira o pedido antes de emitir.'],
  noInvoice: ['not_found', 'Este pedido não tem nota fiscal.'],
  fileMissing: ['not_found', 'O arquivo desta nota ainda não está disponível.'],
  badJustification: ['invalid', 'A justificativa do cancelamento precisa ter de 15 a 255 caracteres.'],
  webhookRefused: ['forbidden', 'Webhook da NF-e não reconhecido.'],
  webhookBody: ['invalid', 'Webhook da NF-e sem a referência da nota (ref).'],
  nothingReturned: ['invalid', 'Nenhum item desta devolução está na nota de venda.'],
  noSaleInvoice: ['conflict', 'A nota de devolução referencia a NF-e de venda: este pedido não tem uma autorizada.'],
  returnNotNeeded: ['conflict', 'Este pedido não precisa de nota de devolução: a NF-e de venda foi cancelada ou o pedido segue ativo.'],
  returnAlreadyIssued: ['conflict', 'A nota de devolução deste pedido já foi emitida ou está em processamento.'],
  tooLateToCancel: ['conflict', 'A nota foi autorizada há mais de 24 horas: não pode mais ser cancelada; emita uma nota de devolução.'],
})

/** What the back office says when a step on the invoice was taken. */
export const FISCAL_DONE = {
  queued: 'NF-e enviada para emissão: o status aparece aqui assim que a SEFAZ responder.',
  returnQueued: 'Nota de devolução enviada para emissão: o status aparece aqui assim que a SEFAZ responder.',
} as const
