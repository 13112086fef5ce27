import { formatCents } from '../money'
import { reasons } from './reason'

/**
 * Money given back and payments' notifications: refunds (the back office, the shopper's cancellation,
 * the store's jobs), the provider's webhook and the sandbox's 'Simular pagamento'.
 */
export const PAYMENT = reasons('payment', {
  motivoVazio: ['invalid', 'Informe o motivo do reembolso.'],
  pedido: ['not_found', (code: string) => `Pedido ${code} não encontrado.`],
  semPagamento: ['conflict', (code: string) => `O pedido ${code} não tem pagamento a reembolsar.`],
  jaReembolsado: ['conflict', (code: string) => `O pedido ${code} já foi reembolsado por inteiro.`],
  valorZero: ['invalid', 'Informe um valor de reembolso maior que zero.'],
  /** More than is left to give back (in centavos). */
  valorAcima: ['invalid', (leftCents: number) => `O valor passa do que resta a reembolsar neste pedido (${formatCents(leftCents)}).`],
  /** The provider said no; its own sentence follows. */
  reembolsoRecusado: ['payment', (message: string) => `O meio de pagamento recusou o reembolso: ${message}`],
  /** The sandbox refused to simulate; its sentence as it is. */
  simulacaoRecusada: ['conflict', (message: string) => message],
  webhookAssinatura: ['auth', 'Assinatura do webhook inválida.'],
  webhookExpirado: ['bad_request', 'Evento de webhook fora do prazo.'],
  webhookMalformado: ['bad_request', 'Evento de webhook malformado.'],
  pagamentoDesconhecido: ['not_found', 'Pagamento não encontrado.'],
  valorDiferente: ['conflict', 'Valor pago diferente do valor do pedido.'],
  /** The provider could not be reached; its sentence as it is. */
  indisponivel: ['unavailable', (message: string) => message],
  /** Authorizing a purchase's payment, by the provider's answer; its sentence as it is. */
  recusado: ['payment', (message: string) => message],
  saldoInsuficiente: ['payment', (message: string) => message],
  cartaoVencido: ['payment', (message: string) => message],
  cartaoInvalido: ['invalid', (message: string) => message],
  cartaoNaoTeste: ['invalid', (message: string) => message],
  parcelasInvalidas: ['invalid', (message: string) => message],
  valorInvalido: ['invalid', (message: string) => message],
  pagadorInvalido: ['invalid', (message: string) => message],
  naoEncontrado: ['not_found', (message: string) => message],
  estadoInvalido: ['conflict', (message: string) => message],
})
