// The back office's automatic promotions (/admin/promocoes): the list, the editor's fields, and
// create, save and end, each one transaction with its audit line. The storefront hears of a change
// from the database: the trigger on `promotions` notifies the catalog's channel, which drops the kept
// running promotions (running.ts) and the cached pages on every instance.
import { desc, eq, sql } from 'drizzle-orm'
import { brasiliaField, type PromotionForm } from '../../../contract/admin/promotions'
import { PROMOTIONS } from '../../../contract/messages/promotions'
import { centsField } from '../../../contract/money'
import type { Db } from '../../db/client'
import { promotions, type PromoScope } from '../../db/schema'
import { fromJson } from '../../db/sql'
import { transaction, type Tx } from '../../db/tx'
import type { Actor } from '../actor'
import { recordAudit } from '../audit/record'
import { refuse, type Refusal } from '../refusal'
import { endedNow, scopeForm, type PromotionInput } from './admin-rules'
import { checkScope } from './admin-scope'

type PromotionRow = typeof promotions.$inferSelect

/** Where a promotion stands at `now`. */
export type PromotionState = 'valendo' | 'agendada' | 'encerrada'
export function promotionState(p: Pick<PromotionRow, 'active' | 'startsAt' | 'endsAt'>, now: Date): PromotionState {
  if (!p.active || (p.endsAt && p.endsAt <= now)) return 'encerrada'
  return p.startsAt > now ? 'agendada' : 'valendo'
}

export type PromotionListRow = Pick<PromotionRow, 'id' | 'name' | 'kind' | 'value' | 'minQuantity' | 'startsAt' | 'endsAt'> & { state: PromotionState }

/** The promotions people look at: running and scheduled first, then the latest ended ones (up to 100 in all). */
export async function listPromotions(db: Db, now = new Date()): Promise<PromotionListRow[]> {
  const found = await db
    .select()
    .from(promotions)
    .orderBy(sql`(${promotions.active} AND (${promotions.endsAt} IS NULL OR ${promotions.endsAt} > now())) DESC`, desc(promotions.id))
    .limit(100)
  return found.map((p) => ({
    id: p.id,
    name: p.name,
    kind: p.kind,
    value: p.value,
    minQuantity: p.minQuantity,
    startsAt: p.startsAt,
    endsAt: p.endsAt,
    state: promotionState(p, now),
  }))
}

export function promotionForm(p: PromotionRow): PromotionForm {
  const scope = fromJson<PromoScope>(p.scope, {})
  return {
    nome: p.name,
    tipo: p.kind,
    valor: p.kind === 'percentual' ? String(p.value) : centsField(p.value),
    minimoUnidades: String(p.minQuantity),
    escopo: scopeForm(scope),
    inicio: brasiliaField(p.startsAt),
    fim: brasiliaField(p.endsAt),
    ativo: p.active,
  }
}

export type PromotionEditor = { id: number; name: string; state: PromotionState; form: PromotionForm; scope: PromoScope }

export async function promotionEditor(db: Db, id: number, now = new Date()): Promise<PromotionEditor | null> {
  const [p] = await db.select().from(promotions).where(eq(promotions.id, id))
  if (!p) return null
  return { id: p.id, name: p.name, state: promotionState(p, now), form: promotionForm(p), scope: fromJson<PromoScope>(p.scope, {}) }
}

const snapshot = (p: PromotionInput) => ({ ...p, startsAt: p.startsAt.toISOString(), endsAt: p.endsAt?.toISOString() ?? null })
const inputOf = (p: PromotionRow): PromotionInput => ({
  name: p.name,
  kind: p.kind,
  value: p.value,
  minQuantity: p.minQuantity,
  scope: fromJson<PromoScope>(p.scope, {}),
  startsAt: p.startsAt,
  endsAt: p.endsAt,
  active: p.active,
})

export type PromotionSaved = { id: number; name: string }

/** The promotion's row, held until the change commits; refused when there is none. */
async function lockPromotion(tx: Tx, id: number): Promise<PromotionRow> {
  const [current] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update')
  if (!current) throw refuse(PROMOTIONS.promotionNotFound)
  return current
}

export async function createPromotion(db: Db, { input, actor }: { input: PromotionInput; actor: Actor }): Promise<PromotionSaved | Refusal> {
  return transaction(db, async (tx) => {
    await checkScope(tx, input.scope)
    const [created] = await tx.insert(promotions).values(input).returning({ id: promotions.id })
    await recordAudit(tx, { actor, action: 'promocao.criar', entity: 'promotion', entityId: String(created.id), after: snapshot(input) })
    return { id: created.id, name: input.name }
  })
}

export async function updatePromotion(db: Db, { id, input, actor }: { id: number; input: PromotionInput; actor: Actor }): Promise<PromotionSaved | Refusal> {
  return transaction(db, async (tx) => {
    const current = await lockPromotion(tx, id)
    await checkScope(tx, input.scope)
    await tx
      .update(promotions)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(promotions.id, id))
    await recordAudit(tx, {
      actor,
      action: 'promocao.editar',
      entity: 'promotion',
      entityId: String(id),
      before: snapshot(inputOf(current)),
      after: snapshot(input),
    })
    return { id, name: input.name }
  })
}

/** Ends a promotion now: cards and carts drop it at once; orders keep the discount they had. */
export async function endPromotion(db: Db, { id, actor }: { id: number; actor: Actor }): Promise<PromotionSaved | Refusal> {
  return transaction(db, async (tx) => {
    const current = await lockPromotion(tx, id)
    const [ended] = await tx.update(promotions).set(endedNow(promotions)).where(eq(promotions.id, id)).returning()
    await recordAudit(tx, {
      actor,
      action: 'promocao.encerrar',
      entity: 'promotion',
      entityId: String(id),
      before: snapshot(inputOf(current)),
      after: snapshot(inputOf(ended)),
    })
    return { id, name: current.name }
  })
}
