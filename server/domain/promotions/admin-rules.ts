// The back office's forms for coupons and automatic promotions, read and checked: what people typed
// (reais, percentages, Brasília dates, limits) into what the engine stores, or the first field's coded
// refusal naming that field (`campo`). Migration 0032's check constraints hold the same lines.
import { fromBrasiliaField, type CouponForm, type PromotionForm, type ScopeForm } from '../../../contract/admin/promotions'
import { PRODUCT_PRICE_MAX } from '../../../contract/admin/products'
import { COUPON_CODE_MAX } from '../../../contract/messages/coupons'
import { PROMOTIONS } from '../../../contract/messages/promotions'
import type { Reason } from '../../../contract/messages/reason'
import { parseReais } from '../../../contract/money'
import { sql, type AnyColumn } from 'drizzle-orm'
import type { PromoScope } from '../../db/schema'
import { refuse, type Refusal } from '../refusal'
import { normalizeCode } from './offers'

export type CouponInput = {
  code: string
  campaign: string | null
  kind: 'percentual' | 'fixo' | 'frete'
  value: number
  shippingScope: 'todos' | 'mais_barato'
  minCents: number
  startsAt: Date | null
  endsAt: Date | null
  totalUses: number | null
  perCustomer: number | null
  firstPurchase: boolean
  scope: PromoScope
  combines: boolean
  active: boolean
}

export type PromotionInput = {
  name: string
  kind: 'percentual' | 'fixo'
  value: number
  minQuantity: number
  scope: PromoScope
  startsAt: Date
  endsAt: Date | null
  active: boolean
}

/** A rule broken on a field: thrown while reading, handed back as the refusal. */
class FieldRefusal {
  constructor(
    readonly reason: Reason,
    readonly campo: string,
  ) {}
}
const fail = (reason: Reason, campo: string): never => {
  throw new FieldRefusal(reason, campo)
}

function read<T>(work: () => T): T | Refusal {
  try {
    return work()
  } catch (err) {
    if (err instanceof FieldRefusal) return refuse(err.reason, { campo: err.campo })
    throw err
  }
}

/** Letters, digits and hyphens, trimmed and upper case: how every code is stored and compared. */
const CODE = /^[A-Z0-9-]+$/
export function readCode(text: string, max = COUPON_CODE_MAX): string | null {
  const code = normalizeCode(text)
  return code.length >= 1 && code.length <= max && CODE.test(code) ? code : null
}

/** A whole number from `min` up to `max`, or null when the field is empty and `optional`. */
function whole(text: string, min: number, max: number, reason: Reason, campo: string, optional: true): number | null
function whole(text: string, min: number, max: number, reason: Reason, campo: string, optional?: false): number
function whole(text: string, min: number, max: number, reason: Reason, campo: string, optional = false): number | null {
  const t = text.trim()
  if (t === '' && optional) return null
  const n = /^\d{1,9}$/.test(t) ? Number(t) : NaN
  return Number.isInteger(n) && n >= min && n <= max ? n : fail(reason, campo)
}

/** The discount's value: a percentage 1–100, or reais above zero (centavos). */
function discountValue(kind: 'percentual' | 'fixo', text: string): number {
  if (kind === 'percentual') return whole(text, 1, 100, PROMOTIONS.percent, 'valor')
  const cents = parseReais(text)
  if (cents == null || cents <= 0) return fail(PROMOTIONS.fixed, 'valor')
  return cents > PRODUCT_PRICE_MAX * 100 ? fail(PROMOTIONS.tooLarge, 'valor') : cents
}

function window(inicio: string, fim: string, startRequired: boolean): { startsAt: Date | null; endsAt: Date | null } {
  const at = (text: string, campo: string) => (text.trim() === '' ? null : (fromBrasiliaField(text) ?? fail(PROMOTIONS.date, campo)))
  const startsAt = at(inicio, 'inicio')
  const endsAt = at(fim, 'fim')
  if (startRequired && !startsAt) fail(PROMOTIONS.startRequired, 'inicio')
  if (startsAt && endsAt && endsAt <= startsAt) fail(PROMOTIONS.endBeforeStart, 'fim')
  return { startsAt, endsAt }
}

/** The pickers' lists as stored: each id once, empty lists left out. */
export function storedScope(form: ScopeForm): PromoScope {
  const out: PromoScope = {}
  for (const key of ['produtos', 'categorias', 'marcas', 'excluidos'] as const) {
    const list = [...new Set(form[key])]
    if (list.length) out[key] = list
  }
  return out
}

/** A stored scope as the pickers hold it: every list, empty when absent. */
export const scopeForm = (scope: PromoScope): ScopeForm => ({
  produtos: scope.produtos ?? [],
  categorias: scope.categorias ?? [],
  marcas: scope.marcas ?? [],
  excluidos: scope.excluidos ?? [],
})

/** Ending a coupon or a promotion now: inactive, its window closed at now (one that had not started ends as it starts). */
export const endedNow = (columns: { startsAt: AnyColumn; endsAt: AnyColumn }) => ({
  active: false,
  startsAt: sql`least(${columns.startsAt}, now())`,
  endsAt: sql`least(coalesce(${columns.endsAt}, now()), now())`,
  updatedAt: sql`now()`,
})

/** A coupon's form as the engine stores it, or the first bad field's refusal. */
export function readCouponForm(form: CouponForm): CouponInput | Refusal {
  return read(() => {
    const code = readCode(form.codigo) ?? fail(PROMOTIONS.code, 'codigo')
    const campaign = form.campanha.trim()
    if (campaign.length > 60) fail(PROMOTIONS.campaign, 'campanha')
    const value = form.tipo === 'frete' ? 0 : discountValue(form.tipo, form.valor)
    const minCents = form.minimo.trim() === '' ? 0 : (parseReais(form.minimo) ?? fail(PROMOTIONS.minimum, 'minimo'))
    if (minCents > PRODUCT_PRICE_MAX * 100) fail(PROMOTIONS.minimum, 'minimo')
    return {
      code,
      campaign: campaign || null,
      kind: form.tipo,
      value,
      shippingScope: form.freteEscopo,
      minCents,
      ...window(form.inicio, form.fim, false),
      totalUses: whole(form.usosTotais, 1, 10_000_000, PROMOTIONS.uses, 'usosTotais', true),
      perCustomer: whole(form.usosPorCliente, 1, 1000, PROMOTIONS.perCustomer, 'usosPorCliente', true),
      firstPurchase: form.primeiraCompra,
      scope: storedScope(form.escopo),
      combines: form.combina,
      active: form.ativo,
    }
  })
}

/** An automatic promotion's form as the engine stores it, or the first bad field's refusal. */
export function readPromotionForm(form: PromotionForm): PromotionInput | Refusal {
  return read(() => {
    const name = form.nome.trim().replace(/\s+/g, ' ')
    if (name.length < 1 || name.length > 80) fail(PROMOTIONS.name, 'nome')
    const value = discountValue(form.tipo, form.valor)
    const minQuantity = form.minimoUnidades.trim() === '' ? 1 : whole(form.minimoUnidades, 1, 1000, PROMOTIONS.minQuantity, 'minimoUnidades')
    const { startsAt, endsAt } = window(form.inicio, form.fim, true)
    return { name, kind: form.tipo, value, minQuantity, scope: storedScope(form.escopo), startsAt: startsAt as Date, endsAt, active: form.ativo }
  })
}
