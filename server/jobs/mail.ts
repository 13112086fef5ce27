import type { Tx } from '../db/tx'
import type { Mail } from '../integrations/mail/mailer'
import { randomAlnum } from '../lib/tokens'
import { enqueue } from './enqueue'

/** The kinds of order e-mail (server/domain/order/mail.ts writes them when the job runs). */
export type OrderMailKind = 'recebido' | 'pago' | 'enviado' | 'cancelado' | 'pago_apos_cancelamento' | 'nota_fiscal'

/**
 * One e-mail to deliver: written already (`mail`), or an order e-mail written when it goes (`pedido`,
 * from the order as it is then). `key` is the message's own: chosen once, at enqueue, and the same in
 * every retry (server/integrations/mail/mailer.ts); it sorts by the time it was enqueued.
 */
export type MailJob = {
  key: string
  mail?: Mail
  pedido?: { code: string; kind: OrderMailKind; origin?: string }
  /** The order whose timeline says the e-mail went. */
  event?: { orderId: number; job: string; summary: string }
}

/** Enqueues an e-mail in the transaction of the change that causes it: a rollback sends nothing. */
export async function enqueueMail(tx: Tx, job: Omit<MailJob, 'key'>): Promise<void> {
  const key = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomAlnum(8)}`
  await enqueue(tx, 'email', { key, ...job })
}
