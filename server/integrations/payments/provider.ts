// The one payment-provider interface (decision 0017). The sandbox (sandbox.ts) is the default; a real
// gateway is another object of this shape. Money in integer centavos; dates as ISO strings.
import { PAYMENT_METHODS, PAYMENT_STATUSES, webhookEventSchema, type WebhookEvent } from '../../../contract/checkout'
export { PAYMENT_METHODS, PAYMENT_STATUSES, webhookEventSchema, type WebhookEvent }
import { PAYMENT } from '../../../contract/messages/payment'
import type { CardBrand, CardField, CardInput, CardSummary } from './card'

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/** Who pays, as a provider that registers the charge needs it (Mercado Pago); the sandbox reads only what it uses. */
export type Payer = {
  nome: string
  documento: string
  email?: string
  /** The boleto's payer address (a registered boleto carries it): the order's delivery address. */
  endereco?: { cep: string; rua: string; numero: string; bairro: string; cidade: string; estado: string }
}

type ChargeRequest = { orderCode: string; amountCents: number; payer?: Payer }

/**
 * A card as the browser turned it into a token straight at the provider (Mercado Pago's card-token
 * call with the public key): the number and CVV never reach the store's server.
 */
export type CardToken = { token: string; brand: CardBrand; last4: string; issuerId?: string }

export const isCardToken = (card: CardInput | CardToken): card is CardToken => 'token' in card

export type AuthorizeRequest =
  | (ChargeRequest & { method: 'pix' })
  | (ChargeRequest & { method: 'boleto'; payer: Payer })
  /** `capture: true` charges at once; false only holds the amount until capture() or void(). */
  | (ChargeRequest & { method: 'cartao'; card: CardInput | CardToken; parcelas: number; capture: boolean })

export type PixDetails = { copiaECola: string; expiresAt: string }
export type BoletoDetails = { barcode: string; linhaDigitavel: string; nossoNumero: string; dueDate: string }
export type CardDetails = CardSummary & { parcelas: number; valoresCents: number[] }

/** A payment as the provider reports it: safe to store and show (no card number, no CVV). */
export type Payment = {
  id: string
  provider: string
  orderCode: string
  amountCents: number
  status: PaymentStatus
  capturedCents: number
  refundedCents: number
  createdAt: string
  /** Refunds the provider made, by the idempotency key they were asked with (a retry finds its refund here). */
  refunds?: Record<string, { id: string; amountCents: number }>
  /** Boleto / Pix of a real provider: its own printable page, and the Pix QR as a PNG data URL. */
  links?: { boleto?: string; qrPng?: string }
} & ({ method: 'pix'; pix: PixDetails } | { method: 'boleto'; boleto: BoletoDetails } | { method: 'cartao'; card: CardDetails })

/** Messages for people (pt-BR) of every way a payment call can fail. */
export const PAYMENT_MESSAGES = {
  recusado: 'Pagamento recusado pelo emissor do cartão. Tente outro cartão.',
  saldo_insuficiente: 'Pagamento recusado: saldo ou limite insuficiente. Tente outro cartão.',
  cartao_vencido: 'Pagamento recusado: cartão vencido. Tente outro cartão.',
  cartao_invalido: 'Confira os dados do cartão.',
  cartao_nao_teste: 'No ambiente de testes, use um dos cartões de teste.',
  parcelas_invalidas: 'Número de parcelas indisponível para este valor.',
  valor_invalido: 'Valor do pagamento inválido.',
  pagador_invalido: 'Informe o nome e um CPF ou CNPJ válido do pagador para emitir o boleto.',
  nao_encontrado: 'Pagamento não encontrado.',
  estado_invalido: 'Esta operação não é possível no estado atual do pagamento.',
  indisponivel: 'Não foi possível falar com o meio de pagamento. Tente de novo em instantes.',
} as const
export type PaymentErrorCode = keyof typeof PAYMENT_MESSAGES

/** A refusal: the code for the program, the message for the shopper, and the card fields at fault. */
export type PaymentFailure = { ok: false; code: PaymentErrorCode; message: string; fields?: Partial<Record<CardField, string>> }
export type PaymentOutcome = { ok: true; payment: Payment } | PaymentFailure

export function paymentFailure(code: PaymentErrorCode, fields?: PaymentFailure['fields']): PaymentFailure {
  return fields ? { ok: false, code, message: PAYMENT_MESSAGES[code], fields } : { ok: false, code, message: PAYMENT_MESSAGES[code] }
}

export const webhookEventKey = (event: Pick<WebhookEvent, 'orderCode' | 'id'>): string => `${event.orderCode}:${event.id}`

/** Why a notification is not taken: a bad signature, too old, or unreadable. */
export const WEBHOOK_REFUSALS = {
  assinatura: PAYMENT.webhookAssinatura,
  expirado: PAYMENT.webhookExpirado,
  formato: PAYMENT.webhookMalformado,
} as const
export type WebhookRefusal = keyof typeof WEBHOOK_REFUSALS

/**
 * A verified notification: the provider's payment id to fetch, and a key unique to the notification.
 * A provider that signs the whole event (the sandbox) gives the `event` too; one that only notifies
 * (Mercado Pago) does not, and the receiver acts on the payment it fetches, never on the body.
 */
export type WebhookVerification = { ok: true; key: string; paymentId: string; event?: WebhookEvent } | { ok: false; reason: WebhookRefusal; message: string }

export const webhookRefused = (reason: WebhookRefusal): WebhookVerification => ({ ok: false, reason, message: WEBHOOK_REFUSALS[reason].message })

/** A refund asked with an idempotency key: the same key again answers the same refund, never a second one. */
export type RefundRequest = { amountCents?: number; idempotencyKey: string }
export type RefundOutcome = { ok: true; payment: Payment; refund: { id: string; amountCents: number } } | PaymentFailure

/** A webhook request as the HTTP layer hands it over: the body exactly as received, and the headers. */
export type WebhookRequest = {
  rawBody: string
  headers: { get(name: string): string | null }
  /** The full request URL (Mercado Pago signs its `data.id` query parameter). */ url?: string
}

export interface PaymentProvider {
  /** Stored with each payment ('sandbox', 'mercadopago'…). */
  readonly name: string
  /** Creates a charge: a Pix code, a boleto, or a card authorization (captured at once when asked). */
  authorize(request: AuthorizeRequest): Promise<PaymentOutcome>
  /** Captures a held card amount, all of it unless `amountCents` is less. */
  capture(paymentId: string, amountCents?: number): Promise<PaymentOutcome>
  /** Cancels before money moves: releases a card hold, or withdraws an unpaid Pix/boleto. */
  void(paymentId: string): Promise<PaymentOutcome>
  /** Gives money back, all that is left unless `amountCents` is less; once per idempotency key. */
  refund(paymentId: string, request: RefundRequest): Promise<RefundOutcome>
  /** The payment as the provider knows it now. */
  status(paymentId: string): Promise<PaymentOutcome>
  /** Checks a webhook's signature and freshness; nothing else of it is trusted. */
  verifyWebhook(request: WebhookRequest): Promise<WebhookVerification>
  /**
   * Payments still open (pending or authorized) created between `from` and `to`: reconciliation
   * finds those no order took (a crash between authorizing and committing) and voids them.
   */
  openPayments(from: Date, to: Date): Promise<Payment[]>
  /** A provider whose cards are tokenized in the browser: its card-token address and public key. */
  readonly cardTokenizer?: { url: string; publicKey: string }
}
