import { z } from 'zod'
import { erroSchema, reaisSchema } from './common'
import { COUPON_CODE_MAX } from './messages/coupons'

/**
 * Discounts on the wire (docs/decisions/0127-promotions.md): the lines a cart or a purchase shows
 * and the state of the cart's coupon. Ours, not the spec's: its calls keep their fields and gain these.
 */
export const descontoSchema = z.object({
  /** promocao (automatic), cupom (items), frete (the coupon's free shipping), pix. */
  tipo: z.enum(['promocao', 'cupom', 'frete', 'pix']),
  nome: z.string(),
  valor: reaisSchema,
})

/**
 * An automatic promotion running on a product, as its page carries it: the buy box applies the best
 * one for the quantity chosen with the rule every price uses (bestPromotionFor, contract/pricing.ts).
 */
export const promocaoOfertaSchema = z.object({
  nome: z.string(),
  tipo: z.enum(['percentual', 'fixo']),
  /** percentual: 1–100 off each unit; fixo: reais off each unit. */
  valor: z.number(),
  /** From how many units of the product it applies (progressive promotions: 2 or more). */
  minimo: z.number().int().min(1),
})

/** A card's running promotion: its name and what one unit costs with it (`valorPix`, `parcelas` follow it). */
export const promocaoCardSchema = z.object({ nome: z.string(), valor: reaisSchema })

export type PromocaoOferta = z.infer<typeof promocaoOfertaSchema>

/** The cart's coupon: applied with what it takes off, or kept but not applied and why (never dropped silently). */
export const cupomSchema = z.object({
  codigo: z.string(),
  aplicado: z.boolean(),
  valor: reaisSchema,
  /** Why it does not apply now (pt-BR), when it does not, and that reason's code ('coupon.belowMinimum'). */
  msg: z.string().optional(),
  motivo: z.string().optional(),
})

/** Letters, digits and hyphens: what a code may hold (trimmed, any case). */
const CODE = /^[A-Za-z0-9-]+$/

/** POST /_next/api/carrinho/cupom/ — `codigo` trimmed and compared case-insensitively. */
export const carrinhoCupomRequestSchema = z.strictObject({
  codigo: z
    .string({ error: 'Digite o código do cupom.' })
    .trim()
    .min(1, 'Digite o código do cupom.')
    .max(COUPON_CODE_MAX, `O código pode ter no máximo ${COUPON_CODE_MAX} caracteres.`)
    .regex(CODE, 'Digite um código de cupom válido: letras, números e hífen.'),
})

/** 'sucesso' with the cart's coupon as it stands; 'erro' with why the code was not kept. */
export const carrinhoCupomResponseSchema = z.discriminatedUnion('estado', [
  z.object({ estado: z.literal('sucesso'), cupom: cupomSchema, msg: z.string() }),
  erroSchema,
])

/** POST /_next/api/carrinho/cupom/remover/ — takes the coupon off the cart. */
export const carrinhoCupomRemoverRequestSchema = z.strictObject({})
export const carrinhoCupomRemoverResponseSchema = z.discriminatedUnion('estado', [z.object({ estado: z.literal('sucesso'), msg: z.string() }), erroSchema])

export type Desconto = z.infer<typeof descontoSchema>
export type Cupom = z.infer<typeof cupomSchema>
