/**
 * What the shopper reads after the sale — reviews, 'Fale conosco', cancelling an order and the
 * 7-day withdrawal — in pt-BR, without zod: the schemas (contract/after-sale.ts) and the reasons'
 * catalogs (returns.ts, reviews.ts, contact.ts) take their sentences from here.
 */
export const AFTER_SALE_MESSAGES = {
  pedido: 'Pedido não encontrado.',
  produto: 'Produto não encontrado.',
  naoComprado: 'Você só pode avaliar produtos que comprou.',
  naoEntregue: 'Você poderá avaliar este produto quando o pedido for entregue.',
  jaAvaliado: 'Você já avaliou este produto. Obrigado!',
  avaliacaoEnviada: 'Avaliação enviada! Ela aparecerá na página do produto depois de revisada pela loja.',
  nota: 'Escolha uma nota de 1 a 5 estrelas.',
  titulo: 'Dê um título à sua avaliação.',
  texto: 'Conte o que achou do produto.',
  textoLongo: 'Use no máximo 2.000 caracteres.',
  nome: 'Informe seu nome.',
  email: 'Informe um e-mail válido.',
  assunto: 'Informe o assunto.',
  mensagem: 'Escreva sua mensagem.',
  codigoPedido: 'Número de pedido inválido (ex.: VT-2026-000124).',
  mensagemEnviada: 'Mensagem enviada! Responderemos pelo e-mail informado.',
  mensagensDemais: 'Você enviou muitas mensagens. Tente novamente mais tarde.',
  captcha: 'Confirme que você não é um robô.',
  cancelado: 'Pedido cancelado.',
  canceladoReembolso: 'Pedido cancelado. O valor pago será devolvido pelo mesmo meio de pagamento.',
  naoCancelavel: 'Este pedido não pode mais ser cancelado: ele já foi enviado. Depois de recebê-lo, você pode desistir da compra em até 7 dias.',
  jaCancelado: 'Este pedido já está cancelado.',
  motivo: 'Escolha o motivo da devolução.',
  itens: 'Escolha ao menos um item para devolver.',
  quantidade: 'Quantidade inválida para devolução.',
  foraDoPrazo: 'O prazo de 7 dias para desistir da compra terminou. Para defeitos, use a garantia do produto.',
  naoEntreguePedido: 'Você poderá desistir da compra depois que o pedido for entregue.',
  jaSolicitada: 'Você já pediu a devolução deste pedido.',
  devolucaoSolicitada: 'Pedido de devolução registrado. Enviamos as instruções para o seu e-mail.',
} as const
