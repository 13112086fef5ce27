// The back office's coupons (/admin/promocoes): the list (code search, valendo/encerrados, campaign,
// keyset pages), the editor's fields, and create, save and end — each one transaction with its audit
// line. A coupon orders already used keeps its kind, value and scope (its discount is on those orders
// as it was): people end it and create another.
import { eq, sql, type SQL } from 'drizzle-orm'
import { brasiliaField, type CouponForm, type CouponListQuery } from '../../../contract/admin/promotions'
import { PROMOTIONS } from '../../../contract/messages/promotions'
import { centsField } from '../../../contract/money'
import type { Db } from '../../db/client'
import { keysetPage, type KeysetPage } from '../../db/keyset'
import { coupons, type PromoScope } from '../../db/schema'
import { fromJson, rows } from '../../db/sql'
import { transaction, type Tx } from '../../db/tx'
import type { Actor } from '../actor'
import { recordAudit } from '../audit/record'
import { refuse, type Refusal } from '../refusal'
import { endedNow, scopeForm, type CouponInput } from './admin-rules'
import { checkScope } from './admin-scope'

type CouponRow = typeof coupons.$inferSelect

/** Whether a coupon can still be used now (active, started or not, not ended), as SQL over `c`. */
const VALID = sql`(c.active AND (c.ends_at IS NULL OR c.ends_at > now()))`

export type CouponListRow = {
  id: number
  code: string
  campaign: string | null
  kind: CouponRow['kind']
  value: number
  shippingScope: CouponRow['shippingScope']
  minCents: number
  startsAt: Date | null
  endsAt: Date | null
  totalUses: number | null
  usesCount: number
  active: boolean
  valid: boolean
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A page of coupons, newest first. */
export async function listCoupons(db: Db, query: CouponListQuery): Promise<KeysetPage<CouponListRow> | Refusal> {
  const where: SQL[] = [sql`TRUE`]
  if (query.q) where.push(sql`c.code LIKE ${`%${likeEscape(query.q.trim().toUpperCase())}%`}`)
  if (query.situacao === 'ativos') where.push(VALID)
  if (query.situacao === 'encerrados') where.push(sql`NOT ${VALID}`)
  if (query.campanha) where.push(sql`c.campaign = ${query.campanha}`)
  if ((query.apos ?? query.antes) && !/^\d{1,10}$/.test(query.apos ?? query.antes ?? '')) return refuse(PROMOTIONS.badCursor)
  const page = await keysetPage<CouponListRow & { k: number }>(
    db,
    sql`SELECT (2147483647 - c.id)::bigint AS k, c.id, c.code, c.campaign, c.kind, c.value, c.shipping_scope AS "shippingScope", c.min_cents AS "minCents",
          c.starts_at AS "startsAt", c.ends_at AS "endsAt", c.total_uses AS "totalUses", c.uses_count AS "usesCount", c.active, ${VALID} AS valid
        FROM coupons c WHERE ${sql.join(where, sql` AND `)}`,
    query,
    25,
  )
  return {
    ...page,
    rows: page.rows.map((r) => ({
      ...r,
      id: Number(r.id),
      value: Number(r.value),
      minCents: Number(r.minCents),
      usesCount: Number(r.usesCount),
      totalUses: r.totalUses == null ? null : Number(r.totalUses),
      startsAt: r.startsAt == null ? null : new Date(r.startsAt),
      endsAt: r.endsAt == null ? null : new Date(r.endsAt),
    })),
  }
}

export type Campaign = { name: string; codes: number; used: number }

/** The campaigns of generated codes (the list's filter), with how many of each were used. */
export async function listCampaigns(db: Db): Promise<Campaign[]> {
  const found = await rows<{ name: string; codes: number; used: number }>(
    db,
    sql`SELECT campaign AS name, count(*)::int AS codes, count(*) FILTER (WHERE uses_count > 0)::int AS used
        FROM coupons WHERE campaign IS NOT NULL GROUP BY campaign ORDER BY campaign LIMIT 200`,
  )
  return found.map((c) => ({ name: c.name, codes: Number(c.codes), used: Number(c.used) }))
}

/** A stored coupon as its form shows it: reais as "50,00", dates on Brasília's clock. */
export function couponForm(c: CouponRow): CouponForm {
  const scope = fromJson<PromoScope>(c.scope, {})
  return {
    codigo: c.code,
    campanha: c.campaign ?? '',
    tipo: c.kind,
    valor: c.kind === 'percentual' ? String(c.value) : c.kind === 'fixo' ? centsField(c.value) : '',
    freteEscopo: c.shippingScope,
    minimo: c.minCents ? centsField(c.minCents) : '',
    inicio: brasiliaField(c.startsAt),
    fim: brasiliaField(c.endsAt),
    usosTotais: c.totalUses == null ? '' : String(c.totalUses),
    usosPorCliente: c.perCustomer == null ? '' : String(c.perCustomer),
    primeiraCompra: c.firstPurchase,
    escopo: scopeForm(scope),
    combina: c.combines,
    ativo: c.active,
  }
}

export type CouponEditor = { id: number; code: string; usesCount: number; valid: boolean; campaign: string | null; form: CouponForm; scope: PromoScope }

/** What the editor shows of one coupon; null when there is none with that id. */
export async function couponEditor(db: Db, id: number): Promise<CouponEditor | null> {
  const [c] = await db.select().from(coupons).where(eq(coupons.id, id))
  if (!c) return null
  const now = Date.now()
  const valid = c.active && (c.endsAt == null || c.endsAt.getTime() > now)
  return { id: c.id, code: c.code, usesCount: c.usesCount, valid, campaign: c.campaign, form: couponForm(c), scope: fromJson<PromoScope>(c.scope, {}) }
}

/** The audit line's picture of a coupon's rules. */
export const couponSnapshot = (c: CouponInput) => ({ ...c, startsAt: c.startsAt?.toISOString() ?? null, endsAt: c.endsAt?.toISOString() ?? null })

const rowOf = (c: CouponRow): CouponInput => ({
  code: c.code,
  campaign: c.campaign,
  kind: c.kind,
  value: c.value,
  shippingScope: c.shippingScope,
  minCents: c.minCents,
  startsAt: c.startsAt,
  endsAt: c.endsAt,
  totalUses: c.totalUses,
  perCustomer: c.perCustomer,
  firstPurchase: c.firstPurchase,
  scope: fromJson<PromoScope>(c.scope, {}),
  combines: c.combines,
  active: c.active,
})

/** Another coupon has the code: said on the field. */
async function refuseTakenCode(tx: Tx, code: string, exceptId: number | null): Promise<void> {
  const found = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM coupons WHERE code = ${code} ${exceptId == null ? sql`` : sql`AND id <> ${exceptId}`} LIMIT 1`,
  )
  if (found.length) throw refuse(PROMOTIONS.codeTaken(code), { campo: 'codigo' })
}

/** The unique index on codes, when two saves take one code at once: the same refusal. */
export const codeTakenMeanwhile =
  (code: string) =>
  (err: unknown): Refusal | null => {
    const e = err as { code?: string; cause?: { code?: string } }
    return (e?.code ?? e?.cause?.code) === '23505' ? refuse(PROMOTIONS.codeTaken(code), { campo: 'codigo' }) : null
  }

/** The coupon's row, held until the change commits (a placement taking a use waits); refused when there is none. */
async function lockCoupon(tx: Tx, id: number): Promise<CouponRow> {
  const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update')
  if (!current) throw refuse(PROMOTIONS.couponNotFound)
  return current
}

export type CouponSaved = { id: number; code: string }

export async function createCoupon(db: Db, { input, actor }: { input: CouponInput; actor: Actor }): Promise<CouponSaved | Refusal> {
  return transaction(
    db,
    async (tx) => {
      await refuseTakenCode(tx, input.code, null)
      await checkScope(tx, input.scope)
      const [created] = await tx.insert(coupons).values(input).returning({ id: coupons.id })
      await recordAudit(tx, { actor, action: 'cupom.criar', entity: 'coupon', entityId: String(created.id), after: couponSnapshot(input) })
      return { id: created.id, code: input.code }
    },
    codeTakenMeanwhile(input.code),
  )
}

/** What a use fixes: the discount the orders that used it were given. */
const lockedRules = (c: CouponInput) =>
  JSON.stringify([
    c.kind,
    c.value,
    c.kind === 'frete' ? c.shippingScope : null,
    // jsonb keeps its own key order; the lists' order means nothing.
    (['produtos', 'categorias', 'marcas', 'excluidos'] as const).map((k) => [...(c.scope[k] ?? [])].sort((a, b) => a - b)),
  ])

export async function updateCoupon(db: Db, { id, input, actor }: { id: number; input: CouponInput; actor: Actor }): Promise<CouponSaved | Refusal> {
  return transaction(
    db,
    async (tx) => {
      // The row is held: a placement taking a use waits, or has committed and is counted here.
      const current = await lockCoupon(tx, id)
      const before = rowOf(current)
      if (current.usesCount > 0 && lockedRules(before) !== lockedRules(input)) throw refuse(PROMOTIONS.usedLocked(current.usesCount), { campo: 'valor' })
      await refuseTakenCode(tx, input.code, id)
      await checkScope(tx, input.scope)
      await tx
        .update(coupons)
        .set({ ...input, updatedAt: sql`now()` })
        .where(eq(coupons.id, id))
      await recordAudit(tx, {
        actor,
        action: 'cupom.editar',
        entity: 'coupon',
        entityId: String(id),
        before: couponSnapshot(before),
        after: couponSnapshot(input),
      })
      return { id, code: input.code }
    },
    codeTakenMeanwhile(input.code),
  )
}

/**
 * Ends a coupon now, used or not: it stops applying to new orders (carts that hold it show it as
 * not applied, expired); the orders that used it keep their discount.
 */
export async function endCoupon(db: Db, { id, actor }: { id: number; actor: Actor }): Promise<CouponSaved | Refusal> {
  return transaction(db, async (tx) => {
    const current = await lockCoupon(tx, id)
    const [ended] = await tx.update(coupons).set(endedNow(coupons)).where(eq(coupons.id, id)).returning()
    await recordAudit(tx, {
      actor,
      action: 'cupom.encerrar',
      entity: 'coupon',
      entityId: String(id),
      before: couponSnapshot(rowOf(current)),
      after: couponSnapshot(rowOf(ended)),
    })
    return { id, code: current.code }
  })
}
