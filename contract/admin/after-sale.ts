// The back office's after-sale calls: Avaliações, Mensagens and Devoluções — the lists' filters as
// the URL carries them, the actions (the pages' intents are built from the API's requests) and
// their answers. Junk gets a pt-BR message and changes nothing.
import { z } from 'zod'
import { RETURN_REFUSAL_REASONS, type ReturnRefusalReason } from '../after-sale'
import { RETURN_STATUS_NAMES, type ReturnStatusName } from '../messages/returns'

export { RETURN_STATUS_NAMES, type ReturnStatusName }
export const REVIEW_STATUS_NAMES = { pendente: 'Pendente', aprovada: 'Aprovada', oculta: 'Oculta' } as const
export const MESSAGE_STATUS_NAMES = { nova: 'Nova', respondida: 'Respondida', encerrada: 'Encerrada' } as const

export type ReviewStatusName = keyof typeof REVIEW_STATUS_NAMES
export type MessageStatusName = keyof typeof MESSAGE_STATUS_NAMES

const keys = <T extends Record<string, string>>(o: T) => Object.keys(o) as [keyof T & string, ...(keyof T & string)[]]

/** Returns still needing someone (the Painel's count and the list's 'abertas' filter). */
export const OPEN_RETURN_STATUSES = ['solicitada', 'aprovada', 'recebida'] as const

/** An empty form field is the same as no filter. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional())

/** A keyset position in these lists: a whole number, opaque to people. */
export const afterSaleCursorSchema = z.string().regex(/^\d{1,19}$/, 'Página inválida: volte à primeira página.')

const pageFields = {
  apos: optional(afterSaleCursorSchema),
  antes: optional(afterSaleCursorSchema),
  por: optional(z.coerce.number({ error: 'Tamanho de página inválido.' }).int().min(5, 'Tamanho de página inválido.').max(100, 'Tamanho de página inválido.')),
}

export const reviewListQuerySchema = z.object({ situacao: optional(z.enum(keys(REVIEW_STATUS_NAMES), { error: 'Situação inválida.' })), ...pageFields })
export const messageListQuerySchema = z.object({ situacao: optional(z.enum(keys(MESSAGE_STATUS_NAMES), { error: 'Situação inválida.' })), ...pageFields })
export const returnListQuerySchema = z.object({
  situacao: optional(z.enum([...keys(RETURN_STATUS_NAMES), 'abertas'], { error: 'Situação inválida.' })),
  ...pageFields,
})
export type ReviewListQuery = z.output<typeof reviewListQuerySchema>
export type MessageListQuery = z.output<typeof messageListQuerySchema>
export type ReturnListQuery = z.output<typeof returnListQuerySchema>

const idParam = (what: string) =>
  z.object({
    id: z.coerce
      .number({ error: `${what} não encontrada.` })
      .int()
      .min(1)
      .max(2_147_483_647),
  })
export const reviewIdParamsSchema = idParam('Avaliação')
export const messageIdParamsSchema = idParam('Mensagem')
export const returnIdParamsSchema = idParam('Devolução')

/** The store's reply under a review; '' removes it. */
export const REPLY_MAX = 2000

/** An action with nothing to say (aprovar, encerrar): an empty object. */
export const emptyRequestSchema = z.strictObject({})

const reviewStatus = z.enum(keys(REVIEW_STATUS_NAMES), { error: 'Situação inválida.' })
const reviewReply = z.string({ error: 'Resposta inválida.' }).max(REPLY_MAX, `Resposta longa demais (até ${REPLY_MAX} caracteres).`)

/** POST /admin/api/avaliacoes/{id} — approve, hide, put back to pending and/or reply as the store. */
export const moderateRequestSchema = z
  .strictObject({ situacao: reviewStatus.optional(), resposta: reviewReply.optional() })
  .refine((v) => v.situacao !== undefined || v.resposta !== undefined, 'Diga o que mudar: a situação ou a resposta.')

/** What /admin/avaliacoes asks its action, for the review `id`: approve, hide, or reply ('' removes the reply). */
export const reviewIntentSchema = z.discriminatedUnion('intent', [
  reviewIdParamsSchema.extend({ intent: z.literal('aprovar') }).strict(),
  reviewIdParamsSchema.extend({ intent: z.literal('ocultar') }).strict(),
  reviewIdParamsSchema.extend({ intent: z.literal('responder'), resposta: reviewReply }).strict(),
])

/** POST /admin/api/mensagens/{id}/responder — the answer, e-mailed to the sender. */
export const messageReplyRequestSchema = z.strictObject({
  resposta: z.string({ error: 'Escreva a resposta.' }).trim().min(1, 'Escreva a resposta.').max(4000, 'Use no máximo 4.000 caracteres.'),
})

/** What /admin/mensagens/{id} asks its action: answer by e-mail, or close. */
export const messageIntentSchema = z.discriminatedUnion('intent', [
  messageReplyRequestSchema.extend({ intent: z.literal('responder') }),
  z.strictObject({ intent: z.literal('encerrar') }),
])

/** POST /admin/api/devolucoes/{id}/aprovar — nothing to say. */
export const approveRequestSchema = emptyRequestSchema

/** POST /admin/api/devolucoes/{id}/receber — the order items (ids) that can be sold again: back to stock. */
export const receiveRequestSchema = z.strictObject({
  revenda: z
    .array(z.number({ error: 'Marque apenas itens desta devolução.' }).int().min(1).max(2_147_483_647), { error: 'Marque apenas itens desta devolução.' })
    .max(100, 'Marque apenas itens desta devolução.'),
})

/**
 * POST /admin/api/devolucoes/{id}/reembolsar — `valorCents` is the amount the person confirmed: the
 * server computes its own and refuses when they differ (the request changed meanwhile).
 */
export const refundReturnRequestSchema = z.strictObject({
  valorCents: z
    .number({ error: 'Valor do reembolso inválido.' })
    .int('Valor do reembolso inválido.')
    .min(1, 'Valor do reembolso inválido.')
    .max(1_000_000_000, 'Valor do reembolso inválido.'),
})

/** The staff's words under a refusal, e-mailed to the shopper and shown on the order. */
export const REFUSAL_DETAILS_MAX = 500

/** The statuses a request can be refused from: before the products arrive. */
export const REFUSABLE_RETURN_STATUSES = ['solicitada', 'aprovada'] as const

/**
 * POST /admin/api/devolucoes/{id}/recusar — the reason (from the list; 'outro' needs the words) and
 * `situacao`, the status the person saw: a request that moved meanwhile (approved in another tab) is
 * refused with a conflict, so of a racing approve and refuse exactly one wins.
 */
export const refuseReturnRequestSchema = z
  .strictObject({
    motivo: z.enum(Object.keys(RETURN_REFUSAL_REASONS) as [ReturnRefusalReason, ...ReturnRefusalReason[]], { error: 'Escolha o motivo da recusa.' }),
    detalhes: z.string({ error: 'Explicação inválida.' }).trim().max(REFUSAL_DETAILS_MAX, `Use no máximo ${REFUSAL_DETAILS_MAX} caracteres.`).default(''),
    situacao: z.enum(REFUSABLE_RETURN_STATUSES, { error: 'Situação inválida: recarregue a página.' }),
  })
  .refine((v) => v.motivo !== 'outro' || v.detalhes !== '', { path: ['detalhes'], message: 'Explique o motivo da recusa ao cliente.' })
export type RefuseReturnRequest = z.output<typeof refuseReturnRequestSchema>

/** What /admin/devolucoes/{id} asks its action: the API's requests, each with its intent. */
export const returnIntentSchema = z.discriminatedUnion('intent', [
  approveRequestSchema.extend({ intent: z.literal('aprovar') }),
  receiveRequestSchema.extend({ intent: z.literal('receber') }),
  refundReturnRequestSchema.extend({ intent: z.literal('reembolsar') }),
  refuseReturnRequestSchema.safeExtend({ intent: z.literal('recusar') }),
])
export type ReturnIntent = z.output<typeof returnIntentSchema>['intent']

// ───────────────────────────── the API's answers ─────────────────────────────

const done = { estado: z.literal('sucesso'), msg: z.string(), id: z.number().int() }
export const moderateResponseSchema = z.object({ ...done, situacao: z.enum(keys(REVIEW_STATUS_NAMES)), resposta: z.string() })
export const messageActionResponseSchema = z.object({ ...done, situacao: z.enum(keys(MESSAGE_STATUS_NAMES)) })
export const returnActionResponseSchema = z.object({ ...done, situacao: z.enum(keys(RETURN_STATUS_NAMES)) })
/** `reembolso`: 'done' when the provider gave the money back, 'pending' when it is down (done when it returns). */
export const refundReturnResponseSchema = z.object({
  ...done,
  situacao: z.literal('reembolsada'),
  valorCents: z.number().int(),
  reembolso: z.enum(['done', 'pending']),
})
