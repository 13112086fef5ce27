import { CHECKOUT_MESSAGES, indisponivelMsg, semEstoqueMsg } from './checkout'
import { reasons } from './reason'

// The refusals of checkout.ts's sentences (docs/decisions/0119-reasons-with-codes.md). Beside it, not in it:
// the pages import those sentences, and the bundler keeps a module's imports even when nothing of
// them is used, so a page that only shows a message would load reason.ts too.

/** Checkout's refusals. */
export const CHECKOUT = reasons('checkout', {
  cepInexistente: ['not_found', CHECKOUT_MESSAGES.cepInexistente],
  endereco: ['not_found', CHECKOUT_MESSAGES.endereco],
  /** No address in the book ('sedrc'), or none chosen among several ('EsEdrc'): the wire's `msg` is the code. */
  semEndereco: ['conflict', (code: 'sedrc' | 'EsEdrc') => code],
  opcaoEnvio: ['invalid', CHECKOUT_MESSAGES.opcaoEnvio],
  estacao: ['invalid', CHECKOUT_MESSAGES.estacao],
  estacaoInvalida: ['not_found', CHECKOUT_MESSAGES.estacaoInvalida],
  parcelas: ['invalid', CHECKOUT_MESSAGES.parcelas],
  carrinhoVazio: ['conflict', CHECKOUT_MESSAGES.carrinhoVazio],
  semEstoque: ['conflict', semEstoqueMsg],
  indisponivel: ['conflict', indisponivelMsg],
  pedido: ['not_found', CHECKOUT_MESSAGES.pedido],
  simulacao: ['conflict', CHECKOUT_MESSAGES.simulacao],
  identificacao: ['conflict', CHECKOUT_MESSAGES.identificacao],
  metodoEnvio: ['conflict', CHECKOUT_MESSAGES.metodoEnvio],
  estacaoFaltando: ['conflict', CHECKOUT_MESSAGES.estacao],
  metodoPagamento: ['conflict', CHECKOUT_MESSAGES.metodoPagamento],
  cartao: ['invalid', CHECKOUT_MESSAGES.cartao],
  /** The total the shopper confirmed is not the one the store computes now (or the placement key was spent). */
  precoMudou: ['conflict', CHECKOUT_MESSAGES.precoMudou],
  /** The chosen service does not carry this parcel to this CEP (the carrier said why in calcular-frete-qqer). */
  envioIndisponivel: ['conflict', (nome: string) => `${nome} não entrega neste CEP. Escolha outro método de envio.`],
  /** The chosen option's quote expired and the carrier's price is another now: the shopper confirms the new one. */
  freteMudou: ['conflict', (nome: string, valor: string) => `O frete ${nome} mudou para ${valor}. Confira o resumo e finalize de novo.`],
})
