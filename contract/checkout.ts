import { z } from 'zod'
import { erroSchema, reaisSchema } from './common'
import { cupomSchema, descontoSchema } from './promotions'
import { ADDRESS_MESSAGES, addressLineField, deliveryAddressSchema, personNameField } from './address'
import { companySchema } from './company'
import { LIMITS, celularField, cepField, cpfField, emailWith, isFullName, numeroField, requiredText } from './validators'
import { CHECKOUT_MESSAGES, indisponivelMsg, semEstoqueMsg } from './messages/checkout'

/**
 * Checkout calls of docs/requirements.md.
 *
 * Checkout error codes travel in `msg` of the usual failure, `{"estado":"erro","msg":"auth"}`:
 * the spec's calls read only `estado` and `msg`, so the code sits where the client already looks
 * and the client maps it to its prompt — 'auth' → log in (HTTP 401), 'sedrc' → add an address,
 * 'EsEdrc' → select a delivery address (HTTP 409). Any other `msg` is a pt-BR sentence to show.
 */
export const CHECKOUT_ERROR_CODES = ['auth', 'sedrc', 'EsEdrc'] as const
export type CheckoutErrorCode = (typeof CHECKOUT_ERROR_CODES)[number]

/** The failure of a call that needs a logged-in shopper (and, for some, a delivery address). */
export const checkoutErroSchema = z.object({
  estado: z.literal('erro'),
  msg: z.enum(CHECKOUT_ERROR_CODES),
})

/** `{estado:'erro', msg}` where msg is a checkout code or a sentence. */
const erroOrCodeSchema = z.union([checkoutErroSchema, erroSchema])

export { CHECKOUT_MESSAGES, indisponivelMsg, semEstoqueMsg }

// ───────────────────────────── dados-compra, calcular-frete-qqer ─────────────────────────────

/** A pickup station (ponto de retirada, docs/decisions/0025-shipping-options.md); shipping option index 2 picks one. */
export const estacaoSchema = z.object({ nome: z.string() })

/** GET /_next/api/dados-compra/ — `estacao` is the chosen pickup station, null when none. */
export const dadosCompraSuccessSchema = z.object({
  user: z.object({ nome: z.string(), sobrenome: z.string(), telefone: z.string() }),
  endereco: z.object({
    cep: z.string(),
    rua: z.string(),
    numero: z.string(),
    bairro: z.string(),
    comp: z.string(),
    cidade: z.string(),
  }),
  estacao: estacaoSchema.nullable(),
})

export const dadosCompraResponseSchema = z.union([dadosCompraSuccessSchema, erroOrCodeSchema])

/**
 * GET /_next/api/calcular-frete-qqer/ — options for the delivery address (on the store's table index
 * 0 'Padrão', 1 'Expressa'; with a carrier platform its services at 0, 1 and from 3 on; always 2
 * 'Retirar em uma estação', whose stations are listed in `estacao`), each with its
 * delivery time in business days (`prazo`) and the date that makes (`previsao`, YYYY-MM-DD);
 * `frete` is the cost the summary shows: the chosen option's, or before one is chosen the cheapest
 * home delivery. `escolha` is what the checkout has chosen so far (decision 0025).
 */
export const calcularFreteSuccessSchema = z.object({
  opcs: z.array(
    z.object({
      nome: z.string(),
      valor: reaisSchema,
      prazo: z.number().int(),
      previsao: z.string(),
      /** The carrier (Correios, Jadlog…); null on the store's table and for the pickup (decision 0128). */
      transportadora: z.string().nullable().optional(),
      /** false: this service does not carry the parcel to this CEP (`motivo` says why); it cannot be chosen. */
      disponivel: z.boolean().optional(),
      motivo: z.string().optional(),
      /** Free by this rule of the store's (decision 0133): `valor` is 0. */
      gratis: z.string().optional(),
    }),
  ),
  frete: reaisSchema,
  /** The carrier did not answer: the options are the store's table's, an estimate. */
  estimativa: z.boolean().optional(),
  estacao: z.array(estacaoSchema.extend({ id: z.string(), endereco: z.string() })),
  escolha: z.object({ opcao: z.number().int().nullable(), estacao: z.string().nullable() }),
})

export const calcularFreteResponseSchema = z.union([calcularFreteSuccessSchema, erroOrCodeSchema])

// ───────────────────────────── identification (step 1) ─────────────────────────────

/** POST /_next/api/checkout/step/1/ — CPF and celular travel as digits once valid. */
export const checkoutStep1RequestSchema = z.strictObject({
  nome: requiredText(CHECKOUT_MESSAGES.nome, LIMITS.name).refine(isFullName, { error: CHECKOUT_MESSAGES.nome }),
  email: emailWith({ empty: CHECKOUT_MESSAGES.email, invalid: CHECKOUT_MESSAGES.email }),
  cpf: cpfField(CHECKOUT_MESSAGES.cpf),
  celular: celularField({ empty: CHECKOUT_MESSAGES.celular, invalid: CHECKOUT_MESSAGES.celular }),
  /** "Comprar como empresa" (outside the spec, decision 0129): absent or null buys as a person. */
  empresa: companySchema.nullish(),
})

/** On 'sucesso' the client goes to /checkout/address. */
export const checkoutStep1ResponseSchema = z.union([z.object({ estado: z.literal('sucesso') }), erroOrCodeSchema])

/**
 * GET /_next/api/checkout/1/ — has identification been done? The failure value is 'error', not
 * the 'erro' of every other call: the spec writes "estado (error)" for this one and the client
 * tests that value, so it is kept verbatim. On 'error' the client goes back to /checkout/.
 */
export const checkout1ResponseSchema = z.discriminatedUnion('estado', [
  z.object({ estado: z.literal('sucesso') }),
  z.object({ estado: z.literal('error'), msg: z.string() }),
])

// ───────────────────────────── delivery (step 2) ─────────────────────────────

/** POST /_next/api/check-cep/ — the checkout mask is 999.99-999; 99999-999 and 8 digits are accepted too. */
export const checkCepRequestSchema = z.strictObject({ cep: cepField(CHECKOUT_MESSAGES.cep) })

/** ViaCEP-style names (the spec: "CEP check returns logradouro, bairro, localidade"); localidade is the city. */
export const checkCepResponseSchema = z.union([z.object({ logradouro: z.string(), bairro: z.string(), localidade: z.string() }), erroSchema])

/**
 * POST /_next/api/checkout/step/2/ — the street may be blank (the client only warns; the
 * server then takes the CEP's street). The form also has Complemento, which the spec's payload leaves
 * out; it is accepted as an optional field so it is not lost.
 */
export const checkoutStep2RequestSchema = z.strictObject({
  cep: cepField(CHECKOUT_MESSAGES.cep),
  // The address book's own rules (contract/address.ts): one validation wherever an address is saved.
  logradouro: addressLineField(LIMITS.text, ADDRESS_MESSAGES.ruaFormato, ADDRESS_MESSAGES.ruaLongo),
  numero: numeroField({ empty: CHECKOUT_MESSAGES.numeroVazio, invalid: CHECKOUT_MESSAGES.numeroFormato }),
  bairro: addressLineField(LIMITS.name, ADDRESS_MESSAGES.bairroFormato, ADDRESS_MESSAGES.bairroLongo),
  destinatario: personNameField(CHECKOUT_MESSAGES.destinatario, CHECKOUT_MESSAGES.destinatarioFormato, `O nome pode ter no máximo ${LIMITS.name} caracteres.`),
  complemento: addressLineField(LIMITS.text, ADDRESS_MESSAGES.complementoFormato, ADDRESS_MESSAGES.complementoLongo),
})

/** The client ignores this answer; it still says what happened. */
export const checkoutStep2ResponseSchema = z.union([z.object({ estado: z.literal('sucesso') }), erroOrCodeSchema])

// ───────────────────────────── our calls: choices, summary, placing, the order ─────────────────────────────

/** POST /_next/api/checkout/endereco/ — delivers to one of the customer's saved addresses (lista-enderecos `id`). */
export const checkoutEnderecoRequestSchema = z.strictObject({ id: z.string().trim().min(1, CHECKOUT_MESSAGES.endereco).max(12, CHECKOUT_MESSAGES.endereco) })

/**
 * POST /_next/api/checkout/envio/ — the shipping option by its index in calcular-frete-qqer's
 * `opcs`; index 2 (pickup) needs `estacao`, the station's id.
 */
export const checkoutEnvioRequestSchema = z.strictObject({
  opcao: z.number({ error: CHECKOUT_MESSAGES.metodoEnvio }).int(CHECKOUT_MESSAGES.opcaoEnvio),
  estacao: z.string().trim().max(40, CHECKOUT_MESSAGES.estacaoInvalida).optional(),
})

export const PAYMENT_METHOD_NAMES = { pix: 'Pix', cartao: 'Cartão', boleto: 'Boleto' } as const

/** POST /_next/api/checkout/pagamento/ — Pix, Cartão or Boleto; `parcelas` for the card (1 by default). */
export const checkoutPagamentoRequestSchema = z.strictObject({
  metodo: z.enum(['pix', 'cartao', 'boleto'], { error: CHECKOUT_MESSAGES.metodoPagamento }),
  parcelas: z
    .number({ error: CHECKOUT_MESSAGES.parcelas })
    .int(CHECKOUT_MESSAGES.parcelas)
    .min(1, CHECKOUT_MESSAGES.parcelas)
    .max(24, CHECKOUT_MESSAGES.parcelas)
    .optional(),
})

/** The answer of every choice call: done, or the reason (a checkout code or a sentence). */
export const checkoutChoiceResponseSchema = z.union([z.object({ estado: z.literal('sucesso') }), erroOrCodeSchema])

const resumoItemSchema = z.object({
  titulo: z.string(),
  variacao: z.string(),
  imagem: z.string(),
  quantidade: z.number().int(),
  valor: reaisSchema,
  valor_total: reaisSchema,
  /** True when the wholesale price applies to this quantity. */
  atacado: z.boolean(),
  /** Ours: what automatic promotions and the coupon take off this line (Pix apart); always sent. */
  desconto: reaisSchema.optional(),
})

/**
 * GET /_next/api/checkout/resumo/ — everything 'Finalizar compra' shows before the purchase,
 * priced now from the database: items, shipping and its delivery time, the Pix discount, the
 * total, the address or station, the payment method and the card's instalments, and the store's
 * identity and right of regret (Decreto 7.962/2013). `total` is what finalizar charges.
 */
export const resumoCompraSuccessSchema = z.object({
  estado: z.literal('sucesso'),
  /**
   * With a provider that tokenizes cards in the browser (Mercado Pago): where the browser sends the
   * card and the public key to send with it; finalizar then gets the token, never the number or CVV.
   */
  cartaoToken: z.object({ url: z.string(), chavePublica: z.string() }).optional(),
  itens: z.array(resumoItemSchema),
  subtotal: reaisSchema,
  /** Every discount: total = subtotal − desconto + frete. */
  desconto: reaisSchema,
  /** Each discount (automatic promotions, the coupon, its free shipping, Pix), docs/decisions/0127-promotions.md. */
  descontos: z.array(descontoSchema).optional(),
  /** The cart's coupon: applied, or kept with why it does not apply (finalizar refuses until it is removed). */
  cupom: cupomSchema.nullable().optional(),
  frete: reaisSchema.nullable(),
  envio: z.object({ opcao: z.number().int(), nome: z.string(), prazo: z.number().int(), previsao: z.string() }).nullable(),
  estacao: estacaoSchema.extend({ id: z.string(), endereco: z.string() }).nullable(),
  endereco: deliveryAddressSchema.omit({ estado: true }).extend({ uf: z.string() }).nullable(),
  comprador: z.object({ nome: z.string(), email: z.string(), cpf: z.string(), celular: z.string() }).nullable(),
  pagamento: z.object({ metodo: z.enum(['pix', 'cartao', 'boleto']), nome: z.string(), parcelas: z.number().int() }).nullable(),
  parcelas: z.array(z.object({ qtd: z.number().int(), valor: reaisSchema })),
  total: reaisSchema,
  /** What is still missing before finalizar: 'identificacao', 'endereco', 'envio', 'pagamento'. */
  pendente: z.array(z.enum(['identificacao', 'endereco', 'envio', 'pagamento'])),
  loja: z.object({ razaoSocial: z.string(), cnpj: z.string(), endereco: z.string(), email: z.string() }),
  arrependimento: z.string(),
})
export const resumoCompraResponseSchema = z.union([resumoCompraSuccessSchema, erroOrCodeSchema])

/** Card fields as typed: used for one authorization and never stored, logged or sent back. */
export const cartaoSchema = z.strictObject({
  numero: z.string().max(30, CHECKOUT_MESSAGES.cartao),
  nome: z.string().max(60, CHECKOUT_MESSAGES.cartao),
  validade: z.string().max(7, CHECKOUT_MESSAGES.cartao),
  cvv: z.string().max(4, CHECKOUT_MESSAGES.cartao),
})

/**
 * A card the browser turned into a token straight at the payment provider (Mercado Pago's card-token
 * call with the public key): the number and CVV never reach the store. `bandeira` and `ultimos4` are
 * read in the browser from the number before it is sent away; `emissor` is the provider's issuer id.
 */
export const cartaoTokenSchema = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, CHECKOUT_MESSAGES.cartao),
  bandeira: z.enum(['visa', 'mastercard', 'amex', 'elo', 'hipercard'], { error: CHECKOUT_MESSAGES.cartao }),
  ultimos4: z.string().regex(/^\d{4}$/, CHECKOUT_MESSAGES.cartao),
  emissor: z
    .string()
    .regex(/^\d{1,10}$/, CHECKOUT_MESSAGES.cartao)
    .optional(),
})

/**
 * POST /_next/api/checkout/finalizar/ — places the order from the checkout and the cart as they
 * are now. `total` is the total the shopper saw (resumo): when prices changed since, nothing is
 * placed and the answer says so (409). The card goes with the call, only when paying by card.
 * A retry of the same checkout answers the same order.
 */
export const finalizarRequestSchema = z.strictObject({
  total: reaisSchema.optional(),
  /** Typed card fields (the sandbox), or a provider's card token (Mercado Pago). */
  cartao: z.union([cartaoSchema, cartaoTokenSchema]).optional(),
})
export const finalizarResponseSchema = z.union([
  z.object({ estado: z.literal('sucesso'), pedido: z.string() }),
  checkoutErroSchema,
  erroSchema.extend({
    /** A card refused for its fields: the message per field. */
    campos: z.record(z.string(), z.string()).optional(),
    /** After a price change: the total now. */
    total: reaisSchema.optional(),
  }),
])

export const ORDER_STATUS_NAMES = {
  aguardando_pagamento: 'Aguardando pagamento',
  pago: 'Pago',
  em_separacao: 'Em separação',
  enviado: 'Enviado',
  entregue: 'Entregue',
  cancelado: 'Cancelado',
  expirado: 'Cancelado',
} as const

/** An order code as the wire carries it (VT-2026-000124). */
export const orderCodeSchema = z.string().regex(/^VT-\d{4}-\d{6}$/, CHECKOUT_MESSAGES.pedido)

/** GET /_next/api/pedidos/{codigo}/ — one of the customer's orders: status, payment instructions, items. */
export const pedidoSuccessSchema = z.object({
  estado: z.literal('sucesso'),
  pedido: z.object({
    codigo: z.string(),
    status: z.enum(['aguardando_pagamento', 'pago', 'em_separacao', 'enviado', 'entregue', 'cancelado', 'expirado']),
    situacao: z.string(),
    criadoEm: z.string(),
    itens: z.array(resumoItemSchema.omit({ atacado: true })),
    /** Each discount the order kept, and the coupon it used (always sent). */
    descontos: z.array(descontoSchema).optional(),
    cupom: z.string().nullable().optional(),
    subtotal: reaisSchema,
    desconto: reaisSchema,
    frete: reaisSchema,
    total: reaisSchema,
    envio: z.object({ nome: z.string(), prazo: z.number().int().nullable(), rastreio: z.string().nullable() }),
    estacao: estacaoSchema.extend({ id: z.string(), endereco: z.string() }).nullable(),
    endereco: deliveryAddressSchema,
    pagamento: z.object({
      metodo: z.enum(['pix', 'cartao', 'boleto']),
      status: z.string(),
      pix: z.object({ copiaECola: z.string(), qrSvg: z.string(), expiraEm: z.string() }).optional(),
      /** `url`: the provider's own printable boleto (Mercado Pago); absent, the store's page prints it. */
      boleto: z
        .object({ linhaDigitavel: z.string(), codigoBarras: z.string(), vencimento: z.string(), barrasSvg: z.string(), url: z.string().optional() })
        .optional(),
      cartao: z.object({ descricao: z.string(), parcelas: z.number().int(), valores: z.array(reaisSchema) }).optional(),
    }),
    /** The sandbox provider is active: the page offers 'Simular pagamento'. */
    simulavel: z.boolean(),
  }),
})
export const pedidoResponseSchema = z.union([pedidoSuccessSchema, erroOrCodeSchema])
export const pedidoParamsSchema = z.object({ codigo: orderCodeSchema })

/** POST /_next/api/pagamentos/simular/ — sandbox only: pays a pending Pix or boleto through the webhook path. */
export const simularPagamentoRequestSchema = z.strictObject({ pedido: orderCodeSchema })
export const simularPagamentoResponseSchema = z.union([z.object({ estado: z.literal('sucesso'), status: z.string() }), erroOrCodeSchema])

export const PAYMENT_METHODS = ['pix', 'boleto', 'cartao'] as const

/**
 * pending: Pix or boleto waiting for the payer · authorized: card amount held, not captured ·
 * paid: captured, or Pix/boleto paid · voided: cancelled before money moved (a hold released, an
 * unpaid Pix/boleto expired) · refunded: all the money captured given back.
 */
export const PAYMENT_STATUSES = ['pending', 'authorized', 'paid', 'voided', 'refunded'] as const

/**
 * What a verified webhook says: the payment reached `status`. `id` is unique per event of a
 * payment; the receiver applies an event once per (orderCode, id) — webhookEventKey.
 */
export const webhookEventSchema = z.strictObject({
  id: z.string().min(1).max(100),
  orderCode: z.string().min(1).max(40),
  paymentId: z.string().min(1).max(100),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  amountCents: z.number().int().min(0),
  createdAt: z.iso.datetime(),
})
export type WebhookEvent = z.infer<typeof webhookEventSchema>

/** POST /_next/api/pagamentos/webhook/ — a provider's signed event (raw body; decision 0017). */
export const webhookResponseSchema = z.union([z.object({ estado: z.literal('sucesso'), aplicado: z.boolean() }), erroSchema])

export type CheckoutStep1Request = z.input<typeof checkoutStep1RequestSchema>
export type CheckoutIdentification = z.output<typeof checkoutStep1RequestSchema>
export type CheckCepRequest = z.input<typeof checkCepRequestSchema>
export type CheckoutStep2Request = z.input<typeof checkoutStep2RequestSchema>
export type CheckoutDeliveryAddress = z.output<typeof checkoutStep2RequestSchema>
export type CheckoutEnvioRequest = z.input<typeof checkoutEnvioRequestSchema>
export type CheckoutPagamentoRequest = z.input<typeof checkoutPagamentoRequestSchema>
export type ResumoCompra = z.infer<typeof resumoCompraSuccessSchema>
export type FinalizarRequest = z.input<typeof finalizarRequestSchema>
export type Pedido = z.infer<typeof pedidoSuccessSchema>['pedido']
