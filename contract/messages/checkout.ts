/**
 * Checkout messages: pt-BR sentences both sides show, without zod, so a page that only shows them ships these
 * lines and not zod's runtime with the schemas (decision 0060). contract/checkout.ts re-exports them. The refusals made
 * from them are in checkout-reasons.ts.
 */

export const CHECKOUT_MESSAGES = {
  /** Field checks (on blur). */
  obrigatorio: 'Campo obrigatório.',
  invalido: 'Campo inválido.',
  /** Toasts on Continuar; also the server's answer for the same fault. */
  nome: 'Digite o seu nome completo',
  email: 'E-mail inválido. Verifique se digitou corretamente',
  cpf: 'Campo de CPF inválido!',
  celular: 'Número de celular inválido!',
  /** Checkout delivery. */
  cep: 'Verifique o CEP digitado!',
  /** A warning only: the save proceeds. */
  rua: 'Informe o nome da rua!',
  numeroVazio: 'Campo obrigatório.',
  numeroFormato: 'Campo invalido!',
  destinatario: 'Informe o nome do destinatário!',
  destinatarioFormato: 'Preencha corretamente o campo de destinatário!',
  /** Method step. */
  metodoEnvio: 'Selecione um método de envio!',
  /** Panel shipping. */
  digiteCep: 'Por favor, digite um CEP.',
  freteFalhou: 'Não foi possível calcular o frete: ',
  /** Ours, in the same voice (the spec leaves these screens' failures out). */
  identificacao: 'Preencha seus dados pessoais para continuar.',
  cepInexistente: 'Verifique o CEP digitado!',
  carrinhoVazio: 'O seu carrinho está vazio.',
  endereco: 'Endereço não encontrado.',
  opcaoEnvio: 'Opção de envio inválida.',
  estacao: 'Selecione uma estação de retirada!',
  estacaoInvalida: 'Estação de retirada não encontrada.',
  metodoPagamento: 'Selecione uma forma de pagamento!',
  parcelas: 'Número de parcelas indisponível para este valor.',
  cartao: 'Informe os dados do cartão.',
  precoMudou: 'Os valores da sua compra mudaram. Confira o resumo antes de finalizar.',
  pedido: 'Pedido não encontrado.',
  simulacao: 'Simulação de pagamento disponível só para Pix e boleto aguardando pagamento no ambiente de testes.',
} as const

/** Out of stock while placing: names the product (ARCHITECTURE "Placing an order"). */
export const semEstoqueMsg = (titulo: string): string => `Estoque insuficiente para ${titulo}. Ajuste a quantidade no carrinho.`
/** A product no longer sold while placing. */
export const indisponivelMsg = (titulo: string): string => `O produto ${titulo} não está mais disponível. Remova-o do carrinho.`
