// The back office's coupons and automatic promotions (/admin/promocoes): the list's filters as the URL
// carries them, the forms as the pages send them and the pages' intents. The forms travel as people
// typed them (reais as "50,00", dates as Brasília's "2026-12-01T09:00"): the domain reads and checks
// them (server/domain/promotions/admin-rules.ts), each refusal a coded reason naming its field.
import { z } from 'zod'
import { cursorSchema } from './orders'

export const COUPON_KIND_NAMES = {
  percentual: 'Percentual dos itens',
  fixo: 'Valor fixo nos itens',
  frete: 'Frete grátis',
} as const
export type CouponKind = keyof typeof COUPON_KIND_NAMES

export const SHIPPING_SCOPE_NAMES = { todos: 'Qualquer frete', mais_barato: 'Até o frete mais barato' } as const
export type ShippingScope = keyof typeof SHIPPING_SCOPE_NAMES

export const PROMOTION_KIND_NAMES = { percentual: 'Percentual por unidade', fixo: 'Valor fixo por unidade' } as const
export type PromotionKind = keyof typeof PROMOTION_KIND_NAMES

export const COUPON_STATES = { ativos: 'Valendo', encerrados: 'Encerrados' } as const

/** An empty form field is the same as no filter. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional())
const id = z.coerce.number({ error: 'Item inválido.' }).int('Item inválido.').positive('Item inválido.').max(2_147_483_647, 'Item inválido.')

export const couponListQuerySchema = z.object({
  q: optional(z.string().trim().min(2, 'Digite ao menos 2 caracteres do código.').max(100, 'Busca longa demais.')),
  situacao: optional(z.enum(Object.keys(COUPON_STATES) as ['ativos', 'encerrados'], { error: 'Situação inválida.' })),
  campanha: optional(z.string().trim().max(60, 'Campanha inválida.')),
  apos: optional(cursorSchema),
  antes: optional(cursorSchema),
})
export type CouponListQuery = z.output<typeof couponListQuerySchema>

export const promoIdParamsSchema = z.object({ id })

/** Ids picked in the scope's pickers; empty lists mean every product. */
const ids = z.array(id, { error: 'Alcance inválido.' }).max(500, 'No máximo 500 itens em cada lista do alcance.')
export const scopeFormSchema = z.strictObject({ produtos: ids, categorias: ids, marcas: ids, excluidos: ids })
export type ScopeForm = z.output<typeof scopeFormSchema>

const typed = (max: number) => z.string({ error: 'Campo inválido.' }).max(max, 'Campo longo demais.')
const yes = z.boolean({ error: 'Campo inválido.' })

/** A coupon as its form sends it (create and edit). */
export const couponFormSchema = z.strictObject({
  codigo: typed(100),
  campanha: typed(100),
  tipo: z.enum(Object.keys(COUPON_KIND_NAMES) as [CouponKind, ...CouponKind[]], { error: 'Escolha o tipo do cupom.' }),
  /** percentual: "10"; fixo: reais, "50,00"; frete: ignored. */
  valor: typed(30),
  freteEscopo: z.enum(Object.keys(SHIPPING_SCOPE_NAMES) as [ShippingScope, ...ShippingScope[]], { error: 'Escolha o alcance do frete grátis.' }),
  minimo: typed(30),
  inicio: typed(30),
  fim: typed(30),
  usosTotais: typed(12),
  usosPorCliente: typed(12),
  primeiraCompra: yes,
  escopo: scopeFormSchema,
  combina: yes,
  ativo: yes,
})
export type CouponForm = z.output<typeof couponFormSchema>

/** An automatic promotion as its form sends it. */
export const promotionFormSchema = z.strictObject({
  nome: typed(200),
  tipo: z.enum(Object.keys(PROMOTION_KIND_NAMES) as [PromotionKind, ...PromotionKind[]], { error: 'Escolha o tipo da promoção.' }),
  valor: typed(30),
  /** Progressive rule: from this many units of the same product ("1": any quantity). */
  minimoUnidades: typed(12),
  escopo: scopeFormSchema,
  inicio: typed(30),
  fim: typed(30),
  ativo: yes,
})
export type PromotionForm = z.output<typeof promotionFormSchema>

/** The forms of a new coupon and a new promotion: every product, no limit, active. */
const NO_SCOPE: ScopeForm = { produtos: [], categorias: [], marcas: [], excluidos: [] }
export const NEW_COUPON: CouponForm = {
  codigo: '',
  campanha: '',
  tipo: 'percentual',
  valor: '',
  freteEscopo: 'todos',
  minimo: '',
  inicio: '',
  fim: '',
  usosTotais: '',
  usosPorCliente: '',
  primeiraCompra: false,
  escopo: NO_SCOPE,
  combina: true,
  ativo: true,
}

export const NEW_PROMOTION: PromotionForm = {
  nome: '',
  tipo: 'percentual',
  valor: '',
  minimoUnidades: '1',
  escopo: NO_SCOPE,
  inicio: '',
  fim: '',
  ativo: true,
}

/** "Gerar códigos": N single-use copies of a template coupon, in one campaign. */
export const generateCodesSchema = z.strictObject({
  prefixo: typed(40),
  quantidade: z.number({ error: 'Informe a quantidade.' }),
  campanha: typed(100),
})
export type GenerateCodesInput = z.output<typeof generateCodesSchema>

/** The coupon editor's intents (/admin/promocoes/cupons/novo and /{id}). */
export const couponIntentSchema = z.discriminatedUnion('intent', [
  z.strictObject({ intent: z.literal('criar'), cupom: couponFormSchema }),
  z.strictObject({ intent: z.literal('salvar'), cupom: couponFormSchema }),
  z.strictObject({ intent: z.literal('encerrar') }),
  generateCodesSchema.extend({ intent: z.literal('gerar') }),
])

/** The promotion editor's intents (/admin/promocoes/automaticas/nova and /{id}). */
export const promotionIntentSchema = z.discriminatedUnion('intent', [
  z.strictObject({ intent: z.literal('criar'), promocao: promotionFormSchema }),
  z.strictObject({ intent: z.literal('salvar'), promocao: promotionFormSchema }),
  z.strictObject({ intent: z.literal('encerrar') }),
])

/** GET /admin/api/cupons/campanha.csv?campanha=… — a campaign's codes and whether each was used. */
export const campaignCsvQuerySchema = z.object({ campanha: z.string().trim().min(1, 'Informe a campanha.').max(60, 'Campanha inválida.') })

/** The product picker's search (/admin/promocoes/produtos?q=…). */
export const productPickQuerySchema = z.object({ q: z.string().trim().min(2, 'Digite ao menos 2 letras.').max(100, 'Busca longa demais.') })

/**
 * Brasília's wall clock for a date field (`<input type="datetime-local">`, "2026-12-01T09:00"), and
 * back. Brazil has kept −03:00 all year since 2019, so the offset is fixed.
 */
const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
})
export function brasiliaField(at: Date | string | null | undefined): string {
  if (!at) return ''
  const parts = Object.fromEntries(wallClock.formatToParts(new Date(at)).map((p) => [p.type, p.value]))
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}
/** A date field's text as the instant it names in Brasília; null when it is not one. */
export function fromBrasiliaField(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text.trim())
  if (!m) return null
  const at = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:00-03:00`)
  return Number.isNaN(at.getTime()) || brasiliaField(at) !== text.trim() ? null : at
}

/** The link of a campaign's CSV (the list's "Exportar códigos"). */
export const campaignCsvPath = (campaign: string) => `/admin/api/cupons/campanha.csv?${new URLSearchParams({ campanha: campaign })}`
/** Where the scope's product picker searches. */
export const PRODUCT_PICK_PATH = '/admin/promocoes/produtos'
