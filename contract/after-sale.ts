import { z } from 'zod'
import { AFTER_SALE_MESSAGES } from './messages/after-sale'
import { emailWith, LIMITS, opaqueId, optionalText, requiredText } from './validators'

/**
 * After the sale: reviews from buyers, the 'Fale conosco' form, cancelling an order and the 7-day
 * withdrawal (direito de arrependimento). The shopper's sentences live in contract/messages/after-sale.ts.
 */
export { AFTER_SALE_MESSAGES }

const M = AFTER_SALE_MESSAGES

/** The longest review or message text. */
export const LONG_TEXT_MAX = 2000

/** VT-2026-000124 */
export const orderCodeField = z
  .string({ error: M.codigoPedido })
  .trim()
  .toUpperCase()
  .regex(/^VT-\d{4}-\d{6}$/, { error: M.codigoPedido })

// ───────────────────────────── reviews ─────────────────────────────

export const avaliarRequestSchema = z.strictObject({
  pedido: orderCodeField,
  /** The product's hash (as on the order page). */
  produto: opaqueId(M.produto),
  nota: z.number({ error: M.nota }).int({ error: M.nota }).min(1, { error: M.nota }).max(5, { error: M.nota }),
  titulo: requiredText(M.titulo, 120),
  texto: requiredText(M.texto, LONG_TEXT_MAX, M.textoLongo),
})
export type AvaliarRequest = z.infer<typeof avaliarRequestSchema>

const sucessoMsgSchema = z.object({ estado: z.literal('sucesso'), msg: z.string() })
const erroSchema = z.object({ estado: z.literal('erro'), msg: z.string() })
export const avaliarResponseSchema = z.union([sucessoMsgSchema, erroSchema])

/** One approved review as the product page shows it. */
export const avaliacaoSchema = z.object({
  nota: z.number().int().min(1).max(5),
  titulo: z.string(),
  texto: z.string(),
  autor: z.string(),
  /** ISO date-time it was written. */
  data: z.string(),
  /** The store's reply, '' when none. */
  resposta: z.string(),
})
export type Avaliacao = z.infer<typeof avaliacaoSchema>

/** A product's approved reviews: average (1 decimal), count, count per star (1..5) and the latest ones. */
export const avaliacoesSchema = z.object({
  media: z.number().min(0).max(5),
  qtd: z.number().int().min(0),
  distribuicao: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]),
  lista: z.array(avaliacaoSchema),
})
export type Avaliacoes = z.infer<typeof avaliacoesSchema>

/** What a card shows of the reviews: present only when the product has an approved one. */
export const notaCardSchema = z.object({ media: z.number().min(0).max(5), qtd: z.number().int().min(1) })
export type NotaCard = z.infer<typeof notaCardSchema>

// ───────────────────────────── fale conosco ─────────────────────────────

export const faleConoscoRequestSchema = z.strictObject({
  nome: requiredText(M.nome, LIMITS.name),
  email: emailWith({ empty: M.email, invalid: M.email }),
  pedido: z.union([z.literal(''), orderCodeField]).default(''),
  assunto: requiredText(M.assunto, 120),
  mensagem: requiredText(M.mensagem, LONG_TEXT_MAX, M.textoLongo),
  /** The ALTCHA payload; required for a visitor, ignored for a logged-in customer. */
  altcha: optionalText(4000),
})
export type FaleConoscoRequest = z.infer<typeof faleConoscoRequestSchema>

/**
 * GET /_next/api/fale-conosco/ — who is writing: the logged-in customer's name and e-mail (the form
 * fills them in and asks no captcha), or null for a visitor (the captcha is shown and required).
 */
export const faleConoscoContatoResponseSchema = z.object({
  estado: z.literal('sucesso'),
  cliente: z.object({ nome: z.string(), email: z.string() }).nullable(),
})
export const faleConoscoResponseSchema = z.union([sucessoMsgSchema, erroSchema])

// ───────────────────────────── cancel and return ─────────────────────────────

export const pedidoCodigoParamsSchema = z.object({ codigo: orderCodeField })

/** `motivo`: optional, in the shopper's words; the timeline says 'pelo cliente' either way. */
export const cancelarPedidoRequestSchema = z.strictObject({ motivo: optionalText(LIMITS.text) })
export const cancelarPedidoResponseSchema = z.union([sucessoMsgSchema, erroSchema])

/** Why a shopper returns an order (the list the 'Desistir da compra' form offers). */
export const RETURN_REASONS = {
  arrependimento: 'Desisti da compra',
  nao_atendeu: 'O produto não atendeu às expectativas',
  errado: 'Recebi um produto diferente do pedido',
  avariado: 'O produto chegou avariado',
  outro: 'Outro motivo',
} as const
export type ReturnReason = keyof typeof RETURN_REASONS

/** Why the store refuses a return request (the back office's 'Recusar'; the shopper reads it on the order). */
export const RETURN_REFUSAL_REASONS = {
  fora_do_prazo: 'Fora do prazo de 7 dias',
  uso_indevido: 'Produto com sinais de uso indevido',
  itens_divergentes: 'Itens não conferem com o pedido',
  outro: 'Outro',
} as const
export type ReturnRefusalReason = keyof typeof RETURN_REFUSAL_REASONS

export const desistirRequestSchema = z.strictObject({
  motivo: z.enum(Object.keys(RETURN_REASONS) as [ReturnReason, ...ReturnReason[]], { error: M.motivo }),
  detalhes: optionalText(LONG_TEXT_MAX, M.textoLongo),
  /** The order items to return (their ids, as the order page lists them) and how many of each. */
  itens: z
    .array(
      z.strictObject({
        item: z.number({ error: M.itens }).int({ error: M.itens }).min(1, { error: M.itens }).max(2_147_483_647, { error: M.itens }),
        quantidade: z
          .number({ error: M.quantidade })
          .int({ error: M.quantidade })
          .min(1, { error: M.quantidade })
          .max(LIMITS.quantidade, { error: M.quantidade }),
      }),
      { error: M.itens },
    )
    .min(1, { error: M.itens })
    .max(100, { error: M.itens }),
})
export type DesistirRequest = z.infer<typeof desistirRequestSchema>
export const desistirResponseSchema = z.union([sucessoMsgSchema, erroSchema])

// ───────────────────────────── the order page's after-sale part ─────────────────────────────

export const ETAPAS = ['placed', 'paid', 'separated', 'shipped', 'delivered'] as const
export type EtapaChave = (typeof ETAPAS)[number]

/** The last request the store refused: why (the reason's name, and the staff's words when given) and when. */
export type Recusa = { motivo: string; detalhes: string; data: string }

/** What the customer's order page shows after the sale (read from the database for that customer). */
export type PosVenda = {
  /** The order's life, oldest first; `data` is null for a step not reached (or reached without a date). */
  etapas: Array<{ chave: EtapaChave; titulo: string; feito: boolean; data: string | null }>
  /** The tracking code, its carrier (null: not recorded) and the carrier's tracking page (contract/carriers.ts). */
  /** With the carrier's events on the way (a label bought through the shipping provider: posted…), oldest first. */
  rastreio: {
    codigo: string
    url: string | null
    transportadora: string | null
    eventos?: Array<{ data: string; texto: string }>
    /** An order shipped in several volumes (one label each): every volume's code and link, the first being `codigo`. */
    volumes?: Array<{ codigo: string; url: string | null }>
  } | null
  cancelamento: { data: string | null } | null
  /** What the store has for the invoice (nota fiscal): the issuer and the buyer as given at checkout. */
  nota: { emitente: string; cnpj: string; comprador: string; cpf: string; email: string }
  acoes: {
    cancelar: boolean
    desistir:
      | { estado: 'disponivel'; ateDia: string; itens: Array<{ id: number; titulo: string; variacao: string; quantidade: number }>; recusa: Recusa | null }
      | { estado: 'encerrado'; ateDia: string; recusa: Recusa | null }
      | { estado: 'solicitada'; situacao: string }
      | null
    /** Products of a delivered order the customer may review (hash), and whether they already did. */
    avaliar: Array<{ produto: string; titulo: string; avaliado: boolean }>
  }
}
