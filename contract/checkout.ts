import { z } from 'zod'
import { erroSchema, reaisSchema } from './common'
import {
  LIMITS,
  celularField,
  cepField,
  cpfField,
  emailWith,
  isFullName,
  numeroField,
  optionalText,
  requiredText,
} from './validators'

/**
 * Checkout calls of spec §7.
 *
 * Checkout error codes (§6, §8) travel in `msg` of the usual failure, `{"estado":"erro","msg":"auth"}`:
 * the calls §7 lists read only `estado` and `msg`, so the code sits where the client already looks
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

export const CHECKOUT_MESSAGES = {
  /** §5 field checks (on blur). */
  obrigatorio: 'Campo obrigatório.',
  invalido: 'Campo inválido.',
  /** §5 toasts on Continuar; also the server's answer for the same fault. */
  nome: 'Digite o seu nome completo',
  email: 'E-mail inválido. Verifique se digitou corretamente',
  cpf: 'Campo de CPF inválido!',
  celular: 'Número de celular inválido!',
  /** §5 checkout delivery. */
  cep: 'Verifique o CEP digitado!',
  /** A warning only: the save proceeds (§5). */
  rua: 'Informe o nome da rua!',
  numeroVazio: 'Campo obrigatório.',
  numeroFormato: 'Campo invalido!',
  destinatario: 'Informe o nome do destinatário!',
  /** §5 method step. */
  metodoEnvio: 'Selecione um método de envio!',
  /** §8 panel shipping. */
  digiteCep: 'Por favor, digite um CEP.',
  freteFalhou: 'Não foi possível calcular o frete: ',
} as const

// ───────────────────────────── dados-compra, calcular-frete-qqer ─────────────────────────────

/** A pickup station (ponto de retirada, ARCHITECTURE); shipping option index 2 picks one. */
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
 * GET /_next/api/calcular-frete-qqer/ — options for the delivery address (index 2 is pickup at a
 * station, listed in `estacao`); `frete` is the cost the summary shows before a method is chosen
 * (the cheapest option).
 */
export const calcularFreteSuccessSchema = z.object({
  opcs: z.array(z.object({ nome: z.string(), valor: reaisSchema })),
  frete: reaisSchema,
  estacao: z.array(estacaoSchema),
})

export const calcularFreteResponseSchema = z.union([calcularFreteSuccessSchema, erroOrCodeSchema])

// ───────────────────────────── identification (step 1) ─────────────────────────────

/** POST /_next/api/checkout/step/1/ — CPF and celular travel as digits once valid. */
export const checkoutStep1RequestSchema = z.strictObject({
  nome: requiredText(CHECKOUT_MESSAGES.nome, LIMITS.name).refine(isFullName, { error: CHECKOUT_MESSAGES.nome }),
  email: emailWith({ empty: CHECKOUT_MESSAGES.email, invalid: CHECKOUT_MESSAGES.email }),
  cpf: cpfField(CHECKOUT_MESSAGES.cpf),
  celular: celularField({ empty: CHECKOUT_MESSAGES.celular, invalid: CHECKOUT_MESSAGES.celular }),
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

/** ViaCEP-style names (§3 "CEP check returns logradouro, bairro, localidade"); localidade is the city. */
export const checkCepResponseSchema = z.union([
  z.object({ logradouro: z.string(), bairro: z.string(), localidade: z.string() }),
  erroSchema,
])

/**
 * POST /_next/api/checkout/step/2/ — the street may be blank (the client only warns, §5; the
 * server then takes the CEP's street). The form also has Complemento, which §7's payload leaves
 * out; it is accepted as an optional field so it is not lost.
 */
export const checkoutStep2RequestSchema = z.strictObject({
  cep: cepField(CHECKOUT_MESSAGES.cep),
  logradouro: optionalText(LIMITS.text),
  numero: numeroField({ empty: CHECKOUT_MESSAGES.numeroVazio, invalid: CHECKOUT_MESSAGES.numeroFormato }),
  bairro: optionalText(LIMITS.name),
  destinatario: requiredText(CHECKOUT_MESSAGES.destinatario, LIMITS.name),
  complemento: optionalText(LIMITS.text),
})

/** The client ignores this answer (§7); it still says what happened. */
export const checkoutStep2ResponseSchema = z.union([z.object({ estado: z.literal('sucesso') }), erroOrCodeSchema])

export type Estacao = z.infer<typeof estacaoSchema>
export type CheckoutErro = z.infer<typeof checkoutErroSchema>
export type DadosCompraResponse = z.infer<typeof dadosCompraResponseSchema>
export type CalcularFreteResponse = z.infer<typeof calcularFreteResponseSchema>
export type CheckoutStep1Request = z.input<typeof checkoutStep1RequestSchema>
export type CheckoutIdentification = z.output<typeof checkoutStep1RequestSchema>
export type CheckoutStep1Response = z.infer<typeof checkoutStep1ResponseSchema>
export type Checkout1Response = z.infer<typeof checkout1ResponseSchema>
export type CheckCepRequest = z.input<typeof checkCepRequestSchema>
export type CheckCepResponse = z.infer<typeof checkCepResponseSchema>
export type CheckoutStep2Request = z.input<typeof checkoutStep2RequestSchema>
export type CheckoutDeliveryAddress = z.output<typeof checkoutStep2RequestSchema>
export type CheckoutStep2Response = z.infer<typeof checkoutStep2ResponseSchema>
