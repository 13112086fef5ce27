import { reasons } from './reason'

/**
 * The integrations API (/api/v1) and the back office's "Integrações": why a call or a form is
 * refused. The API answers each with `{ "erro": { "codigo", "mensagem" } }` (docs/api/README.md).
 */
export const INTEGRATIONS = reasons('integrations', {
  noKey: ['auth', 'Informe a chave da API no cabeçalho Authorization: Bearer vt_….'],
  badKey: ['auth', 'Chave da API inválida ou revogada.'],
  scope: ['forbidden', (scope: string) => `Esta chave não tem o escopo ${scope}.`],
  rateLimited: ['rate_limited', 'Muitas chamadas com esta chave. Aguarde os segundos indicados em Retry-After.'],
  idempotencyKey: ['invalid', 'Idempotency-Key inválida: de 1 a 255 caracteres visíveis.'],
  idempotencyReused: ['invalid', 'Esta Idempotency-Key já foi usada com outra requisição.'],
  idempotencyRequired: ['invalid', 'Envie o cabeçalho Idempotency-Key: um ajuste relativo só é aplicado uma vez por chave.'],
  idempotencyBusy: ['conflict', 'Uma requisição com esta Idempotency-Key ainda está em andamento. Tente novamente em instantes.'],
  keyName: ['invalid', 'Dê um nome à chave (até 80 caracteres), como o do ERP que vai usá-la.'],
  keyScopes: ['invalid', 'Escolha ao menos um escopo válido para a chave.'],
  keyNotFound: ['not_found', 'Chave não encontrada.'],
  keyRevoked: ['conflict', 'Esta chave já foi revogada.'],
  orderNotFound: ['not_found', (code: string) => `Pedido ${code} não encontrado.`],
  productNotFound: ['not_found', (sku: string) => `Produto com SKU ${sku} não encontrado.`],
  optionRequired: ['invalid', 'Este produto tem variações: informe a opção (campo opcao, o código da opção) cujo estoque muda.'],
  optionNotFound: ['not_found', 'Opção não encontrada neste produto.'],
  badCursor: ['invalid', 'Cursor inválido: use o campo "proximo" da página anterior.'],
  invoiceKey: ['invalid', 'Chave de acesso da NF-e inválida: 44 dígitos com o dígito verificador correto.'],
  invoiceNotAllowed: ['conflict', 'Este pedido não pode receber nota fiscal: ele não foi pago ou foi cancelado.'],
  invoiceTaken: ['conflict', 'Esta chave de acesso já pertence a outro pedido.'],
  invoiceAuthorized: ['conflict', 'Este pedido já tem uma NF-e de venda autorizada com outra chave.'],
  shipNotAllowed: ['conflict', (status: string) => `O pedido não pode ser enviado agora (situação: ${status}).`],
  deliverNotAllowed: ['conflict', (status: string) => `O pedido não pode ser marcado como entregue agora (situação: ${status}).`],
  webhookUrl: ['invalid', 'URL do webhook inválida: use https:// com um endereço público.'],
  webhookPrivate: ['invalid', 'URL do webhook aponta para um endereço privado ou local, que a loja não chama.'],
  webhookUnresolved: ['invalid', 'Não foi possível encontrar o endereço do webhook (DNS).'],
  webhookEvents: ['invalid', 'Escolha ao menos um evento válido para o webhook.'],
  webhookNotFound: ['not_found', 'Webhook não encontrado.'],
  webhookTooMany: ['conflict', 'Limite de 20 webhooks atingido: remova um antes de cadastrar outro.'],
  deliveryNotFound: ['not_found', 'Entrega não encontrada.'],
})
