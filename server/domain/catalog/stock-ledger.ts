import { sql } from 'drizzle-orm'
import type { Tx } from '../../db/tx'
import { type Actor, actorId, actorLabel } from '../actor'

/** Why stock moved, as the product's ledger shows it (pt-BR). */
export type StockReason = 'Pedido' | 'Cancelamento' | 'Devolução' | 'Pagamento após cancelamento' | 'Ajuste' | 'Recebimento' | 'Importação' | 'Cadastro'

/**
 * Says who moves stock in this transaction and why: the stock ledger's triggers (migration
 * 0021_stock_ledger_and_notify) read these transaction-local settings for every stock change that
 * follows, until the transaction ends. Call it first in any transaction that changes stock; a change
 * without it is recorded as made in the database directly.
 */
export async function stockContext(tx: Tx, context: { reason: StockReason; actor: Actor; orderCode?: string | null }): Promise<void> {
  const { actor } = context
  const id = actorId(actor)
  await tx.execute(sql`SELECT
    set_config('vitrine.stock_reason', ${context.reason}, true),
    set_config('vitrine.actor_kind', ${actor.kind}, true),
    set_config('vitrine.actor_id', ${id == null ? '' : String(id)}, true),
    set_config('vitrine.actor_label', ${actorLabel(actor)}, true),
    set_config('vitrine.order_code', ${context.orderCode ?? ''}, true)`)
}
