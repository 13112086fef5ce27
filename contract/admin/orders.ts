// The back office's orders: the list's filters as the URL carries them, and the actions on one order
// (the order page's action and /admin/api/pedidos/{code}/…). Junk gets a pt-BR message and changes nothing.
import { z } from 'zod'
import { CARRIER_IDS } from '../carriers'
import { ORDER_STATUS_NAMES, orderCodeSchema } from '../checkout'

const ORDER_STATUSES = Object.keys(ORDER_STATUS_NAMES) as [keyof typeof ORDER_STATUS_NAMES, ...(keyof typeof ORDER_STATUS_NAMES)[]]

/** The list's status choices: one status, or a group the dashboard links to. */
export const ORDER_STATUS_FILTERS = [...ORDER_STATUSES.filter((s) => s !== 'expirado'), 'pagos', 'a_enviar'] as const
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number]
export const ORDER_STATUS_FILTER_NAMES: Record<'pagos' | 'a_enviar', string> = { pagos: 'Pagos (todos)', a_enviar: 'A separar ou enviar' }

/** The NF-e filter (docs/decisions/0129-nfe.md): paid orders without an invoice, rejected ones, issued ones. */
export const ORDER_INVOICE_FILTERS = ['sem_nota', 'com_erro', 'emitida', 'devolucao'] as const
export const ORDER_INVOICE_FILTER_NAMES: Record<(typeof ORDER_INVOICE_FILTERS)[number], string> = {
  sem_nota: 'Pagos sem nota',
  com_erro: 'Nota com erro',
  emitida: 'Nota emitida',
  devolucao: 'Precisa de nota de devolução',
}

/** Lists and the Painel count at most this many (and one more, to say "mais de 1.000"): docs/decisions/0044. */
export const COUNT_CAP = 1_000

export const ORDER_SORTS = ['recentes', 'antigos', 'maior_valor', 'menor_valor'] as const
export type OrderSort = (typeof ORDER_SORTS)[number]
export const ORDER_SORT_NAMES: Record<OrderSort, string> = {
  recentes: 'Mais recentes',
  antigos: 'Mais antigos',
  maior_valor: 'Maior valor',
  menor_valor: 'Menor valor',
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida: use AAAA-MM-DD.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Data inválida.')
/** An empty form field is the same as no filter. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional())

/** A keyset position: the sort value and the id of the row it continues from (opaque to people). */
export const cursorSchema = z.string().regex(/^[A-Za-z0-9_-]{4,200}$/, 'Página inválida: volte à primeira página.')

/** The order list's shipping filter (decision 0128): paid orders with no label yet, labels posted, orders delivered. */
export const SHIPPING_FILTERS = ['etiqueta_a_comprar', 'postado', 'entregue'] as const
export type ShippingFilter = (typeof SHIPPING_FILTERS)[number]
export const SHIPPING_FILTER_NAMES: Record<ShippingFilter, string> = { etiqueta_a_comprar: 'Etiqueta a comprar', postado: 'Postado', entregue: 'Entregue' }

export const orderListQuerySchema = z.object({
  envio: optional(z.enum(SHIPPING_FILTERS, { error: 'Filtro de envio inválido.' })),
  situacao: optional(z.enum(ORDER_STATUS_FILTERS, { error: 'Situação inválida.' })),
  metodo: optional(z.enum(['pix', 'cartao', 'boleto'], { error: 'Forma de pagamento inválida.' })),
  nota: optional(z.enum(ORDER_INVOICE_FILTERS, { error: 'Filtro de nota fiscal inválido.' })),
  de: optional(day),
  ate: optional(day),
  q: optional(z.string().trim().min(3, 'Digite ao menos 3 caracteres para buscar.').max(100, 'Busca longa demais.')),
  ordem: optional(z.enum(ORDER_SORTS, { error: 'Ordem inválida.' })),
  apos: optional(cursorSchema),
  antes: optional(cursorSchema),
  por: optional(z.coerce.number({ error: 'Tamanho de página inválido.' }).int().min(10, 'Tamanho de página inválido.').max(100, 'Tamanho de página inválido.')),
})
export type OrderListQuery = z.output<typeof orderListQuerySchema>

/** What /admin/pedidos asks its action: labels bought for the orders on screen (decision 0128). */
export const orderListIntentSchema = z.discriminatedUnion('intent', [
  z.strictObject({
    intent: z.literal('etiquetas'),
    pedidos: z.array(z.string().toUpperCase().pipe(orderCodeSchema)).min(1, 'Nenhum pedido escolhido.').max(100, 'No máximo 100 pedidos de uma vez.'),
  }),
])

/** A path's order code, in any case (vt-2026-000124 is VT-2026-000124). */
export const orderCodeParamsSchema = z.object({ code: z.string().toUpperCase().pipe(orderCodeSchema) })

const expected = z.enum(ORDER_STATUSES, { error: 'Situação esperada inválida.' })

/** POST /admin/api/pedidos/{code}/avancar — the status the person saw; tracking and carrier to ship. */
export const advanceRequestSchema = z.strictObject({
  esperado: expected,
  rastreio: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{6,40}$/, 'Código de rastreio inválido: de 6 a 40 letras e números.')
    .optional(),
  transportadora: z.enum(CARRIER_IDS, { error: 'Escolha a transportadora.' }).optional(),
})

export type AdvanceRequest = z.output<typeof advanceRequestSchema>

/** POST /admin/api/pedidos/{code}/cancelar */
export const cancelRequestSchema = z.strictObject({
  esperado: expected,
  motivo: z.string().trim().min(3, 'Diga o motivo do cancelamento.').max(500, 'Motivo longo demais (até 500 caracteres).'),
})

/** POST /admin/api/pedidos/{code}/notas — an internal note (never shown to the buyer). */
export const noteRequestSchema = z.strictObject({
  texto: z.string().trim().min(1, 'Escreva a nota.').max(2000, 'Nota longa demais (até 2000 caracteres).'),
})

/** What /admin/pedidos/{code} asks its action: move the order on, cancel it, note something on it, or issue its NF-e. */
export const orderIntentSchema = z.discriminatedUnion('intent', [
  advanceRequestSchema.extend({ intent: z.literal('avancar') }),
  cancelRequestSchema.extend({ intent: z.literal('cancelar') }),
  noteRequestSchema.extend({ intent: z.literal('nota') }),
  // A carrier label bought through the shipping provider (or its stopped purchase resumed), and cancelled before posting.
  z.strictObject({ intent: z.literal('etiqueta') }),
  z.strictObject({ intent: z.literal('cancelar-etiqueta') }),
  // The NF-e: issue it by hand, or correct and issue again after a rejection (docs/decisions/0129-nfe.md).
  z.strictObject({ intent: z.literal('emitir_nota') }),
  // The entry invoice (NF-e de devolução) an order owes: after a late cancellation, or a received return.
  z.strictObject({ intent: z.literal('emitir_devolucao') }),
])
export type OrderIntent = z.output<typeof orderIntentSchema>['intent']

/**
 * What a cancellation did with the money: nothing to move; an unpaid charge withdrawn or a card hold
 * released; refunded, refund recorded (provider down) or refused by the provider; withdrawal pending;
 * the order revived or flagged because the payment landed meanwhile (server/domain/order/cancel.ts).
 */
export const CANCEL_MONEY = [
  'nenhum',
  'pagamento_cancelado',
  'reserva_liberada',
  'reembolsado',
  'reembolso_pendente',
  'reembolso_recusado',
  'cancelamento_pendente',
  'pedido_reativado',
  'reembolso_a_fazer',
] as const
export type CancelMoney = (typeof CANCEL_MONEY)[number]

const sucesso = z.literal('sucesso')
const status = z.enum(ORDER_STATUSES)

export const advanceResponseSchema = z.object({ estado: sucesso, code: z.string(), from: status, status })
export const cancelResponseSchema = z.object({
  estado: sucesso,
  code: z.string(),
  previousStatus: status,
  money: z.enum(CANCEL_MONEY),
  refundedCents: z.number().int(),
  message: z.string(),
})
export const noteResponseSchema = z.object({ estado: sucesso, id: z.number().int() })
