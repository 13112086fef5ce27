import { z } from 'zod'
import { variacaoSchema } from './catalog'
import { erroSchema, reaisSchema } from './common'
import { cupomSchema, descontoSchema } from './promotions'
import { LIMITS, opaqueId } from './validators'
import { CART_MESSAGES, lineWarning, restamMessage } from './messages/cart'

/**
 * Cart calls of docs/requirements.md. Ids on the wire (docs/architecture.md, wire conventions):
 * - a cart line is named by its opaque `token`; the panel view reads the same value as `id`;
 * - `hash` is the product's public hash, `v3`/`vrc`/`variacao` a variation option's hash.
 */

export { CART_MESSAGES, lineWarning, restamMessage }

/** A quantity the shopper asks for: an integer from `min` to LIMITS.quantidade. */
const quantidadeFrom = (min: 0 | 1) =>
  z
    .number({ error: CART_MESSAGES.quantidade })
    .int({ error: CART_MESSAGES.quantidade })
    .min(min, { error: min === 1 ? CART_MESSAGES.quantidadeMinima : CART_MESSAGES.quantidade })
    .max(LIMITS.quantidade, { error: CART_MESSAGES.quantidadeMaxima })

const quantidadeField = quantidadeFrom(1)

/** The cart count the header badge shows (same number as DataMenu's ItensCar). */
const itensCountSchema = z.number().int().nonnegative()

// ───────────────────────────── listar-carrinho ─────────────────────────────

/**
 * One cart line. The listar-carrinho answer feeds both the side panel and the cart page, so a line
 * carries the fields of both views: panel `id, titulo, quantidade, valor_total,
 * discountedPricePix, installmentPrice, imgs.link`; page `hash, token, titulo, imgs.link, categoria,
 * quantidade, valor, valor_total, variacao[], itens_vari[]`.
 */
export const cartItemSchema = z.object({
  /** Panel view: the line's token (same value as `token`). */
  id: z.string(),
  /** Page view: the line's token, sent back as carrinho/rmv `id`, alterar-pedido `pdt`, atualizar-variacao `id`. */
  token: z.string(),
  /** The product's public hash. */
  hash: z.string(),
  titulo: z.string(),
  /** First product image; served by /_next/img/{link}. */
  imgs: z.object({ link: z.string() }),
  /** The category title shown under the item title on the cart page. */
  categoria: z.string(),
  quantidade: z.number().int().positive(),
  /** Unit list price (of the chosen variation option when there is one). */
  valor: reaisSchema,
  /** valor × quantidade. */
  valor_total: reaisSchema,
  /** Unit price paid with Pix; the panel subtotal is Σ discountedPricePix × quantidade. */
  discountedPricePix: reaisSchema,
  /** Unit price when paid by card in interest-free instalments (store settings, config/store.json). */
  installmentPrice: reaisSchema,
  /** Chosen variations: v1 the axis label ("Cor"), v2 the chosen option's name, v3 its hash. */
  variacao: z.array(z.object({ v1: z.string(), v2: z.string(), v3: z.string() })),
  /** Every axis of the product with its options (as the product detail lists them), for the page's change-variation dropdown. */
  itens_vari: z.array(variacaoSchema),
  /**
   * Ours, not the spec's: false when the line cannot be bought as it stands — its product is no
   * longer sold, or its stock (the option's, else the product's) is below `quantidade`. The line
   * keeps its quantity (the shopper changes it), is left out of `total` and of the views' totals,
   * and checkout waits until it is removed or lowered to `max`.
   */
  disponivel: z.boolean(),
  /** The most this line can hold now (its stock, up to 9999); 0 when the product is no longer sold or sold out. */
  max: z.number().int().nonnegative(),
  /** Ours: the automatic promotion on this line, with the unit price after it ("de valor por promocao.valor"). */
  promocao: z.object({ nome: z.string(), valor: reaisSchema }).optional(),
})

/** The previous buyer record that prefills checkout identification (CPF and celular as digits). */
export const buyerRecordSchema = z.object({
  nome: z.string(),
  email: z.string(),
  cpf: z.string(),
  celular: z.string(),
  /** The company of a purchase "como empresa" (decision 0129); absent for a person's. */
  empresa: z.object({ cnpj: z.string(), razaoSocial: z.string(), ie: z.string() }).optional(),
})

export const listarCarrinhoSuccessSchema = z.object({
  itens: z.array(cartItemSchema),
  /** Σ valor_total of the lines that can be bought (`disponivel`). */
  total: reaisSchema,
  /** Empty, or one entry: the latest purchase's buyer record. */
  compra: z.array(buyerRecordSchema),
  /**
   * Ours (docs/decisions/0127-promotions.md), always sent by this store and optional to read, as the
   * spec's answer has none: the automatic promotions' and the coupon's discount lines; the cart's
   * coupon, applied or kept with why it does not apply now; the items after every discount by card
   * or boleto, and by Pix (shipping apart).
   */
  descontos: z.array(descontoSchema).optional(),
  cupom: cupomSchema.nullable().optional(),
  totalCartao: reaisSchema.optional(),
  totalPix: reaisSchema.optional(),
})

/**
 * A non-OK answer (the spec: "read as JSON with message field", "HTTP error! status: {code} -
 * {message}"): the usual `{estado:'erro', msg}`, plus `message` with the same text when the cart
 * call itself fails; without it the client falls back to 'Erro ao carregar carrinho'.
 */
export const listarCarrinhoErroSchema = erroSchema.extend({ message: z.string().optional() })

/** GET /_next/api/listar-carrinho/ */
export const listarCarrinhoResponseSchema = z.union([listarCarrinhoSuccessSchema, listarCarrinhoErroSchema])

// ───────────────────────────── carrinho/add, carrinho/rmv ─────────────────────────────

/** POST /_next/api/carrinho/add/ — `id` is the product hash, `variacao` the chosen option's hash. */
export const carrinhoAddRequestSchema = z.strictObject({
  id: opaqueId(CART_MESSAGES.produto),
  qtd: quantidadeField,
  variacao: opaqueId(CART_MESSAGES.variacao).optional(),
})

/** `itens` is the new cart count (the header badge); a failure's `msg` is shown in a toast. */
export const carrinhoAddResponseSchema = z.discriminatedUnion('estado', [z.object({ estado: z.literal('sucesso'), itens: itensCountSchema }), erroSchema])

/** POST /_next/api/carrinho/rmv/ — `id` is the line token. */
export const carrinhoRmvRequestSchema = z.strictObject({ id: opaqueId(CART_MESSAGES.item) })

/** `itens` is the new cart count, `msg` the toast ('Produto removido do carrinho'). */
export const carrinhoRmvResponseSchema = z.discriminatedUnion('estado', [
  z.object({ estado: z.literal('sucesso'), itens: itensCountSchema, msg: z.string() }),
  erroSchema,
])

// ───────────────────────────── alterar-pedido, atualizar-variacao ─────────────────────────────

/**
 * POST /_next/api/alterar-pedido/ — `pdt` is the line token, `qtd` the new quantity. A quantity of 0
 * is accepted and ignored: the answer is 'sucesso' with the line's current valor_total.
 */
export const alterarPedidoRequestSchema = z.strictObject({
  pdt: opaqueId(CART_MESSAGES.item),
  qtd: quantidadeFrom(0),
})

/**
 * 'sucesso': `valor` is the line's new valor_total. 'MaxLimite': the stock allows only `max`
 * (the client shows `msg` and resets the quantity to `max`).
 */
export const alterarPedidoResponseSchema = z.discriminatedUnion('estado', [
  z.object({ estado: z.literal('sucesso'), valor: reaisSchema }),
  z.object({ estado: z.literal('MaxLimite'), msg: z.string(), max: z.number().int().nonnegative() }),
  erroSchema,
])

/** POST /_next/api/atualizar-variacao/ — `id` is the line token, `vrc` the new option's hash. */
export const atualizarVariacaoRequestSchema = z.strictObject({
  id: opaqueId(CART_MESSAGES.item),
  vrc: opaqueId(CART_MESSAGES.variacao),
})

/** `v_u` the new unit price, `v_t` the new line total, `msg` the toast ('Variação atualizada!'). */
export const atualizarVariacaoResponseSchema = z.discriminatedUnion('estado', [
  z.object({ estado: z.literal('sucesso'), v_u: reaisSchema, v_t: reaisSchema, msg: z.string() }),
  erroSchema,
])

export type CartItem = z.infer<typeof cartItemSchema>
export type BuyerRecord = z.infer<typeof buyerRecordSchema>
