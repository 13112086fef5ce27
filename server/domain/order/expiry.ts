import { and, asc, eq, lte } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { orders } from '../../db/schema'
import type { PaymentProvider } from '../../integrations/payments/provider'
import type { Actor } from '../actor'
import { isRefusal } from '../refusal'
import { cancelOrder } from './cancel'
import type { OrderMailDeps } from './mail'

/** How many orders the expiry job (every minute: server/jobs/queues.ts) takes a round. */
const BATCH = 50
const EXPIRY: Actor = { kind: 'system', job: 'prazo de pagamento' }

/**
 * Cancels unpaid Pix and boleto orders past their deadline (orders.expires_at: the Pix code's
 * expiry; a boleto's due date plus one business day) and releases their stock (decision 0027), each
 * through cancelOrder — the one cancellation path: the status moves only from 'aguardando_pagamento'
 * (several instances running this at once cancel each order once; the others get 'conflict'), and
 * after the commit the charge is withdrawn at the provider. One the provider says was paid meanwhile
 * goes to the paid-after-cancellation rule (revived while the stock is there). Answers the codes
 * cancelled.
 */
export async function expireOrders(db: Db, provider: PaymentProvider, now = new Date(), mail?: OrderMailDeps): Promise<string[]> {
  const due = await db
    .select({ code: orders.code })
    .from(orders)
    .where(and(eq(orders.status, 'aguardando_pagamento'), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(BATCH)
  const cancelled: string[] = []
  for (const { code } of due) {
    const outcome = await cancelOrder(db, { code, actor: EXPIRY, reason: 'expirado', expectedStatus: 'aguardando_pagamento' }, { provider, mail, now })
    if (!isRefusal(outcome) && outcome.money !== 'pedido_reativado') cancelled.push(code)
  }
  return cancelled
}
